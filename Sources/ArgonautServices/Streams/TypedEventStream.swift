import Argonaut

/// The events of a `text/event-stream` response, each event's `data` decoded as
/// `Value`: what ``Service/events(_:as:)`` returns, and what a generated service
/// method returns for an operation that answers with an event stream.
///
/// ```swift
/// for try await chunk in service.events(Request(.post, "/v1/chat", body: .json(prompt.encode())), as: Chunk.self) {
///   print(chunk.delta)
/// }
/// ```
///
/// Each event's ``ServerSentEvent/data`` is parsed as JSON and decoded with `Value`'s
/// Argonaut decoder, whatever the event's type. An event whose `data` is exactly
/// `[DONE]` (OpenAI's end marker) ends the sequence, and the connection is closed;
/// so does the end of the body. Events whose `data` is empty (a comment-only
/// keep-alive gives none; an `event:` line alone gives one) are skipped. An event
/// that does not decode ends the sequence with a ``ServiceError`` of kind
/// ``ServiceError/Kind/decodingFailed``. The untyped events, with their `event`
/// names and IDs, are on ``Service/events(_:)``; everything else (the request, the
/// errors, the timeout, cancellation) is as ``ServerSentEventStream`` says.
public struct TypedEventStream<Value: Decodable>: AsyncSequence, Sendable where Value.DecodedType == Value {
  /// A decoded event.
  public typealias Element = Value
  /// The error that ends the sequence early.
  public typealias Failure = ServiceError

  /// The `data` that ends the sequence: `[DONE]`.
  public static var endMarker: String { "[DONE]" }

  let events: ServerSentEventStream

  /// The events of `events`, each decoded as `Value`.
  ///
  /// ```swift
  /// let chunks = TypedEventStream<Chunk>(service.events(request))
  /// ```
  ///
  /// - Parameter events: The untyped events, such as ``Service/events(_:)`` returns.
  public init(_ events: ServerSentEventStream) {
    self.events = events
  }

  /// Starts reading: the request is sent on the first call to `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(events: events.makeAsyncIterator())
  }

  /// Reads the values one by one.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error that ends the sequence early.
    public typealias Failure = ServiceError

    @usableFromInline var events: ServerSentEventStream.Iterator
    @usableFromInline var isFinished = false

    init(events: ServerSentEventStream.Iterator) {
      self.events = events
    }

    /// The next value.
    /// - Returns: The next event's value, or `nil` when the stream has ended.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next() async throws(ServiceError) -> Value? {
      try await next(isolation: nil)
    }

    /// The next value, read in the caller's isolation: a loop on an actor (the main
    /// actor, say) does not leave it for each event.
    ///
    /// - Parameter actor: The caller's actor; `for try await` passes it.
    /// - Returns: The next event's value, or `nil` when the stream has ended.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(ServiceError) -> Value? {
      while !isFinished {
        guard let event = try await events.next(isolation: actor) else {
          isFinished = true
          return nil
        }
        if event.data.isEmpty { continue }
        if event.data == TypedEventStream.endMarker {
          finish()
          return nil
        }
        switch event.decode(as: Value.self) {
        case .success(let value): return value
        case .failure(let error): throw failDecoding(error)
        }
      }
      return nil
    }

    /// The error for an event that did not decode; the sequence ends.
    @usableFromInline
    mutating func failDecoding(_ error: DecodeError) -> ServiceError {
      let failure = ServiceError(
        .decodingFailed(error, modelName: "\(Value.self)"), request: events.connection?.request ?? events.lastRequest,
        response: events.connection?.head)
      finish()
      return failure
    }

    /// Ends the sequence and closes the connection.
    @usableFromInline
    mutating func finish() {
      isFinished = true
      events.finish()
    }
  }
}

extension Service {
  /// The server-sent events of `request`'s response, each event's `data` decoded as
  /// `Value`, as they arrive; an event whose data is `[DONE]` ends them.
  ///
  /// ```swift
  /// for try await chunk in service.events(Request(.post, "/v1/chat", body: .json(prompt.encode())), as: Chunk.self) {
  ///   print(chunk.delta)
  /// }
  /// ```
  ///
  /// See ``TypedEventStream`` for the decoding and the end marker, and
  /// ``ServerSentEventStream`` for the request, the errors and the timeout.
  ///
  /// - Parameters:
  ///   - request: The request; sent when the loop asks for the first value.
  ///   - type: The type of each event's data.
  /// - Returns: The values.
  public func events<Value: Decodable>(_ request: Request, as type: Value.Type) -> TypedEventStream<Value>
  where Value.DecodedType == Value {
    TypedEventStream(events(request))
  }
}
