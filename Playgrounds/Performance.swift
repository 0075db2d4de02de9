// Performance.swift: Argonaut against Foundation, on the same document, in one run.
//
// Run it with `Playgrounds/run Performance`. It reads ../shared/corpora/bench when
// it is there, and otherwise generates a document. For the real figures (every
// corpus file, CPU time, medians over many rounds, peak memory) run the benchmark:
// `swift run -c release ArgonautBenchmarks`.

import Argonaut
import Foundation

// MARK: - Models, decodable both ways

// One set of types serves both sides: Argonaut's `Decodable` (hand-written) and
// Swift's `Codable` (synthesized). In a file that imports Argonaut, the plain name
// `Decodable` is Argonaut's; `Codable` keeps its standard meaning.
struct FeatureCollection: Codable, Equatable {
  let type: String
  let features: [Feature]
}

struct Feature: Codable, Equatable {
  let type: String
  let properties: [String: String]
  let geometry: Geometry
}

struct Geometry: Codable, Equatable {
  let type: String
  let coordinates: [[[Double]]]
}

extension FeatureCollection: Decodable {
  static func decode(_ j: JSON) -> Decoded<FeatureCollection> {
    curry(FeatureCollection.init) <^> j <| "type" <*> j <|| "features"
  }
}

extension Feature: Decodable {
  static func decode(_ j: JSON) -> Decoded<Feature> {
    curry(Feature.init) <^> j <| "type" <*> j <| "properties" <*> j <| "geometry"
  }
}

extension Geometry: Decodable {
  static func decode(_ j: JSON) -> Decoded<Geometry> {
    curry(Geometry.init) <^> j <| "type" <*> j <|| "coordinates"
  }
}

// MARK: - The document

let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("shared/corpora/bench/canada.json")
let bytes: [UInt8]
if let data = FileManager.default.contents(atPath: corpus.path) {
  bytes = [UInt8](data)
  print("Document: canada.json, \(bytes.count / 1000) kB of GeoJSON coordinates")
} else {
  // A generated stand-in with the same shape: 200 rings of 500 points.
  var random = SystemRandomNumberGenerator()
  let rings = (0..<200).map { _ in
    "["
      + (0..<500).map { _ in
        "[\(Double.random(in: -180...180, using: &random)),\(Double.random(in: -90...90, using: &random))]"
      }
      .joined(separator: ",") + "]"
  }
  let text =
    #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Generated"},"#
    + #""geometry":{"type":"Polygon","coordinates":["# + rings.joined(separator: ",") + "]}}]}"
  bytes = Array(text.utf8)
  print("Document: generated (../shared/corpora/bench is absent), \(bytes.count / 1000) kB")
}
let data = Data(bytes)

// MARK: - Timing

/// The median time of `body` over 7 runs, after a warm-up run.
func median(_ body: () throws -> Void) rethrows -> Duration {
  try body()
  var times: [Duration] = []
  for _ in 0..<7 {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    times.append(clock.now - start)
  }
  return times.sorted()[times.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func report(_ task: String, argonaut: Duration, foundation: Duration, foundationName: String) {
  let ours = milliseconds(argonaut)
  let theirs = milliseconds(foundation)
  let line = String(
    format: "%@: Argonaut %.2f ms, %@ %.2f ms: %.1f× as fast", task, ours, foundationName, theirs, theirs / ours)
  print(line)
}

// Both sides must agree before their speed means anything.
let ours = try FeatureCollection.decode(JSON(parsing: bytes)).get()
let theirs = try JSONDecoder().decode(FeatureCollection.self, from: data)
precondition(ours == theirs, "Argonaut and JSONDecoder disagree")
print("Both decoders agree: \(ours.features[0].geometry.coordinates.map(\.count).reduce(0, +)) points.\n")

let parse = try median { _ = try JSON(parsing: bytes) }
let serialization = try median { _ = try JSONSerialization.jsonObject(with: data) }
report("Parse", argonaut: parse, foundation: serialization, foundationName: "JSONSerialization")

let decodeOurs = try median { _ = try FeatureCollection.decode(JSON(parsing: bytes)).get() }
let decodeTheirs = try median { _ = try JSONDecoder().decode(FeatureCollection.self, from: data) }
report("Parse + decode", argonaut: decodeOurs, foundation: decodeTheirs, foundationName: "JSONDecoder")

// How: one validating pass writes a flat "tape" of the document; numbers and
// strings are converted only when a decoder asks for them, and numbers with an
// Eisel-Lemire conversion that is exact.

// MARK: - Reading every value: a visitor

// `JSON.walk(_:)` hands every value of a document to a visitor, in document order, in
// one loop over the tape: no `JSON` value per element, no recursion, no retain per
// element. Each visitor call has a default that does nothing, so a visitor writes only
// what it needs. Here: the range of every number in the document.
struct Bounds: JSONVisitor {
  var numbers = 0
  var lowest = Double.infinity
  var highest = -Double.infinity

  mutating func visitNumber(_ value: JSONNumber) {
    let x = value.doubleValue
    numbers += 1
    lowest = min(lowest, x)
    highest = max(highest, x)
  }
}

var bounds = Bounds()
try JSON(parsing: bytes).walk(&bounds)
print("\n\(bounds.numbers) numbers, from \(bounds.lowest) to \(bounds.highest)")

// Strings and keys also arrive as their unescaped UTF-8, valid during the call only.
// A visitor that implements `visitString(utf8:)` or `visitKey(utf8:)` walks without
// making a `String` (which allocates past 15 bytes). Here: the longest key.
struct LongestKey: JSONVisitor {
  var longest: [UInt8] = []

  mutating func visitKey(utf8 key: UnsafeBufferPointer<UInt8>) {
    if key.count > longest.count { longest = Array(key) }
  }
}

var longestKey = LongestKey()
try JSON(parsing: bytes).walk(&longestKey)
print("the longest key: \(String(decoding: longestKey.longest, as: UTF8.self))")

/// The same range from Foundation's objects, recursively.
func foundationBounds(_ value: Any, into bounds: inout Bounds) {
  if let array = value as? [Any] {
    for element in array { foundationBounds(element, into: &bounds) }
  } else if let object = value as? [String: Any] {
    for (_, member) in object { foundationBounds(member, into: &bounds) }
  } else if let number = value as? NSNumber, !(value is Bool) {
    bounds.numbers += 1
    bounds.lowest = min(bounds.lowest, number.doubleValue)
    bounds.highest = max(bounds.highest, number.doubleValue)
  }
}
var theirBounds = Bounds()
foundationBounds(try JSONSerialization.jsonObject(with: data), into: &theirBounds)
precondition(theirBounds.numbers == bounds.numbers, "the visitor and JSONSerialization saw different numbers")
// Argonaut's doubles are correctly rounded. JSONSerialization on Linux misrounds a few
// of canada's 17-digit coordinates: -141.00299100000001 reads as -141.00299099999998.
print("JSONSerialization: \(theirBounds.numbers) numbers, from \(theirBounds.lowest) to \(theirBounds.highest)")

let walkOurs = try median {
  var visitor = Bounds()
  try JSON(parsing: bytes).walk(&visitor)
}
let walkTheirs = try median {
  var visitor = Bounds()
  foundationBounds(try JSONSerialization.jsonObject(with: data), into: &visitor)
}
report("Parse + read every number", argonaut: walkOurs, foundation: walkTheirs, foundationName: "JSONSerialization")
