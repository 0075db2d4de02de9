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
    var attempts = 0
    var abandoned: Abandonment?
    var abandonHandlers: [Int: @Sendable (Abandonment) -> Void] = [:]
    var nextHandler = 0
  }

  /// Why the pipeline stopped waiting for the chain: its deadline passed, or its
  /// caller was cancelled.
  enum Abandonment: Sendable {
    case timeout(Duration)
    case cancelled
  }

  /// The recorder of the exchange the current task runs.
  @TaskLocal static var current: ExchangeRecorder?

  /// Set while ``AuthMiddleware`` replays a request with a refreshed token: the
  /// transport call that follows is the same attempt, not a new one.
  @TaskLocal static var isReplay = false

  private let state = Locked(State())
  private let started = ContinuousClock.now

  /// How many attempts reached the transport: every call but a replay after a token
  /// refresh, which is part of the attempt it replays.
  var attempts: Int { state.withLock { $0.attempts } }

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
      if !Self.isReplay { state.attempts += 1 }
      state.durations.append(.zero)
      return state.durations.count - 1
    }
    defer {
      let duration = ContinuousClock.now - start
      state.withLock { $0.durations[index] = duration }
    }
    return try await send()
  }

  /// Registers `handler` to run, once, if the pipeline abandons the exchange before
  /// the chain ends: before the caller gets its error. Returns a token for
  /// ``removeAbandonHandler(_:)``.
  func onAbandon(_ handler: @escaping @Sendable (Abandonment) -> Void) -> Int {
    state.withLock { state in
      state.nextHandler += 1
      state.abandonHandlers[state.nextHandler] = handler
      return state.nextHandler
    }
  }

  /// Unregisters the handler of `token`: its middleware finished on its own.
  func removeAbandonHandler(_ token: Int) {
    state.withLock { _ = $0.abandonHandlers.removeValue(forKey: token) }
  }

  /// Runs every registered handler with `reason`, once: the pipeline is about to hand
  /// the caller a timeout or a cancellation.
  func abandon(_ reason: Abandonment) {
    let handlers = state.withLock { state -> [@Sendable (Abandonment) -> Void] in
      guard state.abandoned == nil else { return [] }
      state.abandoned = reason
      defer { state.abandonHandlers.removeAll() }
      return state.abandonHandlers.sorted { $0.key < $1.key }.map(\.value)
    }
    for handler in handlers { handler(reason) }
  }
}
