/// How an exchange went so far: how many times its request reached the transport,
/// and how long each of those attempts took.
///
/// Inside a middleware's ``ServiceMiddleware/intercept(_:next:)``, ``current`` gives
/// the metrics of the exchange being run. Read it after `next` returns to see what
/// the rest of the chain did:
///
/// ```swift
/// struct SlowRequestReporter: ServiceMiddleware {
///   func intercept(
///     _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
///   ) async throws -> HTTPResponse {
///     let response = try await next(request)
///     if let metrics = ExchangeMetrics.current, metrics.transportDuration > .seconds(2) {
///       print("\(request): \(metrics.attempts) attempt(s), \(metrics.transportDuration) on the wire")
///     }
///     return response
///   }
/// }
/// ```
///
/// `LoggingMiddleware` puts them in every `LogRecord`.
public struct ExchangeMetrics: Hashable, Sendable {
  /// How many times the request reached the transport: more than one after a retry
  /// or a replay, zero when a middleware (a cache) answered without sending it.
  public var attempts: Int
  /// How long each of those transport calls took, in order, failed ones included.
  public var attemptDurations: [Duration]
  /// How long the exchange has run, from the moment the chain started.
  public var elapsed: Duration

  /// The time spent in the transport: the sum of ``attemptDurations``.
  public var transportDuration: Duration {
    attemptDurations.reduce(.zero, +)
  }

  /// The metrics of the exchange the current task is running, or `nil` outside a
  /// middleware chain.
  public static var current: ExchangeMetrics? {
    ExchangeRecorder.current?.metrics
  }
}

/// Counts and times the transport calls of one exchange; shared by the pipeline and
/// the tasks that run the chain.
final class ExchangeRecorder: Sendable {
  private struct State: Sendable {
    var durations: [Duration] = []
    var sent: [HTTPRequest] = []
  }

  /// The recorder of the exchange the current task runs.
  @TaskLocal static var current: ExchangeRecorder?

  private let state = Locked(State())
  private let started = ContinuousClock.now

  /// How many calls reached the transport.
  var attempts: Int { state.withLock { $0.durations.count } }

  /// A snapshot of the metrics.
  var metrics: ExchangeMetrics {
    let durations = state.withLock { $0.durations }
    return ExchangeMetrics(
      attempts: durations.count, attemptDurations: durations, elapsed: ContinuousClock.now - started)
  }

  /// Each distinct request that reached the transport, as the middleware left it:
  /// with the credentials that ``AuthMiddleware`` added, for the redactor.
  var sentRequests: [HTTPRequest] { state.withLock { $0.sent } }

  /// Runs one transport call of `request`, counting and timing it.
  func attempt(_ request: HTTPRequest, _ send: () async throws -> HTTPResponse) async throws -> HTTPResponse {
    let start = ContinuousClock.now
    let index = state.withLock { state in
      if !state.sent.contains(request) { state.sent.append(request) }
      state.durations.append(.zero)
      return state.durations.count - 1
    }
    defer {
      let duration = ContinuousClock.now - start
      state.withLock { $0.durations[index] = duration }
    }
    return try await send()
  }
}
