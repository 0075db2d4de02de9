import Argonaut
import ArgonautServices
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The script of a body that a test's transport streams: its chunks, a gate that
/// holds the rest back until the test opens it, a stall that lasts until the reading
/// task is cancelled, and a failure; with what was pulled, and whether the reading
/// was cancelled.
private actor BodyScript {
  enum Step {
    case chunk(Data)
    case gate
    case stall
    case failure(any Error)
  }

  private var steps: [Step]
  private var gate: CheckedContinuation<Void, Never>?
  private var isOpen = false
  private var cancellationWaiters: [CheckedContinuation<Void, Never>] = []
  /// The bytes handed to the transport's body so far.
  private(set) var pulledBytes = 0
  /// Whether the task reading the body was cancelled during a stall.
  private(set) var wasCancelled = false

  init(_ steps: [Step]) {
    self.steps = steps
  }

  /// The next chunk of the body, or `nil` at its end.
  func next() async throws -> Data? {
    while !steps.isEmpty {
      switch steps.removeFirst() {
      case .chunk(let data):
        pulledBytes += data.count
        return data
      case .gate:
        if !isOpen { await withCheckedContinuation { gate = $0 } }
      case .stall:
        await stallUntilCancelled()
        return nil
      case .failure(let error):
        throw error
      }
    }
    return nil
  }

  /// Lets the body go on past its gate.
  func open() {
    isOpen = true
    gate?.resume()
    gate = nil
  }

  /// Returns once the reading task has been cancelled during a stall, or once the
  /// task waiting for that is cancelled itself.
  func cancellation() async {
    if wasCancelled { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { cancellationWaiters.append($0) }
    } onCancel: {
      Task { await self.stopWaiting() }
    }
  }

  private func stopWaiting() {
    for waiter in cancellationWaiters { waiter.resume() }
    cancellationWaiters = []
  }

  private func stallUntilCancelled() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(600))
    }
    wasCancelled = true
    stopWaiting()
  }
}

/// A transport of a user's own that streams its responses' bodies from a script.
private struct ScriptedTransport: StreamingHTTPTransport {
  let status: Int
  let contentType: String
  let script: BodyScript

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var body = Data()
    while let chunk = try await script.next() { body.append(chunk) }
    return HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: body)
  }

  func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
    let script = script
    return StreamedHTTPResponse(
      head: HTTPResponse(statusCode: status, headers: ["Content-Type": contentType]),
      body: AsyncThrowingStream { try await script.next() })
  }
}

/// A transport that cannot connect, whether it is asked to send or to stream.
private struct UnreachableTransport: StreamingHTTPTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    throw URLError(.cannotConnectToHost)
  }

  func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
    throw URLError(.cannotConnectToHost)
  }
}

/// A transport that only sends: its streams arrive whole.
private struct SendOnlyTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: a\n\ndata: b\n\n".utf8))
  }
}

/// Runs `body` with a configuration over `transport`, whose idle timeout is far above
/// any wait here unless told otherwise.
private func withTransport<T: Sendable>(
  _ transport: any HTTPTransport, timeout: Duration = .seconds(600), _ body: () async throws -> T
) async rethrows -> T {
  let configuration = ServiceConfiguration(environment: .local(port: 1), transport: transport, timeout: timeout)
  return try await ServiceConfiguration.$current.withValue(configuration) { try await body() }
}

/// Whether `condition` returns within ten minutes: the bound of a wait that a broken
/// build would make endless.
private func eventually(_ condition: @escaping @Sendable () async -> Void) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await condition()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(600))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

private func text(_ string: String) -> BodyScript.Step { .chunk(Data(string.utf8)) }

@Suite("StreamingHTTPTransport: a transport of one's own streams, with back-pressure and cancellation")
struct StreamingHTTPTransportTests {
  @Test("Events arrive as the body does: the first before the rest of the body is pulled")
  func eventsAsTheyArrive() async throws {
    // The rest of the body is held back until the test has the first event: a
    // build that read the body whole would wait for ever (the 600 s idle timeout).
    let script = BodyScript([text("data: fir"), text("st\n\n"), .gate, text("data: second\n\n")])
    let transport = ScriptedTransport(status: 200, contentType: "text/event-stream", script: script)
    let events = try await withTransport(transport) {
      var events: [String] = []
      for try await event in StreamService().events(Request(.get, "/chat")) {
        events.append(event.data)
        if events.count == 1 {
          #expect(await script.pulledBytes == "data: first\n\n".utf8.count)
          await script.open()
        }
      }
      return events
    }
    #expect(events == ["first", "second"])
  }

  @Test("Leaving the loop early cancels the task that reads the body")
  func leavingEarly() async throws {
    let script = BodyScript([text("data: a\n\n"), .stall])
    let transport = ScriptedTransport(status: 200, contentType: "text/event-stream", script: script)
    let first: String? = try await withTransport(transport) {
      for try await event in StreamService().events(Request(.get, "/chat")) { return event.data }
      return nil
    }
    #expect(first == "a")
    #expect(await eventually { await script.cancellation() })
    #expect(await script.wasCancelled)
  }

  @Test("A body that goes silent ends with the idle timeout, and its reading is cancelled")
  func silentBody() async throws {
    let script = BodyScript([text("data: a\n\n"), .stall])
    let transport = ScriptedTransport(status: 200, contentType: "text/event-stream", script: script)
    let (events, error) = await withTransport(
      transport, timeout: .seconds(10)  // far above the first chunk's time to arrive
    ) {
      await collect(StreamService().events(Request(.get, "/chat")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .timeout)
    #expect(await eventually { await script.cancellation() })
  }

  @Test("A transport that cannot connect fails with a transport failure before any element")
  func unreachable() async throws {
    let (events, error) = await withTransport(UnreachableTransport()) {
      await collect(StreamService().events(Request(.get, "/chat")))
    }
    #expect(events.isEmpty)
    #expect(error?.kind == .transportFailure)
    #expect(error?.underlyingError as? URLError == URLError(.cannotConnectToHost))
  }

  @Test("An error from the body ends the sequence with a transport failure, after the events before it")
  func bodyFailure() async throws {
    let script = BodyScript([text("data: a\n\n"), .failure(URLError(.networkConnectionLost))])
    let transport = ScriptedTransport(status: 200, contentType: "text/event-stream", script: script)
    let (events, error) = await withTransport(transport) {
      await collect(StreamService().events(Request(.get, "/chat")))
    }
    #expect(events.map(\.data) == ["a"])
    #expect(error?.kind == .transportFailure)
    #expect(error?.underlyingError as? URLError == URLError(.networkConnectionLost))
  }

  @Test("An unaccepted status fails before the first element, with the body's start")
  func unacceptedStatus() async throws {
    let script = BodyScript([text("<html>busy, "), text("come back later</html>")])
    let transport = ScriptedTransport(status: 503, contentType: "text/html", script: script)
    let (events, error) = await withTransport(transport) {
      await collect(StreamService().events(Request(.get, "/chat")))
    }
    #expect(events.isEmpty)
    let failure = try #require(error)
    #expect(failure.statusCode == 503)
    #expect(failure.response.map { String(decoding: $0.body, as: UTF8.self) } == "<html>busy, come back later</html>")
  }

  @Test("A reader that lags holds the body back: what is pulled stays within the buffer's capacity")
  func backPressure() async throws {
    let chunk = Data(repeating: 7, count: 64 << 10)
    let script = BodyScript(Array(repeating: .chunk(chunk), count: 64))
    let transport = ScriptedTransport(status: 200, contentType: "application/octet-stream", script: script)
    try await withTransport(transport) {
      var iterator = StreamService().bytes(Request(.get, "/big")).makeAsyncIterator()
      var read = try #require(try await iterator.next()).count
      // Give the reading task every chance to run ahead while this reader waits.
      for _ in 0..<1_000 { await Task.yield() }
      // The library holds about 1 MiB that the reader has not read; it pulls a chunk
      // only while it holds less.
      #expect(await script.pulledBytes - read <= (1 << 20) + chunk.count)
      #expect(await script.pulledBytes < 64 * chunk.count)
      while let next = try await iterator.next() { read += next.count }
      #expect(read == 64 * chunk.count)
    }
  }

  @Test("Lines and downloads stream through it too")
  func linesAndDownloads() async throws {
    let rows = BodyScript([
      text(#"{"userName":"a","email":"#), text("\"b\"}\n"), .gate, text("{\"userName\":\"c\",\"email\":\"d\"}\n"),
    ])
    let lines = ScriptedTransport(status: 200, contentType: "application/x-ndjson", script: rows)
    let users = try await withTransport(lines) {
      var users: [StreamUser] = []
      for try await user in StreamService().lines(Request(.get, "/export"), as: StreamUser.self) {
        users.append(user)
        if users.count == 1 { await rows.open() }
      }
      return users
    }
    #expect(users == [StreamUser(userName: "a", email: "b"), StreamUser(userName: "c", email: "d")])

    let file = BodyScript([text("hello, "), text("world")])
    let files = ScriptedTransport(status: 200, contentType: "text/plain", script: file)
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: destination) }
    let response = try await withTransport(files) {
      try await StreamService().download(Request(.get, "/file"), to: destination) { _ in }
    }
    #expect(response.value == destination)
    #expect(try String(contentsOf: destination, encoding: .utf8) == "hello, world")
  }

  @Test("A transport that only sends still serves streams, whole")
  func sendOnly() async throws {
    let events = try await withTransport(SendOnlyTransport()) {
      try await collectAll(StreamService().events(Request(.get, "/chat")))
    }
    #expect(events.map(\.data) == ["a", "b"])
  }
}
