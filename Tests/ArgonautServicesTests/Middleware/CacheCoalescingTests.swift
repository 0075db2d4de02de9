import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// Identical requests in flight share one origin request: against the real example
/// server, which holds its answer until the test releases it (no timing involved).
@Suite(
  "CacheMiddleware coalescing: identical requests in flight share one origin request", .needsPython, .exampleServer)
struct CacheCoalescingTests {
  let test = UUID().uuidString

  func send(_ request: Request, in configuration: ServiceConfiguration) async -> Result<HTTPResponse, ServiceError> {
    await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: request)
    }
  }

  /// The server's counter `name` for this test.
  func count(_ name: String) async throws -> Int {
    let stats = try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/middleware/\(test)/stats", parameters: nil, headers: nil)
    }.get()
    return Int.decode(stats[name] ?? 0).value ?? -1
  }

  /// The server's counter `name` for this test, once it has reached `count`: the
  /// server's own word that so many requests arrived, whatever the client has seen.
  func count(_ name: String, onceItReaches count: Int) async throws -> Int {
    let stats = try await result(in: try Fixture.serverConfiguration()) { () async throws(ServiceError) in
      try await JSONService().getRequest(
        url: "/middleware/\(test)/arrived", parameters: ["name": name, "count": "\(count)"], headers: nil)
    }.get()
    return Int.decode(stats[name] ?? 0).value ?? -1
  }

  @Test("100 concurrent GETs of one URL reach the server once; all 100 get its answer")
  func hundredShareOne() async throws {
    let cache = CacheMiddleware(storage: .memory, clock: ManualClock())
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = [cache]
    let held = Request(.get, "/middleware/\(test)/held")
    let results = try await withThrowingTaskGroup(of: Result<HTTPResponse, ServiceError>.self) { group in
      for _ in 0..<100 {
        group.addTask { [configuration] in await send(held, in: configuration) }
      }
      // The server holds the first request; release it once the other 99 wait for it.
      // That the 99 wait says nothing of the server: the first request may still be
      // on its way (on a loaded machine it often is), so ask the server to say when
      // it has arrived.
      try await eventually { cache.coalescedWaiterCount == 99 }
      #expect(try await count("held", onceItReaches: 1) == 1)
      _ = try await send(Request(.post, "/middleware/\(test)/release"), in: try Fixture.serverConfiguration()).get()
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 100)
    let bodies = try results.map { try $0.get().json() }
    #expect(bodies.allSatisfy { $0 == ["hits": 1] })
    #expect(try await count("held") == 1)
    #expect(try results.filter { try $0.get().header("Cache-Status")?.hasSuffix("collapsed") == true }.count == 99)
    // And it was stored: the next request does not reach the server either.
    #expect(try await send(held, in: configuration).get().isFromCache)
    #expect(try await count("held") == 1)
  }
}

/// Coalescing rules that need no server: the opt-out, and responses that may not be
/// shared.
@Suite("CacheMiddleware coalescing: opt-out and responses that are not shared")
struct CacheCoalescingRulesTests {
  let clock = ManualClock()

  @Test("coalescing: false sends every request: 10 in flight at once reach the origin 10 times")
  func optOut() async throws {
    let cache = CacheMiddleware(storage: .memory, coalescing: false, clock: clock)
    let arrived = Tally()
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600"])
    // Each request waits at the origin until all 10 have arrived: with coalescing
    // they could never all arrive.
    let gate: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      arrived.add(request.path)
      try await eventually { arrived.count >= 10 }
      return try await origin.send(request)
    }
    try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      for _ in 0..<10 {
        group.addTask { try await cache.intercept(cacheRequest("/x"), next: gate) }
      }
      for try await response in group { #expect(!response.isFromCache) }
    }
    #expect(origin.hits == 10)
  }

  @Test("A response that may not be stored is not shared: each waiting request sends its own")
  func notShared() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "no-store"])
    let gate: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      // The first request waits until the 4 others wait for it.
      if origin.hits == 0 { try await eventually { cache.coalescedWaiterCount == 4 } }
      return try await origin.send(request)
    }
    try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      for _ in 0..<5 {
        group.addTask { try await cache.intercept(cacheRequest("/x"), next: gate) }
      }
      for try await response in group { #expect(!response.isFromCache) }
    }
    #expect(origin.hits == 5)
  }

  @Test("Requests that differ in a header field, or in credential, do not share")
  func differentRequests() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600"])
    let requests = [
      cacheRequest("/x", headers: ["Accept": "a"]), cacheRequest("/x", headers: ["Accept": "b"]),
      cacheRequest("/x", headers: ["Authorization": "Bearer one"]),
      cacheRequest("/x", headers: ["Authorization": "Bearer two"]),
    ]
    for request in requests { _ = try await cache.intercept(request, next: origin.send) }
    #expect(origin.hits == 3)  // without Vary, Accept: b is answered with the Accept: a response
    #expect(
      CacheMiddleware.flightID(requests[0], partition: nil) != CacheMiddleware.flightID(requests[1], partition: nil))
    #expect(
      CacheMiddleware.flightID(requests[2], partition: CredentialDigest.of(requests[2]))
        != CacheMiddleware.flightID(requests[3], partition: CredentialDigest.of(requests[3])))
    #expect(!CacheMiddleware.flightID(requests[2], partition: CredentialDigest.of(requests[2])).contains("one"))
  }

  @Test("A response whose Vary names Authorization is not shared with a waiting request of another token")
  func varyOnAuthorizationNotShared() async throws {
    // One partition, so that requests with two tokens are identical and coalesce.
    let cache = CacheMiddleware(storage: .memory, partition: { _ in "ada" }, clock: clock)
    let origin = CacheOrigin { request, number in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Authorization"],
        body: Data("#\(number) for \(request.header("Authorization") ?? "-")".utf8))
    }
    let gate: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      // The first request waits until the 2 others wait for it.
      if origin.hits == 0 { try await eventually { cache.coalescedWaiterCount == 2 } }
      return try await origin.send(request)
    }
    func get(_ token: String) -> HTTPRequest { cacheRequest("/me", headers: ["Authorization": "Bearer \(token)"]) }
    let leader = Task { try await cache.intercept(get("old"), next: gate) }
    try await eventually { cache.flights.count == 1 }  // the leader's request is in flight
    let sameToken = Task { try await cache.intercept(get("old"), next: gate) }
    let newToken = Task { try await cache.intercept(get("new"), next: gate) }
    #expect(try await leader.value.text == "#1 for Bearer old")
    let same = try await sameToken.value
    #expect(same.header("Cache-Status") == "Argonaut; fwd=uri-miss; collapsed")
    #expect(same.text == "#1 for Bearer old")
    // The response says it differs from one token to another: the other token's
    // request is sent on its own, never answered with the old token's response.
    let other = try await newToken.value
    #expect(other.header("Cache-Status")?.hasSuffix("collapsed") == false)
    #expect(other.text == "#2 for Bearer new")
    #expect(origin.hits == 2)
    #expect(origin.requests.last?.header("Authorization") == "Bearer new")
  }

  @Test("A waiting request that is cancelled stops waiting; the others still get the answer")
  func cancelledFollower() async throws {
    let cache = CacheMiddleware(clock: clock)
    let origin = CacheOrigin(headers: ["Cache-Control": "max-age=600"])
    let release = Tally()
    let gate: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
      try await eventually { release.count > 0 }
      return try await origin.send(request)
    }
    let leader = Task { try await cache.intercept(cacheRequest("/x"), next: gate) }
    try await eventually { cache.flights.count == 1 }  // the leader's request is in flight
    let follower = Task { try await cache.intercept(cacheRequest("/x"), next: gate) }
    let other = Task { try await cache.intercept(cacheRequest("/x"), next: gate) }
    try await eventually { cache.coalescedWaiterCount == 2 }
    follower.cancel()
    let cancelled = await follower.result
    #expect(throws: CancellationError.self) { try cancelled.get() }
    #expect(cache.coalescedWaiterCount == 1)
    release.add("go")
    #expect(try await leader.value.statusCode == 200)
    #expect(try await other.value.header("Cache-Status") == "Argonaut; fwd=uri-miss; collapsed")
    #expect(origin.hits == 1)
  }
}
