import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// An API in memory that accepts one token at a time, and counts what it sees.
private final class TokenAPI: Sendable {
  private struct State {
    var valid = "fresh-0"
    var refreshes = 0
    var unauthorized = 0
    var sources = 0
  }

  private let lock = NSLock()
  // Only touched under `lock`.
  nonisolated(unsafe) private var state = State()
  let memory = InMemoryTransport()

  init() {
    memory.on(.get, "/me") { [self] request in
      let accepted = lock.withLock {
        let accepted = request.header("Authorization") == "Bearer \(state.valid)"
        if !accepted { state.unauthorized += 1 }
        return accepted
      }
      return accepted ? .json(["user": "ada"]) : .json(["error": "invalid token"], status: 401)
    }
  }

  var refreshes: Int { lock.withLock { state.refreshes } }
  var unauthorized: Int { lock.withLock { state.unauthorized } }
  var sources: Int { lock.withLock { state.sources } }

  /// The `token` closure: counts how often it is asked.
  func source(_ token: String?) -> @Sendable () async -> String? {
    { [self] in
      lock.withLock { state.sources += 1 }
      return token
    }
  }

  /// Makes a new token the valid one and returns it.
  func refresh() -> String {
    lock.withLock {
      state.refreshes += 1
      state.valid = "fresh-\(state.refreshes)"
      return state.valid
    }
  }
}

private struct RefreshDenied: Error {}

@Suite("AuthMiddleware: the bearer token, one refresh for many 401s, replays, failed refreshes")
struct AuthMiddlewareTests {
  private let api = TokenAPI()

  func get(
    _ auth: AuthMiddleware, headers: [String: String] = [:], through transport: (any HTTPTransport)? = nil
  ) async -> Result<HTTPResponse, ServiceError> {
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: transport ?? api.memory, timeout: .seconds(600),
      middleware: [auth])
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/me", headers: headers))
    }
  }

  /// `count` requests at once, all in flight with the expired token together.
  func concurrently(_ count: Int, _ auth: AuthMiddleware) async -> [Result<HTTPResponse, ServiceError>] {
    let barrier = BarrierTransport(inner: api.memory, count: count, authorization: "Bearer expired")
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: barrier, timeout: .seconds(600), middleware: [auth])
    return await withTaskGroup(of: Result<HTTPResponse, ServiceError>.self) { group in
      for _ in 0..<count {
        group.addTask {
          await result(in: configuration) { () async throws(ServiceError) in
            try await JSONService().response(for: Request(.get, "/me"))
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
  }

  @Test("It adds Authorization: Bearer, and asks for the token only when it holds none")
  func bearer() async throws {
    let auth = AuthMiddleware(token: api.source("fresh-0"), refresh: { [api] in api.refresh() })
    #expect(try await get(auth).get().statusCode == 200)
    #expect(try await get(auth).get().statusCode == 200)
    #expect(api.memory.recordedRequests.map { $0.header("Authorization") } == ["Bearer fresh-0", "Bearer fresh-0"])
    #expect(api.sources == 1)
    #expect(await auth.refreshCount == 0)
  }

  @Test("A request with its own Authorization header is sent as it is")
  func ownHeader() async throws {
    let auth = AuthMiddleware(token: api.source("fresh-0"), refresh: { [api] in api.refresh() })
    let error = try #require(await get(auth, headers: ["Authorization": "Basic xyz"]).failure)
    #expect(error.statusCode == 401)
    #expect(api.memory.recordedRequests.map { $0.header("Authorization") } == ["Basic xyz"])
    #expect(api.sources == 0)
    #expect(api.refreshes == 0)
  }

  @Test("A 401 refreshes the token, and the request is sent once more with the new one")
  func refreshAndReplay() async throws {
    let auth = AuthMiddleware(token: api.source("expired"), refresh: { [api] in api.refresh() })
    #expect(try await get(auth).get().statusCode == 200)
    #expect(
      api.memory.recordedRequests.map { $0.header("Authorization") } == ["Bearer expired", "Bearer fresh-1"])
    #expect(try await get(auth).get().statusCode == 200)  // the new token is kept
    #expect(api.memory.recordedRequests.count == 3)
    #expect(api.refreshes == 1)
  }

  @Test("A request replays at most once: a 401 after the refresh is the answer")
  func replayOnce() async throws {
    let auth = AuthMiddleware(token: api.source("expired"), refresh: { "also-wrong" })
    let error = try #require(await get(auth).failure)
    #expect(error.statusCode == 401)
    #expect(error.attempts == 1)  // the replay is the same attempt
    #expect(!error.description.contains("attempts"))
    #expect(api.memory.recordedRequests.count == 2)
    #expect(await auth.refreshCount == 1)
  }

  @Test("50 requests that get a 401 together share one refresh, and each replays once")
  func fiftyShareOneRefresh() async throws {
    let api = self.api
    // The refresh waits until all 50 got their 401, so that they really fail together.
    let auth = AuthMiddleware(
      token: api.source("expired"),
      refresh: {
        try await eventually { api.unauthorized >= 50 }
        return api.refresh()
      })
    let results = await concurrently(50, auth)
    #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
    #expect(api.refreshes == 1)
    #expect(await auth.refreshCount == 1)
    #expect(api.unauthorized == 50)
    #expect(api.memory.recordedRequests.count == 100)
    #expect(api.sources == 1)
  }

  @Test("A request that starts during a refresh waits for the new token instead of getting a 401")
  func startsDuringRefresh() async throws {
    let api = self.api
    let release = Tally()
    let started = Tally()
    let auth = AuthMiddleware(
      token: api.source("expired"),
      refresh: {
        started.add("refresh")
        try await eventually { release.count > 0 }
        return api.refresh()
      })
    let first = Task { await get(auth) }
    try await eventually { started.count == 1 }
    let second = Task { await get(auth) }
    try await Task.sleep(for: .milliseconds(20))  // give it time to (wrongly) go out
    release.add("go")
    #expect(try await first.value.get().statusCode == 200)
    #expect(try await second.value.get().statusCode == 200)
    #expect(api.unauthorized == 1)
    #expect(api.memory.recordedRequests.count == 3)
    #expect(api.refreshes == 1)
  }

  @Test("A 401 that arrives after the refresh ended replays with the new token, without a second refresh")
  func lateUnauthorized() async throws {
    let api = self.api
    // /late answers only once the refresh has happened, still rejecting the old token.
    api.memory.on(.get, "/late") { request in
      request.header("Authorization") == "Bearer fresh-1" ? .json(["late": true]) : .json([:], status: 401)
    }
    let auth = AuthMiddleware(token: api.source("expired"), refresh: { [api] in api.refresh() })
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: LateTransport(api: api), timeout: .seconds(600),
      middleware: [auth])
    async let late = result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/late"))
    }
    #expect(try await get(auth).get().statusCode == 200)
    #expect(try await late.get().statusCode == 200)
    #expect(api.refreshes == 1)
  }

  @Test("A failed refresh fails every waiter with RefreshFailed, once, and clears the token")
  func failedRefresh() async throws {
    let api = self.api
    let auth = AuthMiddleware(
      token: api.source("expired"),
      refresh: {
        try await eventually { api.unauthorized >= 10 }
        throw RefreshDenied()
      })
    let results = await concurrently(10, auth)
    #expect(results.count == 10)
    for result in results {
      let error = try #require(result.failure)
      #expect(error.kind == .middlewareFailure)
      let failure = try #require(error.underlyingError as? AuthMiddleware.RefreshFailed)
      #expect(failure.underlyingError is RefreshDenied)
      #expect(error.description.contains("token refresh failed"))
    }
    #expect(await auth.refreshCount == 1)
    #expect(api.memory.recordedRequests.count == 10)
    // The token was cleared: the next request asks for one again.
    #expect(api.sources == 1)
    _ = await get(auth)
    #expect(api.sources == 2)
  }

  @Test("A waiter whose task is cancelled stops waiting at once; the refresh goes on", .timeLimit(.minutes(1)))
  func cancelledWaiter() async throws {
    let api = self.api
    let release = Tally()
    let auth = AuthMiddleware(
      token: api.source("expired"),
      refresh: {
        try await eventually { release.count > 0 }
        return api.refresh()
      })
    let barrier = BarrierTransport(inner: api.memory, count: 2, authorization: "Bearer expired")
    let waiter = Task { await get(auth, through: barrier) }
    let other = Task { await get(auth, through: barrier) }
    try await eventually { api.unauthorized == 2 }
    waiter.cancel()
    #expect(await waiter.value.failure?.kind == .cancelled)
    release.add("go")
    #expect(try await other.value.get().statusCode == 200)
    #expect(api.refreshes == 1)
  }
}

/// Answers `/late` only after the API's first refresh, so that its 401 arrives late.
private struct LateTransport: HTTPTransport {
  let api: TokenAPI
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if request.header("Authorization") == "Bearer expired" {
      try await eventually { api.refreshes >= 1 }
    }
    return try await api.memory.send(request)
  }
}
