import Argonaut

extension Service {
  /// The server-sent events of `request`'s response (`text/event-stream`), as they
  /// arrive.
  ///
  /// ```swift
  /// for try await event in service.events(Request(.post, "/v1/chat", body: .json(prompt.encode()))) {
  ///   let delta: Decoded<Delta> = event.decode(as: Delta.self)
  /// }
  /// ```
  ///
  /// The request goes through the configuration's middleware (auth, logging, retry
  /// before the first byte), but never through a ``CacheMiddleware``. See
  /// ``ServerSentEventStream`` for the parsing, the errors and the timeout.
  ///
  /// - Parameter request: The request; sent when the loop asks for the first event.
  /// - Returns: The events, ending with the body.
  public func events(_ request: Request) -> ServerSentEventStream {
    events(request, reconnecting: false)
  }

  /// The server-sent events of `request`'s response, reconnecting when the body
  /// ends or the connection drops, as a browser's `EventSource` does.
  ///
  /// ```swift
  /// for try await event in service.events(Request(.get, "/feed/live"), reconnecting: true) { … }
  /// ```
  ///
  /// With `reconnecting: true`, the request is sent again after the reconnection
  /// time (the server's last `retry`, 3 seconds before any), with `Last-Event-ID`
  /// set to the last event ID; a `204 No Content` ends the sequence. See
  /// ``ServerSentEventStream``.
  ///
  /// - Parameters:
  ///   - request: The request; sent when the loop asks for the first event.
  ///   - reconnecting: Whether to reconnect when the body ends or the connection drops.
  /// - Returns: The events.
  public func events(_ request: Request, reconnecting: Bool) -> ServerSentEventStream {
    ServerSentEventStream(
      opener: StreamOpener(request: request, configuration: configuration, accept: "text/event-stream"),
      reconnecting: reconnecting)
  }

  /// The values of a JSON Lines (NDJSON) response, one per line, decoded with
  /// `Value`'s Argonaut decoder as they arrive.
  ///
  /// ```swift
  /// for try await row in service.lines(Request(.get, "/export.ndjson"), as: Row.self) { … }
  /// ```
  ///
  /// A bad line fails with a ``ServiceError`` that names its line number. See
  /// ``JSONLineStream``.
  ///
  /// - Parameters:
  ///   - request: The request; sent when the loop asks for the first value.
  ///   - type: The type of each line's value.
  /// - Returns: The values.
  public func lines<Value: Decodable>(_ request: Request, as type: Value.Type) -> JSONLineStream<Value>
  where Value.DecodedType == Value {
    JSONLineStream(
      opener: StreamOpener(
        request: request, configuration: configuration, accept: "application/jsonl, application/x-ndjson"))
  }

  /// The lines of a JSON Lines (NDJSON) response, each parsed as `JSON`, as they
  /// arrive.
  ///
  /// ```swift
  /// for try await row in service.lines(Request(.get, "/export.ndjson")) { print(row["id"] ?? .null) }
  /// ```
  ///
  /// - Parameter request: The request; sent when the loop asks for the first value.
  /// - Returns: The values. See ``JSONLineStream``.
  public func lines(_ request: Request) -> JSONLineStream<JSON> {
    lines(request, as: JSON.self)
  }

  /// The body of `request`'s response in chunks of bytes, as they arrive.
  ///
  /// ```swift
  /// for try await chunk in service.bytes(Request(.get, "/big")) { hasher.update(chunk) }
  /// ```
  ///
  /// The request asks for `Accept: */*` unless it or the environment sets an
  /// `Accept` of its own. See ``ByteStream``.
  ///
  /// - Parameter request: The request; sent when the loop asks for the first chunk.
  /// - Returns: The chunks.
  public func bytes(_ request: Request) -> ByteStream {
    ByteStream(opener: StreamOpener(request: request, configuration: configuration, accept: "*/*"))
  }
}
