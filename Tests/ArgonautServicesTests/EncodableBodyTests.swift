import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// A new issue, as a client would POST it.
struct NewIssue: Hashable, Sendable, Decodable, JSONEncodable {
  enum Priority: String, Sendable, Decodable, JSONEncodable { case low, high }

  let title: String
  let body: String?
  let labels: [String]
  let priority: Priority
  let estimate: Int64

  static func decode(_ j: JSON) -> Decoded<NewIssue> {
    build(NewIssue.init, j <| "title", j <|? "body", j <|| "labels", j <| "priority", j <| "estimate")
  }

  func encode() -> JSON {
    JSON(omittingNil: [
      "title": title.encode(),
      "body": body.encodeIfPresent(),
      "labels": labels.encode(),
      "priority": priority.encode(),
      "estimate": estimate.encode(),
    ])
  }
}

/// A service whose answers are echoes of new issues.
final class IssueEchoService: Service {
  typealias Model = JSON
}

/// `postRequest`, `putRequest` and `patchRequest` with a `JSONEncodable` model as the
/// body, against the real example server, whose `/echo` answers with what it got.
@Suite("Services: JSONEncodable bodies over real HTTP", .needsPython, .exampleServer)
struct EncodableBodyTests {
  static let issue = NewIssue(
    title: "Crash on \"ü\" ☃", body: nil, labels: ["bug", "p1"], priority: .high, estimate: 9_007_199_254_740_993)

  @Test("a model POSTed, PUT and PATCHed arrives as its JSON, and decodes back on the other side")
  func postModel() async throws {
    let configuration = try Fixture.serverConfiguration()
    for method in [HTTPMethod.post, .put, .patch] {
      let echo = try await ServiceConfiguration.$current.withValue(configuration) { () async throws in
        switch method {
        case .post: try await IssueEchoService().postRequest(url: "/echo/issues", body: Self.issue)
        case .put: try await IssueEchoService().putRequest(url: "/echo/issues/1", body: Self.issue)
        default: try await IssueEchoService().patchRequest(url: "/echo/issues/1", body: Self.issue)
        }
      }
      #expect(echo["method"] == .string(method.rawValue))
      #expect(echo["headers"]?["content-type"] == "application/json")
      let received = try #require(echo["json"])
      #expect(received == Self.issue.encode())
      #expect(received["body"] == nil)  // left out, not null
      #expect(try NewIssue.decode(received).get() == Self.issue)
    }
  }

  @Test("the completion form sends an array of models")
  func completionForm() async throws {
    let configuration = try Fixture.serverConfiguration()
    let issues = [Self.issue, NewIssue(title: "b", body: "text", labels: [], priority: .low, estimate: 1)]
    let result: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        _ = IssueEchoService().postRequest(url: "/echo/issues", body: issues) { result in
          continuation.resume(returning: result)
        }
      }
    }
    let echo = try result.get()
    #expect(try [NewIssue].decode(#require(echo["json"])).get() == issues)
  }

  @Test("a JSON literal still picks the JSON body and keeps its key order")
  func literalKeepsOrder() async throws {
    let configuration = try Fixture.serverConfiguration()
    let echo = try await ServiceConfiguration.$current.withValue(configuration) { () async throws in
      try await IssueEchoService().postRequest(url: "/echo/login", body: ["userName": "ada", "password": "x"])
    }
    #expect(echo["body"] == #"{"userName":"ada","password":"x"}"#)
  }
}
