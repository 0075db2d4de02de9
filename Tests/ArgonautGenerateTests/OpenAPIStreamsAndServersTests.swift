import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// Streamed responses (event streams, JSON Lines) and the document's servers.
@Suite("OpenAPI streams and servers", .offThePool)
struct OpenAPIStreamsAndServersTests {
  private func document(responses: String, servers: String = "", operationServers: String = "") -> String {
    """
    {"openapi": "3.1.0", \(servers) "paths": {"/a": {"get": {"operationId": "feed", \(operationServers)
      "responses": {"200": {"description": "ok", "content": {\(responses)}}}}}}}
    """
  }

  @Test("an event-stream response returns TypedEventStream of its schema, built by …Request")
  func eventStream() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        responses: #""text/event-stream": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}"#))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("public func feedRequest() -> Request {\n    Request(.get, \"/a\")\n  }"))
    #expect(service.contains("public func feed() -> TypedEventStream<FeedEvent> {"))
    #expect(service.contains("    events(feedRequest(), as: FeedEvent.self)\n"))
    #expect(!service.contains("Resource<"))
    #expect(output.diagnostics.isEmpty)
  }

  @Test("a streamed operation named get is renamed: its getRequest would be Service's")
  func reservedRequestName() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(responses: #""text/event-stream": {}"#).replacingOccurrences(of: "\"feed\"", with: "\"get\""))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(!service.contains("func getRequest("))
    #expect(!service.contains("func get("))
  }

  @Test("JSON Lines under both names return JSONLineStream; a schemaless stream is of JSON")
  func lines() throws {
    for mediaType in ["application/jsonl", "application/x-ndjson; charset=utf-8"] {
      let output = try OpenAPIFixtures.generate(json: document(responses: "\"\(mediaType)\": {}"))
      let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
      #expect(service.contains("public func feed() -> JSONLineStream<JSON> {"), "\(mediaType)")
      #expect(service.contains("    lines(feedRequest(), as: JSON.self)\n"), "\(mediaType)")
    }
  }

  @Test("JSON beside an event stream: the JSON method is unchanged, …Stream returns the stream")
  func both() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        responses:
          #""application/json": {"schema": {"type": "string"}}, "text/event-stream": {"schema": {"type": "string"}}"#
      ))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("public func feed() async throws(ServiceError) -> String {"))
    #expect(service.contains("public func feedStream() -> TypedEventStream<String> {"))
    #expect(service.contains("    events(feedResource().request, as: String.self)\n"))
  }

  @Test("an operation's own server, else its path item's, makes its URL absolute, variables filled")
  func operationServer() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        responses: #""application/json": {}"#,
        operationServers:
          #""servers": [{"url": "https://{host}/v2/", "variables": {"host": {"default": "up.example.com"}}}],"#
      ))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("let request = Request(.get, \"https://up.example.com/v2/a\")"))
    #expect(output.files.map(\.name) == ["Models.swift", "DefaultService.swift"])
  }

  @Test("the top-level servers are enum Servers of ServiceEnvironments; a relative one is reported")
  func servers() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        responses: #""application/json": {}"#,
        servers: #""servers": [{"url": "https://api.example.com/", "description": "Production"}, {"url": "/v1"},"#
          + #" {"url": "http://localhost:8080"}],"#))
    let servers = OpenAPIFixtures.file("Servers.swift", in: output)
    #expect(servers.contains("public enum Servers {"))
    #expect(
      servers.contains(
        "public static let production = ServiceEnvironment(name: \"Production\", baseURL: URL(string: \"https://api.example.com\"))"
      ))
    #expect(servers.contains("public static let server2 = ServiceEnvironment("))
    #expect(output.diagnostics.map(\.pointer) == ["#/servers/1"])
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("let request = Request(.get, \"/a\")"), "the top-level servers are environments")
  }
}
