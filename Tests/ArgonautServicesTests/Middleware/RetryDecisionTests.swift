import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// The rate limit that GitHub answers with: a 403 whose `X-RateLimit-Remaining` is 0.
private let rateLimited: @Sendable (RetryContext) -> Bool = { context in
  context.response?.statusCode == 403 && context.response?.header("X-RateLimit-Remaining") == "0"
}

/// `RetryMiddleware(maxAttempts:shouldRetry:)` against the example server, whose
/// `/middleware/<test>/rate-limited` answers as GitHub's rate limit does.
@Suite("RetryMiddleware: the caller decides, and rate-limit resets are waited for", .needsPython, .exampleServer)
struct RetryDecisionTests {
  let test = UUID().uuidString

  func send(_ path: String, _ query: [QueryItem] = [], through retry: RetryMiddleware) async throws -> Result<
    HTTPResponse, ServiceError
  > {
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = [retry]
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/middleware/\(test)/\(path)", query: query))
    }
  }

  func count(_ name: String) async throws -> Int {
    let stats = try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/middleware/\(test)/stats", parameters: nil, headers: nil)
    }.get()
    return Int.decode(stats[name] ?? 0).value ?? -1
  }

  @Test("A 403 with X-RateLimit-Remaining: 0 is retried after X-RateLimit-Reset, on the injected clock")
  func rateLimit() async throws {
    let clock = ManualClock()  // 1,700,000,000 s after 1970
    let retry = RetryMiddleware(maxAttempts: 4, clock: clock, shouldRetry: rateLimited)
    let response = try await send(
      "rate-limited", [.init("failures", "1"), .init("reset", "1700000030")], through: retry
    ).get()
    #expect(response.statusCode == 200)
    #expect(response.header("X-RateLimit-Remaining") == "59")
    #expect(clock.sleeps == [.seconds(30)])
    #expect(try await count("rateLimited") == 2)
  }

  @Test("A real 403 (forbidden, with requests remaining) is not retried")
  func realForbidden() async throws {
    let clock = ManualClock()
    let error = try #require(
      await send("forbidden", through: RetryMiddleware(maxAttempts: 4, clock: clock, shouldRetry: rateLimited))
        .failure)
    #expect(error.statusCode == 403)
    #expect(error.attempts == 1)
    #expect(clock.sleeps.isEmpty)
    #expect(try await count("forbidden") == 1)
  }

  @Test("Without the closure, a rate-limit 403 is not retried, as before")
  func defaultRules() async throws {
    let clock = ManualClock()
    let error = try #require(
      await send("rate-limited", [.init("reset", "1700000030")], through: RetryMiddleware(maxAttempts: 4, clock: clock))
        .failure)
    #expect(error.statusCode == 403)
    #expect(clock.sleeps.isEmpty)
  }

  @Test("A reset past the deadline is not waited for: the 403 is the answer")
  func resetPastDeadline() async throws {
    let clock = ManualClock()
    let retry = RetryMiddleware(maxAttempts: 4, maxRetryAfter: .seconds(3600), clock: clock, shouldRetry: rateLimited)
    var configuration = try Fixture.serverConfiguration(timeout: .seconds(600))
    configuration.middleware = [retry]
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(
          for: Request(
            .get, "/middleware/\(test)/rate-limited", query: [.init("failures", "1"), .init("reset", "1700001000")]))
      }.failure)
    #expect(error.statusCode == 403)
    #expect(clock.sleeps.isEmpty)  // 1,000 s is past the 600 s deadline
    #expect(try await count("rateLimited") == 1)
  }

  @Test("The closure sees each failed attempt: its number, response, error and the default verdict")
  func contexts() async throws {
    let seen = Locked<[String]>([])
    let clock = ManualClock()
    let retry = RetryMiddleware(maxAttempts: 3, clock: clock) { context in
      seen.withLock {
        $0.append(
          "\(context.attempt) \(context.response?.statusCode ?? 0) \(context.error == nil) \(context.isRetryableByDefault)"
        )
      }
      return true
    }
    let error = try #require(
      await send("flaky", [.init("failures", "5"), .init("status", "500")], through: retry).failure)
    #expect(error.attempts == 3)
    #expect(seen.current == ["1 500 true true", "2 500 true true"])
    #expect(clock.sleeps.count == 2)
  }

  @Test("The closure decides for thrown errors too: a closed port is retried only if it says so")
  func thrownErrors() async throws {
    let clock = ManualClock()
    let seen = Locked<[Bool]>([])
    let retry = RetryMiddleware(maxAttempts: 3, clock: clock) { context in
      seen.withLock { $0.append(context.error != nil && context.response == nil) }
      return false
    }
    let configuration = ServiceConfiguration(
      environment: .local(port: closedPort()), timeout: .seconds(600), middleware: [retry])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/x"))
      }.failure)
    #expect(error.kind == .transportFailure)
    #expect(seen.current == [true])
    #expect(error.attempts == 1)
  }
}
