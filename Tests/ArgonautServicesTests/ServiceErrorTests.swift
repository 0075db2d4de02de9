import Argonaut
import Foundation
import Testing

@testable import ArgonautServices

@Suite("ServiceError: kinds, context and descriptions")
struct ServiceErrorTests {
  let request = HTTPRequest(
    method: .get, url: URL(string: "https://api.example.com/feed?userId=ada&token=t")!, timeout: .milliseconds(1500))

  @Test("Every kind is told apart, and described with the method, the redacted URL and the cause")
  func kinds() throws {
    let json = HTTPResponse(
      statusCode: 503, headers: ["Content-Type": "application/json"], body: Data(#"{"retry": true}"#.utf8))
    let parseError: JSONParseError
    do {
      _ = try JSON(parsing: "[1,")
      Issue.record("[1, parsed")
      return
    } catch {
      parseError = error
    }
    let cases: [(ServiceError, ServiceError.Kind, String)] = [
      (
        .invalidRequest("unfilled placeholder {id} in /u/{id}", Request(.delete, "/u/{id}")), .invalidRequest,
        "DELETE /u/{id}: invalid request: unfilled placeholder {id} in /u/{id}"
      ),
      (
        ServiceError(.transportFailure(URLError(.cannotFindHost)), request: request), .transportFailure,
        "GET https://api.example.com/feed?userId=ada&token=<redacted>: transport failure: could not find the host (URLError -1003)"
      ),
      (
        ServiceError(.timeout(.milliseconds(1500)), request: request), .timeout,
        "GET https://api.example.com/feed?userId=ada&token=<redacted>: timed out after 1.5 s"
      ),
      (
        ServiceError(.cancelled, request: request), .cancelled,
        "GET https://api.example.com/feed?userId=ada&token=<redacted>: cancelled"
      ),
      (
        ServiceError(.unacceptableStatus, request: request, response: json), .unacceptableStatus,
        #"GET https://api.example.com/feed?userId=ada&token=<redacted>: unacceptable status 503 (application/json): {"retry":true}"#
      ),
      (
        ServiceError(.invalidJSON(parseError), request: request, response: json), .invalidJSON,
        "GET https://api.example.com/feed?userId=ada&token=<redacted>: body is not JSON: line 1, column 4: expected a value, found end of input"
      ),
      (
        ServiceError(.decodingFailed(.missingKey("posts"), modelName: "Feed"), request: request, response: json),
        .decodingFailed,
        "GET https://api.example.com/feed?userId=ada&token=<redacted>: could not decode Feed: posts: missing key"
      ),
    ]
    for (error, kind, description) in cases {
      #expect(error.kind == kind)
      #expect(error.description == description)
    }
    #expect(Set(cases.map(\.1)).count == cases.count)
  }

  @Test("Each kind exposes what it knows")
  func accessors() {
    let response = HTTPResponse(statusCode: 404, headers: ["content-type": "text/plain"], body: Data("gone".utf8))
    let status = ServiceError(.unacceptableStatus, request: request, response: response)
    #expect(status.statusCode == 404)
    #expect(status.response?.contentType == "text/plain")
    #expect(status.method == .get)
    #expect(status.request == request)
    #expect(status.parseError == nil && status.decodeError == nil && status.underlyingError == nil)

    let timeout = ServiceError(.timeout(.milliseconds(300)), request: request)
    #expect(timeout.timeout == .milliseconds(300))
    #expect(timeout.statusCode == nil)

    let decoding = ServiceError(
      .decodingFailed(.missingKey("postDate", path: ["posts", 1]), modelName: "Feed"), request: request,
      response: response)
    #expect(decoding.decodeError?.path == ["posts", 1, "postDate"])
  }

  @Test("Several decoding failures print on one line, separated by semicolons")
  func multipleDecodeErrors() {
    let error = ServiceError(
      .decodingFailed(
        .multiple([.missingKey("title", path: ["posts", 0]), .missingKey("headline", path: ["posts", 2])]),
        modelName: "Feed"),
      request: request)
    #expect(error.cause == "could not decode Feed: posts[0].title: missing key; posts[2].headline: missing key")
  }

  @Test("Durations print in milliseconds below a second, in seconds above")
  func durations() {
    #expect(ServiceError.describe(Duration.milliseconds(300)) == "300 ms")
    #expect(ServiceError.describe(Duration.seconds(60)) == "60 s")
    #expect(ServiceError.describe(Duration.milliseconds(2250)) == "2.25 s")
  }

  @Test("The kind's description is its name")
  func kindNames() {
    #expect(ServiceError.Kind.unacceptableStatus.description == "unacceptableStatus")
  }
}
