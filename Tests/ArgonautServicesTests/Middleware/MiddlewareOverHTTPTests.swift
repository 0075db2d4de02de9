import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// The middleware against the real example server on 127.0.0.1, through the default
/// `URLSessionTransport`. The server counts requests per test id (the
/// `/middleware/<test>/…` endpoints of `Fixtures/ExampleServer/server.py`).
@Suite("Middleware over real HTTP (the example server counts the requests)", .needsPython, .exampleServer)
struct MiddlewareOverHTTPTests {
  /// A fresh id, so that the server's counters are this test's alone.
  let test = UUID().uuidString

  func configuration(_ middleware: [any ServiceMiddleware]) throws -> ServiceConfiguration {
    var configuration = try Fixture.serverConfiguration(timeout: .seconds(60))
    configuration.middleware = middleware
    return configuration
  }

  func send(_ request: Request, in configuration: ServiceConfiguration) async -> Result<HTTPResponse, ServiceError> {
    await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: request)
    }
  }

  /// The server's counters for this test.
  func stats() async throws -> JSON {
    try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/middleware/\(test)/stats", parameters: nil, headers: nil)
    }.get()
  }

  func count(_ name: String) async throws -> Int {
    Int.decode(try await stats()[name] ?? 0).value ?? -1
  }

  @Test("A 503 with Retry-After: 1, then a success: one wait of 1 s on the injected clock")
  func retryAfter() async throws {
    let clock = ManualClock()
    let configuration = try configuration([RetryMiddleware(maxAttempts: 4, clock: clock)])
    let response = try await send(
      Request(.get, "/middleware/\(test)/flaky", query: [.init("failures", "1"), .init("retry-after", "1")]),
      in: configuration
    ).get()
    #expect(response.statusCode == 200)
    #expect(try response.json() == ["hits": 2])
    #expect(clock.sleeps == [.seconds(1)])
    #expect(try await count("flaky") == 2)
  }

  @Test("A POST that gets a 503 is not retried: the server sees it once")
  func postNotRetried() async throws {
    let clock = ManualClock()
    let configuration = try configuration([RetryMiddleware(maxAttempts: 4, clock: clock)])
    let error = try #require(
      await send(Request(.post, "/middleware/\(test)/flaky", body: .json(["order": 7])), in: configuration).failure)
    #expect(error.statusCode == 503)
    #expect(error.attempts == 1)
    #expect(clock.sleeps.isEmpty)
    #expect(try await count("flaky") == 1)
  }

  @Test("A GET that keeps failing is sent maxAttempts times, and the error says so")
  func exhausted() async throws {
    let clock = ManualClock()
    let configuration = try configuration([RetryMiddleware(maxAttempts: 3, clock: clock)])
    let error = try #require(
      await send(Request(.get, "/middleware/\(test)/flaky", query: [.init("failures", "10")]), in: configuration)
        .failure)
    #expect(error.statusCode == 503)
    #expect(error.attempts == 3)
    #expect(error.description.hasSuffix("(after 3 attempts)"))
    #expect(try await count("flaky") == 3)
  }
}
