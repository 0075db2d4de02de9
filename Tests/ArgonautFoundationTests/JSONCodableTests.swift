import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

private struct Event: Codable, Equatable {
  let name: String
  let payload: JSON
}

private struct ThemeSettings: Codable, Equatable, DecodesWithCodable {
  let theme: String
  let fontSize: Int
}

/// A hand-written Argonaut decoder holding a Codable sub-model.
private struct UserAccount: Equatable, DecodesWithArgonaut {
  let id: Int
  let settings: ThemeSettings

  static func decode(_ j: JSON) -> Decoded<UserAccount> {
    curry(UserAccount.init) <^> j <| "id" <*> j <| "settings"
  }
}

/// A Codable model holding a model with a hand-written Argonaut decoder.
private struct Session: Codable, Equatable {
  let token: String
  let account: UserAccount

  func encode(to encoder: any Encoder) throws {}
}

@Suite("JSON and Codable", .offThePool)
struct JSONCodableTests {
  let text = #"{"name": "launch", "payload": {"big": 123456789012345678901234567890, "list": [1.5, true, null]}}"#

  @Test("a Codable model holds a JSON field, exact numbers included, through ArgonautJSONDecoder")
  func jsonField() throws {
    let event = try ArgonautJSONDecoder().decode(Event.self, from: Data(text.utf8))
    #expect(
      event.payload == (try JSON(parsing: #"{"big": 123456789012345678901234567890, "list": [1.5, true, null]}"#)))
    guard case .number(let big)? = event.payload["big"] else {
      Issue.record("payload.big is not a number")
      return
    }
    #expect(big.text == "123456789012345678901234567890")
    let back = try ArgonautJSONDecoder().decode(Event.self, from: ArgonautJSONEncoder().encode(event))
    #expect(back == event)
  }

  @Test("JSON decodes and encodes through Foundation's coders too")
  func jsonWithFoundation() throws {
    let small =
      #"{"name": "launch", "payload": {"n": -3, "u": 18446744073709551615, "d": 1.5, "s": "x", "a": [false, null], "o": {}}}"#
    let event = try JSONDecoder().decode(Event.self, from: Data(small.utf8))
    #expect(
      event.payload
        == (try JSON(parsing: #"{"n": -3, "u": 18446744073709551615, "d": 1.5, "s": "x", "a": [false, null], "o": {}}"#))
    )
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let payload: JSON = ["camelCase": 1]
    // An object is encoded as a dictionary, whose keys key strategies leave alone.
    #expect(String(decoding: try encoder.encode(payload), as: UTF8.self) == #"{"camelCase":1}"#)
  }

  @Test("json.decode(as:) reads a Codable model out of a JSON value, with the path of a failure")
  func decodeAs() throws {
    let json = try JSON(parsing: #"{"settings": {"theme": "dark", "fontSize": 14}, "bad": {"theme": 1}}"#)
    #expect(try json["settings"]?.decode(as: ThemeSettings.self) == ThemeSettings(theme: "dark", fontSize: 14))
    #expect(throws: DecodingError.self) { try json["bad"]?.decode(as: ThemeSettings.self) }
    let encoded = try ArgonautJSONEncoder().encodeJSON(ThemeSettings(theme: "dark", fontSize: 14))
    #expect(encoded == ["theme": "dark", "fontSize": 14])
  }

  @Test("a hand-written decoder embeds a Codable sub-model, and a Codable model embeds a hand-written one")
  func bridges() throws {
    let json = try JSON(parsing: #"{"id": 7, "settings": {"theme": "dark", "fontSize": 14}}"#)
    #expect(UserAccount.decode(json).value == UserAccount(id: 7, settings: ThemeSettings(theme: "dark", fontSize: 14)))
    let broken = try JSON(parsing: #"{"id": 7, "settings": {"theme": "dark"}}"#)
    #expect(UserAccount.decode(broken).error == .missingKey("fontSize", path: ["settings"]))

    let session = #"{"token": "t", "account": {"id": 7, "settings": {"theme": "dark", "fontSize": 14}}}"#
    for decode in [
      { try ArgonautJSONDecoder().decode(Session.self, from: Data(session.utf8)) },
      { try JSONDecoder().decode(Session.self, from: Data(session.utf8)) },
    ] {
      #expect(try decode().account.settings.theme == "dark")
    }
    let bad = #"{"token": "t", "account": {"id": "seven", "settings": {"theme": "dark", "fontSize": 14}}}"#
    #expect(
      errorShape { _ = try ArgonautJSONDecoder().decode(Session.self, from: Data(bad.utf8)) }
        == ErrorShape(kind: "dataCorrupted", subject: "", path: ["account"]))
  }
}
