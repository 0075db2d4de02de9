import Argonaut

/// One event of a `text/event-stream` body, as ``Service/events(_:)`` yields it.
///
/// ```swift
/// for try await event in service.events(Request(.post, "/v1/chat", body: .json(prompt.encode()))) {
///   guard event.event == nil else { continue }             // nil is the default type, "message"
///   let delta: Decoded<Delta> = event.decode(as: Delta.self)
///   print(delta.value?.token ?? "", terminator: "")
/// }
/// ```
///
/// The fields are those of the WHATWG HTML standard's event stream: the event's
/// ``event`` type, its ``data`` (the `data` lines of its block, joined with line
/// feeds), the last event ``id`` in effect, and the ``retry`` its block set.
///
/// An event that ``Service/events(_:)`` yields keeps its ``data`` and ``id`` as the
/// bytes of the chunk it arrived in, shared with the other events of that chunk, and
/// makes their strings when they are read; ``decode(as:)`` parses the bytes without
/// making a string. Equality and hashing compare the fields as strings, wherever their
/// bytes lie. An event that you keep keeps its chunk in memory.
public struct ServerSentEvent: Sendable, Hashable {
  /// The fields, in one stored value. With the fields stored in the event itself,
  /// an explicit `init` and an optional `retry`, the optimizer copied and destroyed
  /// each event that a function returned as an optional (the parser's result): this
  /// layout is the same data without that copy.
  @usableFromInline
  struct Fields: Sendable {
    @usableFromInline var event: String?
    @usableFromInline var data: EventText
    @usableFromInline var id: EventText?
    @usableFromInline var retry: Int?
    /// The chunk that ``data`` and ``id`` lie in when they are bytes (shared, not
    /// copied); `nil` when neither is.
    @usableFromInline var chunk: [UInt8]?
  }

  @usableFromInline
  var fields: Fields

  /// The event type from the block's `event` field; `nil` when it had none (or an
  /// empty one), which means `message`.
  @inlinable
  public var event: String? {
    get { fields.event }
    set { fields.event = newValue }
  }
  /// The block's `data` lines, joined with `\n`.
  ///
  /// An event that ``Service/events(_:)`` yields keeps its data as the bytes of the
  /// chunk it arrived in, and makes the string each time it is read: read it once
  /// and keep the string when you need it more than once. ``decode(as:)`` parses the
  /// bytes without making a string.
  public var data: String {
    get { fields.data.string(in: fields.chunk) }
    set { fields.data = .string(newValue) }
  }
  /// The last event ID in effect when the event was dispatched: set by an `id`
  /// field of this block or an earlier one (and carried across reconnections);
  /// `nil` before any. Like ``data``, it is made from the stream's bytes when read.
  public var id: String? {
    get { fields.id?.string(in: fields.chunk) }
    set { fields.id = newValue.map { .string($0) } }
  }
  /// The reconnection time, in milliseconds, that this event's block set with a
  /// `retry` field; `nil` when it set none.
  @inlinable
  public var retry: Int? {
    get { fields.retry }
    set { fields.retry = newValue }
  }

  /// An event made by the parser, whose data and id may still be bytes of `chunk`.
  init(event: String?, text: EventText, id: EventText?, retry: Int?, chunk: [UInt8]?) {
    fields = Fields(event: event, data: text, id: id, retry: retry, chunk: chunk)
  }

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - event: The event type; `nil` for `message`.
  ///   - data: The data.
  ///   - id: The last event ID in effect.
  ///   - retry: The reconnection time that the event's block set, in milliseconds.
  public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
    fields = Fields(event: event, data: .string(data), id: id.map { .string($0) }, retry: retry, chunk: nil)
  }

  /// Two events are equal when their fields are: their ``data`` and ``id`` compared
  /// as strings, wherever their bytes lie.
  public static func == (lhs: ServerSentEvent, rhs: ServerSentEvent) -> Bool {
    lhs.event == rhs.event && lhs.retry == rhs.retry && lhs.data == rhs.data && lhs.id == rhs.id
  }

  /// Hashes the fields, ``data`` and ``id`` as strings.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(data)
    hasher.combine(id)
    hasher.combine(retry)
  }

  /// The ``data`` parsed as JSON and decoded with `Value`'s Argonaut decoder.
  ///
  /// ```swift
  /// if case .success(let delta) = event.decode(as: Delta.self) { print(delta.token) }
  /// ```
  ///
  /// - Parameter type: The type to decode.
  /// - Returns: The value, or a `DecodeError`: a custom one that quotes the
  ///   `JSONParseError` when ``data`` is not JSON.
  public func decode<Value: Decodable>(as type: Value.Type = Value.self) -> Decoded<Value>
  where Value.DecodedType == Value {
    let json: JSON
    do {
      // The bytes as they arrived, when they are still bytes: no string is made. An
      // error (ill-formed UTF-8, say) is read again from ``data``, whose ill-formed
      // sequences are U+FFFD as the standard decodes them, so the result is the same.
      if case .bytes(let start, let count) = fields.data, let chunk = fields.chunk,
        let parsed = try? JSON(parsing: Array(chunk[Int(start)..<Int(start) + Int(count)]))
      {
        json = parsed
      } else {
        json = try JSON(parsing: data)
      }
    } catch {
      return .failure(.custom("the event's data is not JSON: \(error)"))
    }
    return Value.decode(json)
  }
}

extension ServerSentEvent: CustomStringConvertible {
  /// The event as it would appear on the wire, such as `event: delta / data: {"token": "lo"}`.
  public var description: String {
    var fields: [String] = []
    if let event { fields.append("event: \(event)") }
    if let id { fields.append("id: \(id)") }
    if let retry { fields.append("retry: \(retry)") }
    fields += data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
    return fields.joined(separator: " / ")
  }
}

/// A field's text: a string, or UTF-8 bytes of the chunk that the event arrived in
/// (the event's ``ServerSentEvent/Fields/chunk``), made into a string when it is read.
/// The parser makes most events with their data and id as bytes: a string costs an
/// allocation, a copy and a UTF-8 check per field, which was half of the parser's time
/// for short events; the bytes cost one reference to the chunk per event.
///
/// An event whose fields are bytes keeps its whole chunk in memory while it lives.
@usableFromInline
enum EventText: Sendable {
  case string(String)
  /// `count` bytes at `start` in the chunk.
  case bytes(start: UInt32, count: UInt32)

  /// The text, with ill-formed UTF-8 replaced by U+FFFD; a `bytes` text is read from `chunk`.
  @usableFromInline
  func string(in chunk: [UInt8]?) -> String {
    switch self {
    case .string(let string):
      return string
    case .bytes(let start, let count):
      guard let chunk else {
        assertionFailure("a text in bytes, in an event without a chunk")
        return ""
      }
      return chunk.withUnsafeBufferPointer {
        Self.string(UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(start) + Int(count)]))
      }
    }
  }

  /// The text of `bytes`, UTF-8, with ill-formed sequences replaced by U+FFFD.
  ///
  /// A string of up to 15 bytes is stored in the `String` itself, and for those
  /// `init(unsafeUninitializedCapacity:initializingUTF8With:)` costs about 40% less
  /// than `init(decoding:as:)` (an `id` field per event, most often); for longer ones
  /// it costs more. Both repair the same way.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
  }
}
