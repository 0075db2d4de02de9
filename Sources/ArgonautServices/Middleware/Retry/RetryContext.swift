/// A failed attempt, as a ``RetryMiddleware``'s `shouldRetry` closure sees it.
///
/// ```swift
/// RetryMiddleware(maxAttempts: 4) { context in
///   context.response?.statusCode == 403 && context.response?.header("X-RateLimit-Remaining") == "0"
/// }
/// ```
public struct RetryContext: Sendable {
  /// The request, as the retry middleware sends it.
  public let request: HTTPRequest
  /// The response of the failed attempt: a status other than 2xx. `nil` when the
  /// attempt threw.
  public let response: HTTPResponse?
  /// The error the attempt threw, such as a transport failure; `nil` when there was a
  /// response.
  public let error: (any Error)?
  /// The number of the attempt that failed: 1 for the first, as in ``LogRecord``.
  public let attempt: Int
  /// Whether the default rules would retry it: a retryable status or error, and a
  /// method that may be sent twice (see ``RetryMiddleware``).
  public let isRetryableByDefault: Bool
}
