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
    var configuration = try Fixture.serverConfiguration(timeout: .seconds(600))
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

  @Test("50 concurrent requests with an expired token share one refresh; each replays once")
  func fiftyShareOneRefresh() async throws {
    let plain = try Fixture.serverConfiguration(timeout: .seconds(600))
    let test = self.test
    let refreshes = Tally()
    let auth = AuthMiddleware(
      token: { "expired" },
      refresh: {
        refreshes.add("refresh")
        let body = try await result(in: plain) { () async throws(ServiceError) in
          try await JSONService().response(for: Request(.post, "/middleware/\(test)/refresh"))
        }.get().json()
        return try String.decode(body["token"] ?? .null).get()
      })
    // The barrier holds the first requests until all 50 are in flight with the expired token.
    var barriered = try configuration([auth])
    barriered.transport = BarrierTransport(inner: plain.transport, count: 50, authorization: "Bearer expired")
    let configuration = barriered
    let results = await withTaskGroup(of: Result<HTTPResponse, ServiceError>.self) { group in
      for _ in 0..<50 {
        group.addTask { await send(Request(.get, "/middleware/\(test)/protected"), in: configuration) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 50)
    #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
    #expect(refreshes.count == 1)
    #expect(await auth.refreshCount == 1)
    let stats = try await stats()
    #expect(stats["refresh"] == 1)
    #expect(stats["unauthorized"] == 50)
    #expect(stats["protected"] == 100)
  }

  @Test("An ETag revalidation: the server counts one 304, and the cached body is served")
  func etagRevalidation() async throws {
    let configuration = try configuration([CacheMiddleware()])
    let first = try await send(Request(.get, "/middleware/\(test)/etag"), in: configuration).get()
    let second = try await send(Request(.get, "/middleware/\(test)/etag"), in: configuration).get()
    #expect(!first.isFromCache)
    #expect(second.isFromCache)
    #expect(second.statusCode == 200)
    #expect(try second.json() == ["version": 1])
    #expect(second.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
    let stats = try await stats()
    #expect(stats["etag"] == 2)
    #expect(stats["notModified"] == 1)
  }

  @Test("Last-Modified revalidation: the server answers 304 to If-Modified-Since")
  func lastModifiedRevalidation() async throws {
    let configuration = try configuration([CacheMiddleware()])
    _ = try await send(Request(.get, "/middleware/\(test)/last-modified"), in: configuration).get()
    let second = try await send(Request(.get, "/middleware/\(test)/last-modified"), in: configuration).get()
    #expect(second.isFromCache)
    #expect(try second.json() == ["modified": "Sun, 06 Nov 1994 08:49:37 GMT"])
    #expect(try await stats()["notModified"] == 1)
  }

  @Test("A max-age hit never reaches the server")
  func maxAgeHit() async throws {
    let configuration = try configuration([CacheMiddleware()])
    for _ in 0..<3 {
      let response = try await send(Request(.get, "/middleware/\(test)/fresh"), in: configuration).get()
      #expect(try response.json() == ["hits": 1])
    }
    #expect(try await stats()["fresh"] == 1)
  }

  @Test("A credential about to expire is refreshed first: the server never answers 401")
  func refreshBeforeExpiry() async throws {
    let plain = try Fixture.serverConfiguration()
    let test = self.test
    let auth = AuthMiddleware(
      credential: { Credential(token: "stored", expiresAt: Date().addingTimeInterval(10)) },
      refresh: {
        let body = try await result(in: plain) { () async throws(ServiceError) in
          try await JSONService().response(for: Request(.post, "/middleware/\(test)/refresh"))
        }.get().json()
        return Credential(token: try String.decode(body["token"] ?? .null).get(), expiresAt: Date() + 3600)
      })
    let configuration = try configuration([auth])
    for _ in 0..<3 {
      #expect(try await send(Request(.get, "/middleware/\(test)/protected"), in: configuration).get().statusCode == 200)
    }
    #expect(try await count("refresh") == 1)
    #expect(try await count("unauthorized") == 0)
    #expect(try await count("protected") == 3)
  }

  @Test("A disk cache serves a new instance from the files of an earlier one, without a request")
  func diskCacheAcrossInstances() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-disk-\(test)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try configuration([CacheMiddleware(storage: .disk(directory: directory))])
    let stored = try await send(Request(.get, "/middleware/\(test)/fresh"), in: first).get()
    #expect(!stored.isFromCache)
    let second = try configuration([CacheMiddleware(storage: .disk(directory: directory))])
    let served = try await send(Request(.get, "/middleware/\(test)/fresh"), in: second).get()
    #expect(served.isFromCache)
    #expect(try served.json() == stored.json())
    #expect(try await count("fresh") == 1)
  }

  @Test("Log records over HTTP: every planted secret is absent")
  func logRecordsRedacted() async throws {
    let records = RecordSink()
    let auth = AuthMiddleware(token: { Planted.bearer }, refresh: { Planted.bearer })
    let configuration = try configuration([
      LoggingMiddleware(level: .bodies, records.sink), RetryMiddleware(maxAttempts: 2, clock: ManualClock()), auth,
    ])
    _ = await send(Planted.request("/echo/login"), in: configuration)
    _ = await send(Planted.request("/status/500"), in: configuration)
    #expect(records.records.map(\.statusCode) == [200, 500])
    for record in records.records {
      let text = "\(record) \(record.requestHeaders) \(record.responseHeaders) \(record.responseBody ?? "")"
      for secret in Planted.all {
        #expect(!text.contains(secret), "\(secret) leaked: \(text)")
      }
    }
    // The echo sends the secrets back under harmless names (rawQuery, body): they did
    // travel, and only the log hides them.
    let echo = try #require(records.records.first?.responseBody)
    #expect(echo.contains(#""rawQuery":"access_token=<redacted>&page=2""#))
  }
}
