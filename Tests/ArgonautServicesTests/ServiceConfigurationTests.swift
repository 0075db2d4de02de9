import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@Suite("ServiceConfiguration: defaults, and switching environments without touching call sites")
struct ServiceConfigurationTests {
  @Test("The defaults: absolute URLs only, the shared URLSession transport, 60 s, 2xx")
  func defaults() {
    let configuration = JSONService().configuration
    #expect(configuration.environment == .absoluteURLsOnly)
    #expect(configuration.transport is URLSessionTransport)
    #expect((configuration.transport as? URLSessionTransport) === URLSessionTransport.shared)
    #expect(configuration.timeout == .seconds(60))
    #expect(configuration.acceptedStatusCodes == Set(200...299))
  }

  @Test("Binding a configuration redirects a service that declares only its Model")
  func taskLocal() async throws {
    let staging = InMemoryTransport()
    staging.on(.get, "/who", respond: .json(["env": "staging"]))
    let production = InMemoryTransport()
    production.on(.get, "/who", respond: .json(["env": "production"]))

    // The same call site…
    func who() async throws(ServiceError) -> JSON {
      try await JSONService().getRequest(url: "/who", parameters: nil, headers: nil)
    }
    // …in two environments.
    let first = await result(
      in: ServiceConfiguration(environment: .local(port: 1), transport: staging, timeout: .seconds(600))
    ) {
      () async throws(ServiceError) in try await who()
    }
    let second = await result(
      in: ServiceConfiguration(environment: .local(port: 2), transport: production, timeout: .seconds(600))
    ) {
      () async throws(ServiceError) in try await who()
    }
    #expect(try first.get() == ["env": "staging"])
    #expect(try second.get() == ["env": "production"])
    #expect(staging.recordedRequests.map(\.url.absoluteString) == ["http://127.0.0.1:1/who"])
    #expect(production.recordedRequests.map(\.url.absoluteString) == ["http://127.0.0.1:2/who"])
  }

  @Test("The binding reaches child tasks")
  func childTasks() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/x", respond: .json(["ok": true]))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory, timeout: .seconds(600))
    let values = try await ServiceConfiguration.$current.withValue(configuration) {
      try await withThrowingTaskGroup(of: JSON.self) { group in
        for _ in 0..<3 {
          group.addTask { try await JSONService().getRequest(url: "/x", parameters: nil, headers: nil) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(values == [["ok": true], ["ok": true], ["ok": true]])
  }

  @Test("A service that stores its configuration ignores the bound one")
  func storedConfiguration() async throws {
    let pinned = InMemoryTransport()
    pinned.on(.get, "/x", respond: .json(["from": "pinned"]))
    let bound = InMemoryTransport()
    bound.on(.get, "/x", respond: .json(["from": "bound"]))
    let service = PinnedJSONService(
      configuration: ServiceConfiguration(environment: .local(port: 1), transport: pinned, timeout: .seconds(600)))
    let value = await result(
      in: ServiceConfiguration(environment: .local(port: 2), transport: bound, timeout: .seconds(600))
    ) {
      () async throws(ServiceError) in
      try await service.getRequest(url: "/x", parameters: nil, headers: nil)
    }
    #expect(try value.get() == ["from": "pinned"])
    #expect(bound.recordedRequests.isEmpty)
  }

  @Test("The environment's headers go with every request; the request's own win")
  func environmentHeaders() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "*", respond: .json([:]))
    let configuration = ServiceConfiguration(
      environment: .local(port: 1, headers: ["X-Client": "tests", "X-Version": "1"]), transport: memory)
    _ = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/x", parameters: nil, headers: ["x-version": "2"])
    }
    let sent = try #require(memory.recordedRequests.first)
    #expect(sent.header("X-Client") == "tests")
    #expect(sent.header("X-Version") == "2")
    #expect(sent.header("Accept") == "application/json")
  }

  @Test("An environment describes itself with its base URL, password redacted")
  func environmentDescription() {
    #expect(ServiceEnvironment.local(port: 8080).description == "local:8080 (http://127.0.0.1:8080)")
    let staging = ServiceEnvironment(name: "staging", baseURL: URL(string: "https://u:pw@staging.example.com")!)
    #expect(staging.description == "staging (https://u:<redacted>@staging.example.com)")
    #expect(ServiceEnvironment.absoluteURLsOnly.description == "absolute URLs only (no base URL)")
  }
}
