import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@Suite("CacheMiddleware: freshness, revalidation, Vary, what is stored, LRU within a byte limit")
struct CacheMiddlewareTests {
  let memory = InMemoryTransport()
  let clock = ManualClock()

  func send(
    _ request: Request, _ cache: CacheMiddleware
  ) async -> Result<HTTPResponse, ServiceError> {
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600), middleware: [cache])
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: request)
    }
  }

  func get(_ path: String, _ cache: CacheMiddleware, headers: [String: String] = [:]) async throws -> HTTPResponse {
    try await send(Request(.get, path, headers: headers), cache).get()
  }

  /// A route that counts its hits and answers with `headers`.
  func route(_ path: String, headers: [String: String], status: Int = 200) -> Tally {
    let hits = Tally()
    memory.on(nil, path) { request in
      hits.add(request.header("If-None-Match") ?? request.header("If-Modified-Since") ?? "plain")
      return .json(["hit": JSON(integerLiteral: hits.count)], status: status, headers: headers)
    }
    return hits
  }

  @Test("A fresh max-age response is served without a request, marked as from the cache")
  func maxAgeHit() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = route("/feed", headers: ["Cache-Control": "max-age=60"])
    let first = try await get("/feed", cache)
    #expect(!first.isFromCache)
    #expect(first.header("Cache-Status") == "Argonaut; fwd=uri-miss; stored")
    clock.advance(by: .seconds(59))
    let second = try await get("/feed", cache)
    #expect(second.isFromCache)
    #expect(second.header("Cache-Status") == "Argonaut; hit")
    #expect(second.header("Age") == "59")
    #expect(try second.json() == ["hit": 1])
    #expect(hits.count == 1)
  }

  @Test("Once stale, a response without a validator is fetched again")
  func expiry() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = route("/feed", headers: ["Cache-Control": "max-age=60"])
    _ = try await get("/feed", cache)
    clock.advance(by: .seconds(60))
    let again = try await get("/feed", cache)
    #expect(!again.isFromCache)
    #expect(try again.json() == ["hit": 2])
    #expect(hits.all == ["plain", "plain"])
  }

  @Test("Age counts against freshness, and Expires works without max-age")
  func ageAndExpires() async throws {
    let cache = CacheMiddleware(clock: clock)
    let aged = route("/aged", headers: ["Cache-Control": "max-age=100", "Age": "90"])
    _ = try await get("/aged", cache)
    clock.advance(by: .seconds(9))
    #expect(try await get("/aged", cache).isFromCache)
    clock.advance(by: .seconds(1))
    #expect(try await !get("/aged", cache).isFromCache)
    #expect(aged.count == 2)

    let date = HTTPDateText.string(from: clock.now)
    let expires = HTTPDateText.string(from: clock.now.addingTimeInterval(30))
    let expiring = route("/expiring", headers: ["Date": date, "Expires": expires])
    _ = try await get("/expiring", cache)
    clock.advance(by: .seconds(29))
    #expect(try await get("/expiring", cache).isFromCache)
    clock.advance(by: .seconds(2))
    #expect(try await !get("/expiring", cache).isFromCache)
    #expect(expiring.count == 2)

    let invalid = route("/invalid", headers: ["Expires": "0"])
    _ = try await get("/invalid", cache)
    #expect(try await !get("/invalid", cache).isFromCache)
    #expect(invalid.count == 2)
  }

  @Test("A stale response is revalidated with If-None-Match; a 304 serves the stored body and updates its headers")
  func etagRevalidation() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = Tally()
    memory.on(.get, "/etag") { request in
      hits.add(request.header("If-None-Match") ?? "plain")
      if request.header("If-None-Match") == #""v1""# {
        return .status(304, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=10", "X-Revalidated": "yes"])
      }
      return .json(["version": 1], headers: ["ETag": #""v1""#, "Cache-Control": "max-age=0"])
    }
    _ = try await get("/etag", cache)
    let revalidated = try await get("/etag", cache)
    #expect(revalidated.statusCode == 200)
    #expect(try revalidated.json() == ["version": 1])
    #expect(revalidated.isFromCache)
    #expect(revalidated.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
    #expect(revalidated.header("X-Revalidated") == "yes")
    #expect(revalidated.header("Content-Type") == "application/json")
    // The 304's max-age=10 now rules: fresh for 10 s without a request.
    #expect(try await get("/etag", cache).header("Cache-Status") == "Argonaut; hit")
    #expect(hits.all == ["plain", #""v1""#])
  }

  @Test("Last-Modified revalidates with If-Modified-Since")
  func lastModified() async throws {
    let cache = CacheMiddleware(clock: clock)
    let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
    let hits = Tally()
    memory.on(.get, "/doc") { request in
      hits.add(request.header("If-Modified-Since") ?? "plain")
      if request.header("If-Modified-Since") == modified { return .status(304) }
      return .text("the document", headers: ["Last-Modified": modified, "Cache-Control": "max-age=0"])
    }
    _ = try await get("/doc", cache)
    let second = try await get("/doc", cache)
    #expect(String(decoding: second.body, as: UTF8.self) == "the document")
    #expect(second.isFromCache)
    #expect(hits.all == ["plain", modified])
  }

  @Test("no-store is never stored, and removes what was stored")
  func noStore() async throws {
    let cache = CacheMiddleware(clock: clock)
    memory.on(.get, "/x", respond: .json(["v": 1], headers: ["Cache-Control": "max-age=60"]))
    _ = try await get("/x", cache)
    #expect(cache.storedCount == 1)
    memory.on(.get, "/x", respond: .json(["v": 2], headers: ["Cache-Control": "no-store, max-age=60"]))
    let bypass = try await get("/x", cache, headers: ["Cache-Control": "no-cache"])
    #expect(try bypass.json() == ["v": 2])
    #expect(cache.storedCount == 0)
    _ = try await get("/x", cache)
    #expect(cache.storedCount == 0)
    #expect(memory.recordedRequests.count == 3)
  }

  @Test("A request's no-store bypasses the cache; its no-cache and max-age=0 revalidate")
  func requestDirectives() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = route("/x", headers: ["Cache-Control": "max-age=600", "ETag": #""e""#])
    _ = try await get("/x", cache)
    let bypassed = try await get("/x", cache, headers: ["Cache-Control": "no-store"])
    #expect(bypassed.header("Cache-Status") == nil)
    _ = try await get("/x", cache, headers: ["Cache-Control": "no-cache"])
    clock.advance(by: .seconds(1))
    _ = try await get("/x", cache, headers: ["Cache-Control": "max-age=0"])
    #expect(try await get("/x", cache, headers: ["Cache-Control": "max-age=5"]).isFromCache)
    #expect(hits.all == ["plain", "plain", #""e""#, #""e""#])
  }

  @Test("must-revalidate refuses a stale response that max-stale would accept")
  func mustRevalidate() async throws {
    let cache = CacheMiddleware(clock: clock)
    let lenient = route("/lenient", headers: ["Cache-Control": "max-age=10"])
    let strict = route("/strict", headers: ["Cache-Control": "max-age=10, must-revalidate"])
    _ = try await get("/lenient", cache)
    _ = try await get("/strict", cache)
    clock.advance(by: .seconds(20))
    let stale = try await get("/lenient", cache, headers: ["Cache-Control": "max-stale=60"])
    #expect(stale.header("Cache-Status") == "Argonaut; hit; fwd=stale")
    _ = try await get("/strict", cache, headers: ["Cache-Control": "max-stale=60"])
    #expect(lenient.count == 1)
    #expect(strict.count == 2)
  }

  @Test("Vary: a stored response answers only requests with the same values of the named headers")
  func vary() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = route("/i18n", headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"])
    _ = try await get("/i18n", cache, headers: ["Accept-Language": "fr"])
    #expect(try await get("/i18n", cache, headers: ["accept-language": "fr"]).isFromCache)
    let other = try await get("/i18n", cache, headers: ["Accept-Language": "de"])
    #expect(other.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    #expect(hits.count == 2)

    let star = route("/star", headers: ["Cache-Control": "max-age=60", "Vary": "*"])
    _ = try await get("/star", cache)
    _ = try await get("/star", cache)
    #expect(star.count == 2)
  }

  @Test("Only GET is stored, HEAD is answered from it; a successful POST removes its URL's entries")
  func methods() async throws {
    let cache = CacheMiddleware(clock: clock)
    let hits = route("/items", headers: ["Cache-Control": "max-age=60"])
    _ = try await send(Request(.post, "/items"), cache).get()
    _ = try await send(Request(.post, "/items"), cache).get()
    #expect(hits.count == 2)
    #expect(cache.storedCount == 0)
    _ = try await get("/items", cache)
    let head = try await send(Request(.head, "/items"), cache).get()
    #expect(head.isFromCache)
    #expect(head.body.isEmpty)
    #expect(cache.storedCount == 1)
    #expect(hits.count == 3)
    #expect(try await get("/items", cache).isFromCache)
    _ = try await send(Request(.post, "/items"), cache).get()
    #expect(cache.storedCount == 0)
    #expect(try await !get("/items", cache).isFromCache)
  }

  @Test(
    "Statuses that are not cacheable by default without explicit freshness, and responses without freshness or validator, are not stored"
  )
  func notStored() async throws {
    let cache = CacheMiddleware(clock: clock)
    let modified = HTTPDateText.string(from: clock.now.addingTimeInterval(-86_400))
    memory.on(.get, "/plain", respond: .json([:]))
    memory.on(.get, "/created", respond: .json([:], status: 201, headers: ["Last-Modified": modified]))
    _ = try await get("/plain", cache)
    _ = try await send(Request(.get, "/created", acceptedStatusCodes: [201]), cache).get()
    #expect(cache.storedCount == 0)
  }

  @Test("The least recently used entries go first; an entry larger than the limit is not stored")
  func lru() async throws {
    let cache = CacheMiddleware(byteLimit: 3000, clock: clock)
    let body = String(repeating: "x", count: 700)
    for name in ["a", "b", "c", "big"] {
      let text = name == "big" ? String(repeating: "y", count: 5000) : body
      memory.on(.get, "/\(name)", respond: .text(text, headers: ["Cache-Control": "max-age=600"]))
    }
    _ = try await get("/a", cache)
    _ = try await get("/b", cache)
    _ = try await get("/c", cache)
    #expect(cache.storedCount == 3)
    #expect(try await get("/a", cache).isFromCache)  // a is now the most recent
    memory.on(.get, "/d", respond: .text(body, headers: ["Cache-Control": "max-age=600"]))
    _ = try await get("/d", cache)  // evicts b, the least recently used
    #expect(cache.storedCount == 3)
    #expect(cache.storedByteCount <= 3000)
    #expect(try await get("/a", cache).isFromCache)
    #expect(try await !get("/b", cache).isFromCache)

    let big = try await get("/big", cache)
    #expect(big.header("Cache-Status") == "Argonaut; fwd=uri-miss")
    #expect(cache.storedByteCount <= 3000)
    #expect(try await !get("/big", cache).isFromCache)
  }

  @Test("A 304 to a request that sent no validator, with nothing cached, is a typed error")
  func unexpectedNotModified() async throws {
    let cache = CacheMiddleware(clock: clock)
    memory.on(.get, "/x", respond: .status(304))
    let error = try #require(await send(Request(.get, "/x"), cache).failure)
    #expect(error.kind == .middlewareFailure)
    #expect(error.underlyingError is CacheMiddleware.Failure)
    #expect(error.description.contains("304 Not Modified"))
  }

  @Test("A caller's own If-None-Match passes through, and its 304 reaches the caller")
  func callersValidator() async throws {
    let cache = CacheMiddleware(clock: clock)
    memory.on(.get, "/x", respond: .status(304))
    let error = try #require(
      await send(Request(.get, "/x", headers: ["If-None-Match": #""mine""#]), cache).failure)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == 304)
  }

  @Test("Copies share the store; removeAll empties it")
  func sharedStore() async throws {
    let cache = CacheMiddleware(clock: clock)
    let copy = cache
    _ = route("/x", headers: ["Cache-Control": "max-age=60"])
    _ = try await get("/x", cache)
    #expect(try await get("/x", copy).isFromCache)
    copy.removeAll()
    #expect(cache.storedCount == 0)
    #expect(cache.storedByteCount == 0)
  }
}
