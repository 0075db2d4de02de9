// The round trip that Scripts/generator-check.sh and Scripts/quicktype-check.sh run:
// each script copies this file into its temporary package, beside a main.swift that
// imports the generated modules and calls `check` once per sample.
//
// The comparison is exact: a key absent from the sample must stay absent, a `null`
// must stay `null`, strings and booleans must be equal, and numbers equal by value
// (`1.5` and `1.50`; a number written with a fraction or an exponent also when both
// round to the same `Double`, since a `Double` member keeps no more than that).
import Argonaut

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The places where two documents differ: how many, and the first few.
struct Differences {
  /// How many places differ.
  var count = 0
  /// The first places that differ, as `path: what`.
  var first: [String] = []

  mutating func add(_ description: @autoclosure () -> String) {
    count += 1
    if first.count < 3 { first.append(description()) }
  }
}

/// Whether `encoded` reads the same number as `sample`: the same exact value, or, when
/// the sample has a fraction or an exponent, the same `Double`.
func sameNumber(_ sample: JSONNumber, _ encoded: JSONNumber) -> Bool {
  if sample == encoded { return true }
  let isDecimal = sample.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
  return isDecimal && sample.doubleValue == encoded.doubleValue
}

/// Adds every place where `encoded` differs from `sample` to `differences`.
func compare(_ sample: JSON, _ encoded: JSON, at path: String, into differences: inout Differences) {
  switch (sample, encoded) {
  case (.object(let left), .object(let right)):
    for (key, value) in left {
      if let other = right[key] {
        compare(value, other, at: path + "." + key, into: &differences)
      } else {
        differences.add("\(path).\(key): \(value) in the sample, absent after the round trip")
      }
    }
    for (key, value) in right where left[key] == nil {
      differences.add("\(path).\(key): absent from the sample, \(value) after the round trip")
    }
  case (.array(let left), .array(let right)):
    guard left.count == right.count else {
      differences.add("\(path): \(left.count) elements, then \(right.count)")
      return
    }
    for (offset, (a, b)) in zip(left, right).enumerated() {
      compare(a, b, at: "\(path)[\(offset)]", into: &differences)
    }
  case (.number(let left), .number(let right)):
    if !sameNumber(left, right) { differences.add("\(path): \(left), then \(right)") }
  default:
    if sample != encoded { differences.add("\(path): \(sample), then \(encoded)") }
  }
}

/// The places where `encoded` differs from `sample`.
func differences(_ sample: JSON, _ encoded: JSON) -> Differences {
  var found = Differences()
  compare(sample, encoded, at: "(root)", into: &found)
  return found
}

/// The bytes of the file at `path`.
func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count == 0 { return bytes }
    bytes += chunk[..<count]
  }
}

/// What became of one sample.
enum Outcome {
  case unreadable, undecodable, differs, exact
}

/// Decodes the sample at `path` as `T` (or `[T]`, for a root array whose elements are
/// `T`), encodes the model back, and prints whether it round-trips exactly.
func check<T: Decodable & JSONEncodable>(_ name: String, path: String, _ type: T.Type, isAlias: Bool) -> Outcome
where T.DecodedType == T {
  let json: JSON
  do {
    guard let bytes = readFile(path) else {
      print("FAIL \(name): cannot read \(path)")
      return .unreadable
    }
    json = try JSON(parsing: bytes)
  } catch {
    print("FAIL \(name): \(error)")
    return .unreadable
  }
  let encoded: JSON
  let decoded: Decoded<JSON> =
    if case .array = json, !isAlias { [T].decode(json).map { $0.encode() } } else { T.decode(json).map { $0.encode() } }
  switch decoded {
  case .success(let value): encoded = value
  case .failure(let error):
    print("FAIL \(name): does not decode:\n\(error)")
    return .undecodable
  }
  let found = differences(json, encoded)
  guard found.count == 0 else {
    print("FAIL \(name): the round trip differs at \(found.count) places, such as")
    for place in found.first { print("       \(place)") }
    return .differs
  }
  print("ok   \(name): decodes, encodes, and round-trips exactly")
  return .exact
}

/// The comparison itself must see a difference wherever there is one.
func checkTheComparison() {
  precondition(differences(["a": 1], ["a": 2]).count == 1)
  precondition(differences(["a": [1]], ["a": []]).count == 1)
  precondition(differences(["a": "x"], [:]).count == 1)
  precondition(differences(["a": .null], [:]).count == 1, "null must not equal absent")
  precondition(differences([:], ["a": .null]).count == 1, "absent must not equal null")
  precondition(differences(["a": 1.5], ["a": 1.50]).count == 0)
  precondition(differences(["a": 1], ["a": 1.0]).count == 0)
  precondition(differences(["a": 9_007_199_254_740_993], ["a": 9_007_199_254_740_992]).count == 1)
  precondition(differences(["a": .null, "b": [.null, true]], ["a": .null, "b": [.null, false]]).count == 1)
}
