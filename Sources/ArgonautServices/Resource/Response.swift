import Foundation

/// A loaded value, with the status and header fields of the response it came from.
///
/// ```swift
/// let response = try await github.loadResponse(events)
/// print(response.value.count, response.header("X-RateLimit-Remaining") ?? "?")
/// ```
public struct Response<Value> {
  /// The value that the resource's parse step made.
  public var value: Value
  /// The status code, such as `200`, or `304` for a resource that accepts it.
  public var statusCode: Int
  /// The header fields, as they arrived.
  public var headers: [String: String]
  /// The request that got the response, with its absolute URL.
  public var request: HTTPRequest

  /// Creates a response.
  public init(value: Value, statusCode: Int, headers: [String: String], request: HTTPRequest) {
    self.value = value
    self.statusCode = statusCode
    self.headers = headers
    self.request = request
  }

  /// The value of the header field `name`, compared case-insensitively.
  ///
  /// ```swift
  /// let remaining = response.header("x-ratelimit-remaining").flatMap(Int.init)
  /// ```
  public func header(_ name: String) -> String? {
    HTTPHeaders.value(of: name, in: headers)
  }

  /// Whether a ``CacheMiddleware`` served this response from its store, as
  /// ``HTTPResponse/isFromCache`` says: without a request, or after a `304 Not
  /// Modified` confirmed the stored one.
  ///
  /// ```swift
  /// let response = try await service.loadResponse(user)
  /// if response.isFromCache { print("from the cache") }
  /// ```
  public var isFromCache: Bool {
    HTTPResponse(statusCode: statusCode, headers: headers).isFromCache
  }

  /// The links of the `Link` header fields, resolved against the request's URL; none
  /// when there is no `Link` field.
  ///
  /// ```swift
  /// let last = try response.links().first { $0.relations.contains("last") }?.target
  /// ```
  ///
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidLink`` when a
  ///   field does not parse.
  public func links() throws(ServiceError) -> [WebLink] {
    guard let field = header("Link") else { return [] }
    do {
      return try WebLink.parse(field, relativeTo: request.url)
    } catch {
      throw .invalidLink(
        error.description, response: HTTPResponse(statusCode: statusCode, headers: headers), request: request)
    }
  }

  /// This response with `transform` of its value.
  public func map<NewValue>(_ transform: (Value) throws -> NewValue) rethrows -> Response<NewValue> {
    Response<NewValue>(value: try transform(value), statusCode: statusCode, headers: headers, request: request)
  }
}

extension Response: Sendable where Value: Sendable {}
extension Response: Equatable where Value: Equatable {}
extension Response: Hashable where Value: Hashable {}

extension Response: CustomStringConvertible {
  /// The request, the status, and the value.
  public var description: String { "\(request) → \(statusCode): \(value)" }
}
