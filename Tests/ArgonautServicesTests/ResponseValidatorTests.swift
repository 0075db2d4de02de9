import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

@Suite("ResponseValidator: status, content type and custom checks, per resource or per configuration")
struct ResponseValidatorTests {
  let memory = InMemoryTransport()
  var configuration: ServiceConfiguration { ServiceConfiguration(environment: .local(port: 1), transport: memory) }

  init() {
    memory.on(.get, "/events", respond: .json([1, 2], headers: ["X-RateLimit-Remaining": "0"]))
    memory.on(.get, "/created", respond: .json([1], status: 201))
    memory.on(.get, "/page", respond: .text("<html></html>", contentType: "text/html"))
    memory.on(.get, "/bare", respond: .status(200))
  }

  func load<Value>(
    _ resource: Resource<Value>, in configuration: ServiceConfiguration? = nil
  ) async -> Result<Value, ServiceError> {
    await result(in: configuration ?? self.configuration) { () async throws(ServiceError) in
      try await JSONService().load(resource)
    }
  }

  @Test("status(_:) narrows the accepted statuses, with unacceptableStatus")
  func status() async throws {
    let only200 = Resource<JSON>(Request(.get, "/created"), validators: [.status([200])], parse: .json)
    let error = try #require(await load(only200).failure)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.description == "GET http://127.0.0.1:1/created: unacceptable status 201 (application/json): [1]")
    #expect(
      try await load(Resource<JSON>(Request(.get, "/created"), validators: [.status(200...299)], parse: .json)).get()
        == [1])
  }

  @Test(
    "contentType(_:) matches exact types, type/* and */*, ignoring parameters and case",
    arguments: [
      ("application/json", true), ("APPLICATION/JSON", true), ("application/*", true), ("*/*", true),
      ("text/*", false), ("application/jsonx", false), ("application", false),
    ])
  func contentType(pattern: String, accepted: Bool) async throws {
    let resource = Resource<JSON>(Request(.get, "/events"), validators: [.contentType(pattern)], parse: .json)
    let outcome = await load(resource)
    #expect((outcome.failure == nil) == accepted)
    if !accepted {
      #expect(outcome.failure?.kind == .unacceptableContentType)
    }
  }

  @Test("A response without a Content-Type fails contentType(_:)")
  func missingContentType() async throws {
    let error = try #require(await load(Resource<Data>(Request(.get, "/bare"), parse: .image)).failure)
    #expect(error.description == "GET http://127.0.0.1:1/bare: unacceptable no content type, expected image/*")
  }

  @Test("header(_:_:_:) checks a header field, failing with validationFailed and its message")
  func header() async throws {
    let resource = Resource<JSON>(Request(.get, "/events"), parse: .json).validated(
      by: .header("X-RateLimit-Remaining", "the rate limit is exhausted") { $0 != "0" })
    let error = try #require(await load(resource).failure)
    #expect(error.kind == .validationFailed)
    #expect(error.description == "GET http://127.0.0.1:1/events: response rejected: the rate limit is exhausted")
  }

  @Test("A custom check may throw any error, which becomes validationFailed")
  func customCheck() async throws {
    struct TooShort: Error, CustomStringConvertible { var description: String { "the body is too short" } }
    let check = ResponseValidator { response in if response.body.count < 100 { throw TooShort() } }
    let error = try #require(
      await load(Resource<JSON>(Request(.get, "/events"), validators: [check], parse: .json)).failure)
    #expect(error.kind == .validationFailed)
    #expect(error.description == "GET http://127.0.0.1:1/events: response rejected: the body is too short")
  }

  @Test("The configuration's validators run for every resource, before the resource's own")
  func configurationValidators() async throws {
    let order = Locked<[String]>([])
    var configuration = configuration
    configuration.validators = [ResponseValidator { _ in order.withLock { $0.append("configuration") } }]
    let resource = Resource<JSON>(
      Request(.get, "/events"), validators: [ResponseValidator { _ in order.withLock { $0.append("resource") } }],
      parse: .json)
    _ = try await load(resource, in: configuration).get()
    #expect(order.current == ["configuration", "resource"])

    configuration.validators = [.contentType("application/xml")]
    let error = try #require(await load(resource, in: configuration).failure)
    #expect(error.kind == .unacceptableContentType)
  }

  @Test("A validator never sees a status the request does not accept")
  func statusCheckComesFirst() async throws {
    memory.on(.get, "/gone", respond: .json(["error": "gone"], status: 410))
    let seen = Locked(false)
    let resource = Resource<JSON>(
      Request(.get, "/gone"), validators: [ResponseValidator { _ in seen.withLock { $0 = true } }], parse: .json)
    #expect(await load(resource).failure?.kind == .unacceptableStatus)
    #expect(!seen.current)
  }
}
