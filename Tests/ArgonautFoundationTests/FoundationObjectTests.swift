import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

@Suite("JSON and Foundation objects", .offThePool)
struct FoundationObjectTests {
  let text = #"{"a": [true, false, 1, 0, -7, 1.5, 18446744073709551615, null, "s"], "o": {"x": {}}}"#

  @Test("JSONSerialization's objects convert exactly, and NSNumber Booleans stay Booleans")
  func fromJSONSerialization() throws {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let json = try JSON(foundationObject: object)
    #expect(json == (try JSON(parsing: text)))
    #expect(json["a"]?[0] == .bool(true) && json["a"]?[1] == .bool(false))
    #expect(json["a"]?[2] == 1 && json["a"]?[3] == 0)
  }

  @Test("Swift values convert too: Bool, Int, Double, String, arrays and dictionaries")
  func fromSwiftValues() throws {
    let object: [String: Any] = ["flag": true, "count": 3, "ratio": 0.25, "name": "n", "list": [1, "x", NSNull()]]
    #expect(
      try JSON(foundationObject: object)
        == ["flag": true, "count": 3, "ratio": 0.25, "name": "n", "list": [1, "x", .null]])
  }

  @Test("foundationObject writes back through JSONSerialization to an equal value")
  func roundTrip() throws {
    let json = try JSON(parsing: text)
    let data = try JSONSerialization.data(withJSONObject: json.foundationObject)
    #expect(try JSON(parsing: data) == json)
    #expect(try JSON(foundationObject: json.foundationObject) == json)
  }

  @Test("a value that is not JSON throws, with its path")
  func notJSON() throws {
    let object: [String: Any] = ["posts": [["date": Date()]]]
    #expect(throws: FoundationObjectError.self) { try JSON(foundationObject: object) }
    do {
      _ = try JSON(foundationObject: object)
    } catch {
      #expect(error.path == ["posts", 0, "date"])
    }
    #expect(throws: FoundationObjectError.self) { try JSON(foundationObject: Double.nan) }
  }
}
