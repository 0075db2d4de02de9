import Argonaut
import Foundation
import Testing

@testable import ArgonautServices

@Suite("Request: route templates, query encoding and URL resolution")
struct RequestTests {
  let configuration = ServiceConfiguration(
    environment: ServiceEnvironment(name: "test", baseURL: URL(string: "https://api.example.com/v2/")!),
    timeout: .seconds(5))

  func resolved(_ request: Request) throws -> HTTPRequest {
    try request.resolved(in: configuration)
  }

  func invalidRequestMessage(_ request: Request, in configuration: ServiceConfiguration? = nil) -> String? {
    do {
      _ = try request.resolved(in: configuration ?? self.configuration)
      return nil
    } catch {
      #expect(error.kind == .invalidRequest)
      return error.description
    }
  }

  @Test("A path is appended to the base URL, keeping the base's own path")
  func relativePath() throws {
    #expect(try resolved(Request(.get, "/users")).url.absoluteString == "https://api.example.com/v2/users")
    #expect(try resolved(Request(.get, "users")).url.absoluteString == "https://api.example.com/v2/users")
  }

  @Test("An absolute URL ignores the base URL")
  func absoluteURL() throws {
    let request = try resolved(Request(.get, "http://127.0.0.1:9/x", parameters: ["a": "1"]))
    #expect(request.url.absoluteString == "http://127.0.0.1:9/x?a=1")
  }

  @Test("Placeholders are filled with values encoded as one segment each")
  func placeholders() throws {
    let request = try resolved(
      Request(.get, "/users/{id}/posts/{post}", pathParameters: ["id": "a/b c", "post": "é"]))
    #expect(request.path == "/v2/users/a%2Fb%20c/posts/%C3%A9")
    #expect(request.pathSegments == ["v2", "users", "a/b c", "posts", "é"])
  }

  @Test("The dot segments cannot climb the path")
  func dotSegments() throws {
    let request = try resolved(Request(.get, "/files/{a}/{b}", pathParameters: ["a": "..", "b": "."]))
    #expect(request.path == "/v2/files/%2E%2E/%2E")
  }

  @Test("An unfilled placeholder is an invalid request, and nothing is sent")
  func unfilledPlaceholder() {
    #expect(
      invalidRequestMessage(Request(.get, "/users/{id}"))
        == "GET /users/{id}: invalid request: unfilled placeholder {id} in /users/{id}")
  }

  @Test(
    "Other template mistakes are invalid requests",
    arguments: [
      (Request(.get, "/users/{id"), "unclosed '{' in /users/{id"),
      (Request(.get, "/users/{}"), "empty placeholder {} in /users/{}"),
      (Request(.get, "/users/id}"), "unmatched '}' in /users/id}"),
      (Request(.get, "/users/{id}", pathParameters: ["id": ""]), "empty value for placeholder {id} in /users/{id}"),
      (Request(.get, "/users", pathParameters: ["id": "1"]), "path parameter id not used by /users"),
    ])
  func templateMistakes(request: Request, message: String) {
    #expect(invalidRequestMessage(request) == "GET \(request.url): invalid request: \(message)")
  }

  @Test("A relative URL without a base URL is an invalid request")
  func relativeWithoutBase() {
    let message = invalidRequestMessage(Request(.post, "/login"), in: ServiceConfiguration())
    #expect(
      message
        == "POST /login: invalid request: '/login' is relative, and the environment 'absolute URLs only' has no base URL"
    )
  }

  @Test("A timeout that is not positive is an invalid request")
  func zeroTimeout() {
    let message = invalidRequestMessage(Request(.get, "/x", timeout: .zero))
    #expect(message == "GET /x: invalid request: the timeout must be positive, not 0 ms")
  }

  @Test("Dictionary parameters are sorted by name, after the ordered query items")
  func queryOrder() throws {
    let request = try resolved(
      Request(
        .get, "/search", query: [QueryItem("z", "last?"), QueryItem("flag", nil)], parameters: ["b": "2", "a": "1"]))
    #expect(request.url.query == "z=last%3F&flag&a=1&b=2")
    #expect(
      request.queryItems == [QueryItem("z", "last?"), QueryItem("flag", nil), QueryItem("a", "1"), QueryItem("b", "2")])
  }

  @Test("The same dictionary gives the same URL every time")
  func deterministic() throws {
    let parameters = Dictionary(uniqueKeysWithValues: (0..<50).map { ("key\($0)", "value \($0)") })
    let first = try resolved(Request(.get, "/q", parameters: parameters)).url
    for _ in 0..<20 {
      #expect(
        try resolved(Request(.get, "/q", parameters: Dictionary(uniqueKeysWithValues: parameters.shuffled()))).url
          == first)
    }
  }

  @Test("A query is added to a URL that already has one, before its fragment")
  func existingQuery() throws {
    let request = try resolved(Request(.get, "/search?fixed=1#top", parameters: ["q": "x y"]))
    #expect(request.url.absoluteString == "https://api.example.com/v2/search?fixed=1&q=x%20y#top")
  }

  @Test("Headers merge: defaults, then the environment's, then the body's type, then the request's")
  func headers() throws {
    var configuration = configuration
    configuration.environment.headers = ["User-Agent": "tests", "accept": "text/plain"]
    let request = try Request(
      .post, "/x", headers: ["user-agent": "override"], body: .json(["a": 1])
    ).resolved(in: configuration)
    #expect(request.headers == ["accept": "text/plain", "user-agent": "override", "Content-Type": "application/json"])
    #expect(request.header("USER-AGENT") == "override")
    #expect(request.bodyJSON == ["a": 1])
  }

  @Test("The request's timeout wins over the configuration's")
  func timeouts() throws {
    #expect(try resolved(Request(.get, "/x")).timeout == .seconds(5))
    #expect(try resolved(Request(.get, "/x", timeout: .milliseconds(250))).timeout == .milliseconds(250))
  }

  @Test("A request prints its method and URL, with secret query values redacted")
  func description() {
    let request = Request(.get, "/users/{id}?api_key=abc", parameters: ["token": "t", "page": "1"])
    #expect(request.description == "GET /users/{id}?api_key=<redacted>&page=1&token=<redacted>")
  }
}
