import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

@Suite("ResponseParser: the ready-made parse steps")
struct ResponseParserTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("ARGONAUT".utf8)

  let memory = InMemoryTransport()
  var configuration: ServiceConfiguration { ServiceConfiguration(environment: .local(port: 1), transport: memory) }

  init() {
    memory.on(.get, "/avatar.png", respond: .data(Self.png, contentType: "image/png"))
    memory.on(
      .get, "/avatar-error",
      respond: .text("<html><body>Sign in</body></html>", contentType: "text/html; charset=utf-8"))
    memory.on(.get, "/utf8", respond: .text("naïve café"))
    memory.on(
      .get, "/latin1", respond: .data(Data([0x63, 0x61, 0x66, 0xE9]), contentType: "text/plain; charset=ISO-8859-1"))
    memory.on(
      .get, "/quoted",
      respond: .data(Data([0x63, 0x61, 0x66, 0xE9]), contentType: #"text/plain; format=flowed; charset="latin1""#))
    memory.on(
      .get, "/utf16", respond: .data(Data([0x68, 0x00, 0x69, 0x00]), contentType: "text/plain; charset=utf-16le"))
    memory.on(.get, "/bad-utf8", respond: .data(Data([0x61, 0xFF, 0x62]), contentType: "text/plain"))
    memory.on(.get, "/ebcdic", respond: .data(Data([0x81]), contentType: "text/plain; charset=ebcdic-cp-us"))
    memory.on(.get, "/json", respond: .json(["a": [1, 2]], headers: ["ETag": "\"v1\""]))
    memory.on(.get, "/not-json", respond: .text("{\"a\": }", contentType: "application/json"))
    memory.on(.delete, "/item", respond: .status(204))
  }

  func load<Value>(_ resource: Resource<Value>) async -> Result<Value, ServiceError> {
    await result(in: configuration) { () async throws(ServiceError) in try await JSONService().load(resource) }
  }

  @Test("data gives the body as it arrived")
  func data() async throws {
    #expect(try await load(Resource<Data>(Request(.get, "/avatar.png"), parse: .data)).get() == Self.png)
    #expect(try await load(Resource<Data>(Request(.get, "/avatar.png"), parse: { $0.body })).get() == Self.png)
  }

  @Test("image accepts image/* and gives the bytes")
  func image() async throws {
    #expect(try await load(Resource<Data>(Request(.get, "/avatar.png"), parse: .image)).get() == Self.png)
  }

  @Test("image rejects an HTML page with unacceptableContentType, saying what was expected and found")
  func imageAnsweredWithHTML() async throws {
    let error = try #require(await load(Resource<Data>(Request(.get, "/avatar-error"), parse: .image)).failure)
    #expect(error.kind == .unacceptableContentType)
    #expect(error.statusCode == 200)
    #expect(
      error.description
        == "GET http://127.0.0.1:1/avatar-error: unacceptable content type text/html; charset=utf-8, expected image/*: <html><body>Sign in</body></html>"
    )
  }

  @Test(
    "text decodes the charset of the Content-Type, UTF-8 by default",
    arguments: [("/utf8", "naïve café"), ("/latin1", "café"), ("/quoted", "café"), ("/utf16", "hi")])
  func text(path: String, expected: String) async throws {
    #expect(try await load(Resource<String>(Request(.get, path), parse: .text)).get() == expected)
  }

  @Test("text rejects bytes invalid in the charset, and an unknown charset, with parseFailed")
  func textFailures() async throws {
    let invalid = try #require(await load(Resource<String>(Request(.get, "/bad-utf8"), parse: .text)).failure)
    #expect(invalid.kind == .parseFailed)
    #expect(
      invalid.description == "GET http://127.0.0.1:1/bad-utf8: could not parse String: the body is not valid utf-8 text"
    )
    let unknown = try #require(await load(Resource<String>(Request(.get, "/ebcdic"), parse: .text)).failure)
    #expect(
      unknown.description == "GET http://127.0.0.1:1/ebcdic: could not parse String: unsupported charset 'ebcdic-cp-us'"
    )
  }

  @Test("json gives a JSON value; a body that is not JSON is invalidJSON with line and column")
  func json() async throws {
    #expect(try await load(Resource<JSON>(Request(.get, "/json"), parse: .json)).get() == ["a": [1, 2]])
    let error = try #require(await load(Resource<JSON>(Request(.get, "/not-json"), parse: .json)).failure)
    #expect(error.kind == .invalidJSON)
    #expect(error.parseError?.column == 7)
    #expect(
      error.description
        == "GET http://127.0.0.1:1/not-json: body is not JSON: line 1, column 7: expected a value, found '}'")
  }

  @Test("headers reads the header fields only")
  func headers() async throws {
    let etag = Resource<[String: String]>(Request(.get, "/json"), parse: .headers).map { $0["ETag"] }
    #expect(try await load(etag).get() == "\"v1\"")
    let mapped = Resource<String?>(Request(.get, "/json"), parse: ResponseParser.headers.map { $0["Content-Type"] })
    #expect(try await load(mapped).get() == "application/json")
  }

  @Test("nothing accepts a 204 without a body")
  func nothing() async throws {
    let response = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().loadResponse(Resource<Void>(Request(.delete, "/item"), parse: .nothing))
    }.get()
    #expect(response.statusCode == 204)
  }

  @Test("decoding(_:) is the default parse step, usable inside a custom one")
  func decoding() async throws {
    let parser = ResponseParser<[Int]>.decoding()
    let response = HTTPResponse(statusCode: 200, body: Data("[1, 2, 3]".utf8))
    #expect(try parser.parse(response) == [1, 2, 3])
    #expect(throws: ServiceError.self) {
      try parser.parse(HTTPResponse(statusCode: 200, body: Data("[1, \"2\"]".utf8)))
    }
  }

  @Test("charset(of:) reads the parameter in any case, quoted or not")
  func charsetParameter() {
    #expect(TextDecoding.charset(of: "text/plain; Charset=UTF-8") == "utf-8")
    #expect(TextDecoding.charset(of: #"text/plain;charset="ISO-8859-1""#) == "iso-8859-1")
    #expect(TextDecoding.charset(of: "text/plain") == nil)
    #expect(TextDecoding.charset(of: nil) == nil)
  }
}
