import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The duplicate-key rule as the parser applies it at every object close, through
/// key signatures computed while scanning: pairwise for narrow objects, hashed for
/// wide ones.
@Suite("Duplicate keys", .offThePool)
struct DuplicateKeyTests {
  static func object(_ keys: [String], values: [String]? = nil) -> String {
    let values = values ?? keys.indices.map(String.init)
    return "{" + zip(keys, values).map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
  }

  @Test("Every pair of positions, in objects on both sides of the pairwise limit")
  func everyPair() throws {
    for count in [2, 3, ObjectKeys.pairwiseLimit, ObjectKeys.pairwiseLimit + 1, 8, 9, 17, 21, 22, 40] {
      let keys = (0..<count).map { "k\($0)" }
      let distinct = try JSON(parsing: Self.object(keys))
      #expect(distinct.objectValue?.count == count)
      for first in 0..<count {
        for second in (first + 1)..<(count + 1) where second - first <= 9 || second == count {
          // The key at `second` repeats the one at `first`.
          var repeated = keys
          repeated.insert(keys[first], at: second)
          let values = repeated.indices.map { $0 == second ? "\"last\"" : String($0) }
          let json = try JSON(parsing: Self.object(repeated, values: values))
          let object = try #require(json.objectValue)
          #expect(object.count == count, "\(count) keys, \(first) repeated at \(second)")
          #expect(json[keys[first]] == "last")
          #expect(object.keys.firstIndex(of: keys[first]) == first)
          #expect(Array(object.keys) == keys)
        }
      }
    }
  }

  @Test("Keys of every length up to 40, near the end of the input and elsewhere")
  func lengthsAndEnds() throws {
    for length in 0...40 {
      var key = ""
      for offset in 0..<length {
        let letter: UInt8 = 97 + UInt8(offset % 26)
        key.unicodeScalars.append(Unicode.Scalar(letter))
      }
      let other = key + "x"
      // The second occurrence sits at the very end, where fewer than 8 bytes follow.
      let json = try JSON(parsing: "{\"\(key)\":1,\"\(other)\":[1,2,3,4,5,6,7,8],\"\(key)\":2}")
      #expect(json.objectValue?.count == 2, "length \(length)")
      #expect(json[key] == 2)
      // Keys that differ only in their last or first byte, or only in length, are distinct.
      if length > 0 {
        let last = String(key.dropLast()) + "#"
        let first = "#" + String(key.dropFirst())
        let distinct = try JSON(parsing: Self.object([key, last, first, other, key + key]))
        #expect(distinct.objectValue?.count == (length == 1 ? 4 : 5))
      }
    }
  }

  @Test("An escaped key equals its unescaped spelling, short or long, narrow or wide")
  func escapedKeys() throws {
    for count in [2, 12] {
      for key in ["a", "ab\"c", "key_with_more_than_eight_bytes", "é", "日本語のキー", ""] {
        let escaped = key.unicodeScalars.map { scalar in
          scalar.value < 0x80 ? "\\u00" + hex(scalar.value) : String(scalar)
        }.joined()
        let literal = key.replacingQuotes()
        var keys = (0..<count - 1).map { "filler\($0)" }
        keys.insert(literal, at: count / 2)
        keys.append(escaped)
        let json = try JSON(parsing: Self.object(keys))
        #expect(json.objectValue?.count == count, "\(key) in \(count)")
        #expect(json[key] == JSON(integerLiteral: count))
      }
    }
  }

  @Test("A nested object's keys are checked apart from its parent's")
  func nestedObjects() throws {
    let inner = Self.object((0..<20).map { "k\($0)" })
    let json = try JSON(parsing: "{\"k0\":\(inner),\"k1\":{\"k1\":{\"k1\":1}},\"k2\":[\(inner),\(inner)],\"k3\":3}")
    #expect(json.objectValue?.count == 4)
    #expect(json["k0"]?.objectValue?.count == 20)
    // A duplicate in an inner object leaves its parent alone.
    let duplicated = try JSON(parsing: "{\"a\":{\"b\":1,\"c\":2,\"b\":3},\"b\":4,\"c\":{}}")
    #expect(duplicated.description == #"{"a":{"b":3,"c":2},"b":4,"c":{}}"#)
  }

  @Test("Narrow objects whose distinct keys share a signature keep every member; equal keys still merge")
  func sharedSignatures() throws {
    let keys = HashFloodingTests.craftedKeys(ObjectKeys.pairwiseLimit)
    // The premise: the keys differ only where the signature does not look.
    var signatures = Set<UInt64>()
    for key in keys {
      var key = key
      key.withUTF8 { text in
        _ = signatures.insert(ObjectKeys.signature(text.baseAddress!, count: text.count, readable: text.count) >> 32)
      }
    }
    #expect(signatures.count == 1)
    for count in 2...ObjectKeys.pairwiseLimit {
      let distinct = try JSON(parsing: Self.object(Array(keys.prefix(count))))
      #expect(distinct.objectValue?.count == count)
      #expect(distinct[keys[count - 1]] == JSON(integerLiteral: count - 1))
      let repeated = Array(keys.prefix(count - 1)) + [keys[0]]
      let merged = try JSON(parsing: Self.object(repeated))
      #expect(merged.objectValue?.count == count - 1)
      #expect(merged[keys[0]] == JSON(integerLiteral: count - 1))
    }
  }

  @Test("A wide object with duplicates at both ends and in the middle")
  func wideObject() throws {
    var keys = (0..<5_000).map { "key_\($0)" }
    keys += ["key_0", "key_2500", "key_4999", "key_0"]
    let json = try JSON(parsing: Self.object(keys))
    let object = try #require(json.objectValue)
    #expect(object.count == 5_000)
    #expect(json["key_0"] == 5_003)
    #expect(json["key_2500"] == 5_001)
    #expect(json["key_4999"] == 5_002)
    #expect(object.keys.firstIndex(of: "key_4999") == 4_999)
  }

  @Test("An object checked in parts finds its duplicates in every part")
  func partitionedObject() throws {
    // Wider than a table of 2^partitionedTableBits slots a quarter full holds, so
    // its keys are sorted into parts by signature; every 97th key repeats at the end.
    let count = 1 << (ObjectKeys.partitionedTableBits + 1)
    let keys = (0..<count).map { "member-\($0)" }
    let repeated = stride(from: 0, to: count, by: 97).map { keys[$0] }
    let values = (0..<count).map(String.init) + repeated.map { "\"again \($0)\"" }
    let json = try JSON(parsing: Self.object(keys + repeated, values: values))
    let object = try #require(json.objectValue)
    #expect(object.count == count)
    #expect(Array(object.keys) == keys)
    for (k, key) in keys.enumerated() {
      let expected: JSON = k % 97 == 0 ? JSON(stringLiteral: "again \(key)") : JSON(integerLiteral: k)
      #expect(json[key] == expected, "\(key)")
    }
  }

  private func hex(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
  }
}

extension String {
  /// The key as it appears between quotes in JSON text.
  fileprivate func replacingQuotes() -> String {
    unicodeScalars.map { $0 == "\"" ? "\\\"" : String($0) }.joined()
  }
}
