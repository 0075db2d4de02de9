import Foundation
import Testing

@testable import ArgonautServices

/// A private cache keyed by credential: a response fetched with one `Authorization`
/// never answers a request with another, or with none.
@Suite("CacheMiddleware: stored responses are keyed by the request's credential")
struct CacheCredentialTests {
  let clock = ManualClock()

  @Test("A response fetched with one bearer token is not served for another, nor without one")
  func keyedByCredential() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "private, max-age=600"],
        body: Data("for \(request.header("Authorization") ?? "anyone")".utf8))
    }
    let ada = cacheRequest("/me", headers: ["Authorization": "Bearer ada-token"])
    let bob = cacheRequest("/me", headers: ["Authorization": "Bearer bob-token"])
    #expect(try await cache.send(ada, to: origin).text == "for Bearer ada-token")
    let forBob = try await cache.send(bob, to: origin)
    #expect(!forBob.isFromCache)
    #expect(forBob.text == "for Bearer bob-token")
    let anonymous = try await cache.send(cacheRequest("/me"), to: origin)
    #expect(!anonymous.isFromCache)
    #expect(anonymous.text == "for anyone")
    #expect(origin.hits == 3)
    // Each is served from the cache to its own credential only.
    #expect(try await cache.send(ada, to: origin).text == "for Bearer ada-token")
    #expect(try await cache.send(bob, to: origin).text == "for Bearer bob-token")
    #expect(origin.hits == 3)
    #expect(cache.storedCount == 3)
  }

  @Test("The store keeps a SHA-256 digest of the credential, never the token")
  func digestOnly() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600"])
    _ = try await cache.send(cacheRequest("/me", headers: ["Authorization": "Bearer s3cr3t"]), to: origin)
    let stored = cache.store.entries(in: CacheMiddleware.group(URL(string: "https://origin.test/me")!))
    #expect(stored.count == 1)
    #expect(!stored[0].key.contains("s3cr3t"))
    #expect(stored[0].entry.partition == CredentialDigest.hex(CredentialDigest.sha256(Array("Bearer s3cr3t".utf8))))
  }

  @Test("SHA-256 gives the digests of FIPS 180-4's examples")
  func sha256() {
    #expect(
      CredentialDigest.hex(CredentialDigest.sha256(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      CredentialDigest.hex(CredentialDigest.sha256([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      CredentialDigest.hex(
        CredentialDigest.sha256(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
