/// What ``LoggingMiddleware`` records about one exchange: the request, the outcome,
/// the timing and the sizes, with every secret redacted.
///
/// Its description is one line:
///
/// ```text
/// GET http://127.0.0.1:8080/feed?token=<redacted> → 200, 1204 B in 12 ms (attempt 2)
/// POST http://127.0.0.1:1/login → failed in 3 ms: could not connect to the server (URLError -1004)
/// ```
///
/// The URL and the headers are redacted as in ``ServiceError``'s descriptions.
public struct LogRecord: Hashable, Sendable, CustomStringConvertible {
  /// How much a record holds beyond the summary.
  /// The levels compare in this order: `.summary < .headers < .bodies`.
  public enum Level: Comparable, Hashable, Sendable {
    /// Method, URL, status, timing, sizes and attempt.
    case summary
    /// The summary, and the request's and the response's headers.
    case headers
    /// The headers, and an excerpt of each body.
    case bodies
  }

  /// The request's method.
  public let method: HTTPMethod
  /// The request's URL, with secret-looking parts redacted.
  public let url: String
  /// The response's status, or `nil` when the exchange failed without one.
  public let statusCode: Int?
  /// Why the exchange failed without a response, in words; `nil` when it got one.
  public let failure: String?
  /// How long the exchange took, as seen from the logging middleware.
  public let duration: Duration
  /// The size of the request's body, in bytes.
  public let requestBodySize: Int
  /// The size of the response's body, in bytes; `nil` without a response.
  public let responseBodySize: Int?
  /// The number of the attempt that gave this outcome, 1 for the first: a retry's
  /// attempt counts, an auth middleware's replay after a refresh does not (it is part
  /// of the attempt it replays), and a cache hit is attempt 1. ``metrics`` counts the
  /// transport calls.
  public let attempt: Int
  /// The exchange's metrics: each attempt's duration.
  public let metrics: ExchangeMetrics
  /// The response's `Cache-Status`, such as `Argonaut; hit`, if it has one.
  public let cacheStatus: String?
  /// The request's headers as `Name: value` lines, secrets redacted; empty below
  /// ``Level/headers``.
  public let requestHeaders: [String]
  /// The response's headers as `Name: value` lines, secrets redacted; empty below
  /// ``Level/headers`` or without a response.
  public let responseHeaders: [String]
  /// An excerpt of the request's body, secrets redacted; `nil` below ``Level/bodies``.
  public let requestBody: String?
  /// An excerpt of the response's body, secrets redacted; `nil` below ``Level/bodies``.
  public let responseBody: String?

  /// One line: the request, the outcome, sizes, timing and attempt, then any
  /// headers and bodies the level asked for.
  public var description: String {
    var line = "\(method) \(url) → "
    let took = ServiceError.describe(duration)
    if let statusCode {
      line += "\(statusCode), \(responseBodySize ?? 0) B in \(took)"
    } else {
      line += "failed in \(took): \(failure ?? "no response")"
    }
    if requestBodySize > 0 { line += ", sent \(requestBodySize) B" }
    if attempt != 1 { line += " (attempt \(attempt))" }
    if let cacheStatus { line += " [\(cacheStatus)]" }
    if !requestHeaders.isEmpty { line += " | request headers: " + requestHeaders.joined(separator: "; ") }
    if let requestBody { line += " | request body: " + requestBody }
    if !responseHeaders.isEmpty { line += " | response headers: " + responseHeaders.joined(separator: "; ") }
    if let responseBody { line += " | response body: " + responseBody }
    return line
  }
}
