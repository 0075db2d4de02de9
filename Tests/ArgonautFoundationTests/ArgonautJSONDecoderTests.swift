import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import CorpusModels
import Foundation
import Testing

// Differential tests: ArgonautJSONDecoder against Foundation's JSONDecoder, on the
// same bytes, with the same settings.

private struct Point: Codable, Equatable {
  let x: Int
  let y: Int
}

private struct Profile: Codable, Equatable {
  let name: String
  let age: Int
  let tags: [String]
  let home: Point?
  let scores: [String: Double]?
}

private struct Flags: Codable, Equatable {
  let flag: Bool
}

private struct Small: Codable, Equatable {
  let value: UInt8
}

private struct Link: Codable, Equatable {
  let url: URL
}

private struct Blob: Codable, Equatable {
  let data: Data
}

private struct Stamp: Codable, Equatable {
  let date: Date
}

private struct Money: Codable, Equatable {
  let amount: Decimal
}

/// Three integers read from an unkeyed container, by hand.
private struct Triple: Codable, Equatable {
  let a: Int
  let b: Int
  let c: Int
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    a = try container.decode(Int.self)
    b = try container.decode(Int.self)
    c = try container.decode(Int.self)
  }
}

/// A hand-written `init(from:)` with nested containers and a super decoder.
private struct Nested: Codable, Equatable {
  let id: Int
  let first: String
  let coordinates: [Double]
  let base: Point

  enum CodingKeys: String, CodingKey { case id, name, coordinates, base }
  enum NameKeys: String, CodingKey { case first }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    let name = try container.nestedContainer(keyedBy: NameKeys.self, forKey: .name)
    first = try name.decode(String.self, forKey: .first)
    var list = try container.nestedUnkeyedContainer(forKey: .coordinates)
    var values: [Double] = []
    while !list.isAtEnd { values.append(try list.decode(Double.self)) }
    coordinates = values
    base = try Point(from: container.superDecoder(forKey: .base))
  }

  func encode(to encoder: any Encoder) throws {}
}

@Suite("ArgonautJSONDecoder", .offThePool)
struct ArgonautJSONDecoderTests {
  /// Decodes `text` as `T` with both decoders, configured alike by `configure`.
  func both<T: Swift.Decodable>(
    _ type: T.Type, _ text: String,
    configure: (ArgonautJSONDecoder, JSONDecoder) -> Void = { _, _ in }
  ) -> (ours: Result<T, any Error>, theirs: Result<T, any Error>) {
    let ours = ArgonautJSONDecoder()
    let theirs = JSONDecoder()
    configure(ours, theirs)
    let data = Data(text.utf8)
    return (Result { try ours.decode(type, from: data) }, Result { try theirs.decode(type, from: data) })
  }

  func expectSame<T: Swift.Decodable & Equatable>(
    _ type: T.Type, _ text: String, configure: (ArgonautJSONDecoder, JSONDecoder) -> Void = { _, _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (ours, theirs) = both(type, text, configure: configure)
    let expected = try theirs.get()
    #expect(try ours.get() == expected, sourceLocation: sourceLocation)
  }

  // MARK: - Corpus

  @Test(
    "the corpus models decode equal to JSONDecoder's",
    .enabled(if: Corpus.hasBench, "../shared/corpora/bench is absent: corpus comparison skipped"))
  func corpusModels() throws {
    func compare<T: Swift.Decodable & Equatable>(_ type: T.Type, _ name: String) throws {
      let data = try Corpus.benchData(name)
      let ours = try ArgonautJSONDecoder().decode(type, from: data)
      let theirs = try JSONDecoder().decode(type, from: data)
      #expect(ours == theirs, "\(name)")
    }
    try compare(Twitter.self, "twitter.json")
    try compare(CitmCatalog.self, "citm_catalog.json")
    try compare(FeatureCollection.self, "canada.json")
  }

  @Test(
    "every y_ document decodes as a generic Codable value equal to JSONDecoder's",
    .enabled(if: Corpus.hasTestSuite, "../shared/corpora/JSONTestSuite is absent: y_ comparison skipped"),
    arguments: Corpus.testSuiteFiles(prefix: "y_"))
  func acceptedDocuments(_ name: String) throws {
    let data = try Corpus.testSuiteData(name)
    let ours = try ArgonautJSONDecoder().decode(GenericValue.self, from: data)
    let theirs = try JSONDecoder().decode(GenericValue.self, from: data)
    if name == "y_object_duplicated_key.json" {
      // {"a":"b","a":"c"}: Argonaut keeps the last value, JSONDecoder the first.
      #expect(ours == .object(["a": .string("c")]))
      #expect(theirs == .object(["a": .string("b")]))
    } else {
      #expect(ours == theirs)
    }
  }

  // MARK: - Errors

  /// Documents that fail, and the type they fail as.
  static var errorCases: [(String, String, (Data, Bool) throws -> Void)] {
    [
      ("missing key", #"{"x": 1}"#, decoding(Point.self)),
      ("string for Int", #"{"x": "1", "y": 2}"#, decoding(Point.self)),
      ("null for Int", #"{"x": null, "y": 2}"#, decoding(Point.self)),
      ("missing key in an array element", #"[{"x": 1, "y": 2}, {"x": 1}]"#, decoding([Point].self)),
      ("string in [Int]", #"[1, 2, "3"]"#, decoding([Int].self)),
      ("null in [Int]", #"[1, null]"#, decoding([Int].self)),
      ("null in [Bool]", #"[true, null]"#, decoding([Bool].self)),
      ("number in [String]", #"{"name": "a", "age": 1, "tags": ["a", 2]}"#, decoding(Profile.self)),
      ("nested member", #"{"name": "a", "age": 1, "tags": [], "home": {"x": true, "y": 1}}"#, decoding(Profile.self)),
      ("nested missing key", #"{"name": "a", "age": 1, "tags": [], "home": {"x": 1}}"#, decoding(Profile.self)),
      ("null array", #"{"name": "a", "age": 1, "tags": null}"#, decoding(Profile.self)),
      ("object for array", #"{"name": "a", "age": 1, "tags": {}}"#, decoding(Profile.self)),
      (
        "dictionary value", #"{"name": "a", "age": 1, "tags": [], "scores": {"a": 1, "b": "x"}}"#,
        decoding(Profile.self)
      ),
      ("string for object", #""a""#, decoding(Point.self)),
      ("array for object", #"[1]"#, decoding(Point.self)),
      ("null for object", #"null"#, decoding(Point.self)),
      ("number for array", #"1"#, decoding([Int].self)),
      ("unkeyed container at end", #"[1, 2]"#, decoding(Triple.self)),
      ("null Bool", #"{"flag": null}"#, decoding(Flags.self)),
      ("string Bool", #"{"flag": "true"}"#, decoding(Flags.self)),
      ("number Bool", #"{"flag": 1}"#, decoding(Flags.self)),
      ("invalid JSON", #"{"x": 1,"#, decoding(Point.self)),
      ("empty document", "", decoding(Point.self)),
      ("invalid URL", #"{"url": ""}"#, decoding(Link.self)),
      ("number for URL", #"{"url": 1}"#, decoding(Link.self)),
      ("invalid base64", #"{"data": "%%%"}"#, decoding(Blob.self)),
      ("null Data", #"{"data": null}"#, decoding(Blob.self)),
      ("string for Decimal", #"{"amount": "1.5"}"#, decoding(Money.self)),
      ("deferred Date from a string", #"{"date": "yesterday"}"#, decoding(Stamp.self)),
      (
        "nested container of the wrong type", #"{"id": 1, "name": [], "coordinates": [], "base": {}}"#,
        decoding(Nested.self)
      ),
      (
        "super decoder of a missing key", #"{"id": 1, "name": {"first": "a"}, "coordinates": [1]}"#,
        decoding(Nested.self)
      ),
    ]
  }

  static func decoding<T: Swift.Decodable>(_ type: T.Type) -> (Data, Bool) throws -> Void {
    { data, ours in
      if ours {
        _ = try ArgonautJSONDecoder().decode(type, from: data)
      } else {
        _ = try JSONDecoder().decode(type, from: data)
      }
    }
  }

  @Test("each error has JSONDecoder's case, subject and coding path", arguments: errorCases.indices)
  func errors(_ index: Int) throws {
    let (name, text, decode) = Self.errorCases[index]
    let data = Data(text.utf8)
    let ours = try #require(errorShape { try decode(data, true) }, "\(name): decoded")
    let theirs = try #require(errorShape { try decode(data, false) }, "\(name): JSONDecoder decoded")
    #expect(ours == theirs, "\(name)")
  }

  @Test("a number that does not fit its type is dataCorrupted at the value's own path")
  func unrepresentableNumbers() throws {
    // JSONDecoder reports these with an empty coding path; Argonaut says where the number is.
    let cases: [(String, (Data, Bool) throws -> Void, [String])] = [
      (#"{"x": 3.7, "y": 1}"#, Self.decoding(Point.self), ["x"]),
      (#"{"value": 300}"#, Self.decoding(Small.self), ["value"]),
      (#"{"value": -1}"#, Self.decoding(Small.self), ["value"]),
      (#"[1, 1e400]"#, Self.decoding([Double].self), ["[1]"]),
      (#"[1e-400]"#, Self.decoding([Double].self), ["[0]"]),
      (#"[1e39]"#, Self.decoding([Float].self), ["[0]"]),
      (#"[99999999999999999999]"#, Self.decoding([Int64].self), ["[0]"]),
    ]
    for (text, decode, path) in cases {
      let data = Data(text.utf8)
      #expect(
        errorShape { try decode(data, true) } == ErrorShape(kind: "dataCorrupted", subject: "", path: path), "\(text)")
      #expect(
        errorShape { try decode(data, false) } == ErrorShape(kind: "dataCorrupted", subject: "", path: []), "\(text)")
    }
  }

  @Test("integers are exact: 1e2 and 100.0 are 100, 3.7 is not an Int")
  func exactIntegers() throws {
    try expectSame([Int].self, "[1e2, 100.0, -0, 1E+2, 12345678901234567]")
    #expect(throws: DecodingError.self) { try ArgonautJSONDecoder().decode([Int].self, from: Data("[3.7]".utf8)) }
    try expectSame([UInt64].self, "[18446744073709551615]")
    try expectSame([Int64].self, "[-9223372036854775808]")
  }

  /// `text` with 64 spaces after every number, so that the parser reads each far from
  /// the end of its input and keeps short ones in the inline form.
  static func padded(_ text: String) -> String {
    let spaces = String(repeating: " ", count: 64)
    return text.replacingOccurrences(of: ",", with: spaces + ",").replacingOccurrences(of: "]", with: spaces + "]")
      .replacingOccurrences(of: "}", with: spaces + "}")
  }

  @Test("numbers far from the end of the input, which the parser reads as it scans, decode as JSONDecoder's do")
  func inlineNumbers() throws {
    try expectSame(
      [Double].self, Self.padded("[1.5, -2e-3, -65.613616999999977, 1E+2, 0.1e1, 4.9e-324, 1.7976931348623157e308]"))
    try expectSame([Float].self, Self.padded("[1.5, -2e-3, 3.4028235e38, 1.17549435e-38, 16777217.0]"))
    try expectSame([Int].self, Self.padded("[1e2, 100.0, 1E+2, -25.0e0, 12345678.9e1]"))
    try expectSame(Money.self, Self.padded(#"{"amount": 12.345}"#))
    // Behind `0.`, leading zeros of the fraction do not count toward the 19 digits.
    try expectSame(
      [Double].self,
      Self.padded("[-0.00012345678901234567, 0.0001234567890123456789, 0.00000000000000000000001, 0.000012345e-3]"))
    try expectSame(Money.self, Self.padded(#"{"amount": 0.00012345678901234567}"#))
    try expectSame([Int].self, Self.padded("[0.00000000000000000000e5, -0.000000000000000000000]"))
    try expectSame([String: [Double]].self, Self.padded(#"{"a": [1.25, 2.5e-7], "b": []}"#))
    // Not representable: the same errors as from the text, at the value's own path.
    let cases: [(String, (Data, Bool) throws -> Void, [String])] = [
      (#"{"x": 3.7, "y": 1}"#, Self.decoding(Point.self), ["x"]),
      (#"[1, 2.5e1, 1e-50]"#, Self.decoding([Float].self), ["[2]"]),
      (#"[1.5e200]"#, Self.decoding([Float].self), ["[0]"]),
      (#"[25.6e1]"#, Self.decoding([UInt8].self), ["[0]"]),
    ]
    for (text, decode, path) in cases {
      let data = Data(Self.padded(text).utf8)
      #expect(
        errorShape { try decode(data, true) } == ErrorShape(kind: "dataCorrupted", subject: "", path: path), "\(text)")
    }
  }

  // MARK: - Strategies

  private struct SnakeModel: Codable, Equatable {
    let userName: String
    let createdAtMs: Int
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The key as `convertFromSnakeCase` makes it from "_private_field_".
    let _privateField_: Int
    let urlValue: Int
    let plain: Int
    let nested: [String: Int]
  }

  @Test("convertFromSnakeCase matches keys like JSONDecoder, and leaves dictionary keys alone")
  func snakeCaseKeys() throws {
    let text = #"""
      {"user_name": "ada", "created_at_ms": 5, "_private_field_": 1, "URL_value": 2, "plain": 3,
       "nested": {"a_b": 1, "c_d_e": 2}}
      """#
    try expectSame(SnakeModel.self, text) { ours, theirs in
      ours.keyDecodingStrategy = .convertFromSnakeCase
      theirs.keyDecodingStrategy = .convertFromSnakeCase
    }
    let decoder = ArgonautJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let model = try decoder.decode(SnakeModel.self, from: Data(text.utf8))
    #expect(model.userName == "ada" && model.urlValue == 2 && model.nested == ["a_b": 1, "c_d_e": 2])
  }

  @Test("a custom key strategy sees the coding path and the key")
  func customKeys() throws {
    let upper: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      let key = path.last!.stringValue
      return GenericValue.AnyKey(stringValue: key.prefix(1).lowercased() + key.dropFirst())
    }
    try expectSame(Point.self, #"{"X": 1, "Y": 2}"#) { ours, theirs in
      ours.keyDecodingStrategy = .custom(upper)
      theirs.keyDecodingStrategy = .custom(upper)
    }
    try expectSame(Profile.self, #"{"Name": "a", "Age": 1, "Tags": [], "Home": {"X": 1, "Y": 2}}"#) { ours, theirs in
      ours.keyDecodingStrategy = .custom(upper)
      theirs.keyDecodingStrategy = .custom(upper)
    }
  }

  @Test("every date strategy reads what JSONDecoder reads")
  func dates() throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy/MM/dd HH:mm"
    let strategies: [(JSONDecoder.DateDecodingStrategy, String)] = [
      (.deferredToDate, #"{"date": 700000000.5}"#),
      (.secondsSince1970, #"{"date": 1700000000.25}"#),
      (.millisecondsSince1970, #"{"date": 1700000000250}"#),
      (.iso8601, #"{"date": "2023-11-14T22:13:20Z"}"#),
      (.iso8601, #"{"date": "2023-11-14T23:13:20+01:00"}"#),
      (.formatted(formatter), #"{"date": "2023/11/14 22:13"}"#),
      (
        .custom({ decoder in
          Date(timeIntervalSince1970: try Double(decoder.singleValueContainer().decode(String.self))!)
        }), #"{"date": "12.5"}"#
      ),
    ]
    for (strategy, text) in strategies {
      try expectSame(Stamp.self, text) { ours, theirs in
        ours.dateDecodingStrategy = strategy
        theirs.dateDecodingStrategy = strategy
      }
    }
    let iso = ArgonautJSONDecoder()
    iso.dateDecodingStrategy = .iso8601
    let stamp = try iso.decode(Stamp.self, from: Data(#"{"date": "2023-11-14T22:13:20Z"}"#.utf8))
    #expect(stamp.date == Date(timeIntervalSince1970: 1_700_000_000))
    let theirs = JSONDecoder()
    theirs.dateDecodingStrategy = .iso8601
    let bad = Data(#"[{"date": "no"}]"#.utf8)
    let ourError = errorShape { _ = try iso.decode([Stamp].self, from: bad) }
    #expect(ourError == errorShape { _ = try theirs.decode([Stamp].self, from: bad) })
    #expect(ourError == ErrorShape(kind: "dataCorrupted", subject: "", path: ["[0]"]))
  }

  @Test("every data strategy reads what JSONDecoder reads")
  func data() throws {
    let strategies: [(JSONDecoder.DataDecodingStrategy, String)] = [
      (.base64, #"{"data": "AAEC/w=="}"#),
      (.deferredToData, #"{"data": [0, 1, 2, 255]}"#),
      (.custom({ decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }), #"{"data": "abc"}"#),
    ]
    for (strategy, text) in strategies {
      try expectSame(Blob.self, text) { ours, theirs in
        ours.dataDecodingStrategy = strategy
        theirs.dataDecodingStrategy = strategy
      }
    }
  }

  @Test("non-conforming floats are read from strings only when asked")
  func nonConformingFloats() throws {
    let text = #"["+inf", "-inf", "nan", 1.5]"#
    let (ours, theirs) = both([Double].self, text) { ours, theirs in
      ours.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
      theirs.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    }
    let values = try ours.get()
    let expected = try theirs.get()
    #expect(values[0] == expected[0] && values[1] == expected[1] && values[2].isNaN && expected[2].isNaN)
    #expect(values[3] == 1.5)
    #expect(throws: DecodingError.self) { try ArgonautJSONDecoder().decode([Double].self, from: Data(text.utf8)) }
  }

  private struct Configured: Codable, Equatable {
    let value: String
    init(from decoder: any Decoder) throws {
      let prefix = decoder.userInfo[CodingUserInfoKey(rawValue: "prefix")!] as? String ?? "?"
      value = prefix + (try decoder.singleValueContainer().decode(String.self))
    }
  }

  @Test("userInfo reaches every init(from:)")
  func userInfo() throws {
    let key = CodingUserInfoKey(rawValue: "prefix")!
    try expectSame([Configured].self, #"["a", "b"]"#) { ours, theirs in
      ours.userInfo[key] = ">"
      theirs.userInfo[key] = ">"
    }
    let decoder = ArgonautJSONDecoder()
    decoder.userInfo[key] = ">"
    #expect(try decoder.decode([Configured].self, from: Data(#"["a"]"#.utf8)).map(\.value) == [">a"])
  }

  @Test("nested containers and super decoders read the same values")
  func nestedContainers() throws {
    try expectSame(
      Nested.self,
      #"{"id": 1, "name": {"first": "Ada", "last": "L"}, "coordinates": [1.5, -2], "base": {"x": 1, "y": 2}}"#)
  }

  @Test("keys of 16 bytes and more, escaped or not, found in any order")
  func longKeys() throws {
    struct Long: Codable, Equatable {
      let profileImageURLHTTPS: String
      let inReplyToScreenName: String?
      let short: Int
      enum CodingKeys: String, CodingKey {
        case profileImageURLHTTPS = "profile_image_url_https"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case short
      }
    }
    try expectSame(Long.self, #"{"short":1,"in_reply_to_screen_name":"a","profile_image_url_https":"b"}"#)
    try expectSame(Long.self, #"{"profile_image_url_http":"x","profile_image_url_https":"b","short":2}"#)
    try expectSame(Long.self, #"{"profile_image_url_http\u0073":"c","short":3,"in_reply_to_screen_nam":"z"}"#)
  }

  @Test("arrays of each scalar type, read by loops of their own, nested and empty")
  func scalarArrays() throws {
    try expectSame([[Double]].self, "[[1.5, -2e-3], [], [0]]")
    try expectSame([[Int]].self, "[[1, -2], [], [9223372036854775807]]")
    try expectSame([[String]].self, #"[["a", "caf\u00e9"], []]"#)
    try expectSame([[Bool]].self, "[[true, false], []]")
    try expectSame([[Int64]].self, "[[-9223372036854775808], []]")
    try expectSame([[UInt64]].self, "[[18446744073709551615], []]")
    try expectSame([String: [Double]].self, #"{"a": [1, 2.5], "b": []}"#)
  }

  @Test("optionals, Decimal, URL and large documents of arrays")
  func values() throws {
    try expectSame([Int?].self, "[1, null, 3]")
    try expectSame(Profile.self, #"{"name": "a", "age": 1, "tags": ["x"], "home": null}"#)
    try expectSame(Money.self, #"{"amount": 12.345}"#)
    try expectSame(Link.self, #"{"url": "https://example.com/a?b=c"}"#)
    try expectSame([[Float]].self, "[[1.5, 2], [], [3e2]]")
    try expectSame([String: [Int8]].self, #"{"a": [1, -128], "b": []}"#)
    try expectSame([Int: String].self, #"{"1": "a", "22": "b"}"#)
    try expectSame(String.self, #""caf\u00e9 \ud83d\ude80 \n""#)
    try expectSame(Int.self, "42")
    // "é" precomposed and decomposed: distinct keys in JSON, one key in a Swift dictionary.
    try expectSame([String: Int].self, #"{"caf\u00e9": 1, "cafe\u0301": 2}"#)
  }

  @Test("decoding from a JSON value reads its tape")
  func fromJSON() throws {
    let json = try JSON(parsing: #"{"point": {"x": 1, "y": 2}, "list": [1, 2]}"#)
    let decoder = ArgonautJSONDecoder()
    #expect(
      try decoder.decode([String: Point].self, from: JSON(parsing: #"{"a": {"x": 1, "y": 2}}"#)) == [
        "a": Point(x: 1, y: 2)
      ])
    if case .object(let object) = json {
      #expect(try decoder.decode(Point.self, from: object["point"]!) == Point(x: 1, y: 2))
      #expect(try decoder.decode([Int].self, from: object["list"]!) == [1, 2])
    }
    #expect(try decoder.decode(String.self, from: JSON.string("a")) == "a")
  }
}

extension Result {
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
