import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample
import ServiceTestSupport
import Testing

/// What every backend must do for `NewsFeedService`.
enum NewsFeedServiceScenarios {
  static func feedAsync(_ configuration: ServiceConfiguration) async throws {
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await NewsFeedService().newsFeed(userId: "ada")
    }.get()
    #expect(feed.posts.map(\.title) == SampleData.postTitles)
    #expect(feed.posts.first?.datePosted == "1843-09-01")
    #expect(feed.posts.last?.headline == "Imagination is the discovering faculty — « pre-eminently »")
  }

  static func feedCompletion(_ configuration: ServiceConfiguration) async throws {
    let feed = try await completionResult(in: configuration) { done in
      NewsFeedService().newsFeed(userId: "ada", completion: done)
    }.get()
    #expect(feed.posts.count == 3)
  }

  static func unknownUser(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await NewsFeedService().newsFeed(userId: "bob & alice")
    }
    let error = try #require(outcome.failure)
    #expect(error.statusCode == 404)
    #expect(error.decodeBody(as: APIError.self)?.value == APIError(message: "no such user: bob & alice"))
    #expect(error.redactedURL.hasSuffix("/newsFeed?userId=bob%20%26%20alice"))
  }
}

@Suite("NewsFeedService against the example server", .needsPython, .exampleServer)
struct NewsFeedServiceTests {
  var configuration: ServiceConfiguration { get throws { try Fixture.serverConfiguration() } }

  @Test("newsFeed, async form, returns the posts")
  func feedAsync() async throws {
    try await NewsFeedServiceScenarios.feedAsync(configuration)
  }

  @Test("newsFeed, completion form, returns the posts")
  func feedCompletion() async throws {
    try await NewsFeedServiceScenarios.feedCompletion(configuration)
  }

  @Test("An unknown user is a 404, with the user id encoded in the query")
  func unknownUser() async throws {
    try await NewsFeedServiceScenarios.unknownUser(configuration)
  }
}

@Suite("NewsFeedService through the in-memory sample API")
struct NewsFeedServiceInMemoryTests {
  let memory = SampleData.transport()
  var configuration: ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600))
  }

  @Test("newsFeed, async form, returns the posts")
  func feedAsync() async throws {
    try await NewsFeedServiceScenarios.feedAsync(configuration)
  }

  @Test("newsFeed, completion form, returns the posts")
  func feedCompletion() async throws {
    try await NewsFeedServiceScenarios.feedCompletion(configuration)
  }

  @Test("An unknown user is a 404, with the user id encoded in the query")
  func unknownUser() async throws {
    try await NewsFeedServiceScenarios.unknownUser(configuration)
  }

  @Test("The request is GET /newsFeed with the user id as the only query item")
  func request() async throws {
    _ = await result(in: configuration) { () async throws(ServiceError) in
      try await NewsFeedService().newsFeed(userId: "ada")
    }
    let sent = try #require(memory.recordedRequests.first)
    #expect(sent.method == .get)
    #expect(sent.url.absoluteString == "http://127.0.0.1:8080/newsFeed?userId=ada")
  }
}

@Suite("The example services through the file transport")
struct ExampleFileTransportTests {
  @Test("The sample data directory serves the whole happy path")
  func happyPath() async throws {
    let data = ExampleServer.bundledScript.deletingLastPathComponent().appendingPathComponent("data")
    let configuration = ServiceConfiguration(
      environment: .local(port: 1), transport: FileTransport(directory: data), timeout: .seconds(600))
    let user = try await result(in: configuration) { () async throws(ServiceError) in
      try await UserService().login(userName: "ada", password: "anything: files do not check")
    }.get()
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await NewsFeedService().newsFeed(userId: "ada")
    }.get()
    #expect(user == SampleData.user)
    #expect(feed.posts.map(\.title) == SampleData.postTitles)
  }
}
