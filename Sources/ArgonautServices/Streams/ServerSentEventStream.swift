import Foundation

/// The events of a `text/event-stream` response as they arrive: what
/// ``Service/events(_:)`` and ``Service/events(_:reconnecting:)`` return.
///
/// ```swift
/// for try await event in service.events(Request(.get, "/feed/live"), reconnecting: true) {
///   print(event.id ?? "-", event.data)
/// }
/// ```
///
/// Nothing is sent until the loop asks for the first event. The request asks for
/// `Accept: text/event-stream` unless it or the environment sets an `Accept` of its
/// own. Each event is yielded as soon as the empty line that ends its block has
/// arrived, parsed as the WHATWG HTML standard's event-stream section says (see
/// ``ServerSentEvent``). A status that is not accepted fails before the first event,
/// with the start of the body in the error; a `204 No Content` is an empty stream. A
/// `Content-Type` other than `text/event-stream` (an HTML error page behind a proxy,
/// say) fails the same way, with ``ServiceError/Kind/unacceptableContentType``; a
/// response without one is read as an event stream.
/// The request's `timeout` is the longest wait for the next bytes. A line or an
/// event larger than the configuration's ``ServiceConfiguration/maximumResponseSize``
/// fails with ``ServiceError/Kind/responseTooLarge``. Leaving the loop early, or
/// cancelling its task, closes the connection; the cancelled loop ends with a
/// ``ServiceError/Kind/cancelled`` error.
///
/// **Reconnecting.** With `reconnecting: true`, when the body ends or the connection
/// drops, the request is sent again after the reconnection time (the last `retry`
/// the server sent, 3 seconds before any), with `Last-Event-ID` set to the last
/// event ID when there is one. The events continue in the same loop. It stops on a
/// `204 No Content` (the sequence ends), a status that is not accepted (it fails),
/// cancellation, or failed attempts. The wait is at least 100 ms, whatever `retry`
/// says (a `retry: 0` does not reconnect in a tight loop). The wait before a reconnection is never idle
/// time (a `timeout` shorter than the reconnection time still reconnects), and a
/// stream that ended or dropped is always tried again once; when that attempt fails
/// too, the stream keeps trying while the time spent failing, waits included, stays
/// under the request's `timeout`, then fails with the last attempt's error. On an
/// open connection, the `timeout` is the longest wait for the next bytes, as
/// without reconnection. The first connection must succeed: its failure is thrown
/// at once.
public struct ServerSentEventStream: AsyncSequence, Sendable {
  /// An event.
  public typealias Element = ServerSentEvent
  /// The error that ends the sequence early.
  public typealias Failure = ServiceError

  /// The reconnection time before the server sets one: 3 seconds.
  public static let defaultReconnectionTime: Duration = .seconds(3)

  /// The shortest wait before a reconnection, whatever `retry` the server sends: a
  /// `retry: 0` would otherwise reconnect in a tight loop.
  static let minimumReconnectionTime: Duration = .milliseconds(100)

  let opener: StreamOpener
  let reconnecting: Bool

  /// Starts reading: the request is sent on the first call to `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(stream: self)
  }

  /// Reads the events one by one.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error that ends the sequence early.
    public typealias Failure = ServiceError

    let stream: ServerSentEventStream
    var parser: EventStreamParser
    var connection: OpenedStream?
    /// The bytes of the chunk being read, copied once (so that each event is read
    /// from them without going through `Data`), until its events are all returned.
    var chunk: [UInt8] = []
    /// Where in ``chunk`` the next event starts.
    var offset = 0
    var isFinished = false
    /// Whether a connection was ever made: only later ones are retried.
    var hasConnected = false
    /// When bytes last arrived (or the first connection was made): the deadline of
    /// a reconnecting stream counts from there.
    /// When the attempts to reconnect started failing; `nil` while connected.
    var failingSince: ContinuousClock.Instant?
    /// The request of the last connection, for the errors between connections.
    var lastRequest: HTTPRequest?

    init(stream: ServerSentEventStream) {
      self.stream = stream
      parser = EventStreamParser(maximumSize: stream.opener.configuration.maximumResponseSize)
    }

    /// The next event.
    /// - Returns: The event, or `nil` when the stream has ended.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next() async throws(ServiceError) -> ServerSentEvent? {
      try await next(isolation: nil)
    }

    /// The next event, read in the caller's isolation: a loop on an actor (the main
    /// actor, say) does not leave it for each event.
    ///
    /// - Parameter actor: The caller's actor; `for try await` passes it.
    /// - Returns: The event, or `nil` when the stream has ended.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(ServiceError) -> ServerSentEvent? {
      // Inlined into the loop: only a chunk's end makes an async call.
      if let event = try nextInChunk() { return event }
      return try await readEvents()
    }

    /// The next event of the chunk being read, if it completes one.
    @usableFromInline
    mutating func nextInChunk() throws(ServiceError) -> ServerSentEvent? {
      guard offset < chunk.count else { return nil }
      do {
        return try parser.next(in: chunk, at: &offset)
      } catch {
        let request = connection?.request ?? lastRequest
        finish()
        throw ServiceError(
          .responseTooLarge(limit: stream.opener.configuration.maximumResponseSize), request: request, response: nil)
      }
    }

    /// Reads chunks until an event is complete, or the stream ends.
    /// - Returns: The event, or `nil` when the stream has ended.
    @usableFromInline
    nonisolated(nonsending) mutating func readEvents() async throws(ServiceError) -> ServerSentEvent? {
      do throws(ServiceError) {
        while true {
          if let event = try nextInChunk() { return event }
          guard !isFinished else { return nil }
          guard let connection else {
            try await connect()
            continue
          }
          let chunk: Data?
          do {
            chunk = try await connection.next()
          } catch  where stream.reconnecting && error.kind == .transportFailure {
            try await reconnect(after: error)
            continue
          }
          guard let chunk else {
            guard stream.reconnecting else {
              finish()
              return nil
            }
            try await reconnect(after: nil)
            continue
          }
          // A new array each time: the parser, and the events it made, share the last one.
          self.chunk = [UInt8](chunk)
          offset = 0
        }
      } catch {
        finish()
        throw error
      }
    }

    /// Opens the first connection, or the next one.
    private nonisolated(nonsending) mutating func connect() async throws(ServiceError) {
      var headers: [String: String] = [:]
      if let id = parser.lastEventID, !id.isEmpty { headers["Last-Event-ID"] = id }
      let opened: OpenedStream
      do {
        opened = try await stream.opener.open(headers: headers)
      } catch  where error.statusCode == 204 {
        isFinished = true
        return
      } catch  where hasConnected && error.kind == .transportFailure {
        try await reconnect(after: error)
        return
      }
      if opened.head.statusCode == 204 {
        opened.body.cancel()
        isFinished = true
        return
      }
      // Not an event stream (an HTML error page, say): fail, rather than find no events in it.
      try await Pipeline.requireContentType(of: opened, expected: ["text/event-stream"]) { $0 == "text/event-stream" }
      hasConnected = true
      failingSince = nil
      lastRequest = opened.request
      connection = opened
    }

    /// Drops the connection and waits for the reconnection time, unless that would
    /// pass the deadline: then throws `failure`, or a timeout.
    private nonisolated(nonsending) mutating func reconnect(after failure: ServiceError?) async throws(ServiceError) {
      connection?.body.cancel()
      connection = nil
      parser.endOfStream()
      let wait = Swift.max(
        ServerSentEventStream.minimumReconnectionTime,
        parser.reconnectionTime.map { Duration.milliseconds($0) } ?? ServerSentEventStream.defaultReconnectionTime)
      if let failure {
        // The wait is not idle time: only attempts that keep failing run out of time.
        let timeout = stream.opener.request.timeout ?? stream.opener.configuration.timeout
        if let since = failingSince, ContinuousClock.now - since + wait >= timeout { throw failure }
        if failingSince == nil { failingSince = .now }
      }
      do {
        try await Task.sleep(for: wait)
      } catch {
        throw ServiceError(.cancelled, request: lastRequest, response: nil)
      }
    }

    mutating func finish() {
      isFinished = true
      chunk = []
      connection?.body.cancel()
      connection = nil
    }
  }
}
