import Argonaut

/// One HTTP request, as a value: what a service sends.
///
/// ```swift
/// let request = Request(
///   .get, "/users/{id}/posts",
///   pathParameters: ["id": "ada lovelace"],   // → /users/ada%20lovelace/posts
///   parameters: ["page": "2"],                // → ?page=2
///   timeout: .milliseconds(500))
/// let posts = try await postsService.send(request)
/// ```
///
/// `url` is either an absolute URL (`https://api.example.com/users`) or a path that
/// the service's ``ServiceEnvironment`` completes with its base URL. Prefer paths:
/// then switching from production to a local server, or to an in-memory transport,
/// changes nothing at the call sites.
///
/// The request is checked when it is sent; a problem with it, such as a placeholder
/// left unfilled, fails with a ``ServiceError`` of kind ``ServiceError/Kind/invalidRequest``.
public struct Request: Hashable, Sendable {
  /// The HTTP method.
  public var method: HTTPMethod
  /// An absolute URL, or a path relative to the environment's base URL. It may hold
  /// placeholders such as `{id}`, which `pathParameters` fill.
  public var url: String
  /// The values of the `{name}` placeholders in `url`, unencoded. Each value is
  /// percent-encoded as one path segment, so a `/` in it stays inside the segment.
  public var pathParameters: [String: String]
  /// The query, in order. Names and values are unencoded.
  public var query: [QueryItem]
  /// Header fields. They override the environment's headers of the same name.
  public var headers: [String: String]
  /// The body, if any; its content type becomes the `Content-Type` header.
  public var body: RequestBody?
  /// How long the whole exchange may take; `nil` uses the configuration's timeout.
  /// Honoured to the millisecond, whatever the transport does with it.
  public var timeout: Duration?
  /// The status codes that count as success; `nil` uses the configuration's (2xx by default).
  public var acceptedStatusCodes: Set<Int>?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The HTTP method. Defaults to `GET`.
  ///   - url: An absolute URL, or a path relative to the environment's base URL,
  ///     possibly with `{name}` placeholders.
  ///   - pathParameters: The values of the placeholders, unencoded.
  ///   - query: Query items, kept in this order.
  ///   - parameters: More query items, from a dictionary; they follow `query`, sorted by name.
  ///   - headers: Header fields.
  ///   - body: The body.
  ///   - timeout: The deadline for the whole exchange; `nil` uses the configuration's.
  ///   - acceptedStatusCodes: The statuses that count as success; `nil` uses the configuration's.
  public init(
    _ method: HTTPMethod = .get,
    _ url: String,
    pathParameters: [String: String] = [:],
    query: [QueryItem] = [],
    parameters: [String: String]? = nil,
    headers: [String: String] = [:],
    body: RequestBody? = nil,
    timeout: Duration? = nil,
    acceptedStatusCodes: Set<Int>? = nil
  ) {
    self.method = method
    self.url = url
    self.pathParameters = pathParameters
    self.query = query + QueryItem.sorted(parameters ?? [:])
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.acceptedStatusCodes = acceptedStatusCodes
  }
}

extension Request: CustomStringConvertible {
  /// The method and the URL as written, with secret-looking query values redacted,
  /// such as `GET /users/{id}?token=<redacted>`.
  public var description: String {
    var text = "\(method) \(Redaction.url(url))"
    if !query.isEmpty {
      text += (url.contains("?") ? "&" : "?") + query.map { Redaction.queryItem($0).description }.joined(separator: "&")
    }
    return text
  }
}
