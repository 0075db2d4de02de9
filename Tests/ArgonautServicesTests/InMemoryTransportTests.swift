import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@Suite("InMemoryTransport: routes, sequences, recording and latency")
struct InMemoryTransportTests {
  let memory = InMemoryTransport()
  var configuration: ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600))
  }

  func get(_ path: String, _ parameters: [String: String]? = nil) async -> Result<JSON, ServiceError> {
    await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: path, parameters: parameters, headers: nil)
    }
  }

  @Test("A sequence answers in order, then repeats its last answer: 401, then 200")
  func sequence() async throws {
    memory.on(.get, "/me", respond: .json(["error": "expired"], status: 401), .json(["name": "ada"]))
    #expect(await get("/me").failure?.statusCode == 401)
    #expect(try await get("/me").get() == ["name": "ada"])
    #expect(try await get("/me").get() == ["name": "ada"])
  }

  @Test("Every request is recorded, with its method, URL, headers and body")
  func recording() async throws {
    memory.on(nil, "*", respond: .json([:]))
    _ = await get("/a", ["q": "1"])
    _ = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().postRequest(url: "/b", headers: ["X-Trace": "7"], body: ["k": "v"])
    }
    let recorded = memory.recordedRequests
    #expect(recorded.map(\.method) == [.get, .post])
    #expect(recorded.map(\.url.absoluteString) == ["http://127.0.0.1:8080/a?q=1", "http://127.0.0.1:8080/b"])
    #expect(recorded[1].header("x-trace") == "7")
    #expect(recorded[1].bodyJSON == ["k": "v"])
    memory.reset()
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("Placeholders match one segment, a final * any rest, and the method must match")
  func matching() async throws {
    memory.on(.get, "/users/{id}") { request in .json(["id": .string(request.pathSegments[1])]) }
    memory.on(.get, "/files/*", respond: .json(["file": true]))
    #expect(try await get("/users/a%20b").get() == ["id": "a b"])
    #expect(await get("/users/1/extra").failure?.statusCode == 404)
    #expect(try await get("/files/a/b/c").get() == ["file": true])
    let post = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().postRequest(url: "/users/1", body: nil)
    }
    #expect(post.failure?.statusCode == 404)
  }

  @Test("The route added last wins")
  func lastWins() async throws {
    memory.on(.get, "/x", respond: .json(["v": 1]))
    memory.on(.get, "/x", respond: .json(["v": 2]))
    #expect(try await get("/x").get() == ["v": 2])
  }

  @Test("A request that no route matches gets a 404 that names it")
  func noRoute() async throws {
    let error = try #require(await get("/nowhere").failure)
    #expect(error.statusCode == 404)
    #expect(error.description.hasSuffix("InMemoryTransport: no route for GET /nowhere"))
  }

  @Test("Latency delays every answer; a delayed answer adds its own delay")
  func latency() async throws {
    memory.latency = .milliseconds(50)
    memory.on(.get, "/slow", respond: .json([:]).delayed(by: .milliseconds(100)))
    #expect(memory.latency == .milliseconds(50))
    let clock = ContinuousClock()
    let start = clock.now
    _ = try await get("/slow").get()
    #expect(clock.now - start >= .milliseconds(150))
  }

  @Test("Two transports do not share routes or records")
  func isolation() async throws {
    let other = InMemoryTransport()
    other.on(.get, "/x", respond: .json(["from": "other"]))
    memory.on(.get, "/x", respond: .json(["from": "memory"]))
    #expect(try await get("/x").get() == ["from": "memory"])
    #expect(other.recordedRequests.isEmpty)
  }

  @Test("A stubbed failure is a transport failure that keeps the error")
  func failure() async throws {
    struct Broken: Error {}
    memory.on(.get, "/x", respond: .failure(Broken()))
    let error = try #require(await get("/x").failure)
    #expect(error.kind == .transportFailure)
    #expect(error.underlyingError is Broken)
  }

  @Test("A stubbed URLError timeout is a timeout")
  func transportTimeout() async throws {
    memory.on(.get, "/x", respond: .failure(URLError(.timedOut)))
    #expect(await get("/x").failure?.kind == .timeout)
  }

  @Test("A handler may read the recorded requests and add routes: handlers run outside the lock")
  func reentrantHandler() async throws {
    let memory = memory
    memory.on(.get, "/first") { request in
      let seen = memory.recordedRequests.count
      memory.on(.get, "/second", respond: .json(["added": true]))
      return .json(["seen": JSON(integerLiteral: seen)])
    }
    // A deadlocked handler ends in a timeout (the configuration's 600 s), not a hang.
    let first = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/first", parameters: nil, headers: nil)
    }
    #expect(try first.get() == ["seen": 1])
    #expect(try await get("/second").get() == ["added": true])
  }
}
