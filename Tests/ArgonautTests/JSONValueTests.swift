import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@Suite("JSON values", .offThePool)
struct JSONValueTests {
  @Test("all input forms parse to the same value")
  func inputForms() throws {
    let text = #"{"id": 505874924095815681, "name": "Zoë 🚀", "tags": ["a", "b"], "ok": true, "none": null}"#
    let fromString = try JSON(parsing: text)
    let bytes = Array(text.utf8)
    #expect(try JSON(parsing: bytes) == fromString)
    #expect(try JSON(parsing: Data(text.utf8)) == fromString)
    #expect(try JSON(parsing: bytes[...]) == fromString)
    #expect(try JSON(parsing: ContiguousArray(bytes)) == fromString)
    let fromRaw = try bytes.withUnsafeBytes { try JSON(parsing: $0) }
    #expect(fromRaw == fromString)
    #expect(try JSON(parsing: [0xEF, 0xBB, 0xBF] + bytes) == fromString)
  }

  @Test("cases expose the values")
  func cases() throws {
    let json = try JSON(parsing: #"{"s": "x\ny", "n": 12, "b": false, "z": null, "a": [1], "o": {}}"#)
    guard case .object(let object) = json else {
      Issue.record("expected an object")
      return
    }
    #expect(object.count == 6)
    #expect(object.keys == ["s", "n", "b", "z", "a", "o"])
    #expect(object["s"] == .string("x\ny"))
    #expect(object["n"] == .number(12))
    #expect(object["b"] == .bool(false))
    #expect(object["z"] == .null)
    #expect(object["a"] == .array([1]))
    #expect(object["o"] == .object([:]))
    #expect(object["missing"] == nil)
  }

  @Test("literals build the same values as parsing")
  func literals() throws {
    let built: JSON = ["id": 1, "tags": ["a", "b"], "ratio": 0.5, "ok": true, "none": .null, "nested": ["k": [[]]]]
    let parsed = try JSON(parsing: #"{"id":1,"tags":["a","b"],"ratio":0.5,"ok":true,"none":null,"nested":{"k":[[]]}}"#)
    #expect(built == parsed)
    #expect(built.description == #"{"id":1,"tags":["a","b"],"ratio":0.5,"ok":true,"none":null,"nested":{"k":[[]]}}"#)
    let array: JSONArray = ["a", 1, .null]
    #expect(array.count == 3)
    #expect(JSONObject(["b": 2, "a": 1] as [String: JSON]).keys == ["a", "b"])
    #expect(JSONArray().isEmpty && JSONObject().isEmpty)
  }

  @Test("accessors return nil for other kinds")
  func accessors() throws {
    let json = try JSON(
      parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36, "h": 1.75, "admin": true}}"#)
    #expect(json["user"]?["name"]?.stringValue == "Ada")
    #expect(json["user"]?["langs"]?[1] == "fr")
    #expect(json["user"]?["langs"]?[2] == nil)
    #expect(json["user"]?["langs"]?[-1] == nil)
    #expect(json["user"]?["age"]?.intValue == 36)
    #expect(json["user"]?["h"]?.intValue == nil)
    #expect(json["user"]?["h"]?.doubleValue == 1.75)
    #expect(json["user"]?["admin"]?.boolValue == true)
    #expect(json["user"]?["name"]?.intValue == nil)
    #expect(json["user"]?.objectValue?.count == 5)
    #expect(json["user"]?["langs"]?.arrayValue?.count == 2)
    #expect(json[0] == nil)
    #expect(JSON.null.isNull && !JSON.bool(false).isNull)
  }

  @Test("array elements are reachable by offset, flat or nested")
  func arrayOffsets() throws {
    let flat = try JSON(parsing: "[10, 20, 30]")
    #expect(flat[2] == 30)
    let nested = try JSON(parsing: #"[{"a": [1, 2]}, [3], "x", 4]"#)
    #expect(nested[1] == [3])
    #expect(nested[3] == 4)
    #expect(nested[4] == nil)
    #expect(nested.arrayValue.map(Array.init) == [["a": [1, 2]], [3], "x", 4])
  }

  @Test("a repeated key keeps its first position and its last value")
  func duplicateKeys() throws {
    let json = try JSON(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
    #expect(json.description == #"{"a":3,"b":2}"#)
    #expect(json["a"] == 3)
    #expect(json.objectValue?.count == 2)
    let escaped = try JSON(parsing: #"{"k": [1], "\u006b": {"x": 0}, "z": 1}"#)
    #expect(escaped.description == #"{"k":{"x":0},"z":1}"#)
    let built: JSON = ["x": 1, "y": 2, "x": 3]
    #expect(built == ["x": 3, "y": 2])
    // Wide objects take the hashed path.
    var members = (0..<40).map { "\"k\($0)\": \($0)" }
    members.append("\"k7\": \"last\"")
    let wide = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(wide.objectValue?.count == 40)
    #expect(wide["k7"] == "last")
    #expect(wide.objectValue?.keys.firstIndex(of: "k7") == 7)
  }

  @Test("duplicates are found among long, similar keys and escaped keys in wide objects")
  func duplicateKeysInWideObjects() throws {
    // Keys share their first and last eight bytes, so only a full comparison tells them apart.
    let keys = (0..<30).map { "profile_background_\($0)_image_url_https" }
    var members = keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }
    let distinct = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(distinct.objectValue?.count == 30)
    members.append("\"profile_background_12_image_url_https\": \"again\"")
    let repeated = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(repeated.objectValue?.count == 30)
    #expect(repeated["profile_background_12_image_url_https"] == "again")
    // An escaped spelling of an earlier key is the same key.
    members.append(#""\u0070rofile_background_3_image_url_https": "escaped""#)
    let escaped = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    #expect(escaped.objectValue?.count == 30)
    #expect(escaped["profile_background_3_image_url_https"] == "escaped")
  }

  @Test("numbers are equal by value, across representations")
  func numericEquality() throws {
    let one = try JSON(parsing: "[1, 1.0, 1e0, 10e-1, 0.1e1]")
    let values = try #require(one.arrayValue).map { $0 }
    for value in values { #expect(value == values[0]) }
    #expect(Set(values).count == 1)
    #expect(try JSON(parsing: "-0") == JSON(parsing: "0"))
    #expect(try JSON(parsing: "0.1") != JSON(parsing: "0.10000000000000001"))
    #expect(try JSON(parsing: "100") == JSON(parsing: "1e2"))
    #expect(try JSON(parsing: "18446744073709551616") != JSON(parsing: "18446744073709551615"))
  }

  @Test("objects are equal in any key order; strings compare by scalars")
  func structuralEquality() throws {
    let a = try JSON(parsing: #"{"x": [1, {"y": null}], "z": "é"}"#)
    let b = try JSON(parsing: #"{"z": "\u00e9", "x": [1.0, {"y": null}]}"#)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(JSON.string("é") != JSON.string("e\u{301}"))
    #expect(try JSON(parsing: #"{"a": 1}"#) != JSON(parsing: #"{"a": 1, "b": 2}"#))
    #expect(try JSON(parsing: #"{"a": 1}"#) != JSON(parsing: #"{"b": 1}"#))
    #expect(try JSON(parsing: "[1, 2]") != JSON(parsing: "[2, 1]"))
    #expect(JSON.bool(true) != JSON.number(1))
  }
}
