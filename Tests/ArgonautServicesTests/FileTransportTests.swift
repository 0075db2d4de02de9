import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample
import ServiceTestSupport
import Testing

@Suite("FileTransport: responses from files on disk")
struct FileTransportTests {
  /// The example server's sample data.
  static let data = ExampleServer.bundledScript.deletingLastPathComponent().appendingPathComponent("data")

  func configuration(_ transport: any HTTPTransport) -> ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 1), transport: transport, timeout: .seconds(600))
  }

  @Test("A path names a JSON file, which decodes into the model; the query is ignored")
  func servesFiles() async throws {
    let feed = try await result(in: configuration(FileTransport(directory: Self.data))) {
      () async throws(ServiceError) in
      try await FeedService().getRequest(url: "/newsFeed", parameters: ["userId": "ada"], headers: nil)
    }.get()
    #expect(feed.posts.map(\.title) == SampleData.postTitles)
  }

  @Test("The response has status 200 and the content type of the extension")
  func response() async throws {
    let response = try await FileTransport(directory: Self.data).send(
      HTTPRequest(method: .post, url: URL(string: "http://x/login")!))
    #expect(response.statusCode == 200)
    #expect(response.contentType == "application/json")
    #expect(try response.json()["userName"] == "ada")
  }

  @Test(
    "A missing file is a 404 that names the path", arguments: ["/missing", "/../data/login", "/a/%2E%2E/login", "/"])
  func missing(path: String) async throws {
    let outcome = await result(in: configuration(FileTransport(directory: Self.data))) {
      () async throws(ServiceError) in
      try await JSONService().getRequest(url: path, parameters: nil, headers: nil)
    }
    let error = try #require(outcome.failure)
    #expect(error.statusCode == 404)
    #expect(error.description.contains("FileTransport: no file for"))
  }

  @Test("Nested paths read nested files, and a bundle's resources can be served")
  func bundle() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("FileTransportTests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("users"), withIntermediateDirectories: true)
    try Data(#"{"id": "ada lovelace"}"#.utf8).write(to: directory.appendingPathComponent("users/ada lovelace.json"))
    let bundle = try #require(Bundle(path: directory.path))
    let transport = try #require(FileTransport(bundle: bundle))
    let user = try await result(in: configuration(transport)) { () async throws(ServiceError) in
      try await JSONService().send(Request(.get, "/users/{id}", pathParameters: ["id": "ada lovelace"]))
    }.get()
    #expect(user == ["id": "ada lovelace"])
  }
}
