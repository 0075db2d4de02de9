// This file imports Foundation and Argonaut, declares Codable types, and uses the
// plain name `Decodable`. It must mean Argonaut's protocol: Argonaut's declaration
// shadows the standard library's `Swift.Decodable` in files that import it.
import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

private struct Settings: Codable, Equatable {
  let theme: String
  let fontSize: Int
}

private struct Account: Equatable {
  let id: Int
  let owner: String
  let settings: Settings
}

extension Account: Decodable {
  static func decode(_ j: JSON) -> Decoded<Account> {
    curry(Account.init) <^> j <| "id" <*> j <| "owner" <*> j <| "settings"
  }
}

extension Settings: Decodable {
  static func decode(_ j: JSON) -> Decoded<Settings> {
    curry(Settings.init) <^> j <| "theme" <*> j <| "fontSize"
  }
}

/// A generic function constrained with the plain name.
private func decodeAll<T: Decodable>(_ json: [JSON], as type: T.Type) -> [T] where T.DecodedType == T {
  json.compactMap { T.decode($0).value }
}

/// `Codable` keeps its standard meaning next to it.
private func roundTrip<T: Codable>(_ value: T) throws -> T {
  try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}

@Suite("Decodable next to Foundation", .offThePool)
struct FoundationAmbiguityTests {
  @Test("plain Decodable is Argonaut's protocol, Codable is Swift's")
  func resolution() throws {
    let json = try JSON(parsing: #"{"id": 1, "owner": "ada", "settings": {"theme": "dark", "fontSize": 12}}"#)
    let account = try Account.decode(json).get()
    #expect(account.settings == Settings(theme: "dark", fontSize: 12))
    #expect(decodeAll([json, json], as: Account.self).count == 2)
    #expect(try roundTrip(account.settings) == account.settings)
    let viaFoundation = try JSONDecoder().decode(Settings.self, from: Data(#"{"theme": "dark", "fontSize": 12}"#.utf8))
    #expect(viaFoundation == account.settings)
    // Both protocols can be named explicitly.
    let argonaut: any Argonaut.Decodable.Type = Account.self
    let swift: any Swift.Decodable.Type = Settings.self
    #expect(argonaut == Account.self && swift == Settings.self)
  }
}
