/// A type that receives every value of a JSON document, in document order, from
/// `JSON.walk(_:)`.
///
/// A walk reads the parsed document's tape directly. It makes no `JSON`, `JSONObject` or
/// `JSONArray` value per element, does not recurse, and retains nothing per element (only
/// a number too long to read inline, kept as text, holds its document), so it is the
/// fastest way to read a whole document: statistics, a search, a conversion to
/// another representation. Containers arrive as a begin call, their contents, and an end
/// call; in an object, each member's key comes just before its value.
///
/// ```swift
/// struct Totals: JSONVisitor {
///   var strings = 0, numbers = 0.0
///   mutating func visitString(_ value: String) { strings += 1 }
///   mutating func visitNumber(_ value: JSONNumber) { numbers += value.doubleValue }
/// }
/// var totals = Totals()
/// try JSON(parsing: #"{"a": [1, 2.5, "x"]}"#).walk(&totals)
/// totals.numbers  // 3.5
/// ```
///
/// Strings and keys arrive twice over: `visitString(utf8:)` and `visitKey(utf8:)` receive
/// the unescaped bytes, and their default implementations make a `String` and call
/// `visitString(_:)` and `visitKey(_:)`. A visitor that implements the byte forms walks
/// without making a `String`.
///
/// Every other requirement has a default implementation that does nothing, so a visitor
/// writes only the calls it cares about. A method whose signature differs from the requirement's
/// (another name, another parameter type) is therefore not an implementation, and is
/// never called.
///
/// To stop a walk early, declare the calls that stop it `throws(Found)`, with an error
/// type of your own, and throw it: the walk stops at once and rethrows the error, typed.
/// When every call the visitor writes throws, `Failure` is inferred; when some do not,
/// declare it (`typealias Failure = Found`; the compiler asks for it). Write the typed
/// form: beside `typealias Failure = Found`, a method declared with plain `throws` does
/// not match the requirement, and the default is called instead.
public protocol JSONVisitor {
  /// The error that the visitor throws to stop a walk. `Never` by default: a walk that
  /// cannot stop early needs no `try`.
  associatedtype Failure: Error = Never

  /// Receives `null`. The default implementation does nothing.
  mutating func visitNull() throws(Failure)
  /// Receives `true` or `false`. The default implementation does nothing.
  mutating func visitBool(_ value: Bool) throws(Failure)
  /// Receives a number, unconverted: read it with `integer(as:)`, `doubleValue` or
  /// `text`. The default implementation does nothing.
  mutating func visitNumber(_ value: JSONNumber) throws(Failure)
  /// Receives a string value, unescaped. The default implementation does nothing.
  mutating func visitString(_ value: String) throws(Failure)
  /// Receives a string value as its unescaped UTF-8, which is valid UTF-8 and stays
  /// valid during the call only. The default implementation makes a `String` of it
  /// and calls `visitString(_:)`.
  ///
  /// Implement this form rather than `visitString(_:)` to walk without making a
  /// `String` (which allocates past 15 bytes): compare the bytes, hash them, or copy
  /// them elsewhere.
  ///
  /// ```swift
  /// struct ByteCounter: JSONVisitor {
  ///   var bytes = 0
  ///   mutating func visitString(utf8 value: UnsafeBufferPointer<UInt8>) { bytes += value.count }
  /// }
  /// ```
  mutating func visitString(utf8 value: UnsafeBufferPointer<UInt8>) throws(Failure)
  /// Receives the start of an array of `count` elements. The default implementation does nothing.
  mutating func beginArray(count: Int) throws(Failure)
  /// Receives the end of the innermost open array. The default implementation does nothing.
  mutating func endArray() throws(Failure)
  /// Receives the start of an object of `count` members. The default implementation does nothing.
  mutating func beginObject(count: Int) throws(Failure)
  /// Receives a member's key, unescaped, just before its value. The default implementation does nothing.
  mutating func visitKey(_ key: String) throws(Failure)
  /// Receives a member's key as its unescaped UTF-8, just before its value; the bytes
  /// are valid UTF-8 and stay valid during the call only. The default implementation
  /// makes a `String` of them and calls `visitKey(_:)`.
  mutating func visitKey(utf8 key: UnsafeBufferPointer<UInt8>) throws(Failure)
  /// Receives the end of the innermost open object. The default implementation does nothing.
  mutating func endObject() throws(Failure)
}

extension JSONVisitor {
  /// Does nothing.
  public mutating func visitNull() throws(Failure) {}
  /// Does nothing.
  public mutating func visitBool(_ value: Bool) throws(Failure) {}
  /// Does nothing.
  public mutating func visitNumber(_ value: JSONNumber) throws(Failure) {}
  /// Does nothing.
  public mutating func visitString(_ value: String) throws(Failure) {}
  /// Makes a `String` of `value` and calls `visitString(_:)`.
  public mutating func visitString(utf8 value: UnsafeBufferPointer<UInt8>) throws(Failure) {
    try visitString(StringText.string(validUTF8: value))
  }
  /// Does nothing.
  public mutating func beginArray(count: Int) throws(Failure) {}
  /// Does nothing.
  public mutating func endArray() throws(Failure) {}
  /// Does nothing.
  public mutating func beginObject(count: Int) throws(Failure) {}
  /// Does nothing.
  public mutating func visitKey(_ key: String) throws(Failure) {}
  /// Makes a `String` of `key` and calls `visitKey(_:)`.
  public mutating func visitKey(utf8 key: UnsafeBufferPointer<UInt8>) throws(Failure) {
    try visitKey(StringText.string(validUTF8: key))
  }
  /// Does nothing.
  public mutating func endObject() throws(Failure) {}
}

extension JSON {
  /// Hands every value of this one to `visitor`, in document order: scalars as they
  /// come, containers as a begin call, their contents and an end call, and each object
  /// member as its key, then its value.
  ///
  /// ```swift
  /// struct KeyCounter: JSONVisitor {
  ///   var keys: [String: Int] = [:]
  ///   mutating func visitKey(_ key: String) { keys[key, default: 0] += 1 }
  /// }
  /// var counter = KeyCounter()
  /// try JSON(parsing: #"[{"id": 1}, {"id": 2, "name": "b"}]"#).walk(&counter)
  /// counter.keys  // ["id": 2, "name": 1]
  /// ```
  ///
  /// The walk keeps its own stack of open containers, so any depth that the parser
  /// accepted is walked without recursion.
  ///
  /// - Parameter visitor: The visitor, updated in place.
  /// - Throws: The first error that `visitor` throws; the walk stops there.
  /// - Complexity: O(*n*) in the number of values.
  #if !DEBUG
    @inlinable
  #endif
  public func walk<Visitor: JSONVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
    switch self {
    case .object(let object): try JSONWalk.walk(object.document, at: object.index, &visitor)
    case .array(let array): try JSONWalk.walk(array.document, at: array.index, &visitor)
    case .string(let value):
      try Array(value.utf8).withUnsafeBufferPointer { (utf8) throws(Visitor.Failure) in
        try visitor.visitString(utf8: utf8)
      }
    case .number(let value): try visitor.visitNumber(value)
    case .bool(let value): try visitor.visitBool(value)
    case .null: try visitor.visitNull()
    }
  }
}

/// The walk over a container's entries on the tape.
@usableFromInline
enum JSONWalk {
  /// Walks the container whose header is at `root` of `document`.
  ///
  /// The tape lists values in document order, each container's header recording how
  /// many entries it spans, so one loop over the entries visits everything; a stack
  /// holds the end position of each container left open outside the current one. The
  /// caller's reference keeps `document`, and so its tape, alive.
  #if !DEBUG
    @inlinable
  #else
    @usableFromInline
  #endif
  static func walk<Visitor: JSONVisitor>(
    _ document: JSONDocument, at root: Int, _ visitor: inout Visitor
  ) throws(Visitor.Failure) {
    let tape = document.tape
    // Each open container outside the current one: its end position, times two, plus
    // one for an object.
    var open = WalkStack()
    var end = root
    var inObject = false
    var i = root
    repeat {
      let entry = tape[i]
      switch entry &>> Tape.tagShift {
      case TapeTag.array.rawValue, TapeTag.object.rawValue:
        let isObject = entry &>> Tape.tagShift == TapeTag.object.rawValue
        let stored = Tape.storedCount(entry)
        let count = stored == Tape.maxCount ? Tape.count(at: i, in: tape) : stored
        if isObject { try visitor.beginObject(count: count) } else { try visitor.beginArray(count: count) }
        if i != root { open.push(end &<< 1 | (inObject ? 1 : 0)) }
        end = i &+ Tape.span(entry)
        inObject = isObject
      case TapeTag.string.rawValue:
        try StringText.withValue(entry, in: document) { (value) throws(Visitor.Failure) in
          try visitor.visitString(utf8: value)
        }
      case TapeTag.smallInt.rawValue: try visitor.visitNumber(JSONNumber(storage: .integer(Tape.smallIntValue(entry))))
      case TapeTag.number.rawValue:
        // The inline form on a branch of its own, each branch with its own call: a number
        // known to hold no document reference is destroyed without a call. Through
        // `JSONNumber(numberEntry:in:)`, the walk of `numbers` takes 49.2M instructions
        // rather than 47.7M, and canada's 62.8M rather than 61.3M.
        if Tape.isInlineNumber(entry) {
          let significand = Tape.inlineSignificand(entry, in: document.significands)
          try visitor.visitNumber(
            JSONNumber(storage: .decimal(significand: significand, layout: Tape.inlineLayout(entry))))
        } else {
          try visitor.visitNumber(JSONNumber(textNumberEntry: entry, in: document))
        }
      case TapeTag.true.rawValue: try visitor.visitBool(true)
      case TapeTag.false.rawValue: try visitor.visitBool(false)
      default: try visitor.visitNull()
      }
      i &+= 1
      // Close every container that ends here; the walk is over when the root has.
      while i == end {
        if inObject { try visitor.endObject() } else { try visitor.endArray() }
        guard let outer = open.pop() else { return }
        end = outer &>> 1
        inObject = outer & 1 != 0
      }
      if inObject {
        try StringText.withValue(tape[i], in: document) { (key) throws(Visitor.Failure) in
          try visitor.visitKey(utf8: key)
        }
        i &+= 1
      }
    } while true
  }
}

/// The walk's stack of open containers: a buffer of its own rather than an `Array`,
/// whose every append and removal checks that the storage is unshared (a runtime call
/// per container: 3% of a walk of canada).
@usableFromInline
struct WalkStack: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Int>
  @usableFromInline var count = 0
  @usableFromInline var capacity = 16

  @inlinable
  init() {
    base = .allocate(capacity: 16)
  }

  @inlinable
  deinit { base.deallocate() }

  @inlinable @inline(__always)
  mutating func push(_ value: Int) {
    if count == capacity { grow() }
    base[count] = value
    count &+= 1
  }

  /// The last value pushed, removed; `nil` when the stack is empty.
  @inlinable @inline(__always)
  mutating func pop() -> Int? {
    guard count > 0 else { return nil }
    count &-= 1
    return base[count]
  }

  @usableFromInline @inline(never)
  mutating func grow() {
    let larger = UnsafeMutablePointer<Int>.allocate(capacity: capacity &* 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity &*= 2
  }
}
