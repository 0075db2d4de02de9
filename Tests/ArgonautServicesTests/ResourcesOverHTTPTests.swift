import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

typealias Event = ReadmeResources.Event
typealias GitHubService = ReadmeResources.GitHubService

@Suite("Resources over real HTTP (URLSessionTransport and the example server)", .needsPython, .exampleServer)
struct ResourcesOverHTTPTests {
  var configuration: ServiceConfiguration {
    get throws { try Fixture.serverConfiguration() }
  }

  var base: String {
    get throws { try configuration.environment.baseURL!.absoluteString }
  }

  func load<Value>(_ resource: Resource<Value>) async throws -> Result<Value, ServiceError> {
    await result(in: try configuration) { () async throws(ServiceError) in try await JSONService().load(resource) }
  }

  func collect<Value>(_ pages: Pages<Value>) async -> (values: [Value], error: ServiceError?) {
    var values: [Value] = []
    do {
      for try await value in pages { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }

  @Test("A GitHub-style service reads events across three pages through Link, and its rate limit")
  func gitHub() async throws {
    let configuration = try configuration
    try await ServiceConfiguration.$current.withValue(configuration) {
      let github = GitHubService()
      var pages: [[Event]] = []
      for try await page in github.allEvents() { pages.append(page) }
      #expect(pages.map { $0.map(\.id) } == [["101", "102"], ["201", "202"], ["301", "302"]])
      #expect(pages[0][0] == Event(id: "101", type: "PushEvent"))
      #expect(try await github.rateLimitRemaining() == 59)
    }
  }

  @Test("Relative targets, several Link fields, and quoted parameters with commas and semicolons")
  func relativeLinks() async throws {
    let pages = ServiceConfiguration.$current.withValue(try configuration) {
      JSONService().pages(Resource<[Event]>(Request(.get, "/github/relative")))
    }
    let (values, error) = await collect(pages)
    #expect(error == nil)
    #expect(values.map { $0.map(\.id) } == [["101", "102"], ["201", "202"], ["301", "302"]])
  }

  @Test("A server whose pages link in a circle gives a paginationLoop error, not an endless loop")
  func loop() async throws {
    let pages = ServiceConfiguration.$current.withValue(try configuration) {
      JSONService().pages(Resource<[Event]>(Request(.get, "/github/loop", parameters: ["page": "1"])))
    }
    let (values, error) = await collect(pages)
    #expect(values.count == 2)
    #expect(error?.kind == .paginationLoop)
    #expect(
      error?.description
        == "GET \(try base)/github/loop?page=2: pagination loop: the next page \(try base)/github/loop?page=1 was already loaded"
    )
  }

  @Test("A Link header that does not parse gives an invalidLink error")
  func badLink() async throws {
    let pages = ServiceConfiguration.$current.withValue(try configuration) {
      JSONService().pages(Resource<[Event]>(Request(.get, "/github/bad-link")))
    }
    let (values, error) = await collect(pages)
    #expect(values.count == 1)
    #expect(error?.kind == .invalidLink)
    #expect(
      error?.description
        == "GET \(try base)/github/bad-link: invalid Link header: expected '<' at character 35, found 'h'")
  }

  @Test("A resource that accepts 403 reads the rate-limit headers of a refusal")
  func rateLimited() async throws {
    let limits = try await result(in: try configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(
        Resource<Void>(Request(.get, "/github/limited"), parse: .nothing).accepting([403]))
    }.get()
    #expect(limits.statusCode == 403)
    #expect(limits.header("x-ratelimit-remaining") == "0")
    let refused = try #require(
      try await load(Resource<[Event]>(Request(.get, "/github/limited"))).failure)
    #expect(refused.statusCode == 403)
  }

  @Test("An image arrives byte for byte; an HTML page instead is unacceptableContentType")
  func image() async throws {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("ARGONAUT".utf8)
    #expect(try await load(Resource<Data>(Request(.get, "/resources/avatar.png"), parse: .image)).get() == png)
    let error = try #require(
      try await load(Resource<Data>(Request(.get, "/status/200", parameters: ["body": "html"]), parse: .image)).failure)
    #expect(error.kind == .unacceptableContentType)
    #expect(
      error.description
        == "GET \(try base)/status/200?body=html: unacceptable content type text/html; charset=utf-8, expected image/*: <!DOCTYPE html> <html> <body> <h1>Error 200</h1> </body> </html>"
    )
  }

  @Test("Text in the charset of its Content-Type, and a 204 without a body")
  func textAndNoContent() async throws {
    #expect(try await load(Resource<String>(Request(.get, "/resources/latin1"), parse: .text)).get() == "café au lait")
    let deleted = try await result(in: try configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(Resource<Void>(Request(.delete, "/resources/item"), parse: .nothing))
    }.get()
    #expect(deleted.statusCode == 204)
  }

  @Test("The completion form loads over HTTP too")
  func completionForm() async throws {
    let configuration = try configuration
    let outcome: Result<[Event], ServiceError> = await withCheckedContinuation { continuation in
      JSONService().configuredLoad(
        Resource<[Event]>(Request(.get, "/github/events", parameters: ["page": "3"])), in: configuration
      ) { continuation.resume(returning: $0) }
    }
    #expect(try outcome.get().map(\.id) == ["301", "302"])
  }
}
