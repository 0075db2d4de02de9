import Argonaut
import PeerShims

/// The libraries compared, in table order.
enum Engine: String, CaseIterable {
  case argonaut, simdjson, rapidjson

  var title: String {
    switch self {
    case .argonaut: "Argonaut"
    case .simdjson: "simdjson 3 (DOM)"
    case .rapidjson: "RapidJSON 1.1"
    }
  }

  var peerKind: peer_kind? {
    switch self {
    case .argonaut: nil
    case .simdjson: PEER_SIMDJSON
    case .rapidjson: PEER_RAPIDJSON
    }
  }
}

/// The work measured on each document.
enum Work: String, CaseIterable {
  /// Bytes to the library's document; nothing is visited.
  case parse
  /// Parse, then visit every value: strings and keys, numbers as Int64 or Double.
  /// Argonaut walks with a `JSONVisitor`, the peers over their DOM.
  case walk
  /// The same walk, Argonaut's over `JSON` values (`switch`, `for … in`); the peers'
  /// walk is the one above.
  case walkValues = "walk-values"
  /// A parsed document to compact JSON text.
  case write

  var title: String {
    switch self {
    case .parse: "Parse"
    case .walk: "Walk"
    case .walkValues: "Walk (values)"
    case .write: "Write"
    }
  }
}

/// What a walk saw, the same for every library when they agree.
struct WalkSummary: Equatable {
  var stringBytes: UInt64 = 0
  var integerSum: Int64 = 0
  var doubleSum: Double = 0
  var values: UInt64 = 0
  /// Every number as a Double, whichever way it was read, for comparing libraries
  /// (`1.0` is an integer for Argonaut's `integer(as:)`, a double for the peers).
  var numberTotal: Double = 0

  init(
    stringBytes: UInt64 = 0, integerSum: Int64 = 0, doubleSum: Double = 0, values: UInt64 = 0, numberTotal: Double = 0
  ) {
    self.stringBytes = stringBytes
    self.integerSum = integerSum
    self.doubleSum = doubleSum
    self.values = values
    self.numberTotal = numberTotal
  }

  /// What a C++ peer's walk saw.
  init(_ peer: peer_walk_summary) {
    self.init(
      stringBytes: peer.string_bytes, integerSum: peer.integer_sum, doubleSum: peer.double_sum, values: peer.values,
      numberTotal: peer.number_total)
  }

  /// Adds a number the way Argonaut's walks read it: as an `Int64` when it is one, else a `Double`.
  @inline(__always)
  mutating func add(_ number: JSONNumber) {
    if let integer = number.integer(as: Int64.self) {
      integerSum &+= integer
      numberTotal += Double(integer)
    } else {
      let double = number.doubleValue
      doubleSum += double
      numberTotal += double
    }
  }

  func agrees(with other: WalkSummary) -> Bool {
    stringBytes == other.stringBytes && values == other.values
      && abs(numberTotal - other.numberTotal) <= 1e-9 * Swift.max(1, abs(numberTotal))
  }
}

/// One library's prepared document, and its work as closures.
final class Contender {
  let engine: Engine
  let bytes: [UInt8]
  private var peer: OpaquePointer?
  private var parsed: JSON?

  init(_ engine: Engine, bytes: [UInt8]) {
    self.engine = engine
    self.bytes = bytes
    if let kind = engine.peerKind {
      peer = bytes.withUnsafeBufferPointer { peer_load(kind, $0.baseAddress, $0.count) }
    }
  }

  deinit { peer_free(peer) }

  func parse() {
    if let peer {
      precondition(peer_parse(peer) == 0, "\(engine.title) failed to parse")
    } else {
      blackHole(try! JSON(parsing: bytes))
    }
  }

  func walk() -> WalkSummary {
    if let peer {
      var summary = peer_walk_summary()
      precondition(peer_walk(peer, &summary) == 0, "\(engine.title) failed to parse")
      return WalkSummary(summary)
    }
    var visitor = SummaryVisitor()
    try! JSON(parsing: bytes).walk(&visitor)
    return visitor.summary
  }

  /// The walk over `JSON` values, for Argonaut; the peers' own walk otherwise.
  func walkValues() -> WalkSummary {
    guard peer == nil else { return walk() }
    var summary = WalkSummary()
    ArgonautWalk.visit(try! JSON(parsing: bytes), into: &summary)
    return summary
  }

  /// RapidJSON's walk with numbers read exactly (`kParseFullPrecisionFlag`).
  func walkWithFullPrecision() -> WalkSummary {
    var summary = peer_walk_summary()
    precondition(peer_walk_full_precision(peer, &summary) == 0, "\(engine.title) failed to parse")
    return WalkSummary(summary)
  }

  /// Parses once, untimed, before `write` is measured.
  func prepareWrite() {
    if let peer {
      precondition(peer_prepare_write(peer) == 0, "\(engine.title) failed to parse")
    } else {
      parsed = try! JSON(parsing: bytes)
    }
  }

  /// The length of the compact text written.
  func write() -> Int {
    if let peer { return peer_write(peer) }
    return JSONSerializer.compact.bytes(from: parsed!).count
  }

  func run(_ work: Work) {
    switch work {
    case .parse: parse()
    case .walk: blackHole(walk())
    case .walkValues: blackHole(walkValues())
    case .write: blackHole(write())
    }
  }
}

/// Argonaut's walk with a visitor: the tape read in one loop, no `JSON` value per element,
/// and strings and keys as views of their unescaped bytes (`visitString(utf8:)`,
/// `visitKey(utf8:)`), as the peers hand out `string_view`s and `GetString()`.
struct SummaryVisitor: JSONVisitor {
  var summary = WalkSummary()

  mutating func visitNull() { summary.values &+= 1 }
  mutating func visitBool(_ value: Bool) { summary.values &+= 1 }
  mutating func beginArray(count: Int) { summary.values &+= 1 }
  mutating func beginObject(count: Int) { summary.values &+= 1 }
  mutating func visitKey(utf8 key: UnsafeBufferPointer<UInt8>) { summary.stringBytes &+= UInt64(key.count) }

  mutating func visitString(utf8 value: UnsafeBufferPointer<UInt8>) {
    summary.values &+= 1
    summary.stringBytes &+= UInt64(value.count)
  }

  mutating func visitNumber(_ number: JSONNumber) {
    summary.values &+= 1
    summary.add(number)
  }
}

/// Argonaut's walk over `JSON` values: what a program that matches on every value does.
enum ArgonautWalk {
  static func visit(_ json: JSON, into summary: inout WalkSummary) {
    summary.values &+= 1
    switch json {
    case .object(let object):
      for (key, value) in object {
        summary.stringBytes &+= UInt64(key.utf8.count)
        visit(value, into: &summary)
      }
    case .array(let array):
      for element in array { visit(element, into: &summary) }
    case .string(let string):
      summary.stringBytes &+= UInt64(string.utf8.count)
    case .number(let number):
      summary.add(number)
    case .bool, .null:
      break
    }
  }
}

/// Keeps results alive so the optimizer cannot drop the work.
nonisolated(unsafe) var sink = 0

@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { sink &+= Int(bitPattern: $0) & 1 }
}
