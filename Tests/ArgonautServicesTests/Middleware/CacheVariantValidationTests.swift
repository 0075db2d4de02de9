import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// A request that no stored response matches, because of `Vary`, sends the entity tags
/// of the stored responses of its URL and partition (RFC 9111 §4.3.1), and a 304 that
/// names one of them serves it (§4.3.3). The origin is called in-process, on a manual
/// clock.
@Suite("CacheMiddleware on a Vary miss: the partition's stored ETags, confirmed by a 304")
struct CacheVariantValidationTests {
  let clock = ManualClock()

  /// GitHub's API's `Vary`, which names the token.
  static let githubVary = "Accept, Authorization, Cookie, X-GitHub-OTP"

  /// A cache whose partition is the request's `X-Account` field (none without it).
  func cache(storage: CacheMiddleware.Storage = .memory) -> CacheMiddleware {
    CacheMiddleware(storage: storage, partition: { request in request.header("X-Account") }, clock: clock)
  }

  /// A `GET` of `path` with `token`, `account` and `accept`, each when given.
  func request(
    _ path: String = "/repos/a/b", token: String? = nil, account: String? = "ada", accept: String? = nil,
    method: HTTPMethod = .get, headers: [String: String] = [:]
  ) -> HTTPRequest {
    var headers = headers
    if let token { headers["Authorization"] = "Bearer \(token)" }
    if let account { headers["X-Account"] = account }
    if let accept { headers["Accept"] = accept }
    return cacheRequest(path, method: method, headers: headers)
  }

  /// Whether `request`'s `If-None-Match` lists `tag` (weak comparison, as a server
  /// evaluates it: RFC 9110 §13.1.2).
  static func lists(_ request: HTTPRequest, _ tag: String) -> Bool {
    func opaque(_ text: Substring) -> Substring { text.hasPrefix("W/") ? text.dropFirst(2) : text }
    let wanted = opaque(Substring(tag))
    return (request.header("If-None-Match") ?? "").split(separator: ",").contains {
      opaque(Substring($0.trimmingCharacters(in: .whitespaces))) == wanted
    }
  }

  /// An origin like GitHub's API: `Vary` names the token, the response has `etag`, and
  /// a request whose `If-None-Match` lists it gets a 304 with the same fields (and a
  /// new `X-RateLimit-Remaining`), whatever its token. The body says which request
  /// made it and with which token.
  func origin(
    etag: String = #""v1""#, vary: String = githubVary, control: String = "private, max-age=60",
    notModifiedETag: String?? = .none
  ) -> CacheOrigin {
    CacheOrigin { request, number in
      var headers = ["Cache-Control": control, "Vary": vary, "ETag": etag, "X-RateLimit-Remaining": "\(5000 - number)"]
      if Self.lists(request, etag) {
        if case .some(let replaced) = notModifiedETag { headers["ETag"] = replaced }
        return HTTPResponse(statusCode: 304, headers: headers)
      }
      return HTTPResponse(
        statusCode: 200, headers: headers,
        body: Data("#\(number) for \(request.header("Authorization") ?? "anyone")".utf8))
    }
  }

  @Test("A refreshed token sends the stored ETag; the 304 serves the stored response and stores it for the token")
  func refreshedToken() async throws {
    let cache = cache()
    let origin = origin()
    let first = try await cache.send(request(token: "old"), to: origin)
    #expect(first.text == "#1 for Bearer old")

    clock.advance(by: .seconds(5))
    let refreshed = try await cache.send(request(token: "new"), to: origin)
    #expect(refreshed.statusCode == 200)
    #expect(refreshed.isFromCache)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
    #expect(refreshed.text == "#1 for Bearer old")
    #expect(refreshed.header("ETag") == #""v1""#)
    #expect(refreshed.header("X-RateLimit-Remaining") == "4998", "the 304's fields replace the stored ones")
    let sent = try #require(origin.requests.last)
    #expect(sent.header("Authorization") == "Bearer new")
    #expect(sent.header("If-None-Match") == #""v1""#)
    #expect(sent.header("If-Modified-Since") == nil)

    // Stored for the new token: fresh, it is served without a request. The old
    // token's response is still there, as it was.
    let again = try await cache.send(request(token: "new"), to: origin)
    #expect(again.header("Cache-Status") == "Argonaut; hit")
    #expect(again.text == "#1 for Bearer old")
    let old = try await cache.send(request(token: "old"), to: origin)
    #expect(old.header("Cache-Status") == "Argonaut; hit")
    #expect(old.header("X-RateLimit-Remaining") == "4999")
    #expect(origin.hits == 2)
    #expect(cache.storedCount == 2)
  }

  @Test("Every stored tag of the URL is sent, most recent first; the 304's strong ETag picks the one served")
  func strongTagSelects() async throws {
    let cache = cache()
    // Two representations: "b1" for Accept: b, "a1" for any other.
    let origin = CacheOrigin { request, number in
      let accept = request.header("Accept") ?? "-"
      let etag = accept == "b" ? #""b1""# : #""a1""#
      if Self.lists(request, etag) {
        return HTTPResponse(statusCode: 304, headers: ["ETag": etag, "Cache-Control": "max-age=60"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=60", "Vary": "Accept", "ETag": etag],
        body: Data("#\(number) as \(accept)".utf8))
    }
    _ = try await cache.send(request(accept: "a"), to: origin)
    clock.advance(by: .seconds(1))
    _ = try await cache.send(request(accept: "b"), to: origin)
    clock.advance(by: .seconds(1))
    let other = try await cache.send(request(accept: "c"), to: origin)
    #expect(origin.requests.last?.header("If-None-Match") == #""b1", "a1""#)
    #expect(other.isFromCache)
    #expect(other.text == "#1 as a")
    #expect(other.header("Vary") == "Accept")
    // Stored for Accept: c now.
    #expect(try await cache.send(request(accept: "c"), to: origin).header("Cache-Status") == "Argonaut; hit")
    #expect(origin.hits == 3)
    #expect(cache.storedCount == 3)
  }

  @Test(
    "A 304 that names none of the stored responses serves nothing: the request is sent again without condition",
    arguments: [
      (#""v1""#, #""v2""#),  // another tag
      (#"W/"v1""#, #""v1""#),  // a strong tag never selects a weak one (§4.3.3)
      (#""v1""#, nil),  // no tag at all
    ] as [(String, String?)])
  func noSelection(stored: String, notModified: String?) async throws {
    let cache = cache()
    let origin = origin(etag: stored, notModifiedETag: .some(notModified))
    _ = try await cache.send(request(token: "old"), to: origin)
    let refreshed = try await cache.send(request(token: "new"), to: origin)
    try #require(origin.hits == 3)
    #expect(Self.lists(origin.requests[1], stored))
    #expect(origin.requests[2].header("If-None-Match") == nil)
    #expect(origin.requests[2].header("Authorization") == "Bearer new")
    #expect(!refreshed.isFromCache)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    #expect(refreshed.text == "#3 for Bearer new")
    #expect(cache.storedCount == 2)
  }

  @Test("A weak ETag selects the stored responses it matches when they have one content, the most recent")
  func weakTagOneContent() async throws {
    let cache = cache()
    // The same content for every token, as GitHub's weak ETags say.
    let origin = CacheOrigin { request, number in
      let headers = [
        "Cache-Control": "private, max-age=60", "Vary": Self.githubVary, "ETag": #"W/"v1""#,
        "X-Request": "\(number)",
      ]
      if Self.lists(request, #"W/"v1""#) { return HTTPResponse(statusCode: 304, headers: headers) }
      return HTTPResponse(statusCode: 200, headers: headers, body: Data("the repository".utf8))
    }
    _ = try await cache.send(request(token: "one"), to: origin)
    clock.advance(by: .seconds(1))
    let second = try await cache.send(request(token: "two"), to: origin)
    #expect(second.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
    clock.advance(by: .seconds(1))
    // Two stored responses now have the tag, with one content: the tag is sent once,
    // and the most recent is served.
    let third = try await cache.send(request(token: "three"), to: origin)
    #expect(origin.requests.last?.header("If-None-Match") == #"W/"v1""#)
    #expect(third.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
    #expect(third.text == "the repository")
    #expect(third.header("X-Request") == "3")
    #expect(origin.hits == 3)
    #expect(cache.storedCount == 3)
  }

  @Test("A weak ETag that stored responses of different contents share selects none of them")
  func weakTagTwoContents() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      let accept = request.header("Accept") ?? "-"
      let headers = ["Cache-Control": "max-age=60", "Vary": "Accept", "ETag": #"W/"v1""#]
      // Only the third request is answered 304, so that two contents are stored first.
      if accept == "c", Self.lists(request, #"W/"v1""#) { return HTTPResponse(statusCode: 304, headers: headers) }
      return HTTPResponse(statusCode: 200, headers: headers, body: Data("#\(number) as \(accept)".utf8))
    }
    _ = try await cache.send(request(accept: "a"), to: origin)
    _ = try await cache.send(request(accept: "b"), to: origin)
    #expect(cache.storedCount == 2)
    let other = try await cache.send(request(accept: "c"), to: origin)
    try #require(origin.hits == 4)
    #expect(origin.requests[2].header("If-None-Match") == #"W/"v1""#)
    #expect(origin.requests[3].header("If-None-Match") == nil)
    #expect(!other.isFromCache)
    #expect(other.text == "#4 as c")
  }

  @Test("A 200 to the conditional request is served, and stored beside the response it did not confirm")
  func changedResource() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      // The resource changed after the first request: its tag is "v2" now.
      let etag = number == 1 ? #""v1""# : #""v2""#
      let headers = ["Cache-Control": "private, max-age=60", "Vary": Self.githubVary, "ETag": etag]
      if Self.lists(request, etag) { return HTTPResponse(statusCode: 304, headers: headers) }
      return HTTPResponse(statusCode: 200, headers: headers, body: Data("version \(number)".utf8))
    }
    _ = try await cache.send(request(token: "old"), to: origin)
    let refreshed = try await cache.send(request(token: "new"), to: origin)
    #expect(origin.requests[1].header("If-None-Match") == #""v1""#)
    #expect(!refreshed.isFromCache)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    #expect(refreshed.text == "version 2")
    #expect(try await cache.send(request(token: "new"), to: origin).text == "version 2")
    #expect(try await cache.send(request(token: "old"), to: origin).text == "version 1")
    #expect(origin.hits == 2)
    #expect(cache.storedCount == 2)
  }

  @Test("A 304 that says no-store serves the confirmed response and stores nothing more")
  func notModifiedNoStore() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      if Self.lists(request, #""v1""#) {
        return HTTPResponse(statusCode: 304, headers: ["ETag": #""v1""#, "Cache-Control": "no-store"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=60", "Vary": "Authorization", "ETag": #""v1""#],
        body: Data("#\(number)".utf8))
    }
    _ = try await cache.send(request(token: "old"), to: origin)
    let refreshed = try await cache.send(request(token: "new"), to: origin)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304")
    #expect(refreshed.isFromCache)
    #expect(refreshed.text == "#1")
    #expect(cache.storedCount == 1)
  }

  @Test("Another partition, and another token without a partition, send no stored tag")
  func otherPartitions() async throws {
    let cache = cache()
    let origin = origin()
    _ = try await cache.send(request(token: "old"), to: origin)
    let bob = try await cache.send(request(token: "new", account: "bob"), to: origin)
    #expect(origin.requests[1].header("If-None-Match") == nil)
    #expect(bob.text == "#2 for Bearer new")
    // Without a name, each token is its own partition: the default stays as it was.
    let plain = CacheMiddleware(storage: .memory, clock: clock)
    _ = try await plain.send(request(token: "old", account: nil), to: origin)
    let other = try await plain.send(request(token: "new", account: nil), to: origin)
    try #require(origin.hits == 4)
    #expect(origin.requests[3].header("If-None-Match") == nil)
    #expect(other.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    #expect(other.text == "#4 for Bearer new")
  }

  @Test("Last-Modified never crosses Vary; a stored non-200 lends no tag; HEAD and Range requests send none")
  func whatIsNotSent() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      var headers = ["Cache-Control": "max-age=60", "Vary": "Authorization"]
      switch request.url.path {
      case "/dated": headers["Last-Modified"] = "Sun, 06 Nov 1994 08:49:37 GMT"
      case "/gone": headers["ETag"] = #""g1""#
      default: headers["ETag"] = #""v1""#
      }
      if request.header("If-None-Match") != nil || request.header("If-Modified-Since") != nil {
        return HTTPResponse(statusCode: 304, headers: headers)
      }
      return HTTPResponse(
        statusCode: request.url.path == "/gone" ? 404 : 200, headers: headers, body: Data("#\(number)".utf8))
    }
    for path in ["/dated", "/gone", "/doc"] {
      _ = try await cache.send(request(path, token: "old"), to: origin)
    }
    _ = try await cache.send(request("/dated", token: "new"), to: origin)
    _ = try await cache.send(request("/gone", token: "new"), to: origin)
    _ = try await cache.send(request("/doc", token: "new", method: .head), to: origin)
    _ = try await cache.send(request("/doc", token: "new", headers: ["Range": "bytes=0-0"]), to: origin)
    #expect(origin.hits == 7)
    for sent in origin.requests {
      #expect(sent.header("If-None-Match") == nil && sent.header("If-Modified-Since") == nil, "\(sent)")
    }
  }

  @Test("A stored tag crosses Vary on other fields than the token too, within the credential's own partition")
  func withinCredentialPartition() async throws {
    let cache = CacheMiddleware(storage: .memory, clock: clock)
    let origin = origin(vary: "Accept")
    _ = try await cache.send(request(token: "t", account: nil, accept: "application/json"), to: origin)
    let other = try await cache.send(
      request(token: "t", account: nil, accept: "application/vnd.github+json"), to: origin)
    #expect(origin.requests[1].header("If-None-Match") == #""v1""#)
    #expect(other.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
    #expect(other.text == "#1 for Bearer t")
  }

  @Test("A collapsed request of another token gets the leader's response only through a 304")
  func collapsedOtherToken() async throws {
    let cache = cache()
    let origin = origin()
    let gate: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      // The first request waits until the other waits for it.
      if origin.hits == 0 { try await eventually { cache.coalescedWaiterCount == 1 } }
      return try await origin.send(request)
    }
    let leader = Task { try await cache.intercept(request(token: "old"), next: gate) }
    try await eventually { cache.flights.count == 1 }
    let follower = Task { try await cache.intercept(request(token: "new"), next: gate) }
    #expect(try await leader.value.text == "#1 for Bearer old")
    let response = try await follower.value
    // The follower looked up before the leader stored; it still sends the tag the
    // leader stored.
    #expect(origin.requests.last?.header("If-None-Match") == #""v1""#)
    #expect(origin.requests.last?.header("Authorization") == "Bearer new")
    #expect(response.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
    #expect(response.text == "#1 for Bearer old")
    #expect(origin.hits == 2)
  }

  @Test("The tags of at most 8 stored responses are sent: the most recent")
  func tagLimit() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=60", "Vary": "Accept", "ETag": "\"e\(number)\""],
        body: Data("#\(number)".utf8))
    }
    for number in 1...10 {
      _ = try await cache.send(request(accept: "type-\(number)"), to: origin)
      clock.advance(by: .seconds(1))
    }
    _ = try await cache.send(request(accept: "other"), to: origin)
    #expect(
      origin.requests.last?.header("If-None-Match")
        == #""e10", "e9", "e8", "e7", "e6", "e5", "e4", "e3""#)
  }

  @Test("Entity tags: strong and weak, and what is not one")
  func entityTags() {
    #expect(EntityTag(#""xyzzy""#) == EntityTag(#" "xyzzy" "#))
    #expect(EntityTag(#"W/"xyzzy""#)?.isWeak == true)
    #expect(EntityTag(#"W/"xyzzy""#)?.opaque == #""xyzzy""#)
    #expect(EntityTag(#"W/"xyzzy""#)?.text == #"W/"xyzzy""#)
    #expect(EntityTag(#""""#)?.text == #""""#)
    for invalid in ["xyzzy", #"w/"xyzzy""#, #""xy"zzy""#, #"""#, #""a", "b""#, ""] {
      #expect(EntityTag(invalid) == nil, "\(invalid)")
    }
  }
}

/// The same over real HTTP, with the disk store, against the example server's
/// `…/github`: GitHub's `Vary` (which names `Authorization`), an `ETag` per item, and a
/// 304 to an `If-None-Match` that lists it, whatever the token. Each new
/// `CacheMiddleware` over the same directory stands for the app's next launch. A
/// manual clock decides freshness, so that no assertion depends on the time a run
/// takes.
@Suite(
  "CacheMiddleware on a Vary miss over real HTTP: a GitHub-style API, a refreshed token, the disk store",
  .needsPython, .exampleServer)
struct CacheVariantValidationOverHTTPTests {
  let test = UUID().uuidString
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "argonaut-vary-miss-\(UUID().uuidString)")
  let clock = ManualClock()
  let items = 1...9

  /// A new cache over the directory, in `partition` (by credential when `nil`).
  func cache(partition: String?) -> CacheMiddleware {
    guard let partition else { return CacheMiddleware(storage: .disk(directory: directory), clock: clock) }
    return CacheMiddleware(storage: .disk(directory: directory), partition: { _ in partition }, clock: clock)
  }

  /// `GET …/github?item=` with `token`, through `AuthMiddleware` and then `cache`, as
  /// an app's chain has them.
  func get(_ item: Int, token: String, through cache: CacheMiddleware, weak: Bool = false) async throws
    -> HTTPResponse
  {
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = [AuthMiddleware(token: { token }, refresh: { token }), cache]
    let query = [QueryItem("item", "\(item)")] + (weak ? [QueryItem("weak", "1")] : [])
    return try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/middleware/\(test)/github", query: query))
    }.get()
  }

  /// The server's counters for this test.
  func stats() async throws -> JSON {
    try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/middleware/\(test)/stats", parameters: nil, headers: nil)
    }.get()
  }

  @Test(
    "Token A fetches 9 URLs; a new instance with token B and the same partition gets 9 304s, served from disk",
    arguments: [false, true])
  func refreshedToken(weak: Bool) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let launch1 = cache(partition: "account-7")
    for item in items {
      let response = try await get(item, token: "token-A", through: launch1, weak: weak)
      #expect(!response.isFromCache)
      #expect(try response.json() == ["item": .number(JSONNumber(item)), "version": 1])
    }

    let launch2 = cache(partition: "account-7")
    for item in items {
      let response = try await get(item, token: "token-B", through: launch2, weak: weak)
      #expect(response.statusCode == 200)
      #expect(response.isFromCache, "item \(item)")
      #expect(response.header("Cache-Status") == "Argonaut; fwd=vary-miss; fwd-status=304; stored")
      #expect(try response.json() == ["item": .number(JSONNumber(item)), "version": 1])
    }
    var counts = try await stats()
    #expect(counts["github"] == 18)
    #expect(counts["github Bearer token-A"] == 9)
    #expect(counts["conditional"] == 9)
    #expect(counts["notModified"] == 9)
    #expect(counts["notModified Bearer token-B"] == 9, "the 304s went to the new token")

    // Stored for token B, on disk: the next launch is served without a request.
    let launch3 = cache(partition: "account-7")
    for item in items {
      let response = try await get(item, token: "token-B", through: launch3, weak: weak)
      #expect(response.header("Cache-Status") == "Argonaut; hit")
      #expect(try response.json() == ["item": .number(JSONNumber(item)), "version": 1])
    }
    counts = try await stats()
    #expect(counts["github"] == 18)

    // The files hold neither a token nor the account's name.
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).map { name in
      String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
    }.joined()
    #expect(!files.isEmpty)
    for secret in ["token-A", "token-B", "Bearer", "account-7"] {
      #expect(!files.contains(secret), "\(secret) is on disk")
    }
  }

  @Test("Another partition gets no 304; without a partition, a new token fetches in full, as before")
  func otherPartitions() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let launch1 = cache(partition: "account-7")
    for item in items { _ = try await get(item, token: "token-A", through: launch1) }

    let other = cache(partition: "account-8")
    for item in items {
      let response = try await get(item, token: "token-B", through: other)
      #expect(!response.isFromCache)
      #expect(response.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
      #expect(try response.json() == ["item": .number(JSONNumber(item)), "version": 1])
    }
    var counts = try await stats()
    #expect(counts["github"] == 18)
    #expect(counts["conditional"] == nil, "another partition sent no stored ETag")

    // Without a partition: each token is its own, the named ones are not seen, and a
    // new token sends no ETag of another's.
    for item in items { _ = try await get(item, token: "token-A", through: cache(partition: nil)) }
    let refreshed = cache(partition: nil)
    for item in items {
      let response = try await get(item, token: "token-B", through: refreshed)
      #expect(!response.isFromCache)
      #expect(response.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    }
    counts = try await stats()
    #expect(counts["github"] == 36)
    #expect(counts["conditional"] == nil)
    // The old token's responses are still its own: served fresh, without a request.
    let again = cache(partition: nil)
    for item in items {
      #expect(try await get(item, token: "token-A", through: again).header("Cache-Status") == "Argonaut; hit")
    }
    counts = try await stats()
    #expect(counts["github"] == 36)
  }
}
