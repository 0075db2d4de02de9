import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A configuration over `memory`, with the given middleware and timeout.
private func memoryConfiguration(
  _ memory: InMemoryTransport, middleware: [any ServiceMiddleware] = [], timeout: Duration = .seconds(600)
) -> ServiceConfiguration {
  ServiceConfiguration(environment: .local(port: 1), transport: memory, timeout: timeout, middleware: middleware)
}

@Suite("InMemoryTransport scripts streams: chunks, pauses, drops and silence")
struct ScriptedStreamTests {
  @Test("A scripted stream yields its chunks one by one, each as sent")
  func chunks() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/big", respond: .stream([.bytes([1, 2]), .pause(.milliseconds(1)), .bytes([3]), .text("é")]))
    let chunks = try await ServiceConfiguration.$current.withValue(memoryConfiguration(memory)) {
      try await collectAll(StreamService().bytes(Request(.get, "/big")))
    }
    #expect(chunks == [[1, 2], [3], [0xC3, 0xA9]])
    #expect(memory.recordedRequests.first?.header("Accept") == "*/*")
  }

  @Test("A scripted failure ends the stream with a transport failure after the chunks before it")
  func failure() async throws {
    let memory = InMemoryTransport()
    memory.on(
      nil, "/feed",
      respond: .stream(
        [.text("data: a\n\n"), .failure(URLError(.networkConnectionLost))], contentType: "text/event-stream"))
    let (events, error) = await ServiceConfiguration.$current.withValue(memoryConfiguration(memory)) {
      await collect(StreamService().events(Request(.get, "/feed")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .transportFailure)
    #expect(error?.underlyingError as? URLError == URLError(.networkConnectionLost))
  }

  @Test("A stall ends with the idle timeout")
  func stall() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "/feed", respond: .stream([.text("data: a\n\n"), .stall], contentType: "text/event-stream"))
    let (events, error) = await ServiceConfiguration.$current.withValue(
      memoryConfiguration(memory, timeout: .seconds(10))  // far above the first chunk's time to arrive
    ) {
      await collect(StreamService().events(Request(.get, "/feed")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .timeout)
  }

  @Test("A scripted stream read whole by send(_:) gives the whole body")
  func wholeBody() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "/doc", respond: .stream([.text(#"{"a":"#), .pause(.milliseconds(1)), .text("1}")]))
    let value = try await ServiceConfiguration.$current.withValue(memoryConfiguration(memory)) {
      try await StreamService().send(Request(.get, "/doc"))
    }
    #expect(value == ["a": 1])
  }

  @Test("A plain stub streams as one chunk; a 204 is an empty event stream")
  func plainStubs() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "/lines", respond: .text("{\"userName\":\"a\",\"email\":\"b\"}\n"))
    memory.on(nil, "/none", respond: .status(204))
    let (users, events) = try await ServiceConfiguration.$current.withValue(memoryConfiguration(memory)) {
      (
        try await collectAll(StreamService().lines(Request(.get, "/lines"), as: StreamUser.self)),
        try await collectAll(StreamService().events(Request(.get, "/none")))
      )
    }
    #expect(users == [StreamUser(userName: "a", email: "b")])
    #expect(events.isEmpty)
  }

  @Test("A scripted stream waits for a reader that lags: it is held back, not buffered")
  func backPressure() async throws {
    let memory = InMemoryTransport()
    let chunk = [UInt8](repeating: 1, count: 16 << 10)
    memory.on(nil, "/big", respond: .stream(Array(repeating: .bytes(chunk), count: 64)))
    try await ServiceConfiguration.$current.withValue(memoryConfiguration(memory)) {
      var iterator = StreamService().bytes(Request(.get, "/big")).makeAsyncIterator()
      _ = try await iterator.next()
      let buffer = try #require(iterator.connection?.body.buffer)
      for _ in 0..<100 { await Task.yield() }
      #expect(buffer.memoryByteCount <= buffer.capacity + chunk.count)
      #expect(buffer.spilledByteCount == 0)
      var total = chunk.count
      while let next = try await iterator.next() { total += next.count }
      #expect(total == 64 * chunk.count)
    }
  }
}

@Suite("Streams and middleware: auth and logging see them; no cache, no retry after the first byte")
struct StreamMiddlewareTests {
  struct Header: ServiceMiddleware {
    func intercept(
      _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
      var request = request
      request.headers["Authorization"] = "Bearer t0ken"
      return try await next(request)
    }
  }

  @Test("The chain sees the request and the head: auth adds its header, logging records the status")
  func chainSeesStream() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "/feed", respond: .stream([.text("data: a\n\n")], contentType: "text/event-stream"))
    let records = Locked<[LogRecord]>([])
    let configuration = memoryConfiguration(
      memory, middleware: [LoggingMiddleware { record in records.withLock { $0.append(record) } }, Header()])
    let events = try await ServiceConfiguration.$current.withValue(configuration) {
      try await collectAll(StreamService().events(Request(.get, "/feed")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(memory.recordedRequests.first?.header("Authorization") == "Bearer t0ken")
    #expect(records.current.map(\.statusCode) == [200])
  }

  @Test("A stream is never served from the cache, nor stored in it")
  func noCache() async throws {
    let memory = InMemoryTransport()
    memory.on(
      nil, "/feed",
      respond: .stream(
        [.text("data: a\n\n")], contentType: "text/event-stream",
        headers: ["Cache-Control": "max-age=600", "ETag": "\"1\""]))
    let cache = CacheMiddleware()
    let configuration = memoryConfiguration(memory, middleware: [cache])
    // A fresh cached response for the URL, stored by a plain request.
    memory.on(nil, "/plain", respond: .json(["cached": true], headers: ["Cache-Control": "max-age=600"]))
    try await ServiceConfiguration.$current.withValue(configuration) {
      _ = try await StreamService().send(Request(.get, "/plain"))
      let first = try await collectAll(StreamService().events(Request(.get, "/feed")))
      let second = try await collectAll(StreamService().events(Request(.get, "/feed")))
      let plainAsStream = try await collectAll(StreamService().bytes(Request(.get, "/plain")))
      #expect(first.map(\.data) == ["a"])
      #expect(second.map(\.data) == ["a"])
      #expect(plainAsStream.flatMap { $0 } == Array(#"{"cached":true}"#.utf8))
    }
    #expect(memory.recordedRequests.map(\.path) == ["/plain", "/feed", "/feed", "/plain"], "every stream was sent")
    #expect(cache.storedCount == 1, "only the plain response is stored")
  }

  @Test("A 503 before the first byte is retried; a failure after it is not")
  func retry() async throws {
    let memory = InMemoryTransport()
    memory.on(
      nil, "/feed",
      respond: .status(503),
      .stream([.text("data: a\n\n"), .failure(URLError(.networkConnectionLost))], contentType: "text/event-stream"))
    let configuration = memoryConfiguration(
      memory, middleware: [RetryMiddleware(maxAttempts: 4, baseDelay: .zero)])
    let (events, error) = await ServiceConfiguration.$current.withValue(configuration) {
      await collect(StreamService().events(Request(.get, "/feed")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .transportFailure)
    #expect(memory.recordedRequests.count == 2, "the 503, then the stream; not again after its failure")
  }
}

@Suite("JSON Lines: one value per line, and a bad line named by its number")
struct JSONLineStreamTests {
  /// The values of `text` served in `chunkSize`-byte chunks: by default 3, so that
  /// lines and characters are cut.
  func lines<Value: Decodable & Sendable>(
    _ text: String, as type: Value.Type, limit: Int? = nil, chunkSize: Int = 3
  ) async -> ([Value], ServiceError?)
  where Value.DecodedType == Value {
    let memory = InMemoryTransport()
    let bytes = Array(text.utf8)
    let parts = stride(from: 0, to: bytes.count, by: chunkSize).map {
      StubResponse.StreamPart.bytes(Array(bytes[$0..<min($0 + chunkSize, bytes.count)]))
    }
    memory.on(nil, "/export", respond: .stream(parts, contentType: "application/x-ndjson"))
    var configuration = memoryConfiguration(memory)
    if let limit { configuration.maximumResponseSize = limit }
    return await ServiceConfiguration.$current.withValue(configuration) {
      await collect(StreamService().lines(Request(.get, "/export"), as: type))
    }
  }

  @Test("Lines decode in order; blank and whitespace lines are skipped; CRLF and a last line without LF work")
  func decodes() async throws {
    let (values, error) = await lines("1\r\n\n  \n[2, \"é\"]\n\t\n{\"a\": null}", as: JSON.self)
    #expect(error == nil)
    #expect(values == [1, [2, "é"], ["a": .null]])
  }

  @Test("A line that is not JSON fails naming its line and column in the body")
  func badJSON() async throws {
    let (values, error) = await lines("1\n\n2\n{\"a\": }\n3\n", as: JSON.self)
    #expect(values == [1, 2])
    let failure = try #require(error)
    #expect(failure.kind == .invalidJSON)
    #expect(failure.parseError?.line == 4)
    #expect(failure.parseError?.column == 7)
    #expect(failure.parseError?.offset == 11)
    #expect(failure.description.hasSuffix("/export: body is not JSON: line 4, column 7: expected a value, found '}'"))
  }

  @Test("A line that does not decode fails naming its line")
  func badValue() async throws {
    let text = "{\"userName\": \"a\", \"email\": \"x\"}\n\n{\"userName\": \"b\"}\n"
    let (values, error) = await lines(text, as: StreamUser.self)
    #expect(values.map(\.userName) == ["a"])
    let failure = try #require(error)
    #expect(failure.kind == .decodingFailed)
    #expect(
      failure.description.hasSuffix("/export: could not decode StreamUser on line 3: email: missing key"), "\(failure)")
  }

  @Test("The lines of one chunk, parsed together, give what each line gives alone")
  func wholeChunk() async throws {
    let rows = (0..<50).map {
      #"{"id":\#($0),"name":"row \#($0) \u00e9\n✓","big":12345678901234567890\#($0),"x":[1.5e3,true,null]}"#
    }
    let text = "\n" + rows.joined(separator: "\r\n") + "\n \n"
    let (values, error) = await lines(text, as: JSON.self, chunkSize: 1 << 20)
    #expect(error == nil)
    #expect(values == (try rows.map { try JSON(parsing: $0) }))
    #expect(values.count == 50)
  }

  @Test("In one chunk, a value cut across two lines, or two values on one line, fail naming the line")
  func wholeChunkBadLines() async throws {
    let (split, splitError) = await lines("0\n[1,\n2]\n", as: JSON.self, chunkSize: 1 << 20)
    #expect(split == [0], "the lines before the bad one are read first")
    #expect(splitError?.kind == .invalidJSON)
    #expect(splitError?.parseError?.line == 2)
    let (two, twoError) = await lines("0\n1\n2, 3\n4\n", as: JSON.self, chunkSize: 1 << 20)
    #expect(two == [0, 1])
    #expect(twoError?.kind == .invalidJSON)
    #expect(twoError?.parseError?.line == 3)
    #expect(twoError?.parseError?.column == 2)
  }

  @Test("In one chunk, a line that does not decode fails after the values before it")
  func wholeChunkBadValue() async throws {
    let text =
      "{\"userName\": \"a\", \"email\": \"x\"}\n{\"userName\": \"b\"}\n{\"userName\": \"c\", \"email\": \"y\"}\n"
    let (values, error) = await lines(text, as: StreamUser.self, chunkSize: 1 << 20)
    #expect(values.map(\.userName) == ["a"])
    #expect(error?.kind == .decodingFailed)
    #expect(error?.description.hasSuffix("could not decode StreamUser on line 2: email: missing key") == true)
  }

  @Test("A line longer than the maximum response size fails with responseTooLarge")
  func tooLong() async throws {
    let (values, error) = await lines("1\n[\(String(repeating: "1,", count: 100))1]\n", as: JSON.self, limit: 64)
    #expect(values == [1])
    #expect(error?.kind == .responseTooLarge)
  }
}

@Suite("ChunkBuffer: bounded memory, spill in order, idle timeout, cancellation")
struct ChunkBufferTests {
  @Test("Past its capacity, a producer that cannot wait spills to disk, and the reader gets every byte in order")
  func spill() async throws {
    let buffer = ChunkBuffer(capacity: 1000)
    var expected: [UInt8] = []
    for index in 0..<100 {
      let chunk = [UInt8](repeating: UInt8(index), count: 100)
      expected += chunk
      #expect(buffer.append(Data(chunk)))
    }
    buffer.finish(.finished)
    #expect(buffer.memoryByteCount == 1000)
    #expect(buffer.spilledByteCount == 9000)
    var received: [UInt8] = []
    while let chunk = try await buffer.next(idleTimeout: .seconds(600)) { received += chunk }
    #expect(received == expected)
  }

  @Test("The reader waits at most the idle timeout, then the transfer is stopped")
  func idleTimeout() async throws {
    let buffer = ChunkBuffer()
    let stopped = Locked(false)
    buffer.onStop { stopped.withLock { $0 = true } }
    do {
      _ = try await buffer.next(idleTimeout: .milliseconds(20))
      Issue.record("no timeout")
    } catch {
      guard case .timedOut = error.reason else { throw error }
    }
    #expect(stopped.current)
    #expect(!buffer.append(Data([1])), "the producer is told to stop")
  }

  @Test("Cancelling the reader's task stops it with .cancelled and stops the transfer")
  func cancellation() async throws {
    let buffer = ChunkBuffer()
    let stopped = Locked(false)
    buffer.onStop { stopped.withLock { $0 = true } }
    let reader = Task { () -> ChunkBuffer.End? in
      do throws(ChunkBuffer.EndError) {
        _ = try await buffer.next(idleTimeout: .seconds(600))
        return nil
      } catch {
        return error.reason
      }
    }
    reader.cancel()
    let end = await reader.value
    guard case .cancelled? = end else {
      Issue.record("not cancelled")
      return
    }
    #expect(stopped.current)
  }

  @Test("A failure comes after the chunks before it")
  func failureAfterChunks() async throws {
    let buffer = ChunkBuffer()
    buffer.append(Data([1]))
    buffer.finish(.failed(URLError(.networkConnectionLost)))
    #expect(try await buffer.next(idleTimeout: .seconds(600)) == Data([1]))
    await #expect(throws: ChunkBuffer.EndError.self) { try await buffer.next(idleTimeout: .seconds(600)) }
  }

  @Test("Dropping the body stream stops the transfer")
  func dropStops() {
    let buffer = ChunkBuffer()
    let stopped = Locked(false)
    buffer.onStop { stopped.withLock { $0 = true } }
    var stream: BodyStream? = BodyStream(buffer)
    #expect(stream != nil)
    stream = nil
    #expect(stopped.current)
  }
}
