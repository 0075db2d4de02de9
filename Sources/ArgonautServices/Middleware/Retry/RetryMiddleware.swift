import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends a request again when it failed in a way that may pass: a transport failure,
/// or a status such as `503 Service Unavailable`.
///
/// ```swift
/// let configuration = ServiceConfiguration(
///   environment: .production,
///   middleware: [RetryMiddleware(maxAttempts: 4)])   // a GET that keeps failing is sent 4 times
/// ```
///
/// - **What is retried:** transport failures (no response at all) and the statuses in
///   ``retryableStatusCodes``: 408, 429, 500, 502, 503 and 504. A cancellation is never
///   retried, nor a deliberate failure of another middleware (a failed token refresh).
/// - **Which requests:** those whose method is idempotent (``idempotentMethods``:
///   `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`). A `POST` or `PATCH` opts in
///   with an `Idempotency-Key` header, which tells the server to apply it only once.
/// - **How long it waits:** exponential backoff with full jitter: before retry *n*, a
///   random delay between zero and `min(maxDelay, baseDelay × 2ⁿ⁻¹)`. A response's
///   `Retry-After`, in seconds or as an HTTP date, replaces that delay; a negative,
///   unreadable or past one falls back to the backoff or to no wait, and one longer
///   than ``maxRetryAfter`` is cut to it.
/// - **When it stops:** after ``maxAttempts`` attempts, the first included; when the
///   next wait would end past the request's deadline (its `timeout`); and at once when
///   the calling task is cancelled. It then hands back the last response or throws the
///   last error, and the call's ``ServiceError/attempts`` says how many attempts it made.
///
/// Put it outside `AuthMiddleware` and `CacheMiddleware`, so that each retry is
/// authorized and may be answered from the cache.
public struct RetryMiddleware: ServiceMiddleware {
  /// The statuses retried by default: 408, 429, 500, 502, 503 and 504.
  public static let defaultRetryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

  /// The methods retried without opting in: those that RFC 9110 calls idempotent.
  public static let idempotentMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, "TRACE"]

  /// The header with which a request of another method opts in to retries.
  public static let optInHeader = "Idempotency-Key"

  /// How many times a request may be sent, the first time included. At least 1.
  public var maxAttempts: Int
  /// The backoff before the first retry, before jitter; it doubles with each retry.
  public var baseDelay: Duration
  /// The longest backoff, before jitter.
  public var maxDelay: Duration
  /// The longest wait that a `Retry-After` can ask for; longer ones are cut to it.
  public var maxRetryAfter: Duration
  /// The statuses that are retried.
  public var retryableStatusCodes: Set<Int>
  /// The methods that are retried without an `Idempotency-Key`.
  public var retryableMethods: Set<HTTPMethod>

  let clock: any MiddlewareClock
  let random: @Sendable () -> Double
  /// The caller's decision for each failed attempt, replacing the default rules.
  private(set) var shouldRetry: (@Sendable (RetryContext) -> Bool)?

  /// Creates a retry middleware.
  ///
  /// - Parameters:
  ///   - maxAttempts: How many times a request may be sent, the first included.
  ///     Values below 1 count as 1. Defaults to 3.
  ///   - baseDelay: The backoff before the first retry. Defaults to 0.5 s.
  ///   - maxDelay: The longest backoff. Defaults to 30 s.
  ///   - maxRetryAfter: The longest wait a `Retry-After` may ask for. Defaults to 120 s.
  ///   - retryableStatusCodes: The statuses to retry. Defaults to
  ///     ``defaultRetryableStatusCodes``.
  ///   - retryableMethods: The methods to retry. Defaults to ``idempotentMethods``.
  ///   - clock: The clock to wait on and read dates from. Defaults to the system's.
  ///   - random: A number in `0..<1` for the jitter. Defaults to `Double.random(in:)`.
  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
    maxRetryAfter: Duration = .seconds(120), retryableStatusCodes: Set<Int> = defaultRetryableStatusCodes,
    retryableMethods: Set<HTTPMethod> = idempotentMethods, clock: any MiddlewareClock = SystemMiddlewareClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = max(.zero, baseDelay)
    self.maxDelay = max(.zero, maxDelay)
    self.maxRetryAfter = max(.zero, maxRetryAfter)
    self.retryableStatusCodes = retryableStatusCodes
    self.retryableMethods = retryableMethods
    self.clock = clock
    self.random = random
    self.shouldRetry = nil
  }

  /// Creates a retry middleware whose closure decides which failed attempts are sent
  /// again: such as GitHub's rate limit, a `403` with `X-RateLimit-Remaining: 0`.
  ///
  /// ```swift
  /// RetryMiddleware(maxAttempts: 4) { context in
  ///   context.isRetryableByDefault
  ///     || (context.response?.statusCode == 403 && context.response?.header("X-RateLimit-Remaining") == "0")
  /// }
  /// ```
  ///
  /// The closure is asked about every failed attempt (a response whose status is not
  /// 2xx, or a thrown error) while attempts and time remain; what it says replaces
  /// the default rules of statuses, errors and methods
  /// (``RetryContext/isRetryableByDefault`` says what they would decide). A
  /// cancellation is never retried. The wait comes from `Retry-After`, or from
  /// `X-RateLimit-Reset` when `X-RateLimit-Remaining` is `0`, or else the backoff;
  /// never past the request's deadline.
  ///
  /// - Parameters:
  ///   - maxAttempts: How many times a request may be sent, the first included.
  ///   - baseDelay: The backoff before the first retry. Defaults to 0.5 s.
  ///   - maxDelay: The longest backoff. Defaults to 30 s.
  ///   - maxRetryAfter: The longest wait a `Retry-After` or a rate-limit reset may ask
  ///     for. Defaults to 120 s.
  ///   - clock: The clock to wait on and read dates from. Defaults to the system's.
  ///   - random: A number in `0..<1` for the jitter. Defaults to `Double.random(in:)`.
  ///   - shouldRetry: Whether to send the request again after a failed attempt.
  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
    maxRetryAfter: Duration = .seconds(120), clock: any MiddlewareClock = SystemMiddlewareClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    shouldRetry: @escaping @Sendable (RetryContext) -> Bool
  ) {
    self.init(
      maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: maxDelay, maxRetryAfter: maxRetryAfter, clock: clock,
      random: random)
    self.shouldRetry = shouldRetry
  }

  /// Sends `request`, and again while the outcome is retryable and attempts and
  /// time remain.
  public func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    // The deadline is judged on this middleware's clock, from the first attempt: so an
    // injected clock decides it alone. (The pipeline enforces the real deadline too.)
    let started = clock.now
    let budget = request.timeout
    var attempt = 0
    while true {
      attempt += 1
      let outcome: Result<HTTPResponse, any Error>
      do {
        // Each of these calls is an attempt, even inside an auth middleware's replay.
        outcome = .success(try await ExchangeRecorder.$isReplay.withValue(false) { try await next(request) })
      } catch {
        outcome = .failure(error)
      }
      guard attempt < maxAttempts, let delay = decide(request, outcome, attempt: attempt),
        clock.now.duration(since: started) + delay < budget
      else {
        return try outcome.get()
      }
      try Task.checkCancellation()
      if delay > .zero { try await clock.sleep(for: delay) }
    }
  }

  /// The wait before sending `request` again after attempt number `attempt` ended in
  /// `outcome`, or `nil` when it is not to be sent again.
  func decide(_ request: HTTPRequest, _ outcome: Result<HTTPResponse, any Error>, attempt: Int) -> Duration? {
    let byDefault = isRetryable(request) && isRetryable(outcome)
    guard let shouldRetry else { return byDefault ? delay(after: outcome, attempt: attempt) : nil }
    let response = try? outcome.get()
    var error: (any Error)?
    if case .failure(let failure) = outcome { error = failure }
    if let response, (200..<300).contains(response.statusCode) { return nil }
    if let error, error is CancellationError || (error as? URLError)?.code == .cancelled { return nil }
    let context = RetryContext(
      request: request, response: response, error: error, attempt: attempt, isRetryableByDefault: byDefault)
    guard shouldRetry(context) else { return nil }
    return response.flatMap(requestedWait) ?? backoff(attempt: attempt)
  }

  /// Whether the default rules retry `outcome`: a retryable status or error.
  func isRetryable(_ outcome: Result<HTTPResponse, any Error>) -> Bool {
    switch outcome {
    case .success(let response): return retryableStatusCodes.contains(response.statusCode)
    case .failure(let error): return Self.isRetryable(error)
    }
  }

  /// The wait that `response` asks for: its `Retry-After`, or else the time until
  /// `X-RateLimit-Reset` (epoch seconds) when `X-RateLimit-Remaining` is `0`; at most
  /// ``maxRetryAfter``. `nil` when it asks for none.
  func requestedWait(_ response: HTTPResponse) -> Duration? {
    if let header = response.header("Retry-After"), let asked = retryAfter(header) {
      return min(asked, maxRetryAfter)
    }
    if response.header("X-RateLimit-Remaining")?.trimmingCharacters(in: .whitespaces) == "0",
      let reset = response.header("X-RateLimit-Reset").flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
      reset.isFinite
    {
      let date = Date(timeIntervalSince1970: reset)
      return min(max(.zero, date.duration(since: clock.now)), maxRetryAfter)
    }
    return nil
  }

  /// Whether `request` may be sent twice: its method is idempotent, or it opted in.
  public func isRetryable(_ request: HTTPRequest) -> Bool {
    retryableMethods.contains(request.method) || request.header(Self.optInHeader) != nil
  }

  /// The wait before the attempt after `attempt`, which the default rules retry.
  func delay(after outcome: Result<HTTPResponse, any Error>, attempt: Int) -> Duration {
    (try? outcome.get()).flatMap(requestedWait) ?? backoff(attempt: attempt)
  }

  /// Full jitter: a random delay between zero and the capped exponential backoff.
  func backoff(attempt: Int) -> Duration {
    let exponential = baseDelay.seconds * pow(2, Double(min(attempt - 1, 62)))
    let ceiling = min(maxDelay.seconds, exponential)
    let fraction = min(max(random(), 0), 1)
    return .seconds(ceiling * fraction)
  }

  /// The wait a `Retry-After` value asks for: whole seconds, or an HTTP date (a past
  /// date asks for none). `nil` when the value is neither.
  func retryAfter(_ value: String) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) {
      guard let seconds = Int64(text) else { return maxRetryAfter }  // more digits than Int64 holds
      return .seconds(seconds)
    }
    guard let date = HTTPDate.parse(text) else { return nil }
    return max(.zero, date.duration(since: clock.now))
  }

  /// Whether a thrown error may pass on a retry: not a cancellation, and not a
  /// deliberate failure of another middleware.
  static func isRetryable(_ error: any Error) -> Bool {
    if error is CancellationError || error is any MiddlewareFailure { return false }
    if let urlError = error as? URLError, urlError.code == .cancelled { return false }
    if let serviceError = error as? ServiceError {
      return serviceError.kind == .transportFailure || serviceError.kind == .timeout
    }
    return true
  }
}
