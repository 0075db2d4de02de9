import Foundation
import Testing

@testable import ArgonautServices

/// A stale stored response served when the server fails: `servesStaleWhenDisconnected`
/// (RFC 9111 §4.2.4) for failures without a response, `stale-if-error` (RFC 5861 §4)
/// for those and for `5xx` responses.
@Suite("CacheMiddleware when the server fails: servesStaleWhenDisconnected, stale-if-error")
struct CacheStaleOnErrorTests {
  let clock = ManualClock()

  /// The failures of a server that cannot be reached, as transports report them.
  static let disconnections: [any Error & Sendable] = [
    URLError(.cannotConnectToHost), URLError(.networkConnectionLost), URLError(.timedOut),
    URLError(.notConnectedToInternet), POSIXError(.ECONNRESET), POSIXError(.ECONNREFUSED),
  ]

  func cache(disconnected: Bool) -> CacheMiddleware {
    CacheMiddleware(storage: .memory, servesStaleWhenDisconnected: disconnected, clock: clock)
  }

  /// An origin whose first response has `headers` (and says `response 1`), and that
  /// fails every later request with `error`.
  func failing(after headers: [String: String], with error: any Error & Sendable) -> CacheOrigin {
    CacheOrigin { _, number in
      guard number == 1 else { throw error }
      return HTTPResponse(statusCode: 200, headers: headers, body: Data("response \(number)".utf8))
    }
  }

  /// An origin whose first response has `headers`, and whose later ones are `status`.
  func answering(_ status: Int, after headers: [String: String]) -> CacheOrigin {
    CacheOrigin { _, number in
      guard number == 1 else { return HTTPResponse(statusCode: status, body: Data("error \(number)".utf8)) }
      return HTTPResponse(statusCode: 200, headers: headers, body: Data("response \(number)".utf8))
    }
  }

  // MARK: servesStaleWhenDisconnected

  @Test(
    "With the option, a stale response answers a failure without a response, marked and with its Age",
    arguments: disconnections)
  func servedWhenDisconnected(error: any Error & Sendable) async throws {
    let cache = cache(disconnected: true)
    #expect(cache.servesStaleWhenDisconnected)
    let origin = failing(after: ["Cache-Control": "max-age=60", "ETag": #""v1""#], with: error)
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let stale = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(stale.statusCode == 200)
    #expect(stale.text == "response 1")
    #expect(stale.isFromCache)
    #expect(stale.header("Cache-Status") == "Argonaut; fwd=stale; detail=stale-when-disconnected")
    #expect(stale.header("Age") == "120")
    // It was revalidated first, with its ETag; it stays stored, for the next failure.
    #expect(origin.requests.map { $0.header("If-None-Match") } == [nil, #""v1""#])
    #expect(cache.storedCount == 1)
    #expect(try await cache.send(cacheRequest("/doc"), to: origin).text == "response 1")
    #expect(origin.hits == 3)
  }

  @Test("A stale response without a validator is served too, when its unconditional request fails")
  func servedWithoutValidator() async throws {
    let cache = cache(disconnected: true)
    let origin = failing(after: ["Cache-Control": "max-age=60"], with: URLError(.cannotConnectToHost))
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(61))
    let stale = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(stale.text == "response 1")
    #expect(stale.isFromCache)
    #expect(origin.hits == 2)
  }

  @Test("Without the option (the default), the failure is thrown as it came", arguments: disconnections)
  func notServedByDefault(error: any Error & Sendable) async throws {
    for cache in [cache(disconnected: false), CacheMiddleware(clock: clock)] {
      #expect(!cache.servesStaleWhenDisconnected)
      let origin = failing(after: ["Cache-Control": "max-age=60", "ETag": #""v1""#], with: error)
      _ = try await cache.send(cacheRequest("/doc"), to: origin)
      clock.advance(by: .seconds(120))
      await #expect {
        _ = try await cache.send(cacheRequest("/doc"), to: origin)
      } throws: { thrown in
        "\(thrown)" == "\(error)"
      }
      #expect(origin.hits == 2)
    }
  }

  /// A stored response's header fields and a request's that forbid serving it stale,
  /// and the `fwd` reason the request is sent for.
  struct Forbidden: Sendable, CustomTestStringConvertible {
    var stored: [String: String]
    var request: [String: String] = [:]
    var reason = "fwd=stale"
    var testDescription: String { "stored \(stored), request \(request)" }
  }

  @Test(
    "Forbidden stale (RFC 9111 §4.2.4, §5.2.2.2, §5.2.2.4, §5.2.1): a 504 with the option, the error without it",
    arguments: [
      Forbidden(stored: ["Cache-Control": "max-age=60, must-revalidate"]),
      Forbidden(stored: ["Cache-Control": "max-age=60, no-cache"]),
      Forbidden(stored: ["Cache-Control": "no-cache", "ETag": #""v1""#]),
      Forbidden(stored: ["Cache-Control": "max-age=60, stale-if-error=600, must-revalidate"]),
      Forbidden(stored: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "no-cache"], reason: "fwd=request"),
      Forbidden(
        stored: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "max-age=0"], reason: "fwd=request"),
      Forbidden(stored: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "max-age=90"]),
      Forbidden(stored: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "min-fresh=1"]),
      Forbidden(stored: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "max-stale=10"]),
    ])
  func forbidden(_ forbidden: Forbidden) async throws {
    let (stored, request, reason) = (forbidden.stored, forbidden.request, forbidden.reason)
    let on = cache(disconnected: true)
    let origin = failing(after: stored, with: URLError(.networkConnectionLost))
    _ = try await on.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let answer = try await on.send(cacheRequest("/doc", headers: request), to: origin)
    #expect(answer.statusCode == 504)
    #expect(answer.body.isEmpty)
    #expect(!answer.isFromCache)
    #expect(answer.header("Cache-Status") == "Argonaut; \(reason); detail=disconnected")
    #expect(origin.hits == 2)

    let off = cache(disconnected: false)
    let other = failing(after: stored, with: URLError(.networkConnectionLost))
    _ = try await off.send(cacheRequest("/doc"), to: other)
    clock.advance(by: .seconds(120))
    await #expect(throws: URLError.self) {
      _ = try await off.send(cacheRequest("/doc", headers: request), to: other)
    }
  }

  @Test("A request's max-stale that covers the staleness is served from the store, without a request")
  func maxStaleCovers() async throws {
    let cache = cache(disconnected: true)
    let origin = failing(after: ["Cache-Control": "max-age=60"], with: URLError(.networkConnectionLost))
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(65))
    let answer = try await cache.send(cacheRequest("/doc", headers: ["Cache-Control": "max-stale=10"]), to: origin)
    #expect(answer.header("Cache-Status") == "Argonaut; hit; fwd=stale")
    #expect(origin.hits == 1)
  }

  @Test("With nothing stored for the request, the failure is thrown even with the option")
  func nothingStored() async throws {
    let cache = cache(disconnected: true)
    let origin = failing(after: ["Cache-Control": "max-age=60"], with: URLError(.cannotConnectToHost))
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    await #expect(throws: URLError.self) {
      _ = try await cache.send(cacheRequest("/other"), to: origin)
    }
    // Nor for another credential's request: partitions still hold.
    await #expect(throws: URLError.self) {
      _ = try await cache.send(cacheRequest("/doc", headers: ["Authorization": "Bearer other"]), to: origin)
    }
  }

  @Test(
    "A cancellation, or another middleware's failure, is not a disconnection: thrown as it came",
    arguments: [CancellationError(), URLError(.cancelled), CacheMiddleware.Failure(description: "deliberate")]
      as [any Error & Sendable])
  func notDisconnections(error: any Error & Sendable) async throws {
    let cache = cache(disconnected: true)
    let origin = failing(after: ["Cache-Control": "max-age=60, stale-if-error=600"], with: error)
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    await #expect {
      _ = try await cache.send(cacheRequest("/doc"), to: origin)
    } throws: { thrown in
      "\(thrown)" == "\(error)"
    }
  }

  @Test("A fresh response is served as before, with or without the option, without a request")
  func freshUnaffected() async throws {
    for disconnected in [true, false] {
      let cache = cache(disconnected: disconnected)
      let origin = failing(after: ["Cache-Control": "max-age=60"], with: URLError(.cannotConnectToHost))
      _ = try await cache.send(cacheRequest("/doc"), to: origin)
      clock.advance(by: .seconds(30))
      let fresh = try await cache.send(cacheRequest("/doc"), to: origin)
      #expect(fresh.header("Cache-Status") == "Argonaut; hit")
      #expect(fresh.header("Age") == "30")
      #expect(origin.hits == 1)
    }
  }

  // MARK: 5xx and stale-if-error

  @Test(
    "A 5xx is an answer: passed on with the option, and stored when it may be, unless stale-if-error allows",
    arguments: [500, 502, 503, 504])
  func serverErrorPassesThrough(status: Int) async throws {
    let cache = cache(disconnected: true)
    let origin = answering(status, after: ["Cache-Control": "max-age=60", "ETag": #""v1""#])
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let answer = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(answer.statusCode == status)
    #expect(answer.text == "error 2")
    #expect(!answer.isFromCache)
    #expect(answer.header("Cache-Status") == "Argonaut; fwd=stale")
  }

  @Test(
    "stale-if-error serves a stale response instead of a 500, 502, 503 or 504, without the option",
    arguments: [500, 502, 503, 504])
  func staleIfErrorOnServerError(status: Int) async throws {
    let cache = cache(disconnected: false)
    let origin = answering(status, after: ["Cache-Control": "max-age=60, stale-if-error=300", "ETag": #""v1""#])
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let stale = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(stale.statusCode == 200)
    #expect(stale.text == "response 1")
    #expect(stale.isFromCache)
    #expect(stale.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=\(status); detail=stale-if-error")
    #expect(stale.header("Age") == "120")
    // The error response was not stored over the stale one.
    #expect(cache.storedCount == 1)
    #expect(try await cache.send(cacheRequest("/doc"), to: origin).text == "response 1")
    // Past the window (60 s of freshness, then 300 s), the error is passed on.
    clock.advance(by: .seconds(241))
    let late = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(late.statusCode == status)
    #expect(!late.isFromCache)
    #expect(origin.hits == 4)
  }

  @Test("stale-if-error does not cover other statuses: a 501, a 404 or a 429 is passed on", arguments: [501, 404, 429])
  func staleIfErrorOtherStatus(status: Int) async throws {
    let cache = cache(disconnected: true)
    let origin = answering(status, after: ["Cache-Control": "max-age=60, stale-if-error=300"])
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let answer = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(answer.statusCode == status)
    #expect(!answer.isFromCache)
  }

  @Test("stale-if-error covers a failure without a response too, without the option, within its window")
  func staleIfErrorOnDisconnection() async throws {
    let cache = cache(disconnected: false)
    let origin = failing(
      after: ["Cache-Control": "max-age=60, stale-if-error=300"], with: URLError(.networkConnectionLost))
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(360))
    let stale = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(stale.isFromCache)
    #expect(stale.header("Cache-Status") == "Argonaut; fwd=stale; detail=stale-if-error")
    clock.advance(by: .seconds(1))
    await #expect(throws: URLError.self) {
      _ = try await cache.send(cacheRequest("/doc"), to: origin)
    }
  }

  @Test("A request's stale-if-error allows it too, when the response says nothing")
  func staleIfErrorInRequest() async throws {
    let cache = cache(disconnected: false)
    let origin = answering(503, after: ["Cache-Control": "max-age=60"])
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(120))
    let plain = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(plain.statusCode == 503)
    let stale = try await cache.send(cacheRequest("/doc", headers: ["Cache-Control": "stale-if-error=60"]), to: origin)
    #expect(stale.statusCode == 200)
    #expect(stale.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=503; detail=stale-if-error")
    let tooOld = try await cache.send(
      cacheRequest("/doc", headers: ["Cache-Control": "stale-if-error=59"]), to: origin)
    #expect(tooOld.statusCode == 503)
  }

  // MARK: On disk, and through a service

  @Test("On disk, a new instance with the option serves what an earlier one stored; without it, the error")
  func disk() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = failing(after: ["Cache-Control": "max-age=60", "ETag": #""v1""#], with: URLError(.timedOut))
    _ = try await CacheMiddleware(storage: .disk(directory: directory), clock: clock).send(
      cacheRequest("/doc"), to: origin)
    clock.advance(by: .seconds(600))

    let off = CacheMiddleware(storage: .disk(directory: directory), clock: clock)
    await #expect(throws: URLError.self) {
      _ = try await off.send(cacheRequest("/doc"), to: origin)
    }
    let on = CacheMiddleware(storage: .disk(directory: directory), servesStaleWhenDisconnected: true, clock: clock)
    let stale = try await on.send(cacheRequest("/doc"), to: origin)
    #expect(stale.text == "response 1")
    #expect(stale.header("Age") == "600")
    #expect(stale.header("Cache-Status") == "Argonaut; fwd=stale; detail=stale-when-disconnected")
    #expect(on.storedCount == 1)
    #expect(origin.requests.map { $0.header("If-None-Match") } == [nil, #""v1""#, #""v1""#])
  }
}
