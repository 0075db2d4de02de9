import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// A model whose `id` must be a string: for a decoding error that finds an object.
private struct Identified: Hashable, Sendable, Decodable {
  let id: String

  static func decode(_ j: JSON) -> Decoded<Identified> {
    Identified.init <^> j <| "id"
  }
}

private final class IdentifiedService: Service {
  typealias Model = Identified
}

@Suite("Redactor: secrets hidden by name and by value, wherever they reappear")
struct RedactorTests {
  /// A distinct secret in every place a request can carry one.
  static let planted = [
    "SECRET-QUERY-AUTH", "SECRET-HEADER-XAUTH", "SECRET-BODY-PIN", "SECRET-PATH-TOKEN", "SECRET-CONFIGURED",
    "SECRET-NESTED-PASSWORD",
  ]

  func request() -> Request {
    Request(
      .post, "/reset/{token}", pathParameters: ["token": "SECRET-PATH-TOKEN"],
      query: [QueryItem("auth", "SECRET-QUERY-AUTH"), QueryItem("page", "2")],
      headers: ["X-Auth": "SECRET-HEADER-XAUTH", "X-Tenant": "SECRET-CONFIGURED", "X-Trace": "trace-7"],
      body: .json(["user": "ada", "pin": "SECRET-BODY-PIN", "profile": ["password": "SECRET-NESTED-PASSWORD"]]))
  }

  func configuration(_ memory: InMemoryTransport) -> ServiceConfiguration {
    var configuration = ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600))
    configuration.secretNames = ["X-Tenant"]
    return configuration
  }

  /// Everything that prints an error, and the log line a logging middleware writes
  /// with the public ``Redactor`` API.
  func printed(_ error: ServiceError) throws -> [String] {
    let request = try #require(error.request)
    let redactor = Redactor(request)
    var log = "\(request.method) \(redactor.url(request.url)) \(error.statusCode ?? 0)"
    log += " " + redactor.headerLines(request.headers).joined(separator: ", ")
    if let body = request.body { log += " " + redactor.bodyExcerpt(body, contentType: request.header("Content-Type")) }
    if let response = error.response {
      log += " " + redactor.bodyExcerpt(response.body, contentType: response.contentType)
    }
    return [
      error.description, error.debugDescription, error.redactedURL, String(describing: request),
      String(reflecting: request), log,
    ]
  }

  @Test("Secrets in the query, a header, the body, a path parameter and a configured header never print")
  func everyPlace() async throws {
    let memory = InMemoryTransport()
    // The server echoes every secret of the request in its error body.
    memory.on(.post, "/reset/{token}") { request in
      .json(
        [
          "error": .string("bad pin SECRET-BODY-PIN for SECRET-HEADER-XAUTH"),
          "echo": .string("SECRET-QUERY-AUTH SECRET-PATH-TOKEN SECRET-CONFIGURED SECRET-NESTED-PASSWORD"),
          "url": .string(request.url.absoluteString),
        ], status: 400)
    }
    let error = try #require(
      await result(in: configuration(memory)) { () async throws(ServiceError) in
        try await JSONService().send(request())
      }.failure)
    #expect(error.kind == .unacceptableStatus)
    // The request really carried every secret…
    let sent = try #require(memory.recordedRequests.first)
    #expect(sent.url.absoluteString.contains("SECRET-QUERY-AUTH"))
    #expect(sent.url.absoluteString.contains("SECRET-PATH-TOKEN"))
    #expect(sent.header("X-Auth") == "SECRET-HEADER-XAUTH")
    // …and nothing printed shows any.
    for text in try printed(error) {
      for secret in Self.planted {
        #expect(!text.contains(secret), "\(secret) in: \(text)")
      }
    }
    #expect(error.description.contains("/reset/<redacted>?auth=<redacted>&page=2"))
    #expect(error.debugDescription.contains("X-Trace: trace-7"))
    #expect(error.debugDescription.contains(#""user":"ada""#))
  }

  @Test("What a decoding error found inside a secret key never prints")
  func decodeErrorFound() async throws {
    let memory = InMemoryTransport()
    memory.on(.post, "/reset/{token}", respond: .json(["id": ["password": "SECRET-FOUND-PASSWORD", "n": 1]]))
    let error = try #require(
      await result(in: configuration(memory)) { () async throws(ServiceError) in
        try await IdentifiedService().send(request())
      }.failure)
    #expect(error.kind == .decodingFailed)
    #expect(
      error.description.contains(
        #"could not decode Identified: id: expected String, found object {"password":"<redacted>""#))
    for text in try printed(error) {
      #expect(!text.contains("SECRET"), "\(text)")
    }
  }

  @Test("A secret sent by the request is scrubbed from a decoding error that finds it")
  func decodeErrorEchoed() async throws {
    let memory = InMemoryTransport()
    memory.on(.post, "/reset/{token}", respond: .json(["id": 12, "note": "SECRET-BODY-PIN"]))
    memory.on(.post, "/reset/{token}", respond: .json(["id": ["SECRET-BODY-PIN"]]))
    let error = try #require(
      await result(in: configuration(memory)) { () async throws(ServiceError) in
        try await IdentifiedService().send(request())
      }.failure)
    #expect(error.description.hasSuffix(#"id: expected String, found array ["<redacted>"]"#))
  }

  @Test(
    "Names are secret by marker, by whole word, or by configuration",
    arguments: [
      ("auth", true), ("X-Auth", true), ("authCode", true), ("pin", true), ("userPin", true), ("X-Session-Token", true),
      ("sessionCount", false),
      ("otp", true), ("X-Tenant", true), ("author", false), ("spinner", false), ("page", false), ("X-Trace", false),
    ])
  func names(name: String, secret: Bool) {
    #expect(Redactor(secretNames: ["x-tenant"]).isSecretName(name) == secret)
  }

  @Test("A value is scrubbed as written, percent-encoded and JSON-escaped; short ones by name only")
  func valueForms() throws {
    let request = HTTPRequest(
      method: .get, url: try #require(URL(string: "https://api.example.com/x?otp=a%20b%2Fc%22d&pin=123")),
      headers: ["Authorization": "Bearer tok-123456", "Cookie": "sid=cookie-7890"])
    let redactor = Redactor(request)
    #expect(
      redactor.text(#"raw a b/c"d, encoded a%20b%2Fc%22d, escaped a b/c\"d"#)
        == "raw <redacted>, encoded <redacted>, escaped <redacted>")
    #expect(redactor.text("token tok-123456 and cookie-7890") == "token <redacted> and <redacted>")
    #expect(redactor.text("pin 123 stays") == "pin 123 stays")
    #expect(redactor.url(request.url) == "https://api.example.com/x?otp=<redacted>&pin=<redacted>")
    #expect(redactor.headerLines(request.headers) == ["Authorization: <redacted>", "Cookie: <redacted>"])
  }

  @Test("A huge body's excerpt comes from its first bytes only, whatever follows")
  func hugeBodyExcerpt() {
    let head = #"{"token": "abc", "items": ["# + String(repeating: #""abcdefgh", "#, count: 20_000)
    let valid = Data((head + #""end"]}"#).utf8)
    let broken = Data((head + "!!! not JSON at all").utf8)
    let excerpt = Redaction.bodyExcerpt(valid, contentType: "application/json")
    #expect(excerpt == Redaction.bodyExcerpt(broken, contentType: "application/json"))
    #expect(excerpt.count == 200)
    #expect(excerpt.hasPrefix(#"{"token":"<redacted>","items":["abcdefgh","abcdefgh","#))
    #expect(excerpt.hasSuffix("…"))
  }

  @Test("A 50 MB error body describes in a 200-character excerpt")
  func fiftyMegabytes() throws {
    var body = Data(#"{"error": "too big", "data": ""#.utf8)
    body.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
    body.append(Data(#""}"#.utf8))
    let request = HTTPRequest(method: .get, url: try #require(URL(string: "https://api.example.com/x")))
    let error = ServiceError(.unacceptableStatus, request: request, response: HTTPResponse(statusCode: 500, body: body))
    let description = error.description
    #expect(
      description.hasPrefix(#"GET https://api.example.com/x: unacceptable status 500: {"error":"too big","data":"xxx"#))
    #expect(description.count < 300)
  }

  @Test("JSON text is scrubbed without parsing: cut short, nested, in any text")
  func scrubber() {
    let scrubber = JSONTextScrubber(isSecret: Redaction.isSecret, compact: false)
    #expect(
      scrubber.scrub(Array(#"found object {"password": "p", "n": 1}"#.utf8))
        == #"found object {"password": "<redacted>", "n": 1}"#)
    #expect(scrubber.scrub(Array(#"{"auth": {"a": [1, "}"]}, "b": 2}"#.utf8)) == #"{"auth": "<redacted>", "b": 2}"#)
    #expect(scrubber.scrub(Array(#"{"pin": "12"#.utf8)) == #"{"pin": "<redacted>""#)
    #expect(
      JSONTextScrubber(isSecret: Redaction.isSecret, compact: true).scrub(Array("{ \"a\" : [1, 2] }".utf8))
        == #"{"a":[1,2]}"#)
  }
}
