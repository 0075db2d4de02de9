/// A step between a service and its transport: it sees every request on its way out
/// and every response on its way back.
///
/// A middleware is a small value with one method. It can change the request, answer
/// without sending it (a cache hit), send it again (a retry), or only watch (a logger):
///
/// ```swift
/// struct UserAgentMiddleware: ServiceMiddleware {
///   func intercept(
///     _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
///   ) async throws -> HTTPResponse {
///     var request = request
///     request.headers["User-Agent"] = "Argonaut/1"
///     return try await next(request)
///   }
/// }
///
/// let configuration = ServiceConfiguration(
///   environment: .production,
///   middleware: [LoggingMiddleware(), RetryMiddleware(maxAttempts: 4), UserAgentMiddleware()])
/// ```
///
/// ``ServiceConfiguration/middleware`` runs them in order, the first outermost: it
/// sees the request first and the response last. `next` calls the rest of the chain,
/// and, after the last middleware, the configuration's transport. A middleware may
/// call `next` any number of times, or not at all.
///
/// The chain runs inside the request's deadline and its cancellation: when the
/// deadline passes or the calling task is cancelled, the task running the chain is
/// cancelled, and the call ends with a timeout or a cancellation, whatever a
/// middleware was doing. So a middleware that waits should wait in a way that ends on
/// cancellation, as `Task.sleep` does. Inside `intercept`, ``ExchangeMetrics/current``
/// tells how many attempts the exchange has made and how long they took.
///
/// An error thrown by a middleware ends the call with a ``ServiceError``: of kind
/// ``ServiceError/Kind/middlewareFailure`` for the library's own middleware (a failed
/// token refresh), ``ServiceError/Kind/cancelled`` for a `CancellationError`, and
/// ``ServiceError/Kind/transportFailure`` for any other error.
public protocol ServiceMiddleware: Sendable {
  /// Handles `request`: usually by calling `next` with it, or with a changed copy.
  ///
  /// - Parameters:
  ///   - request: The request, as the middleware before this one passed it on.
  ///   - next: The rest of the chain, ending in the transport. It may be called more
  ///     than once (to retry) or not at all (to answer from a cache).
  /// - Returns: The response to hand back to the middleware before this one.
  /// - Throws: Any error: the call fails with it (see ``ServiceMiddleware``).
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse
}

/// An error that one of the library's middleware throws on purpose, such as a failed
/// token refresh: the call ends with a ``ServiceError/Kind/middlewareFailure``, and
/// ``RetryMiddleware`` does not retry it.
protocol MiddlewareFailure: Error, Sendable {}
