import Argonaut
import Foundation
import Testing

@testable import ArgonautServices

@Suite("ServiceError construction: every kind from user code, with the library's wording and redaction")
struct ServiceErrorConstructionTests {
  let request = HTTPRequest(method: .post, url: URL(string: "https://api.example.com/items?access_token=t&page=2")!)
  let response = HTTPResponse(
    statusCode: 422, headers: ["Content-Type": "application/json"], body: Data(#"{"password": "hunter2"}"#.utf8))

  @Test("Each constructor gives its kind, and describes the request redacted")
  func everyKind() throws {
    let parseError: JSONParseError
    do {
      _ = try JSON(parsing: "[1,")
      Issue.record("[1, parsed")
      return
    } catch {
      parseError = error
    }
    let url = "POST https://api.example.com/items?access_token=<redacted>&page=2"
    let cases: [(ServiceError, ServiceError.Kind, String)] = [
      (
        .invalidRequest("the page must be positive", request: request), .invalidRequest,
        "invalid request: the page must be positive"
      ),
      (
        .transportFailure(URLError(.networkConnectionLost), request: request), .transportFailure,
        "transport failure: the network connection was lost (URLError -1005)"
      ),
      (.timeout(after: .milliseconds(250), request: request), .timeout, "timed out after 250 ms"),
      (.cancelled(request: request), .cancelled, "cancelled"),
      (
        .unacceptableStatus(response, request: request), .unacceptableStatus,
        #"unacceptable status 422 (application/json): {"password":"<redacted>"}"#
      ),
      (
        .invalidJSON(parseError, response: response, request: request), .invalidJSON,
        "body is not JSON: \(parseError)"
      ),
      (
        .decodingFailed(.missingKey("items"), modelName: "Page", response: response, request: request),
        .decodingFailed, "could not decode Page: items: missing key"
      ),
      (
        .parseFailed(NotANumber(text: "x"), valueName: "Int", response: response, request: request), .parseFailed,
        "could not parse Int: 'x' is not a number"
      ),
      (
        .unacceptableContentType(expected: ["image/*", "application/pdf"], response: response, request: request),
        .unacceptableContentType,
        #"unacceptable content type application/json, expected image/* or application/pdf: {"password":"<redacted>"}"#
      ),
      (
        .validationFailed("no items", response: response, request: request), .validationFailed,
        "response rejected: no items"
      ),
      (
        .responseTooLarge(limit: 8 << 20, request: request), .responseTooLarge,
        "response body larger than the limit of 8 MiB"
      ),
      (
        .invalidLink("expected '<' at character 1, found 'h'", request: request), .invalidLink,
        "invalid Link header: expected '<' at character 1, found 'h'"
      ),
      (
        .paginationLoop(revisiting: URL(string: "https://api.example.com/items?page=1&token=t")!, request: request),
        .paginationLoop,
        "pagination loop: the next page https://api.example.com/items?page=1&token=<redacted> was already loaded"
      ),
    ]
    for (error, kind, cause) in cases {
      #expect(error.kind == kind)
      #expect(error.description == "\(url): \(cause)")
      #expect(error.request == request)
    }
  }

  @Test("Without a request, the description is the cause; the service attaches its request later")
  func unattached() throws {
    let error = ServiceError.validationFailed("no items", response: response)
    #expect(error.request == nil)
    #expect(error.description == "response rejected: no items")
    let attached = error.attaching(request, nil)
    #expect(
      attached.description
        == "POST https://api.example.com/items?access_token=<redacted>&page=2: response rejected: no items")
    #expect(attached.response == response)
    #expect(attached.statusCode == 422)
    #expect(
      attached.attaching(HTTPRequest(method: .get, url: URL(string: "https://other.example")!), nil).request == request)
  }

  @Test("The debug description redacts the response body of a user-built error")
  func debugDescription() {
    let error = ServiceError.unacceptableStatus(response, request: request)
    #expect(error.debugDescription.contains(#"response body: {"password":"<redacted>"}"#))
    #expect(!error.debugDescription.contains("hunter2"))
  }
}
