import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// The services layer against the real example server on 127.0.0.1, through the
/// default `URLSessionTransport`.
@Suite("Services over real HTTP (URLSessionTransport and the example server)", .needsPython, .exampleServer)
struct ServicesOverHTTPTests {
  var configuration: ServiceConfiguration {
    get throws { try Fixture.serverConfiguration() }
  }

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

  @Test("A closed port is a transport failure")
  func connectionRefused() async throws {
    var configuration = try configuration
    configuration.environment = .local(port: closedPort())
    try await Scenarios.connectionRefused(configuration)
  }

  @Test("A 300 ms timeout fires long before a 30 s endpoint answers")
  func timeout() async throws {
    try await Scenarios.timeout(configuration)
  }

  @Test("Cancelling the handle runs the completion once, with .cancelled")
  func cancelThroughHandle() async throws {
    try await Scenarios.cancelThroughHandle(configuration)
  }

  @Test("Cancelling the Task of an async call gives .cancelled, not a URLError")
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
