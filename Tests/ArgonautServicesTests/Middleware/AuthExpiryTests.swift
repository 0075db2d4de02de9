import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// A clock whose date moves only when the test says, and whose sleeps end only when
/// the test fires them (or the sleeping task is cancelled). Nothing waits for real.
final class GateClock: MiddlewareClock, Sendable {
  private struct State {
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    var sleepers: [UUID: CheckedContinuation<Void, any Error>] = [:]
    var started = 0
  }

  private let lock = NSLock()
  // Only touched under `lock`.
  nonisolated(unsafe) private var state = State()

  var now: Date { lock.withLock { state.now } }

  /// How many sleeps have begun.
  var sleepsStarted: Int { lock.withLock { state.started } }

  /// How many sleeps are waiting.
  var sleeping: Int { lock.withLock { state.sleepers.count } }

  func advance(by seconds: TimeInterval) {
    lock.withLock { state.now = state.now.addingTimeInterval(seconds) }
  }

  /// Ends every sleep that is waiting, as if its time had passed.
  func fire() {
    let sleepers = lock.withLock {
      defer { state.sleepers.removeAll() }
      return state.sleepers.values
    }
    for sleeper in sleepers { sleeper.resume() }
  }

  func sleep(for duration: Duration) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = lock.withLock {
          state.started += 1
          if Task.isCancelled { return true }
          state.sleepers[id] = continuation
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = lock.withLock { state.sleepers.removeValue(forKey: id) }
      sleeper?.resume(throwing: CancellationError())
    }
  }
}

/// An API in memory whose tokens expire: it counts the 401s it sends and the refreshes.
private final class ExpiringAPI: Sendable {
  let memory = InMemoryTransport()
  let clock = GateClock()
  let refreshes = Tally()
  let valid = Locked("t-0")

  init() {
    memory.on(.get, "/me") { [valid] request in
      request.header("Authorization") == "Bearer \(valid.current)"
        ? .json(["user": "ada"]) : .json(["error": "expired"], status: 401)
    }
  }

  /// A refresh that makes a new token valid for `lifetime` seconds (an hour).
  func refresh(lifetime: TimeInterval = 3600) -> Credential {
    refreshes.add("refresh")
    let token = "t-\(refreshes.count)"
    valid.withLock { $0 = token }
    return Credential(token: token, expiresAt: clock.now.addingTimeInterval(lifetime))
  }

  func configuration(_ auth: AuthMiddleware) -> ServiceConfiguration {
    ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600), middleware: [auth])
  }

  func get(_ auth: AuthMiddleware) async -> Result<HTTPResponse, ServiceError> {
    await result(in: configuration(auth)) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.get, "/me"))
    }
  }

  var authorizations: [String?] { memory.recordedRequests.map { $0.header("Authorization") } }
}

@Suite("AuthMiddleware: refresh before expiry, and the refresh timeout")
struct AuthExpiryTests {
  private let api = ExpiringAPI()

  @Test("A credential near its expiry is refreshed before the request: no 401 round trip")
  func refreshBeforeExpiry() async throws {
    let api = self.api
    let first = Credential(token: "t-0", expiresAt: api.clock.now.addingTimeInterval(3600))
    let auth = AuthMiddleware(credential: { first }, refresh: { api.refresh() }, clock: api.clock)
    #expect(try await api.get(auth).get().statusCode == 200)
    api.clock.advance(by: 3600 - 120)  // two minutes left: outside the 60 s window
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.refreshes.count == 0)
    api.clock.advance(by: 90)  // 30 s left: inside it
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.refreshes.count == 1)
    #expect(api.authorizations == ["Bearer t-0", "Bearer t-0", "Bearer t-1"])  // never a 401
    #expect(await auth.refreshCount == 1)
  }

  @Test("An expired credential from the source is refreshed before the first request")
  func expiredAtStart() async throws {
    let api = self.api
    let stale = Credential(token: "t-0", expiresAt: api.clock.now.addingTimeInterval(-5))
    let auth = AuthMiddleware(credential: { stale }, refresh: { api.refresh() }, clock: api.clock)
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.authorizations == ["Bearer t-1"])
  }

  @Test("Twenty requests that start near expiry share one refresh, and none gets a 401")
  func singleFlight() async throws {
    let api = self.api
    let first = Credential(token: "t-0", expiresAt: api.clock.now.addingTimeInterval(3600))
    let auth = AuthMiddleware(credential: { first }, refresh: { api.refresh() }, clock: api.clock)
    #expect(try await api.get(auth).get().statusCode == 200)
    api.clock.advance(by: 3590)
    let results = await withTaskGroup(of: Result<HTTPResponse, ServiceError>.self) { group in
      for _ in 0..<20 { group.addTask { await api.get(auth) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
    #expect(api.refreshes.count == 1)
    #expect(api.authorizations.dropFirst().allSatisfy { $0 == "Bearer t-1" })
    #expect(api.authorizations.count == 21)
  }

  @Test("A stored credential within the window is refreshed before the first request")
  func storedNearExpiry() async throws {
    let api = self.api
    let stored = Credential(token: "t-0", expiresAt: api.clock.now.addingTimeInterval(20))
    let auth = AuthMiddleware(credential: { stored }, refresh: { api.refresh() }, clock: api.clock)
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.authorizations == ["Bearer t-1"])
  }

  @Test("A short-lived credential from refresh is refreshed at half its lifetime, not on every request")
  func shortLived() async throws {
    let api = self.api
    let first = Credential(token: "t-0", expiresAt: api.clock.now.addingTimeInterval(3600))
    // The server's tokens live 40 s: shorter than the 60 s window.
    let auth = AuthMiddleware(credential: { first }, refresh: { api.refresh(lifetime: 40) }, clock: api.clock)
    api.clock.advance(by: 3590)
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.refreshes.count == 1)
    api.clock.advance(by: 10)
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.refreshes.count == 1)
    api.clock.advance(by: 15)  // 15 s left of 40: past half
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(api.refreshes.count == 2)
    #expect(api.authorizations == ["Bearer t-1", "Bearer t-1", "Bearer t-2"])
  }

  @Test("A refresh that hangs fails its waiters with RefreshTimedOut; the next request refreshes again")
  func refreshTimeout() async throws {
    let api = self.api
    let hang = Tally()
    let auth = AuthMiddleware(
      token: { "expired" },
      refresh: {
        if hang.count == 0 {
          hang.add("hanging")
          try await Task.sleep(for: .seconds(3600))  // cancelled by the timeout
        }
        return api.refresh().token
      }, refreshTimeout: .seconds(30), clock: api.clock)
    let waiting = Task { await api.get(auth) }
    try await eventually { hang.count == 1 && api.clock.sleeping == 1 }
    api.clock.fire()  // 30 s pass
    let error = try #require(await waiting.value.failure)
    #expect(error.kind == .middlewareFailure)
    let failure = try #require(error.underlyingError as? AuthMiddleware.RefreshFailed)
    #expect(failure.underlyingError as? AuthMiddleware.RefreshTimedOut == .init(timeout: .seconds(30)))
    #expect(error.description.contains("token refresh failed: the refresh took longer than 30 s"))
    // The next request asks for a token again, gets a 401, and refreshes again.
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(await auth.refreshCount == 2)
    #expect(api.clock.sleeping == 0)  // the second refresh ended its timer
  }

  @Test("A refresh that finishes in time is not failed by its timer")
  func refreshInTime() async throws {
    let api = self.api
    let auth = AuthMiddleware(
      token: { "expired" }, refresh: { api.refresh().token }, refreshTimeout: .seconds(30), clock: api.clock)
    #expect(try await api.get(auth).get().statusCode == 200)
    api.clock.fire()  // a timer that fires late changes nothing
    #expect(try await api.get(auth).get().statusCode == 200)
    #expect(await auth.refreshCount == 1)
    #expect(api.clock.sleepsStarted == 1)
  }

  @Test("A credential prints without its token")
  func credentialDescription() {
    let credential = Credential(token: "secret-token-77", expiresAt: nil)
    #expect(!"\(credential)".contains("secret-token-77"))
    #expect(!String(reflecting: credential).contains("secret-token-77"))
  }
}
