import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Looking up keys: short keys (at most 15 UTF-8 bytes) are compared as two masked
/// words, longer ones byte by byte. These cases pin the edges of the word compare:
/// every length, a difference in each byte, keys that end the text, escaped keys and
/// non-ASCII keys.
@Suite("Key lookup", .offThePool)
struct KeyLookupTests {
  /// Keys of every length from 0 to 20 bytes, all in one object.
  static let lengths = Array(0...20)
  static func key(length: Int) -> String {
    // Spelled out step by step: the one-line version took over 200 ms to type-check
    // on a loaded machine.
    var key = ""
    for index in 0..<length {
      let letter: UInt8 = 97 + UInt8(index % 26)
      key.unicodeScalars.append(Unicode.Scalar(letter))
    }
    return key
  }

  static func object(_ text: String) throws -> JSONObject {
    try #require(JSON(parsing: text).objectValue)
  }

  @Test("a key of each length from 0 to 20 bytes finds its own value, not a neighbour's")
  func everyLength() throws {
    let members = Self.lengths.map { "\"\(Self.key(length: $0))\":\($0)" }.joined(separator: ",")
    let object = try Self.object("{\(members)}")
    for length in Self.lengths {
      #expect(object[Self.key(length: length)] == .number(JSONNumber(length)), "length \(length)")
    }
  }

  @Test("keys that differ from a member in one byte only are absent, whichever the byte")
  func oneByteDifferences() throws {
    for length in 1...20 {
      let key = Self.key(length: length)
      let object = try Self.object("{\"\(key)\":1,\"pad\":2}")
      for position in 0..<length {
        var bytes = Array(key.utf8)
        bytes[position] = UInt8(ascii: "Z")
        let other = String(decoding: bytes, as: UTF8.self)
        #expect(object[other] == nil, "\(other) matched \(key)")
      }
      // A prefix and an extension of the key are absent too.
      #expect(object[String(key.dropLast())] == nil)
      #expect(object[key + "a"] == nil)
      #expect(object[key] == 1)
    }
  }

  @Test("keys at the very end of the text, with fewer than 16 bytes after them")
  func keysAtTheEnd() throws {
    for text in [#"{"a":1}"#, #"{"abcdefgh":1}"#, #"{"x":0,"abcdefghijklmno":1}"#, #"{"k":{"a":1}}"#] {
      let json = try JSON(parsing: text)
      let object = try #require(json.objectValue)
      let last = try #require(object.keys.last)
      #expect(object[last] != nil, "\(text)")
      #expect(object[last + "z"] == nil)
    }
    let nested = try #require(JSON(parsing: #"{"k":{"a":1}}"#).objectValue?["k"]?.objectValue)
    #expect(nested["a"] == 1)
    #expect(nested["b"] == nil)
  }

  @Test("escaped keys in the document match their unescaped spelling")
  func escapedKeys() throws {
    let object = try Self.object(#"{"\u0061b":1,"c\"d":2,"e\\f":3,"a\u0000":4,"\u00e9t\u00e9":5,"ab":6}"#)
    // The first "ab" is escaped in the text, the last one is not: the last one wins, at
    // the position of the first.
    #expect(object["ab"] == 6)
    #expect(object["c\"d"] == 2)
    #expect(object["e\\f"] == 3)
    #expect(object["a\u{0}"] == 4)
    #expect(object["été"] == 5)
    #expect(object["a"] == nil)
    #expect(object["\\u0061b"] == nil)
  }

  @Test("non-ASCII keys, short and long")
  func nonASCIIKeys() throws {
    let object = try Self.object(#"{"é":1,"日本":2,"🚀launch":3,"日本語のキー、長いもの":4,"e":5}"#)
    #expect(object["é"] == 1)
    #expect(object["日本"] == 2)
    #expect(object["🚀launch"] == 3)
    #expect(object["日本語のキー、長いもの"] == 4)
    #expect(object["e"] == 5)
    // "é" spelled with a combining accent is another key (compared by scalars).
    #expect(object["e\u{301}"] == nil)
  }

  @Test("keys built at run time, and keys from substrings, look up like literals")
  func runtimeKeys() throws {
    let object = try Self.object(#"{"user_id":1,"profile_image_url_https":2}"#)
    let prefix = "user"
    #expect(object[prefix + "_id"] == 1)
    let long = "x profile_image_url_https".dropFirst(2)
    #expect(object[String(long)] == 2)
    #expect(object[String(repeating: "profile_image_url_https", count: 1)] == 2)
  }

  @Test("the decoding operators find short keys, and <|? sees null as absent")
  func operators() throws {
    let json = try JSON(parsing: #"{"id":7,"name":"Ada","nick":null,"in_reply_to_screen_name":"bob"}"#)
    let id: Decoded<Int> = json <| "id"
    let name: Decoded<String> = json <| "name"
    let nick: Decoded<String?> = json <|? "nick"
    let reply: Decoded<String?> = json <|? "in_reply_to_screen_name"
    let missing: Decoded<String> = json <| "nam"
    #expect(id == .success(7))
    #expect(name == .success("Ada"))
    #expect(nick == .success(nil))
    #expect(reply == .success("bob"))
    #expect(missing.error == .missingKey("nam"))
  }

  @Test("objects above the scanning limit use their index for short keys too")
  func wideObjects() throws {
    let keys = (0..<100).map { "k\($0)" }
    let object = try Self.object("{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}")
    for (value, key) in keys.enumerated() { #expect(object[key] == .number(JSONNumber(value))) }
    #expect(object["k100"] == nil)
  }
}
