import Foundation
import Testing

@testable import ArgonautServices

/// RFC 9111 rules, one test each, with the origin called in-process and time moved
/// by a manual clock.
@Suite("CacheMiddleware: the rules of RFC 9111, one at a time")
struct CacheRulesTests {
  let clock = ManualClock()
  var now: String { HTTPDateText.string(from: clock.now) }
  func date(_ offset: TimeInterval) -> String { HTTPDateText.string(from: clock.now.addingTimeInterval(offset)) }

  // MARK: Validation (§4.3)

  @Test("A 304 with another strong ETag updates nothing: the request is sent again without condition (§4.3.4)")
  func notModifiedWithAnotherETag() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, number in
      if number == 1 {
        return HTTPResponse(
          statusCode: 200, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=0"], body: Data("old".utf8))
      }
      if request.header("If-None-Match") != nil {
        return HTTPResponse(statusCode: 304, headers: ["ETag": #""v2""#, "Cache-Control": "max-age=600"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["ETag": #""v2""#, "Cache-Control": "max-age=600"], body: Data("new".utf8))
    }
    _ = try await cache.send(cacheRequest("/doc"), to: origin)
    let second = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(second.text == "new")
    #expect(second.header("ETag") == #""v2""#)
    #expect(origin.requests.map { $0.header("If-None-Match") } == [nil, #""v1""#, nil])
    // What is stored now is the new representation, fresh for 600 s.
    let third = try await cache.send(cacheRequest("/doc"), to: origin)
    #expect(third.isFromCache)
    #expect(third.text == "new")
    #expect(origin.hits == 3)
  }

  @Test("A 304 with the same weak ETag, or with none, freshens the stored response")
  func notModifiedWithTheSameETag() async throws {
    for etag in [#"W/"v1""#, nil] {
      let cache = CacheMiddleware(clock: clock)
      let origin = CacheOrigin { request, number in
        if number == 1 {
          return HTTPResponse(
            statusCode: 200, headers: ["ETag": #"W/"v1""#, "Cache-Control": "max-age=0"], body: Data("body".utf8))
        }
        var headers = ["Cache-Control": "max-age=600"]
        headers["ETag"] = etag
        return HTTPResponse(statusCode: 304, headers: headers)
      }
      _ = try await cache.send(cacheRequest("/doc"), to: origin)
      let second = try await cache.send(cacheRequest("/doc"), to: origin)
      #expect(second.text == "body")
      #expect(second.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
      #expect(try await cache.send(cacheRequest("/doc"), to: origin).isFromCache)
      #expect(origin.hits == 2)
    }
  }

  // MARK: Freshness (§4.2, §5.1, §5.3)

  @Test(
    "An Expires that is not an HTTP date counts as already expired (§5.3)",
    arguments: [
      "Thu 18 Aug 2050 02:01:18 GMT", "Thu, 18  Aug  2050 02:01:18 GMT", "Thu, 18 Aug 2050 2:01:18 GMT",
      "Thu, 18 Aug 2050 02:01:18 UTC", "Thu, 18 Aug 2050 02:01:18 AEST", "Thu, 18 Aug 50 02:01:18 GMT",
      "Thu, 18-Aug-2050 02:01:18 GMT", "Thu, 18 Aug 2050 02.01.18 GMT",
      "Thu, 18 Aug 2050 02:01:18 GMT, Thu, 18 Aug 2050 02:01:19 GMT", "0", "",
    ])
  func invalidExpires(expires: String) async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Date": now, "Expires": expires, "ETag": #""e""#])
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(3))
    let second = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(!second.isFromCache)
    #expect(origin.hits == 2)
  }

  @Test(
    "The obsolete date forms and names in another letter case are still dates",
    arguments: [
      "Thursday, 18-Aug-50 02:01:18 GMT", "Thu Aug 18 02:01:18 2050", "Thu Aug  8 02:01:18 2050",
      "THU, 18 AUG 2050 02:01:18 gmt",
    ])
  func validExpires(expires: String) async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Date": now, "Expires": expires])
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(3))
    #expect(try await cache.send(cacheRequest("/x"), to: origin).isFromCache)
    #expect(origin.hits == 1)
  }

  @Test(
    "Age: the first member of a list counts; a value that is not an integer is ignored (§5.1)",
    arguments: [
      ("7200, 0", false), ("0, 7200", true), ("7200", false), ("0, 0", true), ("abc", true), ("-7200", true),
      ("7200.0", true), ("2147483648", false), ("99999999999999999999", false),
    ])
  func age(value: String, fresh: Bool) async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Date": now, "Cache-Control": "max-age=3600", "Age": value])
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(3))
    #expect(try await cache.send(cacheRequest("/x"), to: origin).isFromCache == fresh)
  }

  @Test("Heuristic freshness: a tenth of the time since Last-Modified, at most a day (§4.2.2)")
  func heuristic() async throws {
    let cache = CacheMiddleware(clock: clock)
    // Modified 1,000 s ago: fresh for 100 s.
    let origin = CacheOrigin(headers: ["Date": now, "Last-Modified": date(-1000)])
    _ = try await cache.send(cacheRequest("/recent"), to: origin)
    clock.advance(by: .seconds(99))
    #expect(try await cache.send(cacheRequest("/recent"), to: origin).isFromCache)
    clock.advance(by: .seconds(2))
    let stale = try await cache.send(cacheRequest("/recent"), to: origin)
    #expect(!stale.isFromCache)
    #expect(origin.requests.last?.header("If-Modified-Since") != nil)

    // Modified a year ago: fresh for a day, not 36.5 days.
    let old = CacheOrigin(headers: ["Date": now, "Last-Modified": date(-365 * 86_400)])
    _ = try await cache.send(cacheRequest("/old"), to: old)
    clock.advance(by: .seconds(86_399))
    #expect(try await cache.send(cacheRequest("/old"), to: old).isFromCache)
    clock.advance(by: .seconds(2))
    #expect(try await !cache.send(cacheRequest("/old"), to: old).isFromCache)
  }

  @Test(
    "Heuristics only for statuses cacheable by default, or with public",
    arguments: [
      (200, nil, true), (203, nil, true), (404, nil, true), (410, nil, true), (501, nil, true),
      (201, nil, false), (403, nil, false), (500, nil, false), (503, nil, false), (599, nil, false),
      (599, "public", true),
    ] as [(Int, String?, Bool)])
  func heuristicStatuses(status: Int, control: String?, cached: Bool) async throws {
    let cache = CacheMiddleware(clock: clock)
    var headers = ["Date": now, "Last-Modified": date(-86_400)]
    headers["Cache-Control"] = control
    let origin = CacheOrigin(status: status, headers: headers)
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(try await cache.send(cacheRequest("/x"), to: origin).isFromCache == cached)
  }

  @Test(
    "4xx and 5xx responses with explicit freshness are stored and served, then expire",
    arguments: [400, 404, 410, 500, 502, 503, 504, 599])
  func errorsWithFreshness(status: Int) async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(status: status, headers: ["Cache-Control": "max-age=60"])
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    let hit = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(hit.isFromCache)
    #expect(hit.statusCode == status)
    clock.advance(by: .seconds(60))
    #expect(try await !cache.send(cacheRequest("/x"), to: origin).isFromCache)
  }

  @Test("must-understand: stored with a status the cache knows, despite no-store; not with another (§5.2.2.3)")
  func mustUnderstand() async throws {
    let cache = CacheMiddleware(clock: clock)
    let known = CacheOrigin(status: 200, headers: ["Cache-Control": "max-age=3600, no-store, must-understand"])
    let unknown = CacheOrigin(status: 599, headers: ["Cache-Control": "max-age=3600, no-store, must-understand"])
    _ = try await cache.send(cacheRequest("/known"), to: known)
    _ = try await cache.send(cacheRequest("/unknown"), to: unknown)
    #expect(try await cache.send(cacheRequest("/known"), to: known).isFromCache)
    #expect(try await !cache.send(cacheRequest("/unknown"), to: unknown).isFromCache)
  }

  @Test("stale-while-revalidate: served stale in the window and revalidated in the background; not after it")
  func staleWhileRevalidate() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, number in
      if request.header("If-None-Match") == #""v1""# {
        return HTTPResponse(
          statusCode: 304, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=1, stale-while-revalidate=10"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=1, stale-while-revalidate=10"],
        body: Data("response \(number)".utf8))
    }
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(5))
    let stale = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(stale.isFromCache)
    #expect(stale.text == "response 1")
    #expect(stale.header("Age") == "5")
    await cache.backgroundRevalidationsFinished()
    #expect(origin.requests.map { $0.header("If-None-Match") } == [nil, #""v1""#])
    // The revalidation freshened it: fresh again, without a request.
    let fresh = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(fresh.header("Cache-Status") == "Argonaut; hit")
    #expect(origin.hits == 2)
    // Past the window (1 s fresh + 10 s), the request waits for the revalidation.
    clock.advance(by: .seconds(12))
    let late = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(late.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
    #expect(origin.hits == 3)
  }

  @Test("stale-while-revalidate yields to must-revalidate, and works without a background chain only as a wait")
  func staleWhileRevalidateLimits() async throws {
    let cache = CacheMiddleware(clock: clock)
    let strict = CacheOrigin(headers: ["Cache-Control": "max-age=1, stale-while-revalidate=60, must-revalidate"])
    _ = try await cache.send(cacheRequest("/strict"), to: strict)
    clock.advance(by: .seconds(5))
    #expect(try await !cache.send(cacheRequest("/strict"), to: strict).isFromCache)
    #expect(strict.hits == 2)

    // Called as a plain middleware (no chain that outlives the call), it serves stale
    // without starting a revalidation.
    let plain = CacheOrigin(headers: ["Cache-Control": "max-age=1, stale-while-revalidate=60"])
    _ = try await cache.intercept(cacheRequest("/plain"), next: plain.send)
    clock.advance(by: .seconds(5))
    #expect(try await cache.intercept(cacheRequest("/plain"), next: plain.send).isFromCache)
    await cache.backgroundRevalidationsFinished()
    #expect(plain.hits == 1)
  }

  // MARK: What is stored (§3.1, §5.2.2.4)

  @Test("Hop-by-hop fields and those Connection lists are neither stored nor replayed; Set-Cookie is (§3.1)")
  func unstoredFields() async throws {
    let cache = CacheMiddleware(clock: clock)
    let headers = [
      "Cache-Control": "max-age=600", "Connection": "close, X-Hop", "X-Hop": "1", "X-Kept": "2",
      "Keep-Alive": "timeout=5", "Transfer-Encoding": "chunked", "Upgrade": "h2c", "TE": "trailers",
      "Proxy-Authenticate": "Basic", "Proxy-Authentication-Info": "x", "Proxy-Connection": "keep-alive",
      "Set-Cookie": "session=secret", "Set-Cookie2": "a=b", "Content-Type": "text/plain",
    ]
    let origin = CacheOrigin(headers: headers)
    let first = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(first.header("Set-Cookie") == "session=secret")
    #expect(first.header("Connection") == "close, X-Hop")  // the live response is untouched
    let replay = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(replay.isFromCache)
    #expect(origin.hits == 1)
    #expect(replay.header("X-Kept") == "2")
    #expect(replay.header("Content-Type") == "text/plain")
    // Set-Cookie is not on RFC 9111's list of fields a cache must not store.
    #expect(replay.header("Set-Cookie") == "session=secret")
    #expect(replay.header("Set-Cookie2") == "a=b")
    for name in [
      "Connection", "X-Hop", "Keep-Alive", "Transfer-Encoding", "Upgrade", "TE", "Proxy-Authenticate",
      "Proxy-Authentication-Info", "Proxy-Connection",
    ] {
      #expect(replay.header(name) == nil, "\(name) was replayed")
    }
  }

  @Test("Set-Cookie is kept on disk and replayed by a new instance; no-cache=\"Set-Cookie\" keeps it out")
  func setCookieOnDisk() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "argonaut-cookie-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { request, _ in
      let control = request.url.path == "/withheld" ? #"max-age=600, no-cache="Set-Cookie""# : "max-age=600"
      return HTTPResponse(statusCode: 200, headers: ["Cache-Control": control, "Set-Cookie": "theme=dark"])
    }
    for path in ["/kept", "/withheld"] {
      let live = try await CacheMiddleware(storage: .disk(directory: directory), clock: clock)
        .send(cacheRequest(path), to: origin)
      #expect(live.header("Set-Cookie") == "theme=dark")
    }
    let later = CacheMiddleware(storage: .disk(directory: directory), clock: clock)
    let kept = try await later.send(cacheRequest("/kept"), to: origin)
    #expect(kept.isFromCache)
    #expect(kept.header("Set-Cookie") == "theme=dark")
    let withheld = try await later.send(cacheRequest("/withheld"), to: origin)
    #expect(withheld.isFromCache)
    #expect(withheld.header("Set-Cookie") == nil)
    #expect(origin.hits == 2)
  }

  @Test("A 304's Set-Cookie replaces the stored one; its hop-by-hop fields do not reach the stored response")
  func unstoredFieldsOf304() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { _, number in
      if number == 1 {
        return HTTPResponse(
          statusCode: 200, headers: ["ETag": #""e""#, "Cache-Control": "max-age=0", "Set-Cookie": "s=0"],
          body: Data("b".utf8))
      }
      return HTTPResponse(
        statusCode: 304,
        headers: [
          "ETag": #""e""#, "Cache-Control": "max-age=600", "Set-Cookie": "s=1", "Connection": "X-A", "X-A": "1",
        ])
    }
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    let replay = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(replay.isFromCache)
    #expect(origin.hits == 2)
    #expect(replay.text == "b")
    #expect(replay.header("Set-Cookie") == "s=1")
    #expect(replay.header("X-A") == nil)
    #expect(replay.header("Connection") == nil)
  }

  @Test("no-cache with field names: the response is stored and reused, without those fields (§5.2.2.4)")
  func noCacheFields() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: [
      "Cache-Control": #"no-cache="X-A, X-B", max-age=3600"#, "X-A": "1", "X-B": "2", "X-C": "3",
    ])
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    let replay = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(replay.isFromCache)
    #expect(replay.header("X-A") == nil)
    #expect(replay.header("X-B") == nil)
    #expect(replay.header("X-C") == "3")
    // Plain no-cache still means: revalidate every time.
    let strict = CacheOrigin(headers: ["Cache-Control": "no-cache, max-age=3600", "ETag": #""e""#])
    _ = try await cache.send(cacheRequest("/strict"), to: strict)
    _ = try await cache.send(cacheRequest("/strict"), to: strict)
    #expect(strict.requests.last?.header("If-None-Match") == #""e""#)
  }

  @Test("Cache-Control: a comma inside a quoted value does not end the directive")
  func quotedDirectives() {
    let control = CacheControl(#"extension="max-age=3600, x", max-age=1, no-cache="a, b""#)
    #expect(control.maxAge == 1)
    #expect(control.noCacheFields == ["a", "b"])
    #expect(!control.noCache)
    #expect(CacheControl("max-age='3600'").maxAge == 0)
    #expect(CacheControl("max-age=003600").maxAge == 3600)
    #expect(CacheControl("MaX-AgE=5, No-Cache").noCache)
  }

  // MARK: Vary (§4.1)

  @Test("Vary tells a request without the field from one with it empty")
  func varyAbsentAndEmpty() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600", "Vary": "X-Flavour"])
    _ = try await cache.send(cacheRequest("/x"), to: origin)  // stored without X-Flavour
    let empty = try await cache.send(cacheRequest("/x", headers: ["X-Flavour": ""]), to: origin)
    #expect(!empty.isFromCache)
    #expect(origin.hits == 2)
    #expect(try await cache.send(cacheRequest("/x"), to: origin).isFromCache)
    #expect(try await cache.send(cacheRequest("/x", headers: ["X-Flavour": ""]), to: origin).isFromCache)
  }

  @Test("Several Vary variants of one URL are kept side by side, and each answers its own requests")
  func varyVariants() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"],
        body: Data("in \(request.header("Accept-Language") ?? "none")".utf8))
    }
    for language in ["fr", "de", "en"] {
      _ = try await cache.send(cacheRequest("/x", headers: ["Accept-Language": language]), to: origin)
    }
    #expect(cache.storedCount == 3)
    for language in ["de", "en", "fr"] {
      let hit = try await cache.send(cacheRequest("/x", headers: ["Accept-Language": language]), to: origin)
      #expect(hit.isFromCache)
      #expect(hit.text == "in \(language)")
    }
    // Whitespace around list commas does not make another variant.
    _ = try await cache.send(cacheRequest("/x", headers: ["Accept-Language": "fr,de"]), to: origin)
    #expect(try await cache.send(cacheRequest("/x", headers: ["Accept-Language": " fr , de "]), to: origin).isFromCache)
    #expect(origin.hits == 4)
  }

  @Test("A stale variant is revalidated with the request's own Vary fields")
  func varyRevalidation() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Expires": date(1), "Date": now, "ETag": #""e""#, "Vary": "Abc"])
    _ = try await cache.send(cacheRequest("/x", headers: ["Abc": "123"]), to: origin)
    clock.advance(by: .seconds(3))
    _ = try await cache.send(cacheRequest("/x", headers: ["Abc": "123"]), to: origin)
    #expect(origin.requests.last?.header("Abc") == "123")
    #expect(origin.requests.last?.header("If-None-Match") == #""e""#)
  }

  // MARK: HEAD and ranges (§4.3.5, RFC 9110 §14)

  @Test("A 200 to HEAD freshens the stored GET response it describes (§4.3.5)")
  func headFreshens() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, number in
      if request.method == .head {
        return HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=1000", "X-Version": "2"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=2", "X-Version": "1"], body: Data("get \(number)".utf8))
    }
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(3))
    let head = try await cache.send(cacheRequest("/x", method: .head), to: origin)
    #expect(head.body.isEmpty)
    #expect(origin.requests.last?.method == .head)
    let get = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(get.isFromCache)
    #expect(get.text == "get 1")
    #expect(get.header("X-Version") == "2")
    #expect(origin.hits == 2)
  }

  @Test("A HEAD whose ETag differs does not freshen the stored GET: it is dropped")
  func headWithAnotherETag() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200,
        headers: [
          "Cache-Control": request.method == .head ? "max-age=1000" : "max-age=2",
          "ETag": request.method == .head ? #""v2""# : #""v1""#,
        ],
        body: Data(request.method == .head ? [] : Array("v1".utf8)))
    }
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    clock.advance(by: .seconds(3))
    _ = try await cache.send(cacheRequest("/x", method: .head), to: origin)
    #expect(cache.storedCount == 0)
  }

  @Test("A 206 is passed on and never stored; a Range request is cut from a fresh stored 200")
  func partialContent() async throws {
    let cache = CacheMiddleware(clock: clock)
    let partial = CacheOrigin { _, _ in
      HTTPResponse(
        statusCode: 206, headers: ["Cache-Control": "max-age=3600", "Content-Range": "bytes 4-9/10"],
        body: Data("456789".utf8))
    }
    let first = try await cache.send(cacheRequest("/p", headers: ["Range": "bytes=4-"]), to: partial)
    #expect(first.statusCode == 206)
    #expect(cache.storedCount == 0)
    // A later whole request is never answered with the part.
    let whole = try await cache.send(cacheRequest("/p"), to: partial)
    #expect(!whole.isFromCache)
    #expect(partial.hits == 2)

    let complete = CacheOrigin { _, _ in
      HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=3600"], body: Data("0123456789A".utf8))
    }
    _ = try await cache.send(cacheRequest("/c"), to: complete)
    for (range, text, contentRange) in [
      ("bytes=0-1", "01", "bytes 0-1/11"), ("bytes=1-", "123456789A", "bytes 1-10/11"),
      ("bytes=-1", "A", "bytes 10-10/11"), ("bytes=8-100", "89A", "bytes 8-10/11"),
    ] {
      let cut = try await cache.send(cacheRequest("/c", headers: ["Range": range]), to: complete)
      #expect(cut.isFromCache)
      #expect(cut.statusCode == 206)
      #expect(cut.text == text)
      #expect(cut.header("Content-Range") == contentRange)
    }
    #expect(complete.hits == 1)
    // Several ranges, or one past the end, go to the server.
    _ = try await cache.send(cacheRequest("/c", headers: ["Range": "bytes=0-1, 3-4"]), to: complete)
    _ = try await cache.send(cacheRequest("/c", headers: ["Range": "bytes=50-"]), to: complete)
    #expect(complete.hits == 3)
  }

  // MARK: Invalidation (§4.4) and only-if-cached (§5.2.1.7)

  @Test("A successful unsafe request removes its URL's entries and the same-origin Location's; a failed one does not")
  func invalidation() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, _ in
      switch request.method {
      case .get: return HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data("x".utf8))
      case "M-SEARCH": return HTTPResponse(statusCode: 500)
      default:
        return HTTPResponse(
          statusCode: 201, headers: ["Location": "/target", "Content-Location": "https://elsewhere.test/other"])
      }
    }
    for path in ["/items", "/target"] { _ = try await cache.send(cacheRequest(path), to: origin) }
    _ = try await cache.send(cacheRequest("/items", method: "M-SEARCH"), to: origin)
    #expect(cache.storedCount == 2)
    _ = try await cache.send(cacheRequest("/items", method: .put), to: origin)
    #expect(cache.storedCount == 0)
  }

  @Test("only-if-cached answers 504 without a request when nothing fresh is stored")
  func onlyIfCached() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600"])
    let miss = try await cache.send(cacheRequest("/x", headers: ["Cache-Control": "only-if-cached"]), to: origin)
    #expect(miss.statusCode == 504)
    #expect(origin.hits == 0)
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(
      try await cache.send(cacheRequest("/x", headers: ["Cache-Control": "only-if-cached"]), to: origin).isFromCache)
  }
}
