import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Looking up every key of a wide object must cost O(n) in total. No timing here: the
/// tests count the keys each lookup compares with, through the subscript's own path.
@Suite("Object key index", .offThePool)
struct ObjectKeyIndexTests {
  static func keys(_ count: Int) -> [String] { (0..<count).map { "key\($0)" } }

  static func object(_ keys: [String]) throws -> JSONObject {
    let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
    return try #require(JSON(parsing: text).objectValue)
  }

  /// Looks up each key, checks its value, and returns the total of key comparisons.
  static func lookUpAll(_ keys: [String], in object: JSONObject) -> Int {
    var comparisons = 0
    for (offset, key) in keys.enumerated() {
      guard let position = object.position(of: key, comparisons: &comparisons) else {
        Issue.record("\(key) not found")
        continue
      }
      if JSON(object.document, at: position) != JSON.number(JSONNumber(offset)) {
        Issue.record("\(key): wrong value")
      }
    }
    return comparisons
  }

  @Test("looking up each of 300,000 keys compares O(1) keys per lookup, not O(n)")
  func wideObject() throws {
    let keys = Self.keys(300_000)
    let object = try Self.object(keys)
    let comparisons = Self.lookUpAll(keys, in: object)
    // A scan compares n²/2 = 4.5 × 10^10 keys; a half-full table about 1.5 per key.
    #expect(comparisons >= keys.count)
    #expect(comparisons <= 3 * keys.count)
    #expect(object["key299999"] == 299_999)
    #expect(object["key300000"] == nil)
    #expect(object["key"] == nil)
  }

  @Test("keys crafted to share the fast signature do not slow the index down")
  func floodingKeys() throws {
    let keys = HashFloodingTests.craftedKeys(20_000)
    let object = try Self.object(keys)
    #expect(Self.lookUpAll(keys, in: object) <= 3 * keys.count)
  }

  @Test("absent keys cost O(1) comparisons too")
  func absentKeys() throws {
    let object = try Self.object(Self.keys(10_000))
    var comparisons = 0
    for i in 10_000..<20_000 {
      #expect(object.position(of: "key\(i)", comparisons: &comparisons) == nil)
    }
    #expect(comparisons <= 3 * 10_000)
  }

  @Test("small objects are scanned, without an index")
  func smallObjects() throws {
    let keys = Self.keys(ObjectKeyIndex.minimumCount)
    let object = try Self.object(keys)
    #expect(Self.lookUpAll(keys, in: object) == keys.count * (keys.count + 1) / 2)
    #expect(object.document.keyIndex(ofObjectAt: object.index) == nil)
    let wider = try Self.object(Self.keys(ObjectKeyIndex.minimumCount + 1))
    #expect(wider.document.keyIndex(ofObjectAt: wider.index) == nil)
    #expect(wider["key0"] == 0)
    #expect(wider.document.keyIndex(ofObjectAt: wider.index) != nil)
  }

  @Test("escaped keys are found by their text, and each nested object has its own index")
  func escapedAndNested() throws {
    let members = (0..<100).map { #""k\u00e9\#($0)":{"inner\#($0)":\#($0)}"# }
    let json = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    let object = try #require(json.objectValue)
    for i in 0..<100 {
      #expect(object["ké\(i)"] == ["inner\(i)": .number(JSONNumber(i))])
      #expect(object["k\\u00e9\(i)"] == nil)
    }
    #expect(json["ké42"]?["inner42"] == 42)
  }

  @Test("a wide object shared by many tasks gives every task the right values")
  func sharedAcrossTasks() async throws {
    let keys = Self.keys(5_000)
    let object = try Self.object(keys)
    let wrong = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var wrong = 0
          for (offset, key) in keys.enumerated() where offset % 8 == task || offset % 97 == 0 {
            if object[key] != .number(JSONNumber(offset)) { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }
}
