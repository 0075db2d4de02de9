import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The compact fast path writes exactly what the general tape writer writes.
@Suite("Compact writing", .offThePool)
struct CompactWritingTests {
  /// The general path: a byte limit that is never reached turns the fast path off.
  func generalPath(_ json: JSON) -> [UInt8] {
    var writer = JSONWriter(format: .compact)
    writer.byteLimit = .max - 1
    writer.write(json)
    return writer.output
  }

  @Test("Integers are written in their only JSON spelling, at every magnitude")
  func integers() {
    var values: [Int64] = [0, -1, 9, 10, 99, 100, -100, 1_000_000_007, .max, .min, (1 << 60) - 1, -(1 << 60)]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    for value in values {
      var buffer = [UInt8](repeating: 0, count: 24)
      let count = buffer.withUnsafeMutableBufferPointer { IntegerText.write(value, into: $0.baseAddress!) }
      #expect(String(decoding: buffer[..<count], as: UTF8.self) == String(value))
      #expect(JSON.number(JSONNumber(value)).description == String(value))
    }
  }

  @Test(
    "Documents of every shape write the same through both paths",
    arguments: [
      "[]", "{}", "[[],{},[[]]]", #"{"a":{"b":[1,2,{"c":null}]},"d":"e"}"#, #"  [ 1 , -0 , 2.5e3 , "x\ny" , true ]  "#,
      #"{"dup":1,"other":[true,false],"dup":2}"#, "\u{FEFF}[1]", #"[{"\u00e9":"\ud83d\ude80"},-123456789012345678]"#,
      "[" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]",
    ])
  func shapes(text: String) throws {
    let json = try JSON(parsing: text)
    let fast = JSONSerializer.compact.bytes(from: json)
    #expect(fast == generalPath(json))
    #expect(try JSON(parsing: fast) == json)
    if case .array(let array) = json, let first = array.first {
      // A subtree alone, and a container written after other output.
      #expect(JSONSerializer.compact.bytes(from: first) == generalPath(first))
      #expect(JSONSerializer.compact.bytes(from: [first, json]) == generalPath([first, json]))
    }
  }

  @Test("The corpus writes the same through both paths", .enabled(if: Corpus.hasBench))
  func corpus() throws {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
      let json = try JSON(parsing: try Corpus.benchBytes(name))
      let fast = JSONSerializer.compact.bytes(from: json)
      #expect(fast == generalPath(json), "\(name)")
      #expect(try JSON(parsing: fast) == json, "\(name)")
    }
  }
}
