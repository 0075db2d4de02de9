import Argonaut
import Foundation
import NewsFeedExample
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// The scenarios that run both against the real example server and through the
/// in-memory transport. Each takes the configuration to run in.
enum Scenarios {
  /// The texts that `/status/<code>?body=<kind>` answers, and their content types.
  static func expectedBody(_ code: Int, _ kind: String) -> (contentType: String, excerpt: String) {
    switch kind {
    case "text": return ("text/plain; charset=utf-8", "status \(code), as text")
    case "html":
      return ("text/html; charset=utf-8", "<!DOCTYPE html> <html> <body> <h1>Error \(code)</h1> </body> </html>")
    default: return ("application/json", #"{"error":"status \#(code)","code":\#(code)}"#)
    }
  }

  static func base(_ configuration: ServiceConfiguration) -> String {
    configuration.environment.baseURL!.absoluteString
  }

  static func success(_ configuration: ServiceConfiguration) async throws {
    let feed = try await result(in: configuration) { () async throws(ServiceError) in
      try await FeedService().getRequest(url: "/newsFeed", parameters: ["userId": "ada"], headers: nil)
    }.get()
    #expect(feed.posts.map(\.title) == SampleData.postTitles)

    let viaCompletion = try await completionResult(in: configuration) { done in
      FeedService().getRequest(url: "/newsFeed", parameters: ["userId": "ada"], headers: nil, completion: done)
    }.get()
    #expect(viaCompletion == feed)
  }

  static func unacceptableStatus(_ configuration: ServiceConfiguration, code: Int, body kind: String) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/status/\(code)", parameters: ["body": kind], headers: nil)
    }
    let error = try #require(outcome.failure)
    let (contentType, excerpt) = expectedBody(code, kind)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == code)
    #expect(error.response?.contentType == contentType)
    #expect(
      error.description
        == "GET \(base(configuration))/status/\(code)?body=\(kind): unacceptable status \(code) (\(contentType)): \(excerpt)"
    )
    // The body is kept whole, and the service may decode it into its own error model.
    #expect(!(error.response?.body.isEmpty ?? true))
    let decoded = error.decodeBody(as: ErrorBody.self)
    if kind == "json" {
      #expect(decoded?.value == ErrorBody(error: "status \(code)"))
    } else {
      #expect(decoded == nil)
    }
  }

  static func acceptedStatus(_ configuration: ServiceConfiguration) async throws {
    var configuration = configuration
    configuration.acceptedStatusCodes = [200, 404]
    let body = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/status/404", parameters: nil, headers: nil)
    }.get()
    #expect(body["error"] == "status 404")
  }

  static func invalidJSON(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/invalid-json", parameters: nil, headers: nil)
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .invalidJSON)
    #expect(error.parseError?.line == 1)
    #expect(error.parseError?.column == 30)
    #expect(
      error.description
        == "GET \(base(configuration))/invalid-json: body is not JSON: line 1, column 30: expected a value, found '}'")
  }

  static func wrongShape(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await FeedService().getRequest(url: "/wrong-shape", parameters: nil, headers: nil)
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .decodingFailed)
    #expect(error.decodeError?.path == ["posts", 1, "postDate"])
    #expect(
      error.description
        == "GET \(base(configuration))/wrong-shape: could not decode Feed: posts[1].postDate: missing key")
  }

  static func connectionRefused(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/newsFeed", parameters: ["userId": "ada"], headers: nil)
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .transportFailure)
    #expect((error.underlyingError as? URLError)?.code == .cannotConnectToHost)
    #expect(
      error.description
        == "GET \(base(configuration))/newsFeed?userId=ada: transport failure: could not connect to the server (URLError -1004)"
    )
  }

  static func timeout(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().send(Request(.get, "/slow", parameters: ["ms": "30000"], timeout: .milliseconds(300)))
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .timeout)
    #expect(error.timeout == .milliseconds(300))
    #expect(error.description == "GET \(base(configuration))/slow?ms=30000: timed out after 300 ms")
    // The endpoint answers after 30 s, 100 times the deadline: a timeout error (not
    // the answer) says that the deadline fired first. No clock is read here; that
    // the caller gets it on time, whatever the transport does, is DeadlineTests' job.
  }

  static func cancelThroughHandle(_ configuration: ServiceConfiguration) async throws {
    let calls = Locked(0)
    let handle = Locked<ServiceTask?>(nil)
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        let task = JSONService().getRequest(url: "/slow", parameters: ["ms": "1000"], headers: nil) { result in
          calls.withLock { $0 += 1 }
          continuation.resume(returning: result)
        }
        handle.withLock { $0 = task }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { task.cancel() }
      }
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .cancelled)
    #expect(error.description == "GET \(base(configuration))/slow?ms=1000: cancelled")
    #expect(handle.current?.isCancelled == true)
    // Past the time the slow endpoint would have answered, the completion has still run once.
    try await Task.sleep(for: .milliseconds(1500))
    handle.current?.cancel()
    #expect(calls.current == 1)
  }

  static func cancelThroughTask(_ configuration: ServiceConfiguration) async throws {
    let task = Task {
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().getRequest(url: "/slow", parameters: ["ms": "30000"], headers: nil)
      }
    }
    try await Task.sleep(for: .milliseconds(100))
    task.cancel()
    let error = try #require(await task.value.failure)
    #expect(error.kind == .cancelled)
    #expect(error.underlyingError == nil)
    // The endpoint answers after 30 s, 300 times later than the cancel: `.cancelled`
    // (not the answer) says that the cancel ended the call.
  }

  static func concurrentRequests(_ configuration: ServiceConfiguration, count: Int = 64) async throws {
    let echoed = try await withThrowingTaskGroup(of: (Int, JSON).self) { group in
      for index in 0..<count {
        group.addTask {
          let echo = try await result(in: configuration) { () async throws(ServiceError) in
            try await JSONService().getRequest(url: "/echo/\(index)", parameters: ["i": "\(index)"], headers: nil)
          }.get()
          return (index, echo)
        }
      }
      var all: [Int: JSON] = [:]
      for try await (index, echo) in group { all[index] = echo }
      return all
    }
    #expect(echoed.count == count)
    for (index, echo) in echoed {
      #expect(echo["segments"] == ["echo", .string("\(index)")])
      #expect(echo["query"] == [["i", .string("\(index)")]])
    }
  }

  /// Strings that break naive encoders.
  static let hostileStrings = [
    "a+b", "a b", "a&b=c", "#fragment", "a/b", "100%", "%41", "?x=1", "semi;colon", "é", "ça va",
    "👩🏽‍💻 emoji", "+ & = # / %", "..", ".",
  ]

  static func encoding(_ configuration: ServiceConfiguration, _ text: String) async throws {
    let echo = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().send(
        Request(.get, "/echo/{value}", pathParameters: ["value": text], parameters: ["v": text, text: "name"]))
    }.get()
    #expect(echo["segments"] == ["echo", .string(text)])
    let expectedQuery = QueryItem.sorted(["v": text, text: "name"]).map { item -> JSON in
      [.string(item.name), .string(item.value ?? "")]
    }
    #expect(echo["query"] == .array(JSONArray(expectedQuery)))
  }

  static func exactEncoding(_ configuration: ServiceConfiguration) async throws {
    let echo = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().send(
        Request(
          .get, "/echo/{value}", pathParameters: ["value": "+ & = # / % é"], parameters: ["q": "a+b c", "a": "é"]))
    }.get()
    #expect(echo["rawPath"] == "/echo/%2B%20%26%20%3D%20%23%20%2F%20%25%20%C3%A9")
    #expect(echo["rawQuery"] == "a=%C3%A9&q=a%2Bb%20c")
  }

  static func jsonBodyRoundTrip(_ configuration: ServiceConfiguration) async throws {
    let sent: JSON = ["text": "ça va 👩🏽‍💻 \"quoted\" \\ / \n", "n": 12, "list": [true, .null]]
    for method in [HTTPMethod.post, .put, .patch, .delete] {
      let echo = try await result(in: configuration) { () async throws(ServiceError) in
        switch method {
        case .post: try await JSONService().postRequest(url: "/echo/body", body: sent)
        case .put: try await JSONService().putRequest(url: "/echo/body", body: sent)
        case .patch: try await JSONService().patchRequest(url: "/echo/body", body: sent)
        default: try await JSONService().deleteRequest(url: "/echo/body", body: sent)
        }
      }.get()
      #expect(echo["method"] == .string(method.rawValue))
      #expect(echo["json"] == sent)
      #expect(echo["headers"]?["content-type"] == "application/json")
    }
  }

  static func redaction(_ configuration: ServiceConfiguration) async throws {
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().postRequest(
        url: "/status/401", parameters: ["body": "json", "token": "SECRET-QUERY", "page": "2"],
        headers: ["Authorization": "Bearer SECRET-HEADER", "X-Api-Key": "SECRET-KEY"],
        body: ["user": "ada", "password": "SECRET-BODY", "nested": [["clientSecret": "SECRET-NESTED"]]])
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .unacceptableStatus)
    // The request really carried the secrets…
    #expect(error.request?.url.absoluteString.contains("SECRET-QUERY") == true)
    #expect(error.request?.header("authorization") == "Bearer SECRET-HEADER")
    // …and nothing printed shows them.
    let request = try #require(error.request)
    let response = try #require(error.response)
    let printed = [
      error.description, error.debugDescription, String(describing: request),
      String(reflecting: request), String(describing: response), error.redactedURL,
    ]
    for text in printed {
      #expect(!text.contains("SECRET"), "\(text)")
    }
    #expect(
      error.description
        == "POST \(base(configuration))/status/401?body=json&page=2&token=<redacted>: unacceptable status 401 (application/json): {\"error\":\"status 401\",\"code\":401}"
    )
    #expect(error.debugDescription.contains("Authorization: <redacted>"))
    #expect(error.debugDescription.contains("X-Api-Key: <redacted>"))
    #expect(error.debugDescription.contains(#""password":"<redacted>""#))
    #expect(error.debugDescription.contains(#"[{"clientSecret":"<redacted>"}]"#))
    #expect(error.debugDescription.contains(#""user":"ada""#))
  }
}
