import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// A parse step's own error.
struct NotANumber: Error, CustomStringConvertible {
  let text: String
  var description: String { "'\(text)' is not a number" }
}

@Suite("Resource: a request and its parse step, loaded by any service")
struct ResourceTests {
  let memory = InMemoryTransport()
  var configuration: ServiceConfiguration { ServiceConfiguration(environment: .local(port: 1), transport: memory) }

  init() {
    memory.on(.get, "/feed", respond: .json(["posts": [["title": "One", "postDate": "2024-01-01", "headline": "h"]]]))
    memory.on(.get, "/count", respond: .text("forty-two"))
    memory.on(.get, "/users/{id}") { request in
      .json(["name": .string(request.pathSegments[1]), "next": "/count"], headers: ["X-Request-Id": "r-1"])
    }
    memory.on(.get, "/missing", respond: .json(["error": "no such thing"], status: 404))
    memory.on(.get, "/slow", respond: .json([:]).delayed(by: .seconds(30)))
  }

  @Test("Without parse:, the body decodes with Argonaut's Decodable, on a service of another Model")
  func decodesByDefault() async throws {
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().load(Resource<Feed>(Request(.get, "/feed")))
    }.get()
    #expect(feed.posts.map(\.title) == ["One"])
  }

  @Test("A decoding failure keeps its kind, path and the request's redacted URL")
  func decodingFailure() async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().load(
        Resource<Feed>(Request(.get, "/users/{id}", pathParameters: ["id": "ada"], parameters: ["token": "s3"])))
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .decodingFailed)
    #expect(
      error.description
        == "GET http://127.0.0.1:1/users/ada?token=<redacted>: could not decode Feed: posts: missing key")
  }

  @Test("A parse step's thrown error becomes parseFailed, naming the request, redacted")
  func throwingParseStep() async throws {
    let count = Resource<Int>(Request(.get, "/count", parameters: ["api_key": "k"])) { response in
      let text = String(decoding: response.body, as: UTF8.self)
      guard let number = Int(text) else { throw NotANumber(text: text) }
      return number
    }
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().load(count)
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .parseFailed)
    #expect(error.underlyingError is NotANumber)
    #expect(error.statusCode == 200)
    #expect(
      error.description
        == "GET http://127.0.0.1:1/count?api_key=<redacted>: could not parse Int: 'forty-two' is not a number")
  }

  @Test("A ServiceError thrown by a parse step keeps its kind and gets the request")
  func serviceErrorFromParseStep() async throws {
    let strict = Resource<String>(Request(.get, "/count")) { response in
      throw ServiceError.validationFailed("no counts today", response: response)
    }
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in try await JSONService().load(strict) }.failure)
    #expect(error.kind == .validationFailed)
    #expect(error.request?.path == "/count")
    #expect(error.description == "GET http://127.0.0.1:1/count: response rejected: no counts today")
  }

  @Test("map transforms the value; a transform that throws is a parseFailed error")
  func map() async throws {
    let titles = Resource<Feed>(Request(.get, "/feed")).map { feed in feed.posts.map(\.title) }
    let value = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().load(titles)
    }.get()
    #expect(value == ["One"])

    let failing = titles.map { titles -> Int in throw NotANumber(text: titles[0]) }
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in try await JSONService().load(failing) }.failure
    )
    #expect(error.description == "GET http://127.0.0.1:1/feed: could not parse Int: 'One' is not a number")
  }

  @Test("flatMap loads a second resource that depends on the first one's value")
  func flatMap() async throws {
    let user = Resource<JSON>(Request(.get, "/users/{id}", pathParameters: ["id": "ada"]), parse: .json)
    let chained = user.flatMap { json in
      Resource<String>(Request(.get, json["next"]?.stringValue ?? "/nowhere"), parse: .text)
    }
    let response = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(chained)
    }.get()
    #expect(response.value == "forty-two")
    #expect(response.request.path == "/count", "the response is the last request's")
    #expect(memory.recordedRequests.map(\.path) == ["/users/ada", "/count"])
  }

  @Test("A resource that accepts 404 sees it in its parse step")
  func acceptedStatus() async throws {
    let maybe = Resource<ErrorBody?>(Request(.get, "/missing")) { response in
      response.statusCode == 404 ? nil : try ResponseParser<ErrorBody>.decoding().parse(response)
    }
    let refused = try #require(
      await result(in: configuration) { () async throws(ServiceError) in try await JSONService().load(maybe) }.failure)
    #expect(refused.kind == .unacceptableStatus)
    let absent = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(maybe.accepting([404]))
    }.get()
    #expect(absent.value == nil)
    #expect(absent.statusCode == 404)
  }

  @Test("loadResponse gives the status and the headers, looked up case-insensitively")
  func loadResponse() async throws {
    let response = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(Resource<JSON>(Request(.get, "/users/ada"), parse: .json))
    }.get()
    #expect(response.statusCode == 200)
    #expect(response.header("x-request-id") == "r-1")
    #expect(response.headers["X-Request-Id"] == "r-1")
    #expect(response.value["name"] == "ada")
  }

  @Test("The completion form delivers the value once, on the configuration's queue")
  func completionForm() async throws {
    let calls = Locked(0)
    let outcome: Result<String, ServiceError> = await withCheckedContinuation { continuation in
      JSONService().configuredLoad(Resource<String>(Request(.get, "/count"), parse: .text), in: configuration) {
        calls.withLock { $0 += 1 }
        continuation.resume(returning: $0)
      }
    }
    #expect(try outcome.get() == "forty-two")
    #expect(calls.current == 1)
  }

  @Test("Cancelling the completion form delivers .cancelled exactly once")
  func cancelCompletionForm() async throws {
    let calls = Locked(0)
    let handle = Locked<ServiceTask?>(nil)
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      let task = JSONService().configuredLoad(Resource<JSON>(Request(.get, "/slow"), parse: .json), in: configuration) {
        calls.withLock { $0 += 1 }
        continuation.resume(returning: $0)
      }
      handle.withLock { $0 = task }
      task.cancel()
      task.cancel()
    }
    #expect(outcome.failure?.kind == .cancelled)
    #expect(outcome.failure?.description == "GET http://127.0.0.1:1/slow: cancelled")
    #expect(handle.current?.isCancelled == true)
    #expect(calls.current == 1)
  }

  @Test("Cancelling the task of an async load ends it with .cancelled")
  func cancelAsync() async throws {
    let configuration = configuration
    let task = Task {
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().load(Resource<JSON>(Request(.get, "/slow"), parse: .json))
      }
    }
    task.cancel()
    #expect(await task.value.failure?.kind == .cancelled)
  }

  @Test("A load has the request's deadline")
  func deadline() async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().load(Resource<JSON>(Request(.get, "/slow", timeout: .milliseconds(200)), parse: .json))
    }
    #expect(outcome.failure?.kind == .timeout)
    #expect(outcome.failure?.description == "GET http://127.0.0.1:1/slow: timed out after 200 ms")
  }

  @Test("A resource describes its value type and request")
  func description() {
    #expect(Resource<Feed>(Request(.get, "/feed")).description == "Resource<Feed>(GET /feed)")
  }
}

extension Service {
  /// `load(_:completion:)` with `configuration` bound.
  @discardableResult
  func configuredLoad<Value: Sendable>(
    _ resource: Resource<Value>, in configuration: ServiceConfiguration,
    completion: @escaping @Sendable (Result<Value, ServiceError>) -> Void
  ) -> ServiceTask {
    ServiceConfiguration.$current.withValue(configuration) { load(resource, completion: completion) }
  }
}
