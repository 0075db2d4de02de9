import Argonaut
import ArgonautTestSupport
import Testing

/// What a visitor received, one call each.
enum VisitEvent: Hashable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(JSONNumber, text: String)
  case string(String)
  case key(String)
  case beginArray(Int)
  case endArray
  case beginObject(Int)
  case endObject

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(_, let text): "number \(text)"
    case .string(let value): "string \(value.debugDescription)"
    case .key(let key): "key \(key.debugDescription)"
    case .beginArray(let count): "[\(count)"
    case .endArray: "]"
    case .beginObject(let count): "{\(count)"
    case .endObject: "}"
    }
  }
}

/// Records every call.
struct RecordingVisitor: JSONVisitor {
  var events: [VisitEvent] = []

  mutating func visitNull() { events.append(.null) }
  mutating func visitBool(_ value: Bool) { events.append(.bool(value)) }
  mutating func visitNumber(_ value: JSONNumber) { events.append(.number(value, text: value.text)) }
  mutating func visitString(_ value: String) { events.append(.string(value)) }
  mutating func beginArray(count: Int) { events.append(.beginArray(count)) }
  mutating func endArray() { events.append(.endArray) }
  mutating func beginObject(count: Int) { events.append(.beginObject(count)) }
  mutating func visitKey(_ key: String) { events.append(.key(key)) }
  mutating func endObject() { events.append(.endObject) }

  static func events(of json: JSON) -> [VisitEvent] {
    var visitor = RecordingVisitor()
    json.walk(&visitor)
    return visitor.events
  }
}

/// The events that a walk should produce, from the `JSON` value API, recursively.
func referenceEvents(of json: JSON, into events: inout [VisitEvent]) {
  switch json {
  case .null: events.append(.null)
  case .bool(let value): events.append(.bool(value))
  case .number(let value): events.append(.number(value, text: value.text))
  case .string(let value): events.append(.string(value))
  case .array(let array):
    events.append(.beginArray(array.count))
    for element in array { referenceEvents(of: element, into: &events) }
    events.append(.endArray)
  case .object(let object):
    events.append(.beginObject(object.count))
    for (key, value) in object {
      events.append(.key(key))
      referenceEvents(of: value, into: &events)
    }
    events.append(.endObject)
  }
}

func referenceEvents(of json: JSON) -> [VisitEvent] {
  var events: [VisitEvent] = []
  referenceEvents(of: json, into: &events)
  return events
}

/// Random JSON text of every kind of value, for comparing the walk with the value API.
struct RandomJSONText {
  var random: SplitMix64

  mutating func value(depth: Int) -> String {
    let kind = depth >= 6 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<7, using: &random)
    switch kind {
    case 0: return ["null", "true", "false"].randomElement(using: &random)!
    case 1: return number()
    case 2, 3: return string()
    case 4, 5:
      let count = Int.random(in: 0..<6, using: &random)
      return "[" + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
    default:
      let count = Int.random(in: 0..<6, using: &random)
      // Keys from a small set, so that some objects repeat one (the last value wins).
      let members = (0..<count).map { _ in "\"k\(Int.random(in: 0..<5, using: &random))\": \(value(depth: depth + 1))" }
      return "{" + members.joined(separator: ", ") + "}"
    }
  }

  mutating func number() -> String {
    [
      "0", "-0", "7", "-12", "505874924095815681", "18446744073709551615", "123456789012345678901234567890",
      "3.25", "-65.613616999999977", "1e2", "1.5E-7", "0.000123", "-0.0", "2.2250738585072014e-308", "1e400",
    ].randomElement(using: &random)!
  }

  mutating func string() -> String {
    let pieces = [
      "plain", " ", "\\n", "\\\"", "\\u00e9", "\\ud83d\\ude80", "é", "日本", "\\\\", "\\/", "a long run of text",
    ]
    let count = Int.random(in: 0..<5, using: &random)
    return "\"" + (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
  }
}

@Suite("JSON visitor", .offThePool)
struct JSONVisitorTests {
  @Test("a walk calls the visitor in document order, keys just before their values")
  func documentOrder() throws {
    let json = try JSON(parsing: #"{"a": [1, 2.5, "x\n"], "b": {}, "c": [true, false, null, []], "d": -7e-1}"#)
    let events = RecordingVisitor.events(of: json)
    let expected: [VisitEvent] = [
      .beginObject(4),
      .key("a"), .beginArray(3), .number(1, text: "1"), .number(2.5, text: "2.5"), .string("x\n"), .endArray,
      .key("b"), .beginObject(0), .endObject,
      .key("c"), .beginArray(4), .bool(true), .bool(false), .null, .beginArray(0), .endArray, .endArray,
      .key("d"), .number(JSONNumber("-7e-1")!, text: "-7e-1"),
      .endObject,
    ]
    #expect(events == expected)
  }

  @Test("a scalar at the root is one call", arguments: ["null", "true", "false", "12", "-1.5e3", #""\u00e9""#])
  func scalarRoot(text: String) throws {
    let json = try JSON(parsing: text)
    let events = RecordingVisitor.events(of: json)
    #expect(events.count == 1)
    #expect(events == referenceEvents(of: json))
  }

  @Test("walking a nested value walks only that value")
  func nestedValue() throws {
    let json = try JSON(parsing: #"[{"skip": 1}, {"inner": [[1], {"x": null}], "after": 2}, 3]"#)
    let inner = try #require(json[1]?["inner"])
    #expect(
      RecordingVisitor.events(of: inner) == [
        .beginArray(2), .beginArray(1), .number(1, text: "1"), .endArray,
        .beginObject(1), .key("x"), .null, .endObject, .endArray,
      ])
    let last = try #require(json[1])
    #expect(RecordingVisitor.events(of: last) == referenceEvents(of: last))
    let empty = try JSON(parsing: "[[], {}]")
    #expect(RecordingVisitor.events(of: try #require(empty[0])) == [.beginArray(0), .endArray])
  }

  @Test("the walk agrees with the JSON value API on 2,000 random documents")
  func randomDocuments() throws {
    var generator = RandomJSONText(random: SplitMix64(seed: 0x5EED_0F_7A1C))
    for _ in 0..<2_000 {
      let text = generator.value(depth: 0)
      let json = try JSON(parsing: text)
      let events = RecordingVisitor.events(of: json)
      #expect(events == referenceEvents(of: json), "\(text)")
    }
  }

  @Test("values built from literals walk like parsed ones")
  func literals() throws {
    let built: JSON = ["id": 1, "tags": ["a", "b"], "nested": ["ok": true, "none": .null], "ratio": 0.5]
    let parsed = try JSON(parsing: built.description)
    #expect(RecordingVisitor.events(of: built) == RecordingVisitor.events(of: parsed))
    #expect(RecordingVisitor.events(of: built) == referenceEvents(of: built))
  }

  @Test("the last duplicate key is the one walked")
  func duplicateKeys() throws {
    let json = try JSON(parsing: #"{"a": 1, "b": 2, "a": [3]}"#)
    let events = RecordingVisitor.events(of: json)
    #expect(events == referenceEvents(of: json))
    #expect(events.filter { $0 == .key("a") }.count == 1)
    #expect(events.contains(.beginArray(1)))
    #expect(!events.contains(.number(1, text: "1")))
  }

  @Test("every accepted document of JSONTestSuite walks like its values")
  func conformanceSuite() throws {
    let files = Corpus.testSuiteFiles(prefix: "y_")
    guard !files.isEmpty else {
      print("skipped: ../shared/corpora/JSONTestSuite is absent")
      return
    }
    for name in files {
      let json = try JSON(parsing: try Corpus.testSuiteBytes(name))
      #expect(RecordingVisitor.events(of: json) == referenceEvents(of: json), "\(name)")
    }
  }

  @Test("the corpus walks like its values", arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
  func corpus(name: String) throws {
    guard let bytes = try? Corpus.benchBytes(name) else {
      print("skipped: ../shared/corpora/bench/\(name) is absent")
      return
    }
    let json = try JSON(parsing: bytes)
    #expect(RecordingVisitor.events(of: json) == referenceEvents(of: json))
  }

  /// Counts nesting, to check that deep documents are walked whole.
  struct DepthVisitor: JSONVisitor {
    var depth = 0
    var deepest = 0
    var containers = 0
    mutating func beginArray(count: Int) { enter() }
    mutating func beginObject(count: Int) { enter() }
    mutating func endArray() { depth -= 1 }
    mutating func endObject() { depth -= 1 }
    mutating func enter() {
      depth += 1
      containers += 1
      deepest = max(deepest, depth)
    }
  }

  /// Records strings and keys from the byte forms only.
  struct ByteVisitor: JSONVisitor {
    var events: [VisitEvent] = []
    var strings: [[UInt8]] = []
    mutating func visitString(utf8 value: UnsafeBufferPointer<UInt8>) {
      strings.append(Array(value))
      events.append(.string(String(decoding: value, as: UTF8.self)))
    }
    mutating func visitKey(utf8 key: UnsafeBufferPointer<UInt8>) {
      strings.append(Array(key))
      events.append(.key(String(decoding: key, as: UTF8.self)))
    }
    mutating func visitString(_ value: String) { Issue.record("the String form was called for \(value)") }
    mutating func visitKey(_ key: String) { Issue.record("the String form was called for \(key)") }
  }

  @Test("the byte forms receive every string and key, unescaped, and the String forms are not called")
  func byteForms() throws {
    let text = #"{"plain": "text", "esc\u00e9": "a\nb\"c\\d\ud83d\ude80", "": ["", "日本語 a long run of text"]}"#
    var visitor = ByteVisitor()
    let json = try JSON(parsing: text)
    json.walk(&visitor)
    let expected: [[UInt8]] = ["plain", "text", "escé", "a\nb\"c\\d🚀", "", "", "日本語 a long run of text"].map {
      Array($0.utf8)
    }
    #expect(visitor.strings == expected)
    // A built value, and a string at the root, walk through the byte forms too.
    var built = ByteVisitor()
    JSON.object(JSONObject(["k": "v", "é": ["w"]])).walk(&built)
    #expect(built.strings == [Array("k".utf8), Array("v".utf8), Array("é".utf8), Array("w".utf8)])
    var root = ByteVisitor()
    JSON.string("root ü").walk(&root)
    #expect(root.strings == [Array("root ü".utf8)])
  }

  @Test("the byte forms and the String forms see the same text on 2,000 random documents")
  func byteFormsAgree() throws {
    var generator = RandomJSONText(random: SplitMix64(seed: 0xB17E5))
    for _ in 0..<2000 {
      let json = try JSON(parsing: generator.value(depth: 0))
      var bytes = ByteVisitor()
      json.walk(&bytes)
      let stringEvents = RecordingVisitor.events(of: json).filter {
        if case .string = $0 { return true }
        if case .key = $0 { return true }
        return false
      }
      #expect(bytes.events == stringEvents)
    }
  }

  @Test("100,000 levels walk without recursion")
  func deepNesting() throws {
    let levels = 100_000
    let options = JSONParsingOptions(maximumDepth: levels)
    let arrays = String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    let objects = String(repeating: #"{"k":"#, count: levels) + "null" + String(repeating: "}", count: levels)
    for text in [arrays, objects] {
      var visitor = DepthVisitor()
      try JSON(parsing: text, options: options).walk(&visitor)
      #expect(visitor.deepest == levels)
      #expect(visitor.containers == levels)
      #expect(visitor.depth == 0)
    }
  }

  /// Stops at the `limit`-th number.
  struct StoppingVisitor: JSONVisitor {
    struct Enough: Error, Equatable { let seen: Int }
    // Needed: `endArray` does not throw, so `Failure` could also be `Never`.
    typealias Failure = Enough
    let limit: Int
    var numbers: [Int] = []
    var ends = 0

    mutating func visitNumber(_ value: JSONNumber) throws(Enough) {
      numbers.append(value.integer(as: Int.self) ?? -1)
      if numbers.count == limit { throw Enough(seen: numbers.count) }
    }
    mutating func endArray() { ends += 1 }
  }

  @Test("a visitor that throws stops the walk at once, with its own error type")
  func stopsEarly() throws {
    let json = try JSON(parsing: "[[1, 2], [3, 4, 5], 6]")
    var visitor = StoppingVisitor(limit: 4)
    #expect(throws: StoppingVisitor.Enough(seen: 4)) { try json.walk(&visitor) }
    #expect(visitor.numbers == [1, 2, 3, 4])
    #expect(visitor.ends == 1)
    // Typed: the error needs no cast.
    var again = StoppingVisitor(limit: 1)
    do {
      try json.walk(&again)
      Issue.record("the walk should have stopped")
    } catch {
      #expect(error.seen == 1)
    }
    var never = StoppingVisitor(limit: 100)
    try json.walk(&never)
    #expect(never.numbers == [1, 2, 3, 4, 5, 6])
    #expect(never.ends == 3)
  }

  /// Throws at its `limit`-th call, whichever call that is.
  struct CountingStopper: JSONVisitor {
    struct Stop: Error {}
    let limit: Int
    var calls = 0

    mutating func call() throws(Stop) {
      calls += 1
      if calls == limit { throw Stop() }
    }
    mutating func visitNull() throws(Stop) { try call() }
    mutating func visitBool(_ value: Bool) throws(Stop) { try call() }
    mutating func visitNumber(_ value: JSONNumber) throws(Stop) { try call() }
    mutating func visitString(_ value: String) throws(Stop) { try call() }
    mutating func beginArray(count: Int) throws(Stop) { try call() }
    mutating func endArray() throws(Stop) { try call() }
    mutating func beginObject(count: Int) throws(Stop) { try call() }
    mutating func visitKey(_ key: String) throws(Stop) { try call() }
    mutating func endObject() throws(Stop) { try call() }
  }

  @Test("a throw from any call, a key, a begin or an end included, stops the walk there")
  func stopsAtEveryCall() throws {
    let json = try JSON(parsing: #"{"a": [1, {"b": null}, []], "c": {"d": "x", "e": [true]}, "f": 2.5}"#)
    let total = RecordingVisitor.events(of: json).count
    #expect(total == 23)
    for limit in 1...total {
      var visitor = CountingStopper(limit: limit)
      #expect(throws: CountingStopper.Stop.self) { try json.walk(&visitor) }
      #expect(visitor.calls == limit, "stopped at call \(limit)")
    }
    var whole = CountingStopper(limit: total + 1)
    try json.walk(&whole)
    #expect(whole.calls == total)
  }

  /// Uses only the defaults but one.
  struct KeyCounter: JSONVisitor {
    var keys: [String: Int] = [:]
    mutating func visitKey(_ key: String) { keys[key, default: 0] += 1 }
  }

  @Test("a visitor writes only the calls it needs")
  func defaults() throws {
    var counter = KeyCounter()
    try JSON(parsing: #"[{"id": 1}, {"id": 2, "name": "b", "tags": {"id": 3}}]"#).walk(&counter)
    #expect(counter.keys == ["id": 3, "name": 1, "tags": 1])
  }
}
