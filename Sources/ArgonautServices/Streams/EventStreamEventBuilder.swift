import Foundation

/// Builds events from an event stream's lines, as the WHATWG HTML standard's
/// "Interpreting an event stream" says.
///
/// A state machine over one line at a time: a line that starts with `:` is a
/// comment; otherwise the field name runs to the first `:` (or the whole line, for a
/// field with no colon, whose value is empty), and one space after the colon is
/// dropped from the value. `data` appends its value and a line feed to the data
/// buffer, `event` sets the type, `id` sets the last event ID (unless its value
/// holds a NUL), `retry` sets the reconnection time when its value is all ASCII
/// digits; any other field is ignored. An empty line dispatches: the last event ID
/// takes effect, and, unless the data buffer is empty, an event is made, its data
/// without the final line feed.
struct EventStreamEventBuilder {
  private var data: [UInt8] = []
  private var type: String?
  /// The last type that an `event` field made, reused when the next one is the same.
  private var lastType: String?
  private var blockRetry: Int?
  private var idBuffer: String?
  /// The last event ID in effect: as of the last dispatch.
  private(set) var lastEventID: String?
  /// The reconnection time, in milliseconds, that the last `retry` field set.
  private(set) var reconnectionTime: Int?
  /// The longest data buffer accepted, in bytes.
  let maximumEventSize: Int

  /// An event whose data grew past ``maximumEventSize``.
  struct EventTooLarge: Error {}

  init(maximumEventSize: Int, lastEventID: String? = nil) {
    self.maximumEventSize = maximumEventSize
    self.lastEventID = lastEventID
    self.idBuffer = lastEventID
  }

  /// Interprets one line (without its end).
  /// - Returns: The event that an empty line dispatches, if any.
  /// - Throws: ``EventTooLarge`` when a `data` line makes the event too large.
  mutating func line(_ line: UnsafeBufferPointer<UInt8>) throws(EventTooLarge) -> ServerSentEvent? {
    guard let first = line.first else { return dispatch() }
    if first == 0x3A { return nil }  // ':' starts a comment
    var colon = 0
    while colon < line.count && line[colon] != 0x3A { colon += 1 }
    var valueStart = min(colon + 1, line.count)
    if valueStart < line.count && line[valueStart] == 0x20 { valueStart += 1 }
    let value = UnsafeBufferPointer(rebasing: line[valueStart...])
    switch colon {
    case 4 where Self.matches(line, "data"):
      guard data.count + value.count + 1 <= maximumEventSize else { throw EventTooLarge() }
      data.append(contentsOf: value)
      data.append(0x0A)
    case 5 where Self.matches(line, "event"):
      // Most streams repeat a few types: the last one made is reused when it matches.
      if let previous = lastType, Self.equals(previous, value) {
        type = previous
      } else {
        type = String(decoding: value, as: UTF8.self)
        lastType = type
      }
    case 2 where Self.matches(line, "id"):
      if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
    case 5 where Self.matches(line, "retry"):
      if let milliseconds = Self.digits(value) {
        reconnectionTime = milliseconds
        blockRetry = milliseconds
      }
    default:
      break
    }
    return nil
  }

  /// Forgets the block in progress, as the end of a stream does (the standard does
  /// not dispatch an event whose block the stream's end cut). The last event ID and
  /// the reconnection time stay.
  mutating func reset() {
    data.removeAll(keepingCapacity: true)
    type = nil
    blockRetry = nil
    idBuffer = lastEventID
  }

  /// The end of a block.
  private mutating func dispatch() -> ServerSentEvent? {
    lastEventID = idBuffer
    defer {
      data.removeAll(keepingCapacity: true)
      type = nil
      blockRetry = nil
    }
    guard !data.isEmpty else { return nil }
    let text = data.withUnsafeBufferPointer { String(decoding: $0[..<($0.count - 1)], as: UTF8.self) }
    return ServerSentEvent(event: type?.isEmpty == false ? type : nil, data: text, id: lastEventID, retry: blockRetry)
  }

  /// Whether `line` starts with the ASCII field `name`.
  @inline(__always)
  private static func matches(_ line: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    name.withUTF8Buffer { name in
      for index in 0..<name.count where line[index] != name[index] { return false }
      return true
    }
  }

  /// Whether `string`'s UTF-8 is `bytes`.
  @inline(__always)
  private static func equals(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var string = string
    return string.withUTF8 { utf8 in
      utf8.count == bytes.count && (utf8.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
    }
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
}
