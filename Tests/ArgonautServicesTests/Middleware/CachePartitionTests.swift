import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// `CacheMiddleware(storage:partition:)`: requests that the closure gives one name share
/// their stored responses, whatever their `Authorization`; the origin is called
/// in-process, on a manual clock.
@Suite("CacheMiddleware partitions: one name, one set of stored responses, whatever the token")
struct CachePartitionTests {
  let clock = ManualClock()

  /// A cache whose partition is the request's `X-Account` field (none without it).
  func cache() -> CacheMiddleware {
    CacheMiddleware(storage: .memory, partition: { request in request.header("X-Account") }, clock: clock)
  }

  /// A `GET` of `path` with `token` (as `Authorization: Bearer …`) and `account`, each
  /// when given.
  func request(_ path: String, token: String? = nil, account: String? = nil) -> HTTPRequest {
    var headers: [String: String] = [:]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    if let account { headers["X-Account"] = account }
    return cacheRequest(path, headers: headers)
  }

  /// An origin whose fresh responses say which request and token they answer.
  func origin() -> CacheOrigin {
    CacheOrigin { request, number in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600"],
        body: Data("#\(number) for \(request.header("Authorization") ?? "anyone")".utf8))
    }
  }

  @Test("A fresh response fetched with one token is served to a new token of the same partition, not to another")
  func sharedAcrossTokens() async throws {
    let cache = cache()
    let origin = origin()
    #expect(try await cache.send(request("/me", token: "old", account: "ada"), to: origin).text == "#1 for Bearer old")
    let refreshed = try await cache.send(request("/me", token: "new", account: "ada"), to: origin)
    #expect(refreshed.isFromCache)
    #expect(refreshed.text == "#1 for Bearer old")
    let other = try await cache.send(request("/me", token: "new", account: "bob"), to: origin)
    #expect(!other.isFromCache)
    #expect(other.text == "#2 for Bearer new")
    #expect(origin.hits == 2)
    #expect(cache.storedCount == 2)
  }

  @Test("A stale response is revalidated with the new token and the stored ETag, and the 304 serves it")
  func revalidatedWithNewToken() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, _ in
      if request.header("If-None-Match") == #""v1""# {
        return HTTPResponse(statusCode: 304, headers: ["ETag": #""v1""#, "Cache-Control": "no-cache"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["ETag": #""v1""#, "Cache-Control": "no-cache"], body: Data("profile".utf8))
    }
    _ = try await cache.send(request("/me", token: "old", account: "ada"), to: origin)
    let refreshed = try await cache.send(request("/me", token: "new", account: "ada"), to: origin)
    #expect(refreshed.isFromCache)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
    #expect(refreshed.text == "profile")
    #expect(origin.hits == 2)
    let revalidation = origin.requests[1]
    #expect(revalidation.header("Authorization") == "Bearer new")
    #expect(revalidation.header("If-None-Match") == #""v1""#)
    // Another partition has no validator to send.
    _ = try await cache.send(request("/me", token: "new", account: "bob"), to: origin)
    #expect(origin.requests[2].header("If-None-Match") == nil)
  }

  @Test("nil from the closure keys the request by its Authorization, as without the closure")
  func nilMeansByCredential() async throws {
    let cache = cache()
    let origin = origin()
    _ = try await cache.send(request("/x", token: "one"), to: origin)
    #expect(try await !cache.send(request("/x", token: "two"), to: origin).isFromCache)
    #expect(try await cache.send(request("/x", token: "one"), to: origin).text == "#1 for Bearer one")
    // Without Authorization either, requests share what was fetched without one.
    #expect(try await !cache.send(request("/x"), to: origin).isFromCache)
    #expect(try await cache.send(request("/x"), to: origin).text == "#3 for anyone")
    // A named partition sees none of them, even with the same token.
    let named = try await cache.send(request("/x", token: "one", account: "ada"), to: origin)
    #expect(!named.isFromCache)
    #expect(origin.hits == 4)
    #expect(cache.storedCount == 4)
  }

  @Test("The key is a digest of the name, never the name, and never a credential's digest")
  func digestOfTheName() async throws {
    let cache = cache()
    _ = try await cache.send(request("/me", token: "ada", account: "ada"), to: origin())
    let stored = cache.store.entries(in: CacheMiddleware.group(URL(string: "https://origin.test/me")!))
    #expect(stored.count == 1)
    let partition = try #require(stored.first?.entry.partition)
    #expect(partition == "partition:" + CredentialDigest.hex(CredentialDigest.sha256(Array("ada".utf8))))
    #expect(!partition.contains("ada"))
    #expect(!stored[0].key.contains("ada"))
    #expect(partition != CredentialDigest.of(request("/me", token: "ada")))
    #expect(
      CachePartition.key(of: request("/me", token: "ada"), naming: nil)
        == CredentialDigest.of(request("/me", token: "ada")))
  }

  @Test("Requests of one partition in flight together are identical whatever their token; of two, they are not")
  func coalescedAcrossTokens() {
    let naming: @Sendable (HTTPRequest) -> String? = { $0.header("X-Account") }
    func id(_ request: HTTPRequest) -> String {
      CacheMiddleware.flightID(request, partition: CachePartition.key(of: request, naming: naming))
    }
    #expect(id(request("/x", token: "old", account: "ada")) == id(request("/x", token: "new", account: "ada")))
    #expect(id(request("/x", token: "old", account: "ada")) != id(request("/x", token: "old", account: "bob")))
    #expect(id(request("/x", token: "old")) != id(request("/x", token: "new")))
  }

  @Test("A partition changes nothing in what is stored: no-store is not, and a change removes every partition's")
  func sameStorageRules() async throws {
    let cache = cache()
    let origin = CacheOrigin { request, number in
      let control = request.url.path == "/secret" ? "no-store" : "private, max-age=600"
      return HTTPResponse(statusCode: 200, headers: ["Cache-Control": control], body: Data("#\(number)".utf8))
    }
    _ = try await cache.send(request("/secret", token: "t", account: "ada"), to: origin)
    #expect(cache.storedCount == 0)
    _ = try await cache.send(request("/doc", token: "t", account: "ada"), to: origin)
    _ = try await cache.send(request("/doc", token: "u", account: "bob"), to: origin)
    #expect(cache.storedCount == 2)
    _ = try await cache.send(
      cacheRequest("/doc", method: .delete, headers: ["Authorization": "Bearer t", "X-Account": "ada"]), to: origin)
    #expect(cache.storedCount == 0)
  }
}

/// The same over real HTTP, with the disk store: the example server's `…/etag` answers
/// `If-None-Match: "v1"` with a 304, and counts what it saw with which token.
@Suite(
  "CacheMiddleware partitions over real HTTP: a refreshed token keeps the stored responses and their ETag",
  .needsPython, .exampleServer)
struct CachePartitionOverHTTPTests {
  let test = UUID().uuidString
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "argonaut-partition-\(UUID().uuidString)")

  /// `GET …/etag` with `token`, through `AuthMiddleware` and then `cache`, as an app's
  /// chain has them.
  func get(token: String, through cache: CacheMiddleware) async throws -> HTTPResponse {
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = [AuthMiddleware(token: { token }, refresh: { token }), cache]
    return try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/middleware/\(test)/etag"))
    }.get()
  }

  /// The server's counters for this test.
  func stats() async throws -> JSON {
    try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/middleware/\(test)/stats", parameters: nil, headers: nil)
    }.get()
  }

  /// The entry files' bytes, as text.
  func files() throws -> String {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).map { name in
      String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
    }.joined()
  }

  @Test("A new instance with a new token and the same partition revalidates; the 304 is served from the disk cache")
  func refreshedTokenRevalidates() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let account = "account-7"
    let first = try await get(
      token: "token-A", through: CacheMiddleware(storage: .disk(directory: directory), partition: { _ in account }))
    #expect(!first.isFromCache)
    #expect(try first.json() == ["version": 1])

    let refreshed = try await get(
      token: "token-B", through: CacheMiddleware(storage: .disk(directory: directory), partition: { _ in account }))
    #expect(refreshed.isFromCache)
    #expect(refreshed.statusCode == 200)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")
    #expect(try refreshed.json() == ["version": 1])

    // Another partition, with the same token, does not see the entry.
    let other = try await get(
      token: "token-B",
      through: CacheMiddleware(storage: .disk(directory: directory), partition: { _ in "account-8" }))
    #expect(!other.isFromCache)
    #expect(other.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")

    let stats = try await stats()
    #expect(stats["etag"] == 3)
    #expect(stats["notModified"] == 1)
    #expect(stats["notModified Bearer token-B"] == 1, "the revalidation went with the new token")
    #expect(stats["etag Bearer token-A"] == 1)
    // The files hold neither a token nor an account's name.
    let files = try files()
    #expect(!files.isEmpty)
    for secret in ["token-A", "token-B", "Bearer", "account-7", "account-8"] {
      #expect(!files.contains(secret), "\(secret) is on disk")
    }
  }

  @Test("Without a partition, as before: a new token fetches in full; the old one still revalidates")
  func withoutPartition() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await get(token: "token-A", through: CacheMiddleware(storage: .disk(directory: directory)))
    let refreshed = try await get(token: "token-B", through: CacheMiddleware(storage: .disk(directory: directory)))
    #expect(!refreshed.isFromCache)
    #expect(refreshed.header("Cache-Status") == "Argonaut; fwd=vary-miss; stored")
    let again = try await get(token: "token-A", through: CacheMiddleware(storage: .disk(directory: directory)))
    #expect(again.isFromCache)
    #expect(again.header("Cache-Status") == "Argonaut; fwd=stale; fwd-status=304")

    let stats = try await stats()
    #expect(stats["etag"] == 3)
    #expect(stats["notModified"] == 1)
    #expect(stats["notModified Bearer token-A"] == 1)
    #expect(stats["notModified Bearer token-B"] == nil)
  }
}
