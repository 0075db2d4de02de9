import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Serialization", .offThePool)
struct JSONSerializationTests {
  static let sample: JSON = ["name": "Ada", "tags": ["math", "engines"], "empty": [:], "none": [], "n": .null]

  @Test("compact output has no whitespace and keeps key order")
  func compact() {
    #expect(Self.sample.description == #"{"name":"Ada","tags":["math","engines"],"empty":{},"none":[],"n":null}"#)
    #expect(JSONSerializer.compact.string(from: Self.sample) == Self.sample.description)
    #expect(JSONSerializer.compact.bytes(from: Self.sample) == Array(Self.sample.description.utf8))
  }

  @Test("pretty output indents nested values")
  func pretty() {
    #expect(
      Self.sample.serialized(.pretty) == """
        {
          "name": "Ada",
          "tags": [
            "math",
            "engines"
          ],
          "empty": {},
          "none": [],
          "n": null
        }
        """)
    let four = JSONSerializer(isPretty: true, indentWidth: 4)
    #expect(four.string(from: ["a": [1]]) == "{\n    \"a\": [\n        1\n    ]\n}")
    var negative = JSONSerializer.pretty
    negative.indentWidth = -3
    #expect(negative.string(from: ["a": [1]]) == "{\n\"a\": [\n1\n]\n}")
    #expect(JSONSerializer(isPretty: true, indentWidth: -1).indentWidth == 0)
  }

  @Test("keys can be sorted, at every level")
  func sortedKeys() {
    let json: JSON = ["b": 1, "a": ["d": 1, "c": 2], "é": 0, "Z": 3]
    #expect(JSONSerializer(sortsKeys: true).string(from: json) == #"{"Z":3,"a":{"c":2,"d":1},"b":1,"é":0}"#)
  }

  @Test("strings escape quotes, backslashes and control characters only")
  func escaping() throws {
    let json = JSON.string("q\" b\\ s/ nl\n tab\t bs\u{8} ff\u{c} cr\r nul\u{0} us\u{1f} é 🚀")
    #expect(json.description == #""q\" b\\ s/ nl\n tab\t bs\b ff\f cr\r nul\u0000 us\u001f é 🚀""#)
    #expect(try JSON(parsing: json.description) == json)
  }

  @Test("parsed escapes are kept as written and still parse back")
  func parsedEscapes() throws {
    let text = #"["\u0041\/\n\ud83d\ude80"]"#
    let json = try JSON(parsing: text)
    #expect(json.description == text)
    #expect(json[0] == "A/\n🚀")
  }

  @Test("JSON → text → JSON is the identity on random values")
  func roundTripProperty() throws {
    var random = SplitMix64(seed: 0x5EED_1234)
    for _ in 0..<3000 {
      let value = RandomJSON.value(depth: 0, using: &random)
      let compact = value.description
      #expect(try JSON(parsing: compact) == value, "\(compact)")
      let pretty = JSONSerializer(isPretty: true, sortsKeys: true).string(from: value)
      #expect(try JSON(parsing: pretty) == value)
      // Printing is stable: a parsed value prints as the text it came from.
      #expect(try JSON(parsing: compact).description == compact)
    }
  }
}

/// Random JSON values: nested containers, strings with escapes and non-ASCII text,
/// and extreme numbers.
enum RandomJSON {
  static let scalars: [Unicode.Scalar] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1f}",
    "\u{7f}", "é", "ß", "中", "\u{2028}", "🚀", "\u{10FFFF}", "\u{FEFF}",
  ]
  static let numbers = [
    "0", "-0", "1", "-1", "505874924095815681", "18446744073709551616", "-9223372036854775808",
    "1E400", "5e-324", "1.7976931348623157e308", "2.2250738585072014e-308", "0.1", "-123.456e-7", "0e1",
    "123456789012345678901234567890.5",
  ]

  static func string(using random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      text.unicodeScalars.append(scalars.randomElement(using: &random)!)
    }
    return text
  }

  static func value(depth: Int, using random: inout SplitMix64) -> JSON {
    let choice = Int.random(in: 0..<(depth < 4 ? 9 : 6), using: &random)
    switch choice {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .string(string(using: &random))
    case 3: return .number(JSONNumber(numbers.randomElement(using: &random)!)!)
    case 4: return .number(JSONNumber(Int64.random(in: .min ... .max, using: &random)))
    case 5:
      let double = Double(bitPattern: random.next())
      return double.isFinite ? .number(JSONNumber(double)!) : .null
    case 6, 7:
      return .array(
        JSONArray((0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth + 1, using: &random) }))
    default:
      let members = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        (string(using: &random), value(depth: depth + 1, using: &random))
      }
      return .object(JSONObject(members))
    }
  }
}
