import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@Suite("RetryMiddleware: what is retried, backoff with jitter, Retry-After, deadline, cancellation")
struct RetryMiddlewareTests {
  let memory = InMemoryTransport()
  let clock = ManualClock()

  func retry(_ maxAttempts: Int = 4, random: Double = 0.5, maxDelay: Duration = .seconds(30)) -> RetryMiddleware {
    RetryMiddleware(
      maxAttempts: maxAttempts, baseDelay: .milliseconds(500), maxDelay: maxDelay, clock: clock,
      random: { random })
  }

  func send(
    _ request: Request, _ middleware: RetryMiddleware, timeout: Duration = .seconds(600)
  ) async -> Result<HTTPResponse, ServiceError> {
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: timeout, middleware: [middleware])
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: request)
    }
  }

  @Test("maxAttempts counts every attempt: a GET that keeps failing with 503 is sent 4 times")
  func exhausted() async throws {
    memory.on(.get, "/x", respond: .json(["error": "busy"], status: 503))
    let error = try #require(await send(Request(.get, "/x"), retry(4)).failure)
    #expect(memory.recordedRequests.count == 4)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == 503)
    #expect(error.attempts == 4)
    #expect(error.description.hasSuffix("(after 4 attempts)"))
  }

  @Test("A transport failure is retried, and the final error says how many attempts were made")
  func transportFailure() async throws {
    memory.on(.get, "/x", respond: .connectionRefused)
    let error = try #require(await send(Request(.get, "/x"), retry(3)).failure)
    #expect(memory.recordedRequests.count == 3)
    #expect(error.kind == .transportFailure)
    #expect(error.attempts == 3)
    #expect(error.description.contains("could not connect to the server"))
    #expect(error.description.hasSuffix("(after 3 attempts)"))
  }

  @Test("These statuses are retried until a success", arguments: [408, 429, 500, 502, 503, 504])
  func retriedStatus(status: Int) async throws {
    memory.on(.get, "/x", respond: .json([:], status: status), .json(["ok": true]))
    let response = try await send(Request(.get, "/x"), retry()).get()
    #expect(response.statusCode == 200)
    #expect(memory.recordedRequests.count == 2)
  }

  @Test("Other statuses are not retried", arguments: [400, 401, 403, 404, 409, 422, 501])
  func finalStatus(status: Int) async throws {
    memory.on(.get, "/x", respond: .json([:], status: status), .json(["ok": true]))
    let error = try #require(await send(Request(.get, "/x"), retry()).failure)
    #expect(error.statusCode == status)
    #expect(error.attempts == 1)
    #expect(memory.recordedRequests.count == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test("A POST is not retried; with an Idempotency-Key it is")
  func methods() async throws {
    memory.on(.post, "/orders", respond: .json([:], status: 503), .json(["id": 1]))
    let plain = try #require(await send(Request(.post, "/orders", body: .json(["item": "book"])), retry()).failure)
    #expect(plain.statusCode == 503)
    #expect(memory.recordedRequests.count == 1)

    memory.reset()
    memory.on(.post, "/orders", respond: .json([:], status: 503), .json(["id": 1]))
    let keyed = Request(.post, "/orders", headers: ["Idempotency-Key": "order-7"], body: .json(["item": "book"]))
    #expect(try await send(keyed, retry()).get().statusCode == 200)
    #expect(memory.recordedRequests.count == 2)
  }

  @Test("Idempotent methods are retried", arguments: [HTTPMethod.get, .head, .put, .delete, .options])
  func idempotent(method: HTTPMethod) async throws {
    memory.on(method, "/x", respond: .status(503), .status(204))
    #expect(try await send(Request(method, "/x"), retry()).get().statusCode == 204)
    #expect(memory.recordedRequests.count == 2)
  }

  @Test("Exponential backoff with full jitter: random × min(cap, base × 2ⁿ⁻¹)")
  func backoff() async throws {
    memory.on(.get, "/x", respond: .status(500))
    _ = await send(Request(.get, "/x"), retry(5, random: 0.5))
    #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
  }

  @Test("The backoff stops growing at maxDelay; a jitter of zero waits not at all")
  func cap() async throws {
    memory.on(.get, "/x", respond: .status(500))
    _ = await send(Request(.get, "/x"), retry(5, random: 1, maxDelay: .seconds(1)))
    #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(1), .seconds(1)])
    let zero = ManualClock()
    _ = await send(Request(.get, "/x"), RetryMiddleware(maxAttempts: 3, clock: zero, random: { 0 }))
    #expect(zero.sleeps.isEmpty)
    #expect(memory.recordedRequests.count == 8)
  }

  @Test("Retry-After in seconds replaces the backoff")
  func retryAfterSeconds() async throws {
    memory.on(.get, "/x", respond: .json([:], status: 429, headers: ["Retry-After": "7"]), .json(["ok": true]))
    #expect(try await send(Request(.get, "/x"), retry()).get().statusCode == 200)
    #expect(clock.sleeps == [.seconds(7)])
  }

  @Test("Retry-After as an HTTP date waits until that date; a past date waits not at all")
  func retryAfterDate() async throws {
    let later = HTTPDateText.string(from: clock.now.addingTimeInterval(30))
    let earlier = HTTPDateText.string(from: clock.now.addingTimeInterval(-3600))
    memory.on(
      .get, "/x", respond: .status(503, headers: ["Retry-After": later]),
      .status(503, headers: ["Retry-After": earlier]), .status(204))
    #expect(try await send(Request(.get, "/x"), retry()).get().statusCode == 204)
    #expect(clock.sleeps == [.seconds(30)])
  }

  @Test(
    "A negative, garbage or empty Retry-After falls back to the backoff",
    arguments: ["-5", "soon", "", "1.5", "Mon, 32 Foo 2024 99:00:00 GMT"])
  func garbageRetryAfter(value: String) async throws {
    memory.on(.get, "/x", respond: .status(503, headers: ["Retry-After": value]), .status(204))
    #expect(try await send(Request(.get, "/x"), retry(random: 0.5)).get().statusCode == 204)
    #expect(clock.sleeps == [.milliseconds(250)])
  }

  @Test("A huge Retry-After is cut to maxRetryAfter", arguments: ["86400", "99999999999999999999999999"])
  func hugeRetryAfter(value: String) async throws {
    memory.on(.get, "/x", respond: .status(503, headers: ["Retry-After": value]), .status(204))
    let middleware = RetryMiddleware(maxAttempts: 2, maxRetryAfter: .seconds(90), clock: clock)
    #expect(try await send(Request(.get, "/x"), middleware, timeout: .seconds(100_000)).get().statusCode == 204)
    #expect(clock.sleeps == [.seconds(90)])
  }

  @Test("It never sleeps past the request's deadline: a Retry-After beyond it ends the retries")
  func deadline() async throws {
    memory.on(.get, "/x", respond: .status(503, headers: ["Retry-After": "30"]), .status(204))
    let error = try #require(await send(Request(.get, "/x", timeout: .seconds(10)), retry()).failure)
    #expect(error.statusCode == 503)
    #expect(clock.sleeps.isEmpty)
    #expect(memory.recordedRequests.count == 1)
  }

  @Test("The waits so far count against the deadline")
  func deadlineAfterWaits() async throws {
    memory.on(.get, "/x", respond: .status(503, headers: ["Retry-After": "4"]))
    let error = try #require(await send(Request(.get, "/x", timeout: .seconds(10)), retry(10)).failure)
    #expect(clock.sleeps == [.seconds(4), .seconds(4)])  // a third wait would end at 12 s
    #expect(error.attempts == 3)
  }

  @Test("Cancelling the task stops a waiting retry at once", .timeLimit(.minutes(1)))
  func cancellation() async throws {
    memory.on(.get, "/x", respond: .status(503))
    let endless = EndlessClock()
    let middleware = RetryMiddleware(maxAttempts: 5, clock: endless, random: { 1 })
    let task = Task { await send(Request(.get, "/x"), middleware) }
    try await eventually { endless.sleeping.count == 1 }
    task.cancel()
    let error = try #require(await task.value.failure)
    #expect(error.kind == .cancelled)
    #expect(memory.recordedRequests.count == 1)
  }

  @Test("maxAttempts below 1 counts as 1")
  func atLeastOne() async throws {
    memory.on(.get, "/x", respond: .status(503))
    #expect(RetryMiddleware(maxAttempts: 0).maxAttempts == 1)
    _ = await send(Request(.get, "/x"), retry(-3))
    #expect(memory.recordedRequests.count == 1)
  }
}

/// Formats HTTP dates for the tests, independently of the library's formatter.
enum HTTPDateText {
  static func string(from date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
