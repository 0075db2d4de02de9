import Argonaut
import ArgonautFoundation
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

// Services whose Model is a Codable model, against the real example server.

/// A news feed that is only `Codable`.
private struct CodableFeed: Codable, Sendable {
  struct Post: Codable, Sendable {
    let title: String
    let postDate: String
    let headline: String
  }
  let posts: [Post]
}

/// A news feed that is `Codable` and Argonaut-`Decodable`; records which decoder made it.
private struct DualFeed: Codable, Sendable {
  let titles: [String]
  let decodedBy: String

  init(from decoder: any Swift.Decoder) throws {
    titles = try CodableFeed(from: decoder).posts.map(\.title)
    decodedBy = "Codable"
  }

  init(titles: [String], decodedBy: String) {
    self.titles = titles
    self.decodedBy = decodedBy
  }
}

extension DualFeed: Decodable {
  static func decode(_ j: JSON) -> Decoded<DualFeed> {
    j.decodeArray("posts", of: JSON.self).map { posts in
      DualFeed(titles: posts.compactMap { $0["title"]?.stringValue }, decodedBy: "Argonaut")
    }
  }
}

private final class CodableFeedService: Service {
  typealias Model = CodableFeed

  func feed(userId: String) async throws(ServiceError) -> CodableFeed {
    try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
  }

  func feed(userId: String, completion: @escaping @Sendable (Result<CodableFeed, ServiceError>) -> Void) {
    getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil, completion: completion)
  }

  func wrongShape() async throws(ServiceError) -> CodableFeed {
    try await send(Request(.get, "/wrong-shape"))
  }
}

private final class DualFeedService: Service {
  typealias Model = DualFeed

  func feed(userId: String) async throws(ServiceError) -> DualFeed {
    try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
  }

  func feedBySend(userId: String, completion: @escaping @Sendable (Result<DualFeed, ServiceError>) -> Void) {
    send(Request(.get, "/newsFeed", parameters: ["userId": userId]), completion: completion)
  }
}

@Suite("Services with Codable models", .needsPython, .exampleServer)
struct CodableServiceTests {
  var configuration: ServiceConfiguration { get throws { try Fixture.serverConfiguration() } }

  @Test("a Codable-only Model works with getRequest, async and completion forms")
  func codableModel() async throws {
    let configuration = try configuration
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await CodableFeedService().feed(userId: "ada")
    }.get()
    #expect(feed.posts.first?.title == "Notes on the Analytical Engine")
    #expect(feed.posts.first?.postDate == "1843-09-01")
    let viaCompletion = try await completionResult(in: configuration) { done in
      CodableFeedService().feed(userId: "ada", completion: done)
    }.get()
    #expect(viaCompletion.posts.map(\.title) == feed.posts.map(\.title))
  }

  @Test("a Codable decoding failure is decodingFailed, with the path of the DecodingError")
  func codableFailure() async throws {
    let outcome = await result(in: try configuration) { () async throws(ServiceError) in
      try await CodableFeedService().wrongShape()
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .decodingFailed)
    #expect(error.decodeError == .missingKey("postDate", path: ["posts", 1]))
  }

  @Test("a Model that is both Codable and Argonaut-Decodable uses Argonaut's decoder, without ambiguity")
  func dualModel() async throws {
    let configuration = try configuration
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await DualFeedService().feed(userId: "ada")
    }.get()
    #expect(feed.decodedBy == "Argonaut")
    #expect(feed.titles.first == "Notes on the Analytical Engine")
    let viaSend = try await completionResult(in: configuration) { done in
      DualFeedService().feedBySend(userId: "ada", completion: done)
    }.get()
    #expect(viaSend.decodedBy == "Argonaut" && viaSend.titles == feed.titles)
  }

  @Test("Resource without parse: decodes a Codable value with ArgonautJSONDecoder, and a dual one with Argonaut's")
  func resources() async throws {
    let configuration = try configuration
    let request = Request(.get, "/newsFeed", parameters: ["userId": "ada"])
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await CodableFeedService().load(Resource<CodableFeed>(request))
    }.get()
    #expect(feed.posts.first?.title == "Notes on the Analytical Engine")
    let dual = try await result(in: configuration) { () async throws(ServiceError) in
      try await CodableFeedService().load(Resource<DualFeed>(request))
    }.get()
    #expect(dual.decodedBy == "Argonaut")
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await CodableFeedService().load(Resource<CodableFeed>(Request(.get, "/wrong-shape")))
    }
    #expect(outcome.failure?.decodeError == .missingKey("postDate", path: ["posts", 1]))
  }
}
