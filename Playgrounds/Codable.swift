// Codable.swift: keeping your Codable models, and mixing them with hand-written decoders.
//
// Run it with `Playgrounds/run Codable`. Read it top to bottom: each step prints
// what it shows.

import Argonaut
import ArgonautFoundation
import Foundation

// MARK: - 1. Change one line

// `ArgonautJSONDecoder` is a drop-in `JSONDecoder`: the same strategies, the same
// results, the same `DecodingError`s. It parses into Argonaut's tape and reads it
// directly.
struct Post: Codable, Equatable {
  let title: String
  let publishedAt: Date
  let tags: [String]
}

let postsData = Data(
  #"""
  [{"title": "Notes on the Analytical Engine", "published_at": "1843-09-01T12:00:00Z", "tags": ["engine"]},
   {"title": "Sketch of the Engine", "published_at": "1843-08-15T09:30:00.250Z", "tags": []}]
  """#.utf8)

let decoder = ArgonautJSONDecoder()  // was: JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.dateDecodingStrategy = .iso8601
let posts = try decoder.decode([Post].self, from: postsData)
print("1. Decoded:", posts.map(\.title))

let foundation = JSONDecoder()
foundation.keyDecodingStrategy = .convertFromSnakeCase
foundation.dateDecodingStrategy = .iso8601
print("   Same as JSONDecoder:", try foundation.decode([Post].self, from: postsData) == posts)

// MARK: - 2. The same errors, with the same coding paths

do {
  _ = try decoder.decode([Post].self, from: Data(#"[{"title": "x", "published_at": "1843-09-01T12:00:00Z"}]"#.utf8))
} catch let error as DecodingError {
  if case .keyNotFound(let key, let context) = error {
    print("2. keyNotFound:", key.stringValue, "at", context.codingPath.map(\.stringValue))
  }
  // The same failure as Argonaut's DecodeError, with a JSON path:
  print("   As a DecodeError:", DecodeError(error))
}

// MARK: - 3. A hand-written decoder with a Codable sub-model

// `Settings` is a plain Codable model. Declaring `DecodesWithCodable` lets
// hand-written decoders read it with `<|`, through ArgonautJSONDecoder.
struct Settings: Codable, DecodesWithCodable {
  let theme: String
  let fontSize: Int
}

struct Account {
  let id: Int
  let owner: String
  let settings: Settings
}

extension Account: Decodable {
  static func decode(_ j: JSON) -> Decoded<Account> {
    curry(Account.init)
      <^> j <| "id"
      <*> j <| "owner"
      <*> j <| "settings"  // a Codable sub-model
  }
}

let accountJSON = try JSON(parsing: #"{"id": 7, "owner": "ada", "settings": {"theme": "dark", "fontSize": 14}}"#)
let account = try Account.decode(accountJSON).get()
print("3. Account:", account.owner, account.settings.theme, account.settings.fontSize)

// A failure inside the Codable part keeps its full path.
let broken = try JSON(parsing: #"{"id": 7, "owner": "ada", "settings": {"theme": "dark"}}"#)
print("   Broken:", Account.decode(broken).error?.description ?? "no error")

// MARK: - 4. And the other way: a Codable model holding a hand-written one

// `DecodesWithArgonaut` gives an Argonaut-decodable model an `init(from:)`.
extension Account: DecodesWithArgonaut {}

struct Session: Swift.Decodable {
  let token: String
  let account: Account
  let extra: JSON  // any JSON, kept exactly
}

let session = try ArgonautJSONDecoder().decode(
  Session.self,
  from: Data(
    #"{"token": "t0k", "account": {"id": 7, "owner": "ada", "settings": {"theme": "light", "fontSize": 12}}, "extra": {"big": 123456789012345678901234567890}}"#
      .utf8))
print("4. Session:", session.account.owner, session.account.settings.theme, "extra:", session.extra)

// MARK: - 5. JSON values and Codable models

// `json.decode(as:)` reads a Codable model out of any JSON value.
let settings = try accountJSON["settings"]!.decode(as: Settings.self)
print("5. Settings from a JSON value:", settings.theme)

// `ArgonautJSONEncoder` is a drop-in `JSONEncoder`.
let encoder = ArgonautJSONEncoder()
encoder.outputFormatting = [.sortedKeys]
encoder.keyEncodingStrategy = .convertToSnakeCase
encoder.dateEncodingStrategy = .iso8601
print("   Encoded:", String(decoding: try encoder.encode(posts[0]), as: UTF8.self))

// MARK: - 6. What else JSONDecoder reads, and JSONEncoder writes

// Trailing commas, UTF-16 and UTF-32, JSON5 and members without braces, as in
// Foundation's coders (`JSON(parsing:)` itself stays strict).
let lenient = ArgonautJSONDecoder()
print("6. Trailing comma:", try lenient.decode([Int].self, from: Data("[1, 2,]".utf8)))
print("   UTF-16:", try lenient.decode([String].self, from: #"["zoë"]"#.data(using: .utf16)!))
lenient.allowsJSON5 = true
lenient.assumesTopLevelDictionary = true
let json5Text = "// settings\nscale: .5, limit: 0x10, max: Infinity,"
let json5 = try lenient.decode([String: Double].self, from: Data(json5Text.utf8))
print("   JSON5:", json5.sorted { $0.key < $1.key })

// A key encoded twice keeps its last value, and nested containers for one key merge.
struct Merged: Encodable {
  enum CodingKeys: String, CodingKey { case top, a, b }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
    try first.encode(1, forKey: .a)
    var second = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
    try second.encode(2, forKey: .b)
    try second.encode(3, forKey: .b)
  }
}
print("   Merged:", String(decoding: try encoder.encode(Merged()), as: UTF8.self))

// MARK: - 7. Foundation values and objects

// Date (ISO 8601), URL, Data (base64), Decimal (exact) and UUID work with `<|` too.
struct Release {
  let version: String
  let date: Date
  let notes: URL
  let price: Decimal
}

extension Release: Decodable {
  static func decode(_ j: JSON) -> Decoded<Release> {
    curry(Release.init) <^> j <| "version" <*> j <| "date" <*> j <| "notes" <*> j <| "price"
  }
}

let release = try Release.decode(
  JSON(
    parsing:
      #"{"version": "1.0", "date": "2026-11-23T10:00:00+01:00", "notes": "https://example.com/1.0", "price": 0.1}"#)
).get()
print("7. Release:", release.version, release.date, release.notes, release.price)

// `JSON(foundationObject:)` and `foundationObject` for code that has `[String: Any]`.
let any = try JSONSerialization.jsonObject(with: Data(#"{"ok": true, "count": 1}"#.utf8))
let fromAny = try JSON(foundationObject: any)
print("   From JSONSerialization:", fromAny, "- true stays a Bool:", fromAny["ok"] == .bool(true))
