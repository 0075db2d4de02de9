// Middleware: logging, retries, token refresh and HTTP caching, over real HTTP.
//
// Run it with `Playgrounds/run Middleware`, or by hand after
// `swift build -c release --product ArgonautDynamic`:
//
//   swift -swift-version 6 -O -I .build/release/Modules -L .build/release -lArgonautDynamic Playgrounds/Middleware.swift
//
// It starts the example server (Fixtures/ExampleServer/server.py, Python 3), whose
// `/middleware/<test>/…` endpoints fail on purpose, want a token, and send cache
// headers. One configuration with all four middleware makes the same calls succeed,
// and the log shows what happened. It exits with status 1 if anything unexpected
// happens.

import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Stops the playground with a message and a failing exit status.
func fail(_ message: String) -> Never {
  print("✘ \(message)")
  exit(1)
}

// MARK: 1. Start the example server

let playgrounds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let script = playgrounds.deletingLastPathComponent().appendingPathComponent("Fixtures/ExampleServer/server.py")
let server: ExampleServer
do {
  server = try ExampleServer.start(script: script)
} catch {
  fail("could not start the example server: \(error)")
}
print("The example server listens on \(server.baseURL)")

/// A service whose model is any JSON.
final class JSONService: Service {
  typealias Model = JSON
}

// MARK: 2. The tokens
//
// An app keeps its tokens somewhere; here, an actor. `refresh()` asks the server for
// a new token. It starts with an expired one, so the first call gets a 401.

actor TokenStore {
  let refreshURL: String
  let configuration: ServiceConfiguration
  var current: String? = "expired"

  init(refreshURL: String, configuration: ServiceConfiguration) {
    self.refreshURL = refreshURL
    self.configuration = configuration
  }

  func refresh() async throws -> String {
    let response = try await ServiceConfiguration.$current.withValue(configuration) {
      try await JSONService().response(for: Request(.post, refreshURL))
    }
    guard case .string(let token)? = try response.json()["token"] else { throw URLError(.badServerResponse) }
    current = token
    return token
  }
}

/// Tokens that know when they expire, such as an OAuth answer's `expires_in`. This one
/// starts with a token stored at the last launch, which expires in 20 seconds.
actor CredentialStore {
  let refreshURL: String
  let configuration: ServiceConfiguration
  var credential: Credential? = Credential(token: "stored-at-last-launch", expiresAt: Date().addingTimeInterval(20))

  init(refreshURL: String, configuration: ServiceConfiguration) {
    self.refreshURL = refreshURL
    self.configuration = configuration
  }

  func refresh() async throws -> Credential {
    let response = try await ServiceConfiguration.$current.withValue(configuration) {
      try await JSONService().response(for: Request(.post, refreshURL))
    }
    guard case .string(let token)? = try response.json()["token"] else { throw URLError(.badServerResponse) }
    let fresh = Credential(token: token, expiresAt: Date().addingTimeInterval(3600))
    credential = fresh
    return fresh
  }
}

/// Collects the log records, and prints each as it comes.
final class LogBook: Sendable {
  private let lock = NSLock()
  // Only touched under `lock`.
  nonisolated(unsafe) private var collected: [LogRecord] = []

  func add(_ record: LogRecord) {
    print("  log: \(record)")
    lock.withLock { collected.append(record) }
  }

  var records: [LogRecord] { lock.withLock { collected } }
}

/// The calls of this playground, against `server`.
func demonstrate(on server: ExampleServer) async throws {
  // The server keeps its counters per id: this run's.
  let run = "playground-\(UUID().uuidString.prefix(8))"
  let plain = ServiceConfiguration(environment: server.environment, timeout: .seconds(30))
  let tokens = TokenStore(refreshURL: "/middleware/\(run)/refresh", configuration: plain)
  let logBook = LogBook()

  // MARK: 3. One configuration, four middleware
  //
  // The first is outermost: the log sees each call once, with how many attempts it
  // took; retries go through the auth and the cache; the cache sits next to the
  // network. The records are redacted: no token appears in them.

  let configuration = ServiceConfiguration(
    environment: server.environment,
    timeout: .seconds(30),
    middleware: [
      LoggingMiddleware { record in logBook.add(record) },  // redacted, with timing
      RetryMiddleware(maxAttempts: 4),  // backoff + jitter + Retry-After
      AuthMiddleware(token: { await tokens.current }, refresh: { try await tokens.refresh() }),
      CacheMiddleware(),  // HTTP caching: ETag, max-age
    ])

  func get(_ path: String) async throws -> HTTPResponse {
    try await ServiceConfiguration.$current.withValue(configuration) {
      try await JSONService().response(for: Request(.get, "/middleware/\(run)/\(path)"))
    }
  }

  // MARK: 4. A retry: 503 with Retry-After: 1, then 200
  //
  // The server fails the first request and asks to wait a second. The retry waits,
  // for real, and the second attempt succeeds. The caller sees only the success.

  print("\n1. A server that is busy once:")
  let flaky = try await get("flaky?failures=1&retry-after=1")
  print("  → \(flaky.statusCode), after \(logBook.records.last?.attempt ?? 0) attempts")

  // MARK: 5. A token refresh: 401, one refresh, a replay
  //
  // The expired token gets a 401. The auth middleware refreshes it (once, however
  // many calls failed together) and sends the request again with the new token.

  print("\n2. An expired token:")
  let protected = try await get("protected")
  print("  → \(protected.statusCode), with the refreshed token")

  // MARK: 6. Caching: max-age and ETag
  //
  // `fresh` says `max-age=3600`: the second call never reaches the server. `etag`
  // says `no-cache` with an ETag: the second call asks with `If-None-Match`, gets a
  // 304, and is served the stored body.

  print("\n3. HTTP caching:")
  for path in ["fresh", "fresh", "etag", "etag"] {
    let response = try await get(path)
    let source = response.isFromCache ? "from the cache" : "from the server"
    print("  \(path): \(source) (Cache-Status: \(response.header("Cache-Status") ?? "none"))")
  }

  // MARK: 7. A refresh before expiry: no 401 at all
  //
  // The stored credential expires within the refresh window, so the first request
  // waits for one refresh and goes out with the new token. The server never answers
  // 401.

  print("\n4. A credential about to expire:")
  let store = CredentialStore(refreshURL: "/middleware/\(run)-expiry/refresh", configuration: plain)
  let expiring = AuthMiddleware(
    credential: { await store.credential },  // Credential(token:expiresAt:), or nil
    refresh: { try await store.refresh() },  // a new Credential, once for all waiters
    refreshWindow: .seconds(60), refreshTimeout: .seconds(30))
  var expiringConfiguration = plain
  expiringConfiguration.middleware = [expiring]
  let early = try await ServiceConfiguration.$current.withValue(expiringConfiguration) {
    try await JSONService().response(for: Request(.get, "/middleware/\(run)-expiry/protected"))
  }
  let expiryStats = try await ServiceConfiguration.$current.withValue(plain) {
    try await JSONService().getRequest(url: "/middleware/\(run)-expiry/stats", parameters: nil, headers: nil)
  }
  print("  → \(early.statusCode), refreshed first; the server counted \(expiryStats)")
  if expiryStats["refresh"] != 1 || expiryStats["unauthorized"] != nil { fail("expected no 401: \(expiryStats)") }

  // MARK: 8. GitHub's rate limit: a 403 that the closure retries after the reset
  //
  // A 403 is normally final. GitHub's rate limit is a 403 with
  // `X-RateLimit-Remaining: 0` and the reset time in `X-RateLimit-Reset`; the closure
  // says to retry it, and the retry waits until the reset (two seconds here).

  print("\n5. A GitHub-style rate limit:")
  let reset = Int(Date().timeIntervalSince1970) + 2
  var limitedConfiguration = plain
  limitedConfiguration.middleware = [
    RetryMiddleware(maxAttempts: 4) { context in
      context.isRetryableByDefault
        || (context.response?.statusCode == 403 && context.response?.header("X-RateLimit-Remaining") == "0")
    }
  ]
  let started = ContinuousClock.now
  let limited = try await ServiceConfiguration.$current.withValue(limitedConfiguration) {
    try await JSONService().response(
      for: Request(.get, "/middleware/\(run)/rate-limited", parameters: ["failures": "1", "reset": "\(reset)"]))
  }
  print("  → \(limited.statusCode) after waiting \(ContinuousClock.now - started) for the reset")

  // MARK: 9. What the server saw

  let stats = try await ServiceConfiguration.$current.withValue(plain) {
    try await JSONService().getRequest(url: "/middleware/\(run)/stats", parameters: nil, headers: nil)
  }
  print("\nThe server counted: \(stats)")
  if stats["flaky"] != 2 || stats["refresh"] != 1 || stats["fresh"] != 1 || stats["notModified"] != 1
    || stats["rateLimited"] != 2
  {
    fail("unexpected counts: \(stats)")
  }
  if logBook.records.count != 6 { fail("expected 6 log records, got \(logBook.records.count)") }
  if logBook.records.contains(where: { "\($0)".contains("token-\(run)") }) { fail("a token was logged") }
}

do {
  try await demonstrate(on: server)
} catch {
  fail("\(error)")
}
server.stop()
print("The server has stopped. ✔")
