import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// The same scenarios as against the real server, through `InMemoryTransport`.
@Suite("Services through the in-memory transport")
struct ServicesInMemoryTests {
  let configuration = ServiceConfiguration(
    environment: .local(port: 8080), transport: MemoryServer.transport(), timeout: .seconds(600))

  @Test("A GET decodes the model, in the async and the completion form")
  func success() async throws {
    try await Scenarios.success(configuration)
  }

  @Test(
    "A 401, 404 or 500 is an unacceptable status that keeps the code, content type and body",
    arguments: [401, 404, 500], ["json", "text", "html"])
  func unacceptableStatus(code: Int, body: String) async throws {
    try await Scenarios.unacceptableStatus(configuration, code: code, body: body)
  }

  @Test("A status the configuration accepts is decoded like a 200")
  func acceptedStatus() async throws {
    try await Scenarios.acceptedStatus(configuration)
  }

  @Test("A body that is not JSON gives the parse error's line and column")
  func invalidJSON() async throws {
    try await Scenarios.invalidJSON(configuration)
  }

  @Test("Valid JSON of the wrong shape gives a decoding error that names the path")
  func wrongShape() async throws {
    try await Scenarios.wrongShape(configuration)
  }

  @Test("A stubbed refused connection is a transport failure")
  func connectionRefused() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "*", respond: .connectionRefused)
    try await Scenarios.connectionRefused(
      ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600)))
  }

  @Test("A 300 ms timeout fires long before a 30 s answer")
  func timeout() async throws {
    try await Scenarios.timeout(configuration)
  }

  @Test("A server that never answers times out too")
  func noResponse() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/hang", respond: .noResponse)
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .milliseconds(200))
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/hang", parameters: nil, headers: nil)
    }
    #expect(outcome.failure?.kind == .timeout)
  }

  @Test("Cancelling the handle runs the completion once, with .cancelled")
  func cancelThroughHandle() async throws {
    try await Scenarios.cancelThroughHandle(configuration)
  }

  @Test("Cancelling the Task of an async call gives .cancelled")
  func cancelThroughTask() async throws {
    try await Scenarios.cancelThroughTask(configuration)
  }

  @Test("64 concurrent requests each get their own answer")
  func concurrentRequests() async throws {
    try await Scenarios.concurrentRequests(configuration)
  }

  @Test(
    "Hostile strings survive the round trip in a path segment, a query name and a query value",
    arguments: Scenarios.hostileStrings)
  func encoding(text: String) async throws {
    try await Scenarios.encoding(configuration, text)
  }

  @Test("Paths and queries are encoded strictly, queries sorted by name")
  func exactEncoding() async throws {
    try await Scenarios.exactEncoding(configuration)
  }

  @Test("POST, PUT, PATCH and DELETE send their JSON body unchanged")
  func jsonBodyRoundTrip() async throws {
    try await Scenarios.jsonBodyRoundTrip(configuration)
  }

  @Test("Secret query parameters, headers and body fields never appear in what is printed")
  func redaction() async throws {
    try await Scenarios.redaction(configuration)
  }
}
