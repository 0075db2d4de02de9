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
public struct ServerSentEvent: Sendable, Hashable {
  /// The fields, in one stored value. With the fields stored in the event itself,
  /// an explicit `init` and an optional `retry`, the optimizer copied and destroyed
  /// each event that a function returned as an optional (the parser's result): this
  /// layout is the same data without that copy.
  @usableFromInline
  struct Fields: Sendable, Hashable {
    @usableFromInline var event: String?
    @usableFromInline var data: String
    @usableFromInline var id: String?
    @usableFromInline var retry: Int?
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
  @inlinable
  public var data: String {
    get { fields.data }
    set { fields.data = newValue }
  }
  /// The last event ID in effect when the event was dispatched: set by an `id`
  /// field of this block or an earlier one (and carried across reconnections);
  /// `nil` before any.
  @inlinable
  public var id: String? {
    get { fields.id }
    set { fields.id = newValue }
  }
  /// The reconnection time, in milliseconds, that this event's block set with a
  /// `retry` field; `nil` when it set none.
  @inlinable
  public var retry: Int? {
    get { fields.retry }
    set { fields.retry = newValue }
  }

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - event: The event type; `nil` for `message`.
  ///   - data: The data.
  ///   - id: The last event ID in effect.
  ///   - retry: The reconnection time that the event's block set, in milliseconds.
  public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
    fields = Fields(event: event, data: data, id: id, retry: retry)
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
      json = try JSON(parsing: data)
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
