import Foundation

@testable import ArgonautServices

/// An origin server for the cache tests, called in-process: it answers each request
/// with what `respond` makes of it (and of its number, from 1), or fails it with what
/// `respond` throws, and logs them all.
final class CacheOrigin: Sendable {
  private let log = Locked([HTTPRequest]())
  private let respond: @Sendable (HTTPRequest, Int) throws -> HTTPResponse

  init(_ respond: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) {
    self.respond = respond
  }

  /// An origin that answers every request with `status`, `headers` and a body that
  /// says which request it answers: `response 1`, `response 2`…
  convenience init(status: Int = 200, headers: [String: String]) {
    self.init { _, number in
      HTTPResponse(statusCode: status, headers: headers, body: Data("response \(number)".utf8))
    }
  }

  /// Every request received, in order.
  var requests: [HTTPRequest] { log.withLock { $0 } }
  /// How many requests reached the origin.
  var hits: Int { log.withLock { $0.count } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let number = log.withLock { log in
      log.append(request)
      return log.count
    }
    return try respond(request, number)
  }
}

/// A `GET` (or another method) of `path` on a test origin.
func cacheRequest(
  _ path: String, method: HTTPMethod = .get, headers: [String: String] = [:]
) -> HTTPRequest {
  HTTPRequest(method: method, url: URL(string: "https://origin.test\(path)")!, headers: headers)
}

extension HTTPResponse {
  /// The body as UTF-8 text.
  var text: String { String(decoding: body, as: UTF8.self) }
}

extension CacheMiddleware {
  /// Sends `request` through the cache to `origin`, with background revalidations
  /// allowed (as in a service's chain).
  func send(_ request: HTTPRequest, to origin: CacheOrigin) async throws -> HTTPResponse {
    try await intercept(request, next: origin.send, detached: origin.send)
  }
}
