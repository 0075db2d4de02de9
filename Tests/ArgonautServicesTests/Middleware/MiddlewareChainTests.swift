import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// A middleware that notes when it sees the request and the response.
private struct Tracer: ServiceMiddleware {
  let name: String
  let tally: Tally
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    tally.add("\(name) →")
    var request = request
    request.headers["X-Trace", default: ""] += name
    let response = try await next(request)
    tally.add("\(name) ←")
    return response
  }
}

/// A middleware that answers by itself.
private struct Answer: ServiceMiddleware {
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"from":"middleware"}"#.utf8))
  }
}

/// A middleware that waits for an hour before passing the request on.
private struct Stall: ServiceMiddleware {
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    try await Task.sleep(for: .seconds(3600))
    return try await next(request)
  }
}

/// A middleware that calls `next` twice and reports the metrics it sees.
private struct TwiceWithMetrics: ServiceMiddleware {
  let seen: Tally
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    seen.add("before: \(ExchangeMetrics.current?.attempts ?? -1)")
    _ = try await next(request)
    let response = try await next(request)
    let metrics = try #require(ExchangeMetrics.current)
    seen.add("after: \(metrics.attempts), durations: \(metrics.attemptDurations.count)")
    return response
  }
}

private struct Boom: Error {}

/// A middleware that throws.
private struct Thrower: ServiceMiddleware {
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    throw Boom()
  }
}

@Suite("ServiceMiddleware: the chain's order, changes, short circuits, deadline and metrics")
struct MiddlewareChainTests {
  let memory = InMemoryTransport()

  func configuration(_ middleware: [any ServiceMiddleware], timeout: Duration = .seconds(600)) -> ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: timeout, middleware: middleware)
  }

  func get(_ path: String, in configuration: ServiceConfiguration) async -> Result<JSON, ServiceError> {
    await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: path, parameters: nil, headers: nil)
    }
  }

  @Test("No middleware by default")
  func noneByDefault() {
    #expect(ServiceConfiguration().middleware.isEmpty)
  }

  @Test("The first middleware is outermost: it sees the request first and the response last")
  func order() async throws {
    let tally = Tally()
    memory.on(.get, "/x", respond: .json(["ok": true]))
    let configuration = configuration([Tracer(name: "A", tally: tally), Tracer(name: "B", tally: tally)])
    #expect(try await get("/x", in: configuration).get() == ["ok": true])
    #expect(tally.all == ["A →", "B →", "B ←", "A ←"])
    #expect(memory.recordedRequests.map { $0.header("X-Trace") } == ["AB"])
  }

  @Test("A middleware can answer without the transport")
  func shortCircuit() async throws {
    let configuration = configuration([Answer()])
    #expect(try await get("/anything", in: configuration).get() == ["from": "middleware"])
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("The file transport goes through the chain too")
  func fileTransport() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-chain-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"file": true}"#.utf8).write(to: directory.appendingPathComponent("feed.json"))
    let tally = Tally()
    let configuration = ServiceConfiguration(
      environment: .local(port: 1), transport: FileTransport(directory: directory),
      middleware: [Tracer(name: "F", tally: tally)])
    #expect(try await get("/feed", in: configuration).get() == ["file": true])
    #expect(tally.all == ["F →", "F ←"])
  }

  @Test("The chain runs inside the deadline: a middleware that stalls ends in a timeout")
  func deadline() async throws {
    memory.on(.get, "/x", respond: .json([:]))
    let error = try #require(await get("/x", in: configuration([Stall()], timeout: .milliseconds(200))).failure)
    #expect(error.kind == .timeout)
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("Cancelling the task stops a stalled middleware with .cancelled", .timeLimit(.minutes(1)))
  func cancellation() async throws {
    memory.on(.get, "/x", respond: .json([:]))
    let configuration = configuration([Stall()])
    let task = Task { await get("/x", in: configuration) }
    try await Task.sleep(for: .milliseconds(50))
    task.cancel()
    #expect(await task.value.failure?.kind == .cancelled)
  }

  @Test("Metrics count every transport call; the error says how many attempts were made")
  func metrics() async throws {
    let seen = Tally()
    memory.on(.get, "/x", respond: .json(["e": 1], status: 500))
    let error = try #require(await get("/x", in: configuration([TwiceWithMetrics(seen: seen)])).failure)
    #expect(seen.all == ["before: 0", "after: 2, durations: 2"])
    #expect(memory.recordedRequests.count == 2)
    #expect(error.attempts == 2)
    #expect(error.description.hasSuffix("(after 2 attempts)"))
    #expect(ExchangeMetrics.current == nil)
  }

  @Test("An error that a middleware throws is a transport failure that keeps the error")
  func thrownError() async throws {
    let error = try #require(await get("/x", in: configuration([Thrower()])).failure)
    #expect(error.kind == .transportFailure)
    #expect(error.underlyingError is Boom)
    #expect(error.attempts == 0)
  }
}
