import Foundation

/// Records every exchange as a ``LogRecord``: method, redacted URL, status, timing,
/// sizes and attempt number.
///
/// ```swift
/// let configuration = ServiceConfiguration(
///   environment: .production,
///   middleware: [
///     LoggingMiddleware(),                                  // one line per exchange on standard error
///     LoggingMiddleware(level: .headers) { record in logger.debug("\(record)") },
///   ])
/// ```
///
/// Secrets are redacted by the request's ``Redactor``, as in ``ServiceError``'s
/// descriptions: by name (query parameters, headers and JSON fields whose names look
/// secret, such as `token`, `password` or `authorization`, and user-info passwords),
/// and by value: a value sent under a secret name is hidden wherever it reappears in
/// the record, such as in a response body that echoes the request.
///
/// Where it sits in the chain decides what an exchange is. First (outermost), it
/// writes one record per call, whose ``LogRecord/attempt`` says how many attempts the
/// call took; after a ``RetryMiddleware``, it writes one record per attempt.
public struct LoggingMiddleware: ServiceMiddleware {
  /// How much each record holds.
  public let level: LogRecord.Level
  let sink: @Sendable (LogRecord) -> Void

  /// Creates a logging middleware.
  ///
  /// - Parameters:
  ///   - level: How much each record holds. Defaults to ``LogRecord/Level/summary``.
  ///   - sink: Receives each record, on the task that made the request. Defaults to
  ///     ``standardError``.
  public init(
    level: LogRecord.Level = .summary, _ sink: @escaping @Sendable (LogRecord) -> Void = LoggingMiddleware.standardError
  ) {
    self.level = level
    self.sink = sink
  }

  /// Writes each record's description, as one line, to standard error.
  public static let standardError: @Sendable (LogRecord) -> Void = { record in
    FileHandle.standardError.write(Data((record.description + "\n").utf8))
  }

  /// Passes `request` on, and records the exchange whatever its outcome.
  ///
  /// When the call's deadline passes, or its task is cancelled, while the exchange is
  /// still inside this middleware, the record says so (`timed out after 5 s`,
  /// `cancelled`) and reaches the sink before the caller has its error.
  public func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    let start = ContinuousClock.now
    let recorded = Locked(false)
    let recorder = ExchangeRecorder.current
    /// Writes the one record of this exchange, unless it was written already.
    @Sendable func write(_ outcome: @autoclosure () -> LogRecord) {
      guard
        recorded.withLock({ done in
          defer { done = true }
          return !done
        })
      else { return }
      sink(outcome())
    }
    let token = recorder?.onAbandon { reason in
      write(self.record(request, .failure(Abandoned(reason: reason)), duration: ContinuousClock.now - start))
    }
    defer { if let token { recorder?.removeAbandonHandler(token) } }
    do {
      let response = try await next(request)
      write(record(request, .success(response), duration: ContinuousClock.now - start))
      return response
    } catch {
      write(record(request, .failure(error), duration: ContinuousClock.now - start))
      throw error
    }
  }

  /// The pipeline stopped waiting for the exchange.
  struct Abandoned: Error {
    let reason: ExchangeRecorder.Abandonment
  }

  /// The record of `request` and its outcome, at this middleware's level.
  func record(_ request: HTTPRequest, _ outcome: Result<HTTPResponse, any Error>, duration: Duration) -> LogRecord {
    let metrics = ExchangeMetrics.current ?? ExchangeMetrics(attempts: 0, attemptDurations: [], elapsed: duration)
    let response = try? outcome.get()
    var failure: String?
    if case .failure(let error) = outcome {
      switch (error as? Abandoned)?.reason {
      case .timeout(let timeout): failure = "timed out after \(ServiceError.describe(timeout))"
      case .cancelled: failure = "cancelled"
      case nil: failure = error is CancellationError ? "cancelled" : ServiceError.describe(error)
      }
    }
    let headers = level >= .headers
    let bodies = level >= .bodies
    // The requests as they reached the transport: a middleware inside this one
    // (auth) may have added credentials that a server echoes.
    let redactor = Redactor(request, alsoSent: ExchangeRecorder.current?.sentRequests ?? [])
    return LogRecord(
      method: request.method, url: redactor.url(request.url), statusCode: response?.statusCode,
      failure: failure.map(redactor.text), duration: duration, requestBodySize: request.body?.count ?? 0,
      // A cache hit is attempt 1 too; an auth replay is part of the attempt it replays.
      responseBodySize: response?.body.count, attempt: max(1, ExchangeRecorder.current?.attempts ?? 1),
      metrics: metrics,
      cacheStatus: response?.header(CacheMiddleware.statusHeader),
      requestHeaders: headers ? redactor.headerLines(request.headers) : [],
      responseHeaders: headers ? response.map { redactor.headerLines($0.headers) } ?? [] : [],
      requestBody: bodies
        ? redactor.bodyExcerpt(request.body ?? Data(), contentType: request.header("Content-Type"), limit: 1024)
        : nil,
      responseBody: bodies
        ? response.map { redactor.bodyExcerpt($0.body, contentType: $0.contentType, limit: 1024) } : nil)
  }
}
