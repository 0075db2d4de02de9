import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Keys crafted to defeat the fast duplicate check must not make parsing (or
/// comparing) quadratic. No timing here: the tests check the mechanism.
@Suite("Hash flooding", .offThePool)
struct HashFloodingTests {
  /// Keys that differ only in their middle: equal length, first and last 8 bytes.
  static func craftedKeys(_ count: Int) -> [String] {
    (0..<count).map { "aaaaaaaa" + String(1_000_000 + $0) + "bbbbbbbb" }
  }

  static func object(_ keys: [String]) -> String {
    "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
  }

  @Test("crafted keys share one fast signature, and the fast pass gives up on them")
  func fastPassGivesUp() throws {
    let keys = Self.craftedKeys(2_000)
    let json = try JSON(parsing: Self.object(keys))
    let object = try #require(json.objectValue)
    let document = object.document
    let tape = UnsafeMutablePointer(mutating: document.tape.baseAddress!)
    let end = Tape.span(document.tape[0])
    document.bytes.withUnsafeBufferPointer { bytes in
      let first = ObjectKeys.signature(document.tape[1], bytes)
      #expect(ObjectKeys.signature(document.tape[3], bytes) == first)
      // The seeded hash spreads the same keys out.
      var buckets = Set<Int>()
      var i = 1
      while i < end {
        buckets.insert(ObjectKeys.seededHash(document.tape[i], bytes) & 4095)
        i += 2
      }
      #expect(buckets.count > 1_000)
      // The key entries the scanner pushes, signatures computed from the text.
      let entries = stride(from: 1, to: end, by: 2).map { i in
        ObjectKeys.keyEntry(
          signature: ObjectKeys.signature(
            bytes.baseAddress! + Tape.offset(tape[i]), count: Tape.storedLength(tape[i]), readable: 0),
          index: i)
      }
      #expect(entries.count == keys.count)
      #expect(entries.allSatisfy { ObjectKeys.sameSignature($0, entries[0]) })
      let fast = ObjectKeys.hashedDuplicates(
        keys: entries, count: entries.count, budget: 8 * keys.count + 64, tape: tape, bytes: bytes)
      #expect(fast == nil, "the fast pass must stop at its budget")
      let seeded = ObjectKeys.seededDuplicates(
        header: 0, end: end, count: keys.count, budget: 8 * keys.count, tape: tape, bytes: bytes)
      // `nil` would mean more than a linear number of probes; `false`, no duplicate.
      #expect(seeded == false)
    }
  }

  @Test("a large flooding document parses correctly, duplicates included")
  func floodingDocument() throws {
    var keys = Self.craftedKeys(20_000)
    keys.append(keys[12_345])
    let json = try JSON(parsing: Self.object(keys))
    #expect(json.objectValue?.count == 20_000)
    #expect(json[keys[12_345]] == 20_000)
    #expect(json.objectValue?.keys.firstIndex(of: keys[12_345]) == 12_345)
  }

  @Test("wide objects with keys in another order compare equal through a seeded index")
  func reorderedWideObjects() throws {
    let keys = Self.craftedKeys(5_000)
    let forward = try JSON(parsing: Self.object(keys))
    let reversed = try JSON(
      parsing: "{"
        + keys.enumerated().reversed().map { "\"\($0.element)\":\($0.offset)" }
        .joined(separator: ",") + "}")
    #expect(forward == reversed)
    #expect(forward.hashValue == reversed.hashValue)
    var changed = keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }
    changed[4_000] = "\"\(keys[4_000])\":-1"
    #expect(try forward != JSON(parsing: "{" + changed.reversed().joined(separator: ",") + "}"))
  }
}
