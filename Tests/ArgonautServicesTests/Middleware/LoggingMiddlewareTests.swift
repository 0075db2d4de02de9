import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// Collects log records.
final class RecordSink: Sendable {
  private let lock = NSLock()
  // Only touched under `lock`.
  nonisolated(unsafe) private var collected: [LogRecord] = []

  var records: [LogRecord] { lock.withLock { collected } }
  var sink: @Sendable (LogRecord) -> Void {
    { [self] record in lock.withLock { collected.append(record) } }
  }
}

/// Secrets planted in requests and responses; none may appear in a log record.
enum Planted {
  static let queryToken = "qt-7f3a9c"
  static let bearer = "bearer-51d2e8"
  static let cookie = "cookie-a81b"
  static let password = "pw-lovelace-93"
  static let responseSecret = "resp-secret-4410"
  static let all = [queryToken, bearer, cookie, password, responseSecret]

  /// A request that carries them all.
  static func request(_ path: String) -> Request {
    Request(
      .post, path, query: [.init("access_token", queryToken), .init("page", "2")],
      headers: ["Authorization": "Bearer \(bearer)", "Cookie": "session=\(cookie)", "X-Trace": "t-1"],
      body: .json(["userName": "ada", "password": .string(password)]))
  }
}

@Suite("LoggingMiddleware: one redacted record per exchange, with timing, sizes and attempts")
struct LoggingMiddlewareTests {
  let memory = InMemoryTransport()

  func send(_ request: Request, _ middleware: [any ServiceMiddleware]) async -> Result<HTTPResponse, ServiceError> {
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600), middleware: middleware)
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: request)
    }
  }

  @Test("A record has the method, the redacted URL, the status, the sizes and the attempt")
  func summary() async throws {
    let records = RecordSink()
    memory.on(.post, "/login", respond: .json(["token": .string(Planted.responseSecret), "ok": true]))
    _ = try await send(Planted.request("/login"), [LoggingMiddleware(records.sink)]).get()
    let record = try #require(records.records.first)
    #expect(records.records.count == 1)
    #expect(record.method == .post)
    #expect(record.url == "http://127.0.0.1:8080/login?access_token=<redacted>&page=2")
    #expect(record.statusCode == 200)
    #expect(record.failure == nil)
    let sent = #"{"userName":"ada","password":"pw-lovelace-93"}"#
    let received = #"{"token":"resp-secret-4410","ok":true}"#
    #expect(record.requestBodySize == sent.utf8.count)
    #expect(record.responseBodySize == received.utf8.count)
    #expect(record.attempt == 1)
    #expect(record.metrics.attempts == 1)
    #expect(record.metrics.attemptDurations.count == 1)
    #expect(record.duration >= record.metrics.transportDuration)
    #expect(record.requestHeaders.isEmpty)
    #expect(record.requestBody == nil)
    #expect(
      record.description.hasPrefix("POST http://127.0.0.1:8080/login?access_token=<redacted>&page=2 → 200, 38 B in "))
    #expect(record.description.hasSuffix(", sent 46 B"))
  }

  @Test(
    "Every planted secret is absent, at every level, in every field",
    arguments: [LogRecord.Level.summary, .headers, .bodies])
  func secretsAbsent(level: LogRecord.Level) async throws {
    let records = RecordSink()
    memory.on(
      .post, "/login",
      respond: .json(["token": .string(Planted.responseSecret)], headers: ["Set-Cookie": "s=\(Planted.cookie)"]))
    memory.on(.post, "/fail", respond: .json(["password": .string(Planted.password)], status: 500))
    _ = await send(Planted.request("/login"), [LoggingMiddleware(level: level, records.sink)])
    _ = await send(Planted.request("/fail"), [LoggingMiddleware(level: level, records.sink)])
    #expect(records.records.count == 2)
    for record in records.records {
      let text =
        "\(record) \(record.url) \(record.requestHeaders) \(record.responseHeaders) "
        + "\(record.requestBody ?? "") \(record.responseBody ?? "")"
      for secret in Planted.all {
        #expect(!text.contains(secret), "\(secret) leaked at level \(level): \(text)")
      }
      #expect(text.contains("<redacted>"))
    }
    if level >= .headers {
      let record = records.records[0]
      #expect(record.requestHeaders.contains("X-Trace: t-1"))
      #expect(record.requestHeaders.contains("Authorization: <redacted>"))
      #expect(record.responseHeaders.contains("Set-Cookie: <redacted>"))
    }
    if level >= .bodies {
      #expect(records.records[0].requestBody == #"{"userName":"ada","password":"<redacted>"}"#)
      #expect(records.records[0].responseBody == #"{"token":"<redacted>"}"#)
    }
  }

  @Test("A secret echoed back under a harmless name is hidden too: by name, then by value")
  func echoedSecrets() async throws {
    let records = RecordSink()
    memory.on(.post, "/login") { request in
      .json(
        [
          "query": .string(request.url.query ?? ""),
          "message": .string("wrong password \(request.bodyJSON?["password"]?.description ?? "")"),
          "seen": .string(request.header("Authorization") ?? ""),
        ], status: 400)
    }
    _ = await send(Planted.request("/login"), [LoggingMiddleware(level: .bodies, records.sink)])
    let record = try #require(records.records.first)
    let body = try #require(record.responseBody)
    for secret in Planted.all {
      #expect(!record.description.contains(secret))
    }
    #expect(body.contains(#""query":"access_token=<redacted>&page=2""#))
    #expect(body.contains(#""seen":"<redacted>""#))
    #expect(!body.contains("lovelace"))
  }

  @Test("An auth replay is part of its attempt: attempt 1, though the transport was called twice")
  func replayIsOneAttempt() async throws {
    let records = RecordSink()
    memory.on(.get, "/me") { request in
      request.header("Authorization") == "Bearer new" ? .json(["ok": true]) : .json([:], status: 401)
    }
    let auth = AuthMiddleware(token: { "old" }, refresh: { "new" })
    _ = try await send(Request(.get, "/me"), [LoggingMiddleware(records.sink), auth]).get()
    #expect(records.records.map(\.attempt) == [1])
    #expect(records.records.map(\.metrics.attempts) == [2])
    #expect(memory.recordedRequests.count == 2)
  }

  @Test("A call that times out is recorded as a timeout, before the caller has its error")
  func timeout() async throws {
    let records = RecordSink()
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: StuckTransport(entered: Tally()), timeout: .milliseconds(50),
      middleware: [LoggingMiddleware(records.sink)])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/stuck"))
      }.failure)
    #expect(error.kind == .timeout)
    // Already there when the caller resumed: no waiting.
    #expect(records.records.map(\.failure) == ["timed out after 50 ms"])
    #expect(records.records.first?.description.contains("cancelled") == false)
  }

  @Test("A cancelled call is recorded as cancelled, before the caller has its error")
  func cancelled() async throws {
    let records = RecordSink()
    let entered = Tally()
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: StuckTransport(entered: entered), timeout: .seconds(600),
      middleware: [LoggingMiddleware(records.sink)])
    let call = Task {
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/stuck"))
      }
    }
    try await eventually { entered.count == 1 }
    call.cancel()
    let error = try #require(await call.value.failure)
    #expect(error.kind == .cancelled)
    #expect(records.records.map(\.failure) == ["cancelled"])
  }

  @Test("A failure without a response is recorded with its cause, then thrown on")
  func failure() async throws {
    let records = RecordSink()
    memory.on(.get, "/down", respond: .connectionRefused)
    let error = try #require(await send(Request(.get, "/down"), [LoggingMiddleware(records.sink)]).failure)
    #expect(error.kind == .transportFailure)
    let record = try #require(records.records.first)
    #expect(record.statusCode == nil)
    #expect(record.responseBodySize == nil)
    #expect(record.failure == "could not connect to the server (URLError -1004)")
    #expect(record.description.contains("→ failed in "))
  }

  @Test("Outside a retry, one record per call with the attempts it took; inside, one per attempt")
  func attempts() async throws {
    let outer = RecordSink()
    let inner = RecordSink()
    memory.on(.get, "/flaky", respond: .status(503), .status(503), .json(["ok": true]))
    let retry = RetryMiddleware(maxAttempts: 4, clock: ManualClock())
    _ = try await send(
      Request(.get, "/flaky"), [LoggingMiddleware(outer.sink), retry, LoggingMiddleware(inner.sink)]
    ).get()
    #expect(outer.records.map(\.attempt) == [3])
    #expect(outer.records.map(\.statusCode) == [200])
    #expect(outer.records[0].description.hasSuffix("(attempt 3)"))
    #expect(inner.records.map(\.attempt) == [1, 2, 3])
    #expect(inner.records.map(\.statusCode) == [503, 503, 200])
  }

  @Test("A cache hit is recorded as attempt 1, with its Cache-Status")
  func cacheHit() async throws {
    let records = RecordSink()
    memory.on(.get, "/fresh", respond: .json([:], headers: ["Cache-Control": "max-age=60"]))
    let middleware: [any ServiceMiddleware] = [LoggingMiddleware(records.sink), CacheMiddleware(clock: ManualClock())]
    _ = try await send(Request(.get, "/fresh"), middleware).get()
    _ = try await send(Request(.get, "/fresh"), middleware).get()
    #expect(records.records.map(\.attempt) == [1, 1])
    #expect(records.records.map(\.metrics.attempts) == [1, 0])  // the metrics count transport calls
    #expect(memory.recordedRequests.count == 1)
    #expect(records.records.map(\.cacheStatus) == ["Argonaut; fwd=uri-miss; stored", "Argonaut; hit"])
  }
}

/// A transport that never answers: it waits until its task is cancelled.
private struct StuckTransport: HTTPTransport {
  let entered: Tally
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    entered.add(request.path)
    try await Task.sleep(for: .seconds(3600))
    return HTTPResponse(statusCode: 200)
  }
}
