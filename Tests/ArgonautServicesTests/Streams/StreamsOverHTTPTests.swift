import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Events, lines and bytes over real HTTP, from `Fixtures/FaultServer/streams.py`,
/// through the default `URLSessionTransport`. Deadlines are 600 s unless a test is
/// about the idle timeout, where the margins are orders of magnitude apart.
@Suite("Streams over HTTP: events, lines and bytes as they arrive", .needsPython, .faultServer)
struct StreamsOverHTTPTests {
  /// A unique id for the server's records.
  static func id() -> String { UUID().uuidString }

  func run<T>(timeout: Duration? = nil, _ body: (StreamService) async throws -> T) async throws -> T {
    var configuration = try FaultFixture.configuration()
    if let timeout { configuration.timeout = timeout }
    return try await ServiceConfiguration.$current.withValue(configuration) { try await body(StreamService()) }
  }

  static let script = """
    : a comment\r
    retry: 1500\r
    id: 1\r
    event: delta\r
    data: {"token": "Hél"}\r
    \r
    data: first line\rdata: second line\r\r\u{FEFF}data: ignored field\n\ndata\n\nid: 2
    data: 🦊 done

    data: cut at the end
    """

  static let scriptEvents = [
    ServerSentEvent(event: "delta", data: #"{"token": "Hél"}"#, id: "1", retry: 1500),
    ServerSentEvent(data: "first line\nsecond line", id: "1"),
    ServerSentEvent(data: "", id: "1"),
    ServerSentEvent(data: "🦊 done", id: "2"),
  ]

  @Test("Events sent one byte per chunk, with every rule in play, parse as sent", arguments: [1, 3, 7, 64])
  func awkwardChunks(split: Int) async throws {
    let events = try await run { service in
      try await collectAll(
        service.events(
          Request(.post, "/stream/echo", query: [QueryItem("split", "\(split)")], body: .text(Self.script))))
    }
    #expect(events == Self.scriptEvents)
  }

  @Test("The request asks for text/event-stream, unless it names its own Accept")
  func acceptHeader() async throws {
    let sent = try await run { service in
      try await collectAll(service.events(Request(.post, "/stream/echo", body: .text("data: x\n\n"))))
    }
    #expect(sent.map(\.data) == ["x"])
    let memory = InMemoryTransport()
    memory.on(nil, "/*", respond: .stream([.text("data: y\n\n")], contentType: "text/event-stream"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    try await ServiceConfiguration.$current.withValue(configuration) {
      _ = try await collectAll(StreamService().events(Request(.get, "/a")))
      _ = try await collectAll(StreamService().events(Request(.get, "/b", headers: ["accept": "application/x-custom"])))
    }
    #expect(memory.recordedRequests.map { $0.header("Accept") } == ["text/event-stream", "application/x-custom"])
  }

  @Test("The first event arrives while the stream is still open, and leaving the loop closes the connection")
  func firstEventBeforeEnd() async throws {
    let id = Self.id()
    try await run { service in
      let request = Request(.post, "/stream/echo", query: [QueryItem("id", id)], body: .text("data: first\n\n"))
      var iterator = service.events(request).makeAsyncIterator()
      // The server holds the connection open until the client closes it: the event
      // can only have come before the end.
      #expect(try await iterator.next() == ServerSentEvent(data: "first"))
      _ = consume iterator
      let closed = try await service.response(for: Request(.get, "/stream/closed", query: [QueryItem("id", id)]))
      #expect(try closed.json()["closed"] == .bool(true))
    }
  }

  @Test("Cancelling the task that reads ends the loop with .cancelled, and the server sees the connection close")
  func cancellation() async throws {
    let id = Self.id()
    try await run { service in
      let request = Request(.post, "/stream/echo", query: [QueryItem("id", id)], body: .text("data: first\n\n"))
      let (arrived, signal) = AsyncStream<Void>.makeStream()
      let reader = Task { () -> (Int, ServiceError?) in
        var count = 0
        do throws(ServiceError) {
          for try await _ in service.events(request) {
            count += 1
            signal.yield()
          }
          return (count, nil)
        } catch {
          return (count, error)
        }
      }
      // Cancel once the first event has arrived: the server then waits for the close.
      for await _ in arrived { break }
      reader.cancel()
      let closed = try await service.response(for: Request(.get, "/stream/closed", query: [QueryItem("id", id)]))
      let (count, error) = await reader.value
      #expect(count == 1)
      #expect(error?.kind == .cancelled)
      #expect(try closed.json()["closed"] == .bool(true))
    }
  }

  @Test("A status that is not accepted fails before the first event, with the body's start")
  func unacceptableStatus() async throws {
    let (events, error) = try await run { service in
      await collect(
        service.events(
          Request(
            .post, "/stream/echo", query: [QueryItem("status", "503"), QueryItem("type", "application/json")],
            body: .text(#"{"error": "overloaded", "token": "s3cr3t"}"#))))
    }
    #expect(events.isEmpty)
    let failure = try #require(error)
    #expect(failure.kind == .unacceptableStatus)
    #expect(failure.statusCode == 503)
    #expect(
      failure.description.hasSuffix(
        #"unacceptable status 503 (application/json): {"error":"overloaded","token":"<redacted>"}"#), "\(failure)")
  }

  @Test("A response that is not an event stream fails before the first event, with the body's start")
  func notAnEventStream() async throws {
    let page = "<!DOCTYPE html><html><body>data: not an event</body></html>\n\n"
    let (events, error) = try await run { service in
      await collect(
        service.events(
          Request(.post, "/stream/echo", query: [QueryItem("type", "text/html; charset=utf-8")], body: .text(page))))
    }
    #expect(events.isEmpty)
    let failure = try #require(error)
    #expect(failure.kind == .unacceptableContentType)
    #expect(failure.statusCode == 200)
    #expect(failure.response.map { String(decoding: $0.body, as: UTF8.self) } == page)
    // The media type's letter case and parameters do not matter.
    let accepted = try await run { service in
      try await collectAll(
        service.events(
          Request(
            .post, "/stream/echo", query: [QueryItem("type", "Text/Event-Stream; charset=utf-8")],
            body: .text("data: a\n\n"))))
    }
    #expect(accepted.map(\.data) == ["a"])
  }

  @Test("A connection dropped mid-stream fails with a transport failure, after the events before it")
  func dropped() async throws {
    let (events, error) = try await run { service in
      await collect(
        service.events(
          Request(
            .post, "/stream/echo", query: [QueryItem("drop", "1"), QueryItem("split", "16")],
            body: .text("data: one\n\ndata: two\n\ndata: cut"))))
    }
    #expect(events.map(\.data) == ["one", "two"])
    #expect(error?.kind == .transportFailure, "\(String(describing: error))")
  }

  @Test("A stream longer than the timeout goes on while bytes keep coming: the timeout is an idle one")
  func idleTimeoutIsNotAWholeStreamLimit() async throws {
    // 1,500 events 10 ms apart: at least 15 s, past the 10 s timeout; each wait is
    // about 10 ms, a thousand times less than the timeout, which leaves room for a
    // loaded machine's stalls.
    let events = try await run(timeout: .seconds(10)) { service in
      try await collectAll(service.events(Request(.get, "/stream/trickle", query: [QueryItem("count", "1500")])))
    }
    #expect(events.count == 1500)
    #expect(events.last?.data == "1499")
  }

  @Test("A server that goes silent times out after the idle timeout, with the events before it")
  func stall() async throws {
    let id = Self.id()
    // The silence never ends; the timeout, 20 s, is three orders of magnitude above
    // the head's and the first event's time to arrive, even on a loaded machine.
    let (events, error) = try await run(timeout: .seconds(20)) { service in
      await collect(
        service.events(Request(.post, "/stream/echo", query: [QueryItem("id", id)], body: .text("data: a\n\n"))))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .timeout)
    #expect(error?.timeout == .seconds(20))
    #expect(
      error?.description.hasSuffix("timed out: no bytes arrived for 20 s") == true, "\(String(describing: error))")
  }

  @Test("Reconnecting: after the server's retry, with Last-Event-ID, until a 204")
  func reconnecting() async throws {
    let session = Self.id()
    let (events, log) = try await run { service in
      let events = try await collectAll(
        service.events(
          Request(.get, "/stream/reconnect", query: [QueryItem("session", session), QueryItem("connections", "3")]),
          reconnecting: true))
      let log = try await service.response(
        for: Request(.get, "/stream/reconnect-log", query: [QueryItem("session", session)]))
      return (events, try log.json())
    }
    #expect(events.map(\.data) == ["event 1", "event 2", "event 3"])
    #expect(events.map(\.id) == ["1", "2", "3"])
    #expect(log == [.null, "1", "2", "3"], "no Last-Event-ID at first, then the last id each time")
  }

  @Test("Without reconnecting, the sequence ends with the body")
  func notReconnecting() async throws {
    let session = Self.id()
    let events = try await run { service in
      try await collectAll(
        service.events(Request(.get, "/stream/reconnect", query: [QueryItem("session", session)])))
    }
    #expect(events.map(\.data) == ["event 1"])
  }

  @Test("Reconnecting gives up at the deadline when no connection can be made, with the last error")
  func reconnectDeadline() async throws {
    let session = Self.id()
    // retry is 10 ms; the deadline, 20 s, allows many attempts, and leaves the first
    // connection three orders of magnitude more time than it needs on a loaded machine.
    let (events, error) = try await run(timeout: .seconds(20)) { service in
      await collect(
        service.events(
          Request(.get, "/stream/dead-after-first", query: [QueryItem("session", session)]), reconnecting: true))
    }
    #expect(events.map(\.data) == ["only"])
    #expect(error?.kind == .transportFailure, "\(String(describing: error))")
    let attempts = try await run { service in
      try await service.response(for: Request(.get, "/stream/reconnect-log", query: [QueryItem("session", session)]))
        .json()
    }
    #expect((attempts.arrayValue?.count ?? 0) > 2, "it retried")
    #expect(attempts.arrayValue?.dropFirst().allSatisfy { $0 == "1" } == true, "each time with Last-Event-ID: 1")
  }

  @Test("JSON Lines over HTTP, split at every few bytes, CRLF and blank lines included")
  func jsonLines() async throws {
    let body =
      "{\"userName\": \"ada\", \"email\": \"a@x\"}\r\n\n{\"userName\": \"bob\", \"email\": \"b@x\"}\n  \n"
      + "{\"userName\": \"eve\", \"email\": \"e@x\"}"
    let users = try await run { service in
      try await collectAll(
        service.lines(
          Request(
            .post, "/stream/echo", query: [QueryItem("split", "5"), QueryItem("type", "application/x-ndjson")],
            body: .text(body)), as: StreamUser.self))
    }
    #expect(users.map(\.userName) == ["ada", "bob", "eve"])
  }

  @Test("A reader that stops does not make memory grow: past the buffer's capacity, the body waits on disk")
  func slowReader() async throws {
    let id = Self.id()
    let size = 64 << 20
    let (blockedAt, held, received, intact) = try await run { service in
      var iterator = service.bytes(
        Request(.get, "/stream/pressure", query: [QueryItem("id", id), QueryItem("bytes", "\(size)")])
      ).makeAsyncIterator()
      var received = try #require(try await iterator.next()).count
      // The reader stops; the server reports when its send blocked, or that it
      // sent everything.
      let state = try await service.response(
        for: Request(.get, "/stream/pressure-state", query: [QueryItem("id", id)]))
      let buffer = try #require(iterator.connection?.body.buffer)
      let held = buffer.memoryByteCount
      var intact = true
      while let chunk = try await iterator.next() {
        for offset in stride(from: 0, to: chunk.count, by: 4093) where chunk[offset] != UInt8((received + offset) % 251)
        {
          intact = false
        }
        received += chunk.count
      }
      return (try state.json()["blockedAt"]?.intValue, held, received, intact)
    }
    #if canImport(FoundationNetworking)
      // FoundationNetworking cannot pause a transfer: the server sends it all, and
      // what the reader has not taken waits in the spill file.
      #expect(blockedAt == nil)
    #else
      #expect(blockedAt != nil, "the suspended task held the server back")
    #endif
    #expect(held <= ChunkBuffer(capacity: 1 << 20).capacity + (64 << 10), "\(held) bytes held in memory")
    #expect(received == size)
    #expect(intact)
  }
}

/// Every element of `sequence`.
func collectAll<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
  var elements: [S.Element] = []
  for try await element in sequence { elements.append(element) }
  return elements
}
