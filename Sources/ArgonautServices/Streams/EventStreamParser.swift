import Foundation

/// An event stream's parser, fed chunk by chunk: the WHATWG HTML standard's
/// event-stream grammar and its "Interpreting an event stream" rules, in one pass
/// over the bytes.
///
/// **Lines.** A line ends at CRLF, LF or CR. A line cut by a chunk's end is kept
/// until its end arrives, so lines (and the UTF-8 characters in them) may be split at
/// any byte. A CR at a chunk's end ends its line at once, and the state remembers it,
/// so an LF that starts the next chunk is not taken for an empty line. A byte-order
/// mark at the very start of the stream is dropped.
///
/// **Fields.** A line that starts with `:` is a comment; otherwise the field name runs
/// to the first `:` (or the whole line, for a field with no colon, whose value is
/// empty), and one space after the colon is dropped from the value. `data` appends
/// its value and a line feed to the data buffer, `event` sets the type, `id` sets the
/// last event ID (unless its value holds a NUL), `retry` sets the reconnection time
/// when its value is all ASCII digits; any other field is ignored. An empty line
/// dispatches: the last event ID takes effect, and, unless the data buffer is empty,
/// an event is made, its data without the final line feed.
///
/// **Speed.** Lines are read where they lie in the chunk: only a line that a chunk's
/// end cuts is copied. A block's first `data` line stays a view of the chunk until
/// the block ends, so a one-line event (the common case) takes its `data` straight
/// from the chunk; a second line, or the chunk's end, copies it into the data buffer.
/// When the chunk is an array (``next(in:at:)-([UInt8],_)``), the event keeps its
/// one-line `data`, and an `id` that lies in the chunk, as bytes of that array,
/// shared, and makes their strings only when they are read (``EventText``); from raw
/// memory, the strings are made at once. Event types are reused when the next one is
/// the same.
struct EventStreamParser {
  /// A line or an event larger than the limit.
  enum Failure: Error {
    case lineTooLong
    case eventTooLarge
  }

  /// The longest line, and the largest event's data, accepted, in bytes.
  let maximumSize: Int

  // The lines.
  /// The start of a line that a chunk's end cut.
  private var partial: [UInt8] = []
  /// Whether the last byte seen was a CR, whose LF may start the next chunk.
  private var afterCR = false
  /// Whether no line has ended yet: the first one may start with a byte-order mark.
  private var atStart = true
  /// The next CR in the chunk being parsed, at or after the line being read (the
  /// chunk's length when there is none; -1 before the search): most streams have
  /// none, and then one search covers the chunk.
  private var nextCR = -1

  // The block in progress.
  /// The data lines, each followed by a line feed, once copied.
  private var data: [UInt8] = []
  /// The block's only data line so far, still in the chunk being parsed (never past
  /// the end of ``parse(_:into:)``).
  private var dataInChunk: UnsafeBufferPointer<UInt8>?
  private var type: String?
  private var blockRetry: Int?
  private var idBuffer: EventText?

  /// The last type that an `event` field made, and its bytes, reused when the next
  /// one is the same.
  private var lastType: String?
  private var lastTypeBytes: [UInt8] = []

  /// The last event ID in effect: as of the last dispatch.
  private var lastID: EventText?
  /// The last event ID in effect: as of the last dispatch.
  var lastEventID: String? { lastID?.string(in: chunk) }

  /// The array whose bytes are being parsed, when they are an array's. The ids that
  /// lie in it are kept as places in it (``EventText/bytes(start:count:)``), and the
  /// events made from it share it: one reference per event.
  private var chunk: [UInt8]?
  /// The reconnection time, in milliseconds, that the last `retry` field set.
  private(set) var reconnectionTime: Int?

  /// A parser for a stream whose lines and events may hold `maximumSize` bytes.
  init(maximumSize: Int, lastEventID: String? = nil) {
    self.maximumSize = maximumSize
    self.lastID = lastEventID.map { .string($0) }
    self.idBuffer = lastID
  }

  /// Reads `chunk` from `offset` until an event is complete, and returns it, with
  /// `offset` past the line that dispatched it; or, when the chunk ends first,
  /// keeps what it needs of the chunk and returns `nil`, with `offset` at its end.
  ///
  /// The same chunk is passed again, from the offset returned, until it returns `nil`:
  /// events are made one at a time, as a reader asks for them.
  ///
  /// The events' strings are made at once: nothing refers to `chunk` after the call.
  mutating func next(in chunk: UnsafeRawBufferPointer, at offset: inout Int) throws(Failure) -> ServerSentEvent? {
    if offset == 0, self.chunk != nil { enter(nil) }
    guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
    return try next(in: base, count: chunk.count, at: &offset)
  }

  /// ``next(in:at:)-(UnsafeRawBufferPointer,_)`` over an array's bytes: the events
  /// keep their one-line data, and an id in the chunk, as bytes of `chunk` (shared,
  /// not copied), and make their strings when they are read.
  @inline(__always)
  mutating func next(in chunk: [UInt8], at offset: inout Int) throws(Failure) -> ServerSentEvent? {
    if offset == 0 { enter(chunk) }
    var failure: Failure?
    let event = chunk.withUnsafeBufferPointer { buffer -> ServerSentEvent? in
      guard let base = buffer.baseAddress else { return nil }
      do throws(Failure) {
        return try next(in: base, count: buffer.count, at: &offset)
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    return event
  }

  /// ``next(in:at:)-(UnsafeRawBufferPointer,_)`` over `count` bytes at `base`, which
  /// are those of ``chunk`` when it is set.
  @inline(__always)
  private mutating func next(
    in base: UnsafePointer<UInt8>, count: Int, at offset: inout Int
  ) throws(Failure) -> ServerSentEvent? {
    var start = offset
    guard start < count else { return nil }
    if start == 0 {
      nextCR = -1
      if afterCR {
        afterCR = false
        if base[0] == 0x0A { start = 1 }
      }
    }
    var dispatched = false
    while start < count {
      if nextCR < start { nextCR = Self.find(0x0D, in: base, from: start, to: count) }
      let end = Self.findLineFeed(in: base, from: start, to: nextCR)
      guard end < count else {
        guard partial.count + (count - start) <= maximumSize else { throw failure(.lineTooLong) }
        partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
        break
      }
      let isEmpty: Bool
      if partial.isEmpty {
        guard end - start <= maximumSize else { throw failure(.lineTooLong) }
        isEmpty = try line(
          UnsafeBufferPointer(start: base + start, count: end - start), inChunk: true, base: base)
      } else {
        isEmpty = try partialLine(UnsafeBufferPointer(start: base + start, count: end - start))
      }
      start = end + 1
      if base[end] == 0x0D {
        if start < count {
          if base[start] == 0x0A { start += 1 }
        } else {
          afterCR = true
        }
      }
      if isEmpty {
        guard dataInChunk != nil || !data.isEmpty else {
          endBlock()
          continue
        }
        dispatched = true
        break
      }
    }
    // One return, of an event made in place: a second return made the optimizer copy it.
    if dispatched {
      offset = start
    } else {
      // The chunk is not kept: the data line that lies in it is copied.
      offset = count
      keepDataInChunk()
    }
    return dispatched ? dispatch(base: base) : nil
  }

  /// Interprets the line that ``partial`` starts and `end` ends.
  /// - Returns: Whether the line is empty: the caller dispatches the block.
  @inline(never)
  private mutating func partialLine(_ end: UnsafeBufferPointer<UInt8>) throws(Failure) -> Bool {
    guard partial.count + end.count <= maximumSize else { throw failure(.lineTooLong) }
    partial.append(contentsOf: end)
    var line = partial
    partial = []
    defer {
      line.removeAll(keepingCapacity: true)
      partial = line
    }
    return try line.withUnsafeBufferPointer { line throws(Failure) in
      try self.line(line, inChunk: false, base: nil)
    }
  }

  /// Ends the chunk for a failure: the data line that lies in it is copied.
  private mutating func failure(_ failure: Failure) -> Failure {
    keepDataInChunk()
    return failure
  }

  /// Parses `chunk`, appending the events it completes to `events`, with their
  /// strings made at once.
  mutating func parse(_ chunk: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(Failure) {
    var offset = 0
    while let event = try next(in: chunk, at: &offset) { events.append(event) }
  }

  /// Parses `chunk`, appending the events it completes to `events`, which may keep
  /// their data and id as bytes of `chunk`.
  mutating func parse(_ chunk: [UInt8], into events: inout [ServerSentEvent]) throws(Failure) {
    var offset = 0
    while let event = try next(in: chunk, at: &offset) { events.append(event) }
  }

  /// Parses `chunk` (copied into an array, as the iterator of
  /// ``Service/events(_:)`` copies each chunk), appending the events it completes to
  /// `events`.
  mutating func parse(_ chunk: Data, into events: inout [ServerSentEvent]) throws(Failure) {
    try parse([UInt8](chunk), into: &events)
  }

  /// The stream ended: what it cut is dropped (the standard dispatches no event that
  /// the stream's end cut), and the next stream (a reconnection) starts afresh,
  /// keeping the last event ID and the reconnection time.
  mutating func endOfStream() {
    partial.removeAll(keepingCapacity: true)
    afterCR = false
    atStart = true
    dataInChunk = nil
    data.removeAll(keepingCapacity: true)
    type = nil
    blockRetry = nil
    idBuffer = lastID
  }

  /// Interprets one line (without its end); `inChunk` when it lies in the chunk
  /// being parsed (which starts at `base`), rather than in a buffer of ours.
  /// - Returns: Whether the line is empty: the caller dispatches the block.
  @_transparent
  private mutating func line(
    _ line: UnsafeBufferPointer<UInt8>, inChunk: Bool, base: UnsafePointer<UInt8>?
  ) throws(Failure) -> Bool {
    var line = line
    if atStart {
      atStart = false
      if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
        line = UnsafeBufferPointer(rebasing: line[3...])
      }
    }
    guard let bytes = line.baseAddress, line.count > 0 else { return true }
    let count = line.count
    // The field's name is the text before the first colon: a known name is matched
    // by its bytes and the byte after it (a colon, or the line's end).
    switch bytes[0] {
    case 0x64:  // d
      guard Self.name(bytes, count, "data") else { return false }
      try appendData(Self.value(bytes, count, after: 4), inChunk: inChunk)
    case 0x65:  // e
      guard Self.name(bytes, count, "event") else { return false }
      setType(Self.value(bytes, count, after: 5))
    case 0x69:  // i
      guard Self.name(bytes, count, "id") else { return false }
      let value = Self.value(bytes, count, after: 2)
      if !value.contains(0) { idBuffer = text(value, base: base) }
    case 0x72:  // r
      guard Self.name(bytes, count, "retry") else { return false }
      if let milliseconds = Self.digits(Self.value(bytes, count, after: 5)) {
        reconnectionTime = milliseconds
        blockRetry = milliseconds
      }
    default:
      break  // a comment (`:`), or a field that is ignored
    }
    return false
  }

  /// Appends a `data` line's value to the block.
  @inline(__always)
  private mutating func appendData(_ value: UnsafeBufferPointer<UInt8>, inChunk: Bool) throws(Failure) {
    let size = (dataInChunk.map { $0.count + 1 } ?? 0) + data.count + value.count + 1
    guard size <= maximumSize else { throw failure(.eventTooLarge) }
    if inChunk, dataInChunk == nil, data.isEmpty {
      dataInChunk = value
      return
    }
    keepDataInChunk()
    data.append(contentsOf: value)
    data.append(0x0A)
  }

  /// Copies the block's data line that lies in the chunk into the data buffer.
  @inline(__always)
  private mutating func keepDataInChunk() {
    guard let line = dataInChunk else { return }
    dataInChunk = nil
    data.append(contentsOf: line)
    data.append(0x0A)
  }

  /// An `event` field: the type, reusing the last one made when it is the same.
  @inline(__always)
  private mutating func setType(_ value: UnsafeBufferPointer<UInt8>) {
    if let lastType, lastTypeBytes.count == value.count,
      lastTypeBytes.withUnsafeBufferPointer({ Self.equal($0, value) })
    {
      type = lastType
      return
    }
    let made = EventText.string(value)
    type = made
    lastType = made
    lastTypeBytes.removeAll(keepingCapacity: true)
    lastTypeBytes.append(contentsOf: value)
  }

  /// The end of a block with no data: its id takes effect, and no event is made.
  @inline(__always)
  private mutating func endBlock() {
    lastID = idBuffer
    type = nil
    blockRetry = nil
  }

  /// The end of a block with data: its id takes effect, and its event is made.
  @inline(__always)
  private mutating func dispatch(base: UnsafePointer<UInt8>) -> ServerSentEvent {
    lastID = idBuffer
    let text: EventText
    if let line = dataInChunk {
      text = self.text(line, base: base)
      dataInChunk = nil
    } else {
      text = .string(
        data.withUnsafeBufferPointer { EventText.string(UnsafeBufferPointer(rebasing: $0[..<($0.count - 1)])) })
      data.removeAll(keepingCapacity: true)
    }
    var event = type.take()
    if event?.isEmpty == true { event = nil }
    var shared: [UInt8]?
    if case .bytes = text { shared = chunk } else if case .bytes = lastID { shared = chunk }
    return ServerSentEvent(event: event, text: text, id: lastID, retry: blockRetry.take(), chunk: shared)
  }

  /// Starts a chunk that is `owner`'s bytes (or raw memory, when it is `nil`): the ids
  /// that lie in the last chunk are made into strings.
  @inline(never)
  private mutating func enter(_ owner: [UInt8]?) {
    if let id = idBuffer, case .bytes = id { idBuffer = .string(id.string(in: chunk)) }
    if let id = lastID, case .bytes = id { lastID = .string(id.string(in: chunk)) }
    chunk = owner
  }

  /// The text of `bytes`, which lie in the chunk at `base` (`nil` when they lie in a
  /// buffer of ours): kept as their place in ``chunk`` when the chunk is an array, or
  /// else made into a string.
  @inline(__always)
  private func text(_ bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>?) -> EventText {
    if chunk != nil, let base, let start = bytes.baseAddress,
      let offset = UInt32(exactly: base.distance(to: start)), let count = UInt32(exactly: bytes.count)
    {
      return .bytes(start: offset, count: count)
    }
    return .string(EventText.string(bytes))
  }

  /// Whether the line's field is the ASCII `name`: the line starts with it, and ends
  /// or has a colon right after it.
  @inline(__always)
  private static func name(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString) -> Bool {
    let length = name.utf8CodeUnitCount
    guard count >= length, count == length || bytes[length] == 0x3A else { return false }
    let name = name.utf8Start
    for index in 1..<length where bytes[index] != name[index] { return false }
    return true
  }

  /// The value of a line whose field's name is `length` bytes long: after the colon,
  /// and after one space after it.
  @inline(__always)
  private static func value(_ bytes: UnsafePointer<UInt8>, _ count: Int, after length: Int) -> UnsafeBufferPointer<
    UInt8
  > {
    var start = Swift.min(length + 1, count)
    if start < count && bytes[start] == 0x20 { start += 1 }
    return UnsafeBufferPointer(start: bytes + start, count: count - start)
  }

  /// Whether two byte runs of the same length are equal.
  @inline(__always)
  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    for index in 0..<a.count where a[index] != b[index] { return false }
    return true
  }

  /// The value of a `retry` field: ASCII digits only, at least one; a value too
  /// large for an `Int` is `Int.max`.
  private static func digits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !value.isEmpty else { return nil }
    var result = 0
    var overflow = false
    for byte in value {
      guard (0x30...0x39).contains(byte) else { return nil }
      if !overflow {
        let (times10, o1) = result.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
        if o1 || o2 { overflow = true } else { result = sum }
      }
    }
    return overflow ? Int.max : result
  }

  /// The index of the first line feed in `base[from..<to]`, or `to`: sixteen bytes
  /// at a time, inline, as event-stream lines are short (a call to `memchr` cost as
  /// much as the search).
  @inline(__always)
  private static func findLineFeed(in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    typealias Block = SIMD16<UInt8>
    var index = from
    while to - index >= Block.scalarCount {
      let block = UnsafeRawPointer(base + index).loadUnaligned(as: Block.self)
      // The mask's lanes are 0 or all ones: read as two words, the first set byte
      // is the first line feed.
      let words = unsafeBitCast(block .== Block(repeating: 0x0A), to: SIMD2<UInt64>.self)
      let low = UInt64(littleEndian: words[0])
      let high = UInt64(littleEndian: words[1])
      if low != 0 { return index &+ low.trailingZeroBitCount &>> 3 }
      if high != 0 { return index &+ 8 &+ high.trailingZeroBitCount &>> 3 }
      index &+= Block.scalarCount
    }
    while index < to && base[index] != 0x0A { index &+= 1 }
    return index
  }

  /// The index of the first `byte` in `base[from..<to]`, or `to`.
  @inline(__always)
  private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return to }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
