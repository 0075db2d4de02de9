import Argonaut
import ArgonautFoundation
import Foundation
import Testing

// Behaviours where ArgonautJSONDecoder/Encoder follow JSONDecoder/JSONEncoder beyond
// plain JSON and plain models: each suite checks Argonaut's coders, and where it helps,
// that Foundation's coders agree on the same input.

private class Vehicle: Codable {
  var wheels: Int
  init(wheels: Int) { self.wheels = wheels }
  func kind() -> String { "vehicle" }
}

private final class Truck: Vehicle {
  var load: Double
  enum CodingKeys: String, CodingKey { case load }
  init(wheels: Int, load: Double) {
    self.load = load
    super.init(wheels: wheels)
  }
  required init(from decoder: any Decoder) throws {
    load = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .load)
    try super.init(from: decoder)
  }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(load, forKey: .load)
    try super.encode(to: encoder)
  }
  override func kind() -> String { "truck" }
}

@Suite("Decoding through a base class's metatype")
struct BaseClassMetatypeTests {
  @Test func topLevelDecodesTheSubclass() throws {
    let data = Data(#"{"wheels":6,"load":2.5}"#.utf8)
    let type: Vehicle.Type = Truck.self
    let value = try ArgonautJSONDecoder().decode(type, from: data)
    #expect(value.kind() == "truck")
    #expect((value as? Truck)?.load == 2.5)
    #expect(value.wheels == 6)
  }

  /// The standard library's `KeyedDecodingContainer` hands containers `T.self`, not
  /// the metatype given: whatever reaches the container, the result is JSONDecoder's.
  @Test func nestedValueAsJSONDecoder() throws {
    struct Fleet: Swift.Decodable {
      let first: Vehicle
      enum CodingKeys: String, CodingKey { case first }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type: Vehicle.Type = Truck.self
        first = try container.decode(type, forKey: .first)
      }
    }
    let data = Data(#"{"first":{"wheels":4,"load":1}}"#.utf8)
    #expect(
      try ArgonautJSONDecoder().decode(Fleet.self, from: data).first.kind()
        == JSONDecoder().decode(Fleet.self, from: data).first.kind())
  }
}

@Suite("Custom date and data strategies that write nothing")
struct EmptyCustomStrategyTests {
  @Test func topLevelDateIsAnEmptyObject() throws {
    let encoder = ArgonautJSONEncoder()
    encoder.dateEncodingStrategy = .custom { _, _ in }
    #expect(String(decoding: try encoder.encode(Date(timeIntervalSince1970: 0)), as: UTF8.self) == "{}")
  }

  @Test func topLevelDataIsAnEmptyObject() throws {
    let encoder = ArgonautJSONEncoder()
    encoder.dataEncodingStrategy = .custom { _, _ in }
    #expect(String(decoding: try encoder.encode(Data([1, 2])), as: UTF8.self) == "{}")
  }

  @Test func nestedDatesAreEmptyObjects() throws {
    let encoder = ArgonautJSONEncoder()
    encoder.dateEncodingStrategy = .custom { _, _ in }
    let text = String(decoding: try encoder.encode(["a": Date(), "b": Date()]), as: UTF8.self)
    #expect(try JSON(parsing: text) == JSON(parsing: #"{"a":{},"b":{}}"#))
  }
}

/// Encodes through containers in the ways that repeat a key.
struct RepeatedKeys: Encodable {
  enum Shape { case twoNestedObjects, valueThenNestedObject, twoValues, nestedThenValue, twoNestedArrays }
  let shape: Shape
  enum CodingKeys: String, CodingKey { case top, other, first, second }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(1, forKey: .other)
    switch shape {
    case .twoNestedObjects:
      var first = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
      try first.encode("1", forKey: .first)
      var second = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
      try second.encode("2", forKey: .second)
    case .valueThenNestedObject:
      try container.encode(["first": "1"], forKey: .top)
      var second = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
      try second.encode("2", forKey: .second)
    case .twoValues:
      try container.encode("old", forKey: .top)
      try container.encode("new", forKey: .top)
    case .nestedThenValue:
      var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .top)
      try nested.encode("1", forKey: .first)
      try container.encode(42, forKey: .top)
    case .twoNestedArrays:
      var first = container.nestedUnkeyedContainer(forKey: .top)
      try first.encode(1)
      var second = container.nestedUnkeyedContainer(forKey: .top)
      try second.encode(2)
    }
    try container.encode(2, forKey: .other)
  }
}

@Suite("Keys encoded more than once")
struct RepeatedKeyEncodingTests {
  static let cases: [(RepeatedKeys.Shape, String)] = [
    (.twoNestedObjects, #"{"other":2,"top":{"first":"1","second":"2"}}"#),
    (.valueThenNestedObject, #"{"other":2,"top":{"first":"1","second":"2"}}"#),
    (.twoValues, #"{"other":2,"top":"new"}"#),
    (.nestedThenValue, #"{"other":2,"top":42}"#),
    (.twoNestedArrays, #"{"other":2,"top":[1,2]}"#),
  ]

  @Test(arguments: [false, true], [false, true])
  func oneKeyWithTheLastValue(sorted: Bool, pretty: Bool) throws {
    for (shape, expected) in Self.cases {
      let encoder = ArgonautJSONEncoder()
      if sorted { encoder.outputFormatting.insert(.sortedKeys) }
      if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
      let data = try encoder.encode(RepeatedKeys(shape: shape))
      // Argonaut's own parser keeps the last of two equal keys: compare the key count too.
      #expect(try JSON(parsing: data) == JSON(parsing: expected), "\(shape)")
      let text = String(decoding: data, as: UTF8.self)
      #expect(text.components(separatedBy: "\"top\"").count == 2, "\(shape): \(text)")
      #expect(text.components(separatedBy: "\"other\"").count == 2, "\(shape): \(text)")
      // And Foundation reads the same.
      let foundation = try JSONSerialization.jsonObject(with: data) as? NSDictionary
      let reference = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary
      #expect(foundation == reference, "\(shape)")
    }
  }

  @Test func sortedOutputIsExact() throws {
    let encoder = ArgonautJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(RepeatedKeys(shape: .twoNestedObjects)), as: UTF8.self)
    #expect(text == #"{"other":2,"top":{"first":"1","second":"2"}}"#)
  }

  @Test func ownOutputDecodes() throws {
    struct Model: Swift.Decodable, Equatable {
      let first: String
      let second: String
      enum Top: String, CodingKey { case top }
      enum Inner: String, CodingKey { case first, second }
      init(from decoder: any Decoder) throws {
        let top = try decoder.container(keyedBy: Top.self)
        first = try top.nestedContainer(keyedBy: Inner.self, forKey: .top).decode(String.self, forKey: .first)
        second = try top.nestedContainer(keyedBy: Inner.self, forKey: .top).decode(String.self, forKey: .second)
      }
    }
    let data = try ArgonautJSONEncoder().encode(RepeatedKeys(shape: .twoNestedObjects))
    let model = try ArgonautJSONDecoder().decode(Model.self, from: data)
    #expect(model.first == "1" && model.second == "2")
  }

  @Test func keyStrategyMappingTwoKeysToOne() throws {
    struct Two: Encodable {
      enum CodingKeys: String, CodingKey { case a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
      }
    }
    struct Same: CodingKey {
      var stringValue: String { "same" }
      var intValue: Int? { nil }
      init() {}
      init?(stringValue: String) {}
      init?(intValue: Int) { nil }
    }
    let encoder = ArgonautJSONEncoder()
    encoder.keyEncodingStrategy = .custom { _ in Same() }
    #expect(String(decoding: try encoder.encode(Two()), as: UTF8.self) == #"{"same":2}"#)
  }

  @Test func singleValueObjectAmendedByAKeyedContainer() throws {
    struct Amended: Encodable {
      enum CodingKeys: String, CodingKey { case a }
      func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(["a": "old", "b": "kept"])
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        try keyed.encode("new", forKey: .a)
      }
    }
    let encoder = ArgonautJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(Amended()), as: UTF8.self) == #"{"a":"new","b":"kept"}"#)
  }
}

@Suite("Input in UTF-16 and UTF-32")
struct InputEncodingTests {
  static let text = #"{"name":"Zoë 🚀","n":[1,2]}"#
  struct Model: Codable, Equatable {
    let name: String
    let n: [Int]
  }

  @Test(arguments: [
    String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian, .utf16, .utf32,
  ])
  func decodes(encoding: String.Encoding) throws {
    // `.utf16` and `.utf32` write a byte order mark; the others none.
    let data = try #require(Self.text.data(using: encoding))
    let foundation = try? JSONDecoder().decode(Model.self, from: data)
    let argonaut = try? ArgonautJSONDecoder().decode(Model.self, from: data)
    #expect(argonaut == foundation)
    // Every one but UTF-32 with its little-endian byte order mark, which JSONDecoder
    // takes for UTF-16's.
    if data.prefix(4) != Data([0xFF, 0xFE, 0, 0]) { #expect(argonaut == Model(name: "Zoë 🚀", n: [1, 2])) }
  }

  @Test func twoByteFragment() throws {
    #expect(try ArgonautJSONDecoder().decode(Int.self, from: "7".data(using: .utf16LittleEndian)!) == 7)
    #expect(try ArgonautJSONDecoder().decode(Int.self, from: "7".data(using: .utf16BigEndian)!) == 7)
  }

  @Test func utf8ByteOrderMark() throws {
    #expect(try ArgonautJSONDecoder().decode([Int].self, from: Data([0xEF, 0xBB, 0xBF]) + Data("[3]".utf8)) == [3])
  }

  @Test func brokenUTF16IsDataCorrupted() {
    // A lone high surrogate.
    let data = Data([0x00, 0x5B, 0xD8, 0x00, 0x00, 0x5D])
    #expect(throws: DecodingError.self) { try ArgonautJSONDecoder().decode([String].self, from: data) }
  }
}

@Suite("JSONDecoder's syntax beyond strict JSON")
struct FoundationSyntaxTests {
  @Test func trailingCommas() throws {
    let decoder = ArgonautJSONDecoder()
    #expect(try decoder.decode([Int].self, from: Data("[1, 2 ,\n]".utf8)) == [1, 2])
    #expect(try decoder.decode([String: [Int]].self, from: Data(#"{"a":[1,],}"#.utf8)) == ["a": [1]])
    // A comma with no value before it is still an error.
    for bad in ["[,]", "{,}", "[1,,]", #"{"a":,}"#, "[1,", #"{"a":1,,}"#] {
      #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode([String: Int].self, from: Data(bad.utf8)) }
      #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode([Int].self, from: Data(bad.utf8)) }
    }
  }

  @Test func coreParserStaysStrict() {
    #expect(throws: JSONParseError.self) { try JSON(parsing: "[1,]") }
    #expect(throws: JSONParseError.self) { try JSON(parsing: #"{"a":1,}"#) }
  }

  @Test func stringsKeepTheirCommas() throws {
    let decoder = ArgonautJSONDecoder()
    #expect(try decoder.decode([String].self, from: Data(#"["a,]", "\",}",]"#.utf8)) == ["a,]", "\",}"])
  }

  @Test func topLevelDictionaryWithoutBraces() throws {
    let decoder = ArgonautJSONDecoder()
    decoder.assumesTopLevelDictionary = true
    #expect(try decoder.decode([String: Int].self, from: Data(#" "a": 1, "b": 2 "#.utf8)) == ["a": 1, "b": 2])
    #expect(try decoder.decode([String: Int].self, from: Data(#"{"a": 1}"#.utf8)) == ["a": 1])
    #expect(try decoder.decode([String: Int].self, from: Data(#""a": 1,"#.utf8)) == ["a": 1])
    #expect(try decoder.decode([String: Int].self, from: Data("  ".utf8)) == [:])
    for bad in [",", #""a": 1}"#, "[1]", "3", #""a" 1"#] {
      #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode([String: Int].self, from: Data(bad.utf8)) }
    }
  }

  @Test func json5() throws {
    let decoder = ArgonautJSONDecoder()
    decoder.allowsJSON5 = true
    let text = """
      // a comment
      {
        unquoted: 'single \\'quoted\\' "x"',
        $dollar_1: 0x1F, /* block */ plus: +3, lead: .5, trail: 2., exp: 1.e2,
        "list": [Infinity, -Infinity, NaN,],
        esc: "tab\\x09",
      }
      """
    struct Model: Swift.Decodable {
      let unquoted: String
      let dollar: Int
      let plus: Int
      let lead: Double
      let trail: Double
      let exp: Double
      let list: [Double]
      let esc: String
      enum CodingKeys: String, CodingKey {
        case unquoted
        case dollar = "$dollar_1"
        case plus, lead, trail, exp, list, esc
      }
    }
    let value = try decoder.decode(Model.self, from: Data(text.utf8))
    #expect(value.unquoted == #"single 'quoted' "x""#)
    #expect(value.dollar == 31)
    #expect(value.plus == 3)
    #expect(value.lead == 0.5 && value.trail == 2 && value.exp == 100)
    #expect(value.list.count == 3 && value.list[0] == .infinity && value.list[1] == -.infinity && value.list[2].isNaN)
    #expect(value.esc == "tab\t")
    // Foundation reads the same document the same way.
    let foundation = JSONDecoder()
    foundation.allowsJSON5 = true
    struct Check: Swift.Decodable, Equatable {
      let unquoted: String
      let plus: Int
      let esc: String
    }
    #expect(
      try foundation.decode(Check.self, from: Data(text.utf8))
        == (try decoder.decode(Check.self, from: Data(text.utf8))))
  }

  @Test func json5Errors() {
    let decoder = ArgonautJSONDecoder()
    decoder.allowsJSON5 = true
    for bad in ["0x", "+", ".e1", "Infinit", "0xFFFFFFFFFFFFFFFFFFFF", "{a:1", "/* open", #"["\x00"]"#, "1e", "tru"] {
      #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode(Double?.self, from: Data(bad.utf8)) }
    }
    // JSON5 is off by default.
    #expect(throws: DecodingError.self) {
      try ArgonautJSONDecoder().decode([String: Int].self, from: Data("{a:1}".utf8))
    }
  }

  @Test func nonFiniteJSON5NumbersAreNotStrings() {
    let decoder = ArgonautJSONDecoder()
    decoder.allowsJSON5 = true
    #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: Data("[NaN]".utf8)) }
  }
}

@Suite("Int128 and UInt128")
struct WideIntegerTests {
  @Test func roundTrips() throws {
    let values: [Int128] = [.min, .max, -1, 0, Int128(UInt64.max) + 1, -Int128(UInt64.max) - 1]
    let data = try ArgonautJSONEncoder().encode(values)
    #expect(
      String(decoding: data, as: UTF8.self) == (String(decoding: try JSONEncoder().encode(values), as: UTF8.self)))
    #expect(try ArgonautJSONDecoder().decode([Int128].self, from: data) == values)
    let unsigned: [UInt128] = [.max, 0, UInt128(UInt64.max) + 1]
    #expect(try ArgonautJSONDecoder().decode([UInt128].self, from: ArgonautJSONEncoder().encode(unsigned)) == unsigned)
  }

  @Test func keyedAndSingleValue() throws {
    struct Model: Codable, Equatable {
      let big: Int128
      let huge: UInt128?
    }
    let model = Model(big: .min, huge: .max)
    #expect(try ArgonautJSONDecoder().decode(Model.self, from: ArgonautJSONEncoder().encode(model)) == model)
    #expect(try ArgonautJSONDecoder().decode(Int128.self, from: Data("-5".utf8)) == -5)
  }

  @Test func outOfRangeAndFractions() throws {
    let decoder = ArgonautJSONDecoder()
    #expect(throws: DecodingError.self) {
      try decoder.decode(UInt128.self, from: Data("340282366920938463463374607431768211456".utf8))
    }
    #expect(throws: DecodingError.self) { try decoder.decode(UInt128.self, from: Data("-1".utf8)) }
    #expect(throws: DecodingError.self) { try decoder.decode(Int128.self, from: Data("1.5".utf8)) }
    #expect(try decoder.decode(Int128.self, from: Data("-18446744073709551615.0".utf8)) == -18_446_744_073_709_551_615)
    // As JSONDecoder: beyond 64 bits, a zero fraction is not read.
    #expect(throws: DecodingError.self) { try decoder.decode(Int128.self, from: Data("18446744073709551616.0".utf8)) }
  }
}

private struct Scaled: CodableWithConfiguration, Equatable {
  let value: Int
  init(value: Int) { self.value = value }
  init(from decoder: any Decoder, configuration: Int) throws {
    value = try decoder.singleValueContainer().decode(Int.self) / configuration
  }
  func encode(to encoder: any Encoder, configuration: Int) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value * configuration)
  }
  enum Tenfold: DecodingConfigurationProviding, EncodingConfigurationProviding {
    static var decodingConfiguration: Int { 10 }
    static var encodingConfiguration: Int { 10 }
  }
}

@Suite("Coding with a configuration")
struct ConfigurationCodingTests {
  @Test func topLevel() throws {
    let data = try ArgonautJSONEncoder().encode(Scaled(value: 4), configuration: 3)
    #expect(String(decoding: data, as: UTF8.self) == "12")
    #expect(try ArgonautJSONDecoder().decode(Scaled.self, from: data, configuration: 3) == Scaled(value: 4))
  }

  @Test func provider() throws {
    let data = try ArgonautJSONEncoder().encode(Scaled(value: 4), configuration: Scaled.Tenfold.self)
    #expect(String(decoding: data, as: UTF8.self) == "40")
    #expect(
      try ArgonautJSONDecoder().decode(Scaled.self, from: data, configuration: Scaled.Tenfold.self) == Scaled(value: 4))
  }
}

/// Keys that are only known at run time, for comparing key strategies.
private struct DynamicKeys: Encodable {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
  let keys: [String]
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (n, key) in keys.enumerated() { try container.encode(n, forKey: Key(stringValue: key)) }
  }
}

@Suite("Strategies on bytes give Foundation's results")
struct StrategyFastPathTests {
  static let keys = [
    "a", "A", "aB", "AB", "myURLProperty", "userName", "URLValue", "lowercase", "_leading", "trailing_",
    "with2Digits", "ALLCAPS", "camelCaseWithURLAndID", "x1Y2z", "already_snake", "čeština", "quote\"d", "sl/ash",
    "HTTPStatus200OK", "",
  ]

  @Test(arguments: [false, true])
  func snakeCaseKeys(sorted: Bool) throws {
    let argonaut = ArgonautJSONEncoder()
    let foundation = JSONEncoder()
    argonaut.keyEncodingStrategy = .convertToSnakeCase
    foundation.keyEncodingStrategy = .convertToSnakeCase
    // One key per object, so that the order of Foundation's dictionary does not matter.
    for key in Self.keys {
      if sorted {
        argonaut.outputFormatting = .sortedKeys
        foundation.outputFormatting = .sortedKeys
      }
      let value = DynamicKeys(keys: [key])
      #expect(
        String(decoding: try argonaut.encode(value), as: UTF8.self)
          == String(decoding: try foundation.encode(value), as: UTF8.self), "\(key)")
    }
  }

  static let dates: [Double] = [
    0, 1_700_000_000, -1, -86_400, -62_135_596_800, -11_676_096_000, -11_676_096_001, 253_402_300_799, 951_782_400,
    4_107_542_400, 1.5, -0.25,
    1e12, -1e12, 1_234_567_890.999,
  ]

  @Test func iso8601Encoding() throws {
    let argonaut = ArgonautJSONEncoder()
    let foundation = JSONEncoder()
    argonaut.dateEncodingStrategy = .iso8601
    foundation.dateEncodingStrategy = .iso8601
    for seconds in Self.dates {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(try argonaut.encode([date]) == foundation.encode([date]), "\(seconds)")
    }
  }

  @Test func iso8601Decoding() throws {
    let argonaut = ArgonautJSONDecoder()
    let foundation = JSONDecoder()
    argonaut.dateDecodingStrategy = .iso8601
    foundation.dateDecodingStrategy = .iso8601
    let texts = [
      "2023-11-14T22:13:20Z", "1970-01-01T00:00:00Z", "2000-02-29T12:00:00Z", "2001-02-29T12:00:00Z",
      "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1600-01-01T00:00:00Z", "1599-12-31T23:59:59Z",
      "9999-12-31T23:59:59Z", "2023-11-14T22:13:20+01:00",
      "2023-11-14T22:13:20.250Z", "2023-13-01T00:00:00Z", "2023-11-14T24:00:00Z", "2023-11-14 22:13:20Z",
      "2023-11-14T22:13:60Z", "2023-11-14T22:13:2xZ", "2023-11-14T22:13:20\\u005a",
    ]
    for text in texts {
      let data = Data("[\"\(text)\"]".utf8)
      let expected = try? foundation.decode([Date].self, from: data)
      #expect((try? argonaut.decode([Date].self, from: data)) == expected, "\(text)")
    }
  }

  @Test func base64() throws {
    let argonautEncoder = ArgonautJSONEncoder()
    let argonautDecoder = ArgonautJSONDecoder()
    for count in 0..<40 {
      let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 89 &+ 251) })
      let encoded = try argonautEncoder.encode([data])
      #expect(encoded == (try JSONEncoder().encode([data])), "\(count)")
      #expect(try argonautDecoder.decode([Data].self, from: encoded) == [data])
    }
    argonautEncoder.outputFormatting = .withoutEscapingSlashes
    let slashes = Data([0xFF, 0xFF, 0xFF])
    #expect(String(decoding: try argonautEncoder.encode(slashes), as: UTF8.self) == "\"////\"")
    // Text that is not canonical padded base64: whatever Foundation decides.
    for text in ["QQ", "QR==", "QQ==", "Q===", "QUJD\\nRA==", "QUJ@", "====", "QUJDRA=", "QUJDRA==="] {
      let data = Data("[\"\(text)\"]".utf8)
      #expect(
        (try? argonautDecoder.decode([Data].self, from: data)) == (try? JSONDecoder().decode([Data].self, from: data)),
        "\(text)")
    }
  }

  @Test func snakeCaseKeysWithEscapes() throws {
    struct Item: Swift.Decodable, Equatable {
      let userName: String
      let userID: Int?
    }
    let text = #"[{"user\u005fname":"a","user_id":1},{"user_name":"b","user\u005Fid":2}]"#
    let decoder = ArgonautJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let reference = JSONDecoder()
    reference.keyDecodingStrategy = .convertFromSnakeCase
    let items = try decoder.decode([Item].self, from: Data(text.utf8))
    #expect(items == (try reference.decode([Item].self, from: Data(text.utf8))))
    #expect(items.map(\.userName) == ["a", "b"])
  }

  @Test func snakeCaseKeysConvertOncePerDistinctKey() throws {
    struct Item: Swift.Decodable, Equatable {
      let userName: String
      let userID: Int?
    }
    let decoder = ArgonautJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text =
      "[" + (0..<50).map { #"{"user_name":"u\#($0)","user_id":\#($0),"user_name_":"x"}"# }.joined(separator: ",") + "]"
    let reference = JSONDecoder()
    reference.keyDecodingStrategy = .convertFromSnakeCase
    #expect(
      try decoder.decode([Item].self, from: Data(text.utf8)) == reference.decode([Item].self, from: Data(text.utf8)))
  }
}

@Suite("Super encoders used after a later sibling")
struct LateSuperEncoderTests {
  struct Late: Encodable {
    enum CodingKeys: String, CodingKey { case a, b, list, tail }
    func encode(to encoder: any Encoder) throws {
      var keyed = encoder.container(keyedBy: CodingKeys.self)
      let a = keyed.superEncoder(forKey: .a)
      let b = keyed.superEncoder(forKey: .b)
      var list = keyed.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1)
      let first = list.superEncoder()
      let second = list.superEncoder()
      try list.encode(4)
      var secondValue = second.singleValueContainer()
      try secondValue.encode([3, 3])
      var firstValue = first.singleValueContainer()
      try firstValue.encode("two")
      try keyed.encode(true, forKey: .tail)
      var bValue = b.singleValueContainer()
      try bValue.encode("B")
      var aValue = a.singleValueContainer()
      try aValue.encode(Optional<Int>.none)
    }
  }

  @Test(arguments: [false, true])
  func fillsThePlacesTheyWereMadeFor(pretty: Bool) throws {
    let encoder = ArgonautJSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    let data = try encoder.encode(Late())
    let reference = JSONEncoder()
    reference.outputFormatting = encoder.outputFormatting
    #expect(String(decoding: data, as: UTF8.self) == String(decoding: try reference.encode(Late()), as: UTF8.self))
    #expect(try JSON(parsing: data) == JSON(parsing: #"{"a":null,"b":"B","list":[1,"two",[3,3],4],"tail":true}"#))
  }
}

@Suite("Strings escaped eight bytes at a time")
struct StringEscapingTests {
  @Test(arguments: [false, true])
  func asJSONEncoder(withoutEscapingSlashes: Bool) throws {
    let pieces = ["a", "bc", "\"", "\\", "/", "\n", "\u{1}", "\u{1F}", " ", "é", "🚀", "\t", "xyzxyzxy", "\u{7F}"]
    var strings: [String] = []
    var state: UInt64 = 12345
    for length in 0..<40 {
      var text = ""
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      strings.append(text)
    }
    let argonaut = ArgonautJSONEncoder()
    let foundation = JSONEncoder()
    if withoutEscapingSlashes {
      argonaut.outputFormatting = .withoutEscapingSlashes
      foundation.outputFormatting = .withoutEscapingSlashes
    }
    for text in strings {
      #expect(try argonaut.encode([text]) == foundation.encode([text]), "\(text.debugDescription)")
    }
  }
}

@Suite("Repeated keys in the document")
struct RepeatedKeyDecodingTests {
  struct Pair: Codable, Equatable {
    let a: Int
    let aB: Int?
  }

  @Test func exactRepeatKeepsTheLastValue() throws {
    // Argonaut's rule everywhere (JSONDecoder keeps the first): a deliberate difference.
    let data = Data(#"{"a":1,"a":2}"#.utf8)
    #expect(try ArgonautJSONDecoder().decode(Pair.self, from: data).a == 2)
    #expect(try ArgonautJSONDecoder().decode([String: Int].self, from: data) == ["a": 2])
  }

  @Test func keysAStrategyMapsToOneKeepTheFirst() throws {
    for text in [#"{"a":1,"a_b":5,"aB":6}"#, #"{"a":1,"aB":6,"a_b":5}"#] {
      let argonaut = ArgonautJSONDecoder()
      let foundation = JSONDecoder()
      argonaut.keyDecodingStrategy = .convertFromSnakeCase
      foundation.keyDecodingStrategy = .convertFromSnakeCase
      let data = Data(text.utf8)
      #expect(try argonaut.decode(Pair.self, from: data) == foundation.decode(Pair.self, from: data), "\(text)")
    }
  }

  @Test func json5NonFiniteIsNotAString() {
    let decoder = ArgonautJSONDecoder()
    decoder.allowsJSON5 = true
    #expect(throws: DecodingError.self) { try decoder.decode([String].self, from: Data("[NaN]".utf8)) }
    #expect(throws: DecodingError.self) { try decoder.decode([String: String].self, from: Data("{a: Infinity}".utf8)) }
    struct Named: Swift.Decodable { let a: String }
    #expect(throws: DecodingError.self) { try decoder.decode(Named.self, from: Data("{a: -Infinity}".utf8)) }
  }
}

/// Replaces the value of one key with a container of another kind, which
/// `JSONEncoder` stops the program for.
private struct ReplacedContainer: Encodable {
  let objectThenArray: Bool
  enum CodingKeys: String, CodingKey { case key }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if objectThenArray {
      _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
      _ = container.nestedUnkeyedContainer(forKey: .key)
    } else {
      try container.encode(42, forKey: .key)
      _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
    }
  }
}

@Suite("Containers of another kind for a key, as JSONEncoder")
struct ReplacedContainerTests {
  @Test func objectThenArrayStops() async {
    await #expect(processExitsWith: .failure) {
      _ = try ArgonautJSONEncoder().encode(ReplacedContainer(objectThenArray: true))
    }
  }

  @Test func valueThenObjectStops() async {
    await #expect(processExitsWith: .failure) {
      _ = try ArgonautJSONEncoder().encode(ReplacedContainer(objectThenArray: false))
    }
  }
}
