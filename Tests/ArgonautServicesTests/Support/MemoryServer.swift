import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample

/// The example server's endpoints, in memory: the same scenarios run against both.
enum MemoryServer {
  static let invalidJSON = #"{"userName": "ada", "email": }"#

  static let wrongShape: JSON = [
    "posts": [
      ["title": "One", "postDate": "2024-01-01", "headline": "fine"],
      ["title": "Two", "headline": "no date"],
    ]
  ]

  /// An in-memory transport that answers as `Fixtures/ExampleServer/server.py` does.
  static func transport() -> InMemoryTransport {
    let memory = SampleData.transport()
    memory.on(nil, "/status/{code}") { request in
      let code = Int(request.pathSegments[1]) ?? 400
      switch request.queryItems.first(where: { $0.name == "body" })?.value ?? "json" {
      case "text":
        return .text("status \(code), as text", status: code)
      case "html":
        let page = "<!DOCTYPE html>\n<html>\n  <body>\n    <h1>Error \(code)</h1>\n  </body>\n</html>\n"
        return .text(page, status: code, contentType: "text/html; charset=utf-8")
      case "empty":
        return .status(code)
      default:
        return .json(["error": .string("status \(code)"), "code": JSON(integerLiteral: code)], status: code)
      }
    }
    memory.on(.get, "/invalid-json", respond: .text(invalidJSON, contentType: "application/json"))
    memory.on(.get, "/wrong-shape", respond: .json(wrongShape))
    memory.on(.get, "/slow") { request in
      let milliseconds = Int(request.queryItems.first { $0.name == "ms" }?.value ?? "") ?? 2000
      return .json(["slept": JSON(integerLiteral: milliseconds)]).delayed(by: .milliseconds(milliseconds))
    }
    memory.on(nil, "/echo/*") { request in .json(echo(request)) }
    return memory
  }

  /// What the server's `/echo` answers.
  static func echo(_ request: HTTPRequest) -> JSON {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
    let body = request.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
    return [
      "method": .string(request.method.rawValue),
      "rawPath": .string(request.path),
      "rawQuery": .string(components?.percentEncodedQuery ?? ""),
      "segments": .array(JSONArray(request.pathSegments.map(JSON.string))),
      "query": .array(JSONArray(request.queryItems.map { [.string($0.name), .string($0.value ?? "")] })),
      "headers": .object(JSONObject(request.headers.map { ($0.key.lowercased(), JSON.string($0.value)) })),
      "body": .string(body),
      "json": request.bodyJSON ?? .null,
    ]
  }
}
