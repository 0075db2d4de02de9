import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import CorpusModels
import Foundation
import Testing

// Differential tests: ArgonautJSONEncoder against Foundation's JSONEncoder. Both
// outputs are parsed and compared as JSON values (objects compare in any order).

private struct Point: Codable, Equatable {
  let x: Int
  let y: Double
}

private struct Everything: Codable, Equatable {
  var text = "quote \" backslash \\ slash / control \u{1} tab \t é 🚀"
  var integers: [Int] = [0, -1, Int.max, Int.min]
  var small: [Int8] = [-128, 127]
  var unsigned: UInt64 = .max
  var doubles: [Double] = [0, -0.0, 1, 1.5, 0.1, 1e20, 1e-7, -2.5e-300, Double.greatestFiniteMagnitude]
  var floats: [Float] = [0.1, 3.4e38, 1e-7]
  var flag = true
  var none: String? = nil
  var some: String? = "x"
  var point = Point(x: 1, y: 2)
  var points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
  var nested: [[Int]] = [[], [1], [1, 2]]
  var dictionary: [String: Point] = ["a_b": Point(x: 1, y: 1), "c": Point(x: 2, y: 2)]
  var integerKeys: [Int: String] = [1: "a", 22: "b"]
  var empty: [String: Int] = [:]
  var emptyArray: [Int] = []
  var url = URL(string: "https://example.com/a/b?c=d")!
  var decimal = Decimal(string: "12.340")!
  var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
  var camelCaseKey = 1
  var myURLValue = 2
}

/// Hand-written encoding with nested containers and a super encoder.
private struct Nested: Encodable {
  enum CodingKeys: String, CodingKey { case id, name, list, base, after }
  enum NameKeys: String, CodingKey { case first, last }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(1, forKey: .id)
    var name = container.nestedContainer(keyedBy: NameKeys.self, forKey: .name)
    try name.encode("Ada", forKey: .first)
    try name.encode("Lovelace", forKey: .last)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(1.5)
    var inner = list.nestedContainer(keyedBy: NameKeys.self)
    try inner.encode("x", forKey: .first)
    try Point(x: 5, y: 6).encode(to: container.superEncoder(forKey: .base))
    try container.encode(true, forKey: .after)
  }
}

private struct Nothing: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

@Suite("ArgonautJSONEncoder", .offThePool)
struct ArgonautJSONEncoderTests {
  /// Encodes `value` with both encoders, configured alike, and parses both outputs.
  func both<T: Encodable>(
    _ value: T, configure: (ArgonautJSONEncoder, JSONEncoder) -> Void = { _, _ in }
  ) throws -> (ours: JSON, theirs: JSON, oursText: String, theirsText: String) {
    let ours = ArgonautJSONEncoder()
    let theirs = JSONEncoder()
    configure(ours, theirs)
    let a = try ours.encode(value)
    let b = try theirs.encode(value)
    return (
      try JSON(parsing: a), try JSON(parsing: b), String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self)
    )
  }

  func expectSame<T: Encodable>(
    _ value: T, configure: (ArgonautJSONEncoder, JSONEncoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try both(value, configure: configure)
    #expect(result.ours == result.theirs, "\(result.oursText)\n\(result.theirsText)", sourceLocation: sourceLocation)
  }

  @Test(
    "the corpus models encode to values equal to JSONEncoder's",
    .enabled(if: Corpus.hasBench, "../shared/corpora/bench is absent: corpus comparison skipped"))
  func corpusModels() throws {
    func compare<T: Codable & Equatable>(_ type: T.Type, _ name: String) throws {
      let model = try JSONDecoder().decode(type, from: try Corpus.benchData(name))
      try expectSame(model)
      // And the round trip through both of Argonaut's coders gives the model back.
      let bytes = try ArgonautJSONEncoder().encode(model)
      #expect(try ArgonautJSONDecoder().decode(type, from: bytes) == model, "\(name)")
    }
    try compare(Twitter.self, "twitter.json")
    try compare(CitmCatalog.self, "citm_catalog.json")
    try compare(FeatureCollection.self, "canada.json")
  }

  @Test("every kind of value, and every output formatting")
  func values() throws {
    let formattings: [JSONEncoder.OutputFormatting] = [
      [], [.sortedKeys], [.prettyPrinted], [.withoutEscapingSlashes], [.prettyPrinted, .sortedKeys],
    ]
    for formatting in formattings {
      try expectSame(Everything()) { ours, theirs in
        ours.outputFormatting = formatting
        theirs.outputFormatting = formatting
      }
    }
    try expectSame(Nested())
    try expectSame([Nothing()])
    try expectSame("top-level string")
    try expectSame(42)
  }

  @Test("sortedKeys, prettyPrinted and withoutEscapingSlashes write JSONEncoder's exact text")
  func exactText() throws {
    for formatting: JSONEncoder.OutputFormatting in [
      [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
      [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ] {
      let value: [String: GenericValue] = [
        "b": .integer(1), "A": .array([]), "a10": .object([:]), "a9": .string("a/b"), "_z": .bool(true),
        "nested": .object(["y": .array([.integer(1), .null]), "x": .double(1.5)]),
      ]
      let result = try both(value) { ours, theirs in
        ours.outputFormatting = formatting
        theirs.outputFormatting = formatting
      }
      #expect(result.oursText == result.theirsText)
    }
  }

  @Test("key strategies convert keys, but not the keys of string-keyed dictionaries")
  func keyStrategies() throws {
    try expectSame(Everything()) { ours, theirs in
      ours.keyEncodingStrategy = .convertToSnakeCase
      theirs.keyEncodingStrategy = .convertToSnakeCase
    }
    // The custom strategy sees the key last in the path. (Above a string-keyed
    // dictionary's values, JSONEncoder's path leaves out the dictionary's own key;
    // Argonaut's includes it, so this converter reads the last key only.)
    let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      GenericValue.AnyKey(stringValue: path.last!.stringValue.uppercased())
    }
    try expectSame(Everything()) { ours, theirs in
      ours.keyEncodingStrategy = .custom(upper)
      theirs.keyEncodingStrategy = .custom(upper)
    }
    let encoder = ArgonautJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(Everything()), as: UTF8.self)
    #expect(text.contains(#""camel_case_key":1"#) && text.contains(#""my_url_value":2"#) && text.contains(#""a_b":"#))
  }

  private struct Stamp: Codable {
    let date: Date
    let data: Data
  }

  @Test("every date and data strategy writes what JSONEncoder writes")
  func datesAndData() throws {
    let stamp = Stamp(date: Date(timeIntervalSince1970: 1_700_000_000.25), data: Data([0, 1, 2, 255]))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy/MM/dd HH:mm"
    let dates: [JSONEncoder.DateEncodingStrategy] = [
      .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
      .custom({ date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode("at \(date.timeIntervalSince1970)")
      }),
      .custom({ _, _ in }),
    ]
    for strategy in dates {
      try expectSame(stamp) { ours, theirs in
        ours.dateEncodingStrategy = strategy
        theirs.dateEncodingStrategy = strategy
      }
    }
    let data: [JSONEncoder.DataEncodingStrategy] = [
      .base64, .deferredToData,
      .custom({ data, encoder in
        var container = encoder.unkeyedContainer()
        try container.encode(data.count)
      }),
    ]
    for strategy in data {
      try expectSame(stamp) { ours, theirs in
        ours.dataEncodingStrategy = strategy
        theirs.dataEncodingStrategy = strategy
      }
    }
  }

  @Test("non-conforming floats throw JSONEncoder's error, or become the given strings")
  func nonConformingFloats() throws {
    let values: [Double] = [1, .infinity, -.infinity, .nan]
    let strings = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    try expectSame(values) { ours, theirs in
      ours.nonConformingFloatEncodingStrategy = strings
      theirs.nonConformingFloatEncodingStrategy = strings
    }
    func path(_ body: () throws -> Data) -> [String]? {
      do {
        _ = try body()
        return nil
      } catch EncodingError.invalidValue(_, let context) {
        return context.codingPath.map(ErrorShape.name)
      } catch {
        return ["unexpected \(error)"]
      }
    }
    let point = [["y": Double.nan]]
    #expect(path { try ArgonautJSONEncoder().encode(point) } == ["[0]", "y"])
    #expect(path { try ArgonautJSONEncoder().encode(point) } == path { try JSONEncoder().encode(point) })
    #expect(path { try ArgonautJSONEncoder().encode(Nothing()) } == [])
    #expect(path { try JSONEncoder().encode(Nothing()) } == [])
  }

  private struct Configured: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "tag")!] as? String ?? "none")
    }
  }

  @Test("userInfo reaches every encode(to:)")
  func userInfo() throws {
    let key = CodingUserInfoKey(rawValue: "tag")!
    let encoder = ArgonautJSONEncoder()
    encoder.userInfo[key] = "tagged"
    #expect(String(decoding: try encoder.encode([Configured()]), as: UTF8.self) == #"["tagged"]"#)
  }

  @Test(
    "every y_ document, read as a generic value, encodes to a value equal to JSONEncoder's",
    .enabled(if: Corpus.hasTestSuite, "../shared/corpora/JSONTestSuite is absent: y_ comparison skipped"),
    arguments: Corpus.testSuiteFiles(prefix: "y_"))
  func acceptedDocuments(_ name: String) throws {
    let value = try JSONDecoder().decode(GenericValue.self, from: try Corpus.testSuiteData(name))
    try expectSame(value)
    for formatting: JSONEncoder.OutputFormatting in [[.sortedKeys], [.sortedKeys, .prettyPrinted]] {
      let result = try both(value) { ours, theirs in
        ours.outputFormatting = formatting
        theirs.outputFormatting = formatting
      }
      #expect(result.ours == result.theirs)
    }
  }

  private struct OutOfOrder: Encodable {
    enum CodingKeys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      var nested = container.nestedUnkeyedContainer(forKey: .a)
      try container.encode(1, forKey: .b)
      try nested.encode(2)  // after its parent moved on
    }
  }

  @Test("a container used after its parent moved on throws instead of writing invalid JSON")
  func outOfOrder() throws {
    #expect(throws: EncodingError.self) { try ArgonautJSONEncoder().encode(OutOfOrder()) }
    // Foundation's tree-building encoder accepts it; the value it writes:
    #expect(try JSON(parsing: JSONEncoder().encode(OutOfOrder())) == ["a": [2], "b": 1])
  }
}
