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

  @Test("Vary: Authorization, Cookie matches by the values' digests, and no token or cookie reaches the disk")
  func varyOnCredentials() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-vary-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { _, number in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Authorization, Cookie"],
        body: Data("#\(number)".utf8))
    }
    func request(_ secret: String) -> HTTPRequest {
      cacheRequest("/me", headers: ["Authorization": "Bearer \(secret)-token", "Cookie": "session=\(secret)-cookie"])
    }
    _ = try await CacheMiddleware(storage: .disk(directory: directory), clock: clock).send(
      request("s3cr3t"), to: origin)
    let later = CacheMiddleware(storage: .disk(directory: directory), clock: clock)
    let hit = try await later.send(request("s3cr3t"), to: origin)
    #expect(hit.isFromCache)
    #expect(hit.text == "#1")
    #expect(try await !later.send(request("other"), to: origin).isFromCache)
    #expect(origin.hits == 2)
    let stored = later.store.entries(in: CacheMiddleware.group(URL(string: "https://origin.test/me")!))
    #expect(stored.count == 2)
    for (key, entry) in stored {
      #expect(!key.contains("-token") && !key.contains("-cookie"))
      #expect(entry.varyingHeaders.values.allSatisfy { $0?.count == 64 })
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
      #expect(!text.contains("s3cr3t") && !text.contains("other-"), "a credential is on disk in \(name)")
    }
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
