import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

// The Codable snippets of the documentation (README.md and
// ArgonautFoundation.docc/CodableBridge.md), compiled and run.

private struct Post: Codable, Equatable {
  let title: String
  let publishedAt: Date
}

struct Account {
  let id: Int
  let owner: String
  let settings: Settings
}

struct Settings: Codable, DecodesWithCodable {
  let theme: String
  let fontSize: Int
}

extension Account: Decodable {
  static func decode(_ j: JSON) -> Decoded<Account> {
    curry(Account.init) <^> j <| "id" <*> j <| "owner" <*> j <| "settings"  // a Codable sub-model
  }
}

@Suite("README snippets: Codable", .offThePool)
struct ReadmeCodableSnippetsTests {
  @Test("change one line: ArgonautJSONDecoder and ArgonautJSONEncoder")
  func changeOneLine() throws {
    let data = Data(#"[{"title": "Note G", "published_at": "1843-09-01T12:00:00Z"}]"#.utf8)

    let decoder = ArgonautJSONDecoder()  // was: JSONDecoder(); after `import ArgonautFoundation`
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    let posts = try decoder.decode([Post].self, from: data)  // Post: Codable

    let encoder = ArgonautJSONEncoder()  // was: JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let body = try encoder.encode(posts)

    #expect(posts == [Post(title: "Note G", publishedAt: Date(timeIntervalSince1970: -3_986_712_000))])
    #expect(String(decoding: body, as: UTF8.self) == #"[{"publishedAt":-4965019200,"title":"Note G"}]"#)
  }

  @Test("mixing both styles")
  func mixing() throws {
    let json = try JSON(parsing: #"{"id": 7, "owner": "ada", "settings": {"theme": "dark", "fontSize": 14}}"#)
    let account = try Account.decode(json).get()
    let settings = try json["settings"]?.decode(as: Settings.self)
    #expect(account.settings.fontSize == 14 && settings?.theme == "dark")
  }
}
