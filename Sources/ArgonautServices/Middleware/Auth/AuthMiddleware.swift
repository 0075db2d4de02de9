/// Adds `Authorization: Bearer <token>` to every request, refreshes the token before
/// it expires, and refreshes it when the server answers `401 Unauthorized`.
///
/// ```swift
/// let auth = AuthMiddleware(
///   token: { await tokens.current },              // the token to start with, or nil
///   refresh: { try await tokens.refresh() })      // gets a new one and returns it
///
/// let expiring = AuthMiddleware(
///   credential: { await store.credential },       // Credential(token:expiresAt:), or nil
///   refresh: { try await store.refresh() })       // a new Credential
/// let configuration = ServiceConfiguration(environment: .production, middleware: [auth])
/// ```
///
/// - The middleware asks `token` (or `credential`) when it holds none: on the first
///   request, and after a failed refresh. Requests that start meanwhile wait for that
///   one answer, so none goes out without a token. It keeps what `refresh` returns.
///   A request that already has an `Authorization` header is sent as it is.
/// - **Before expiry.** When the credential has an `expiresAt` and it has passed, or
///   comes within `refreshWindow`, the next request refreshes first and is sent with
///   the new token: no `401` round trip. For a credential that `refresh` returned, the
///   window is at most half its lifetime, so that short-lived tokens cause no storm
///   of refreshes.
/// - **On a 401**, it runs **one** refresh, however many requests got a 401 at the
///   same time: the first starts it, the others wait behind it. Requests that start
///   while it runs wait for the new token too. Each request that got a 401 is then
///   sent again, once, with the new token; if that gets a 401 too, the 401 is the
///   answer.
/// - When `refresh` throws, or takes longer than `refreshTimeout`, every waiting
///   request fails with a ``ServiceError`` of kind
///   ``ServiceError/Kind/middlewareFailure`` whose ``ServiceError/underlyingError`` is
///   a ``RefreshFailed`` (wrapping ``RefreshTimedOut`` after the timeout), and the
///   credential is cleared: the next request asks for one again, and refreshes again.
///   A waiting request whose task is cancelled, or whose deadline passes, stops
///   waiting at once; the refresh goes on for the others.
/// - The token is a secret wherever it reappears: errors and log records redact it by
///   value, even when a server echoes it back (see ``Redactor``).
///
/// One `AuthMiddleware` value, and its copies, share one credential and one refresh:
/// create it once per credential, not per request.
public struct AuthMiddleware: ServiceMiddleware {
  /// The error of every request that waited for a refresh that threw or timed out.
  public struct RefreshFailed: Error, Sendable, CustomStringConvertible {
    /// What `refresh` threw, or a ``RefreshTimedOut``.
    public let underlyingError: any Error

    /// `token refresh failed: …`, with secret-looking values in the refresh's error
    /// text (`refresh_token=…`, `"access_token": "…"`, `Authorization: Bearer …`)
    /// redacted.
    public var description: String {
      "token refresh failed: \(Redaction.secretPairs(in: Redactor().text(ServiceError.describe(underlyingError))))"
    }
  }

  /// The error inside ``RefreshFailed`` when `refresh` took longer than the
  /// middleware's `refreshTimeout`.
  public struct RefreshTimedOut: Error, Sendable, Hashable, CustomStringConvertible {
    /// The refresh timeout that passed.
    public let timeout: Duration

    /// `the refresh took longer than 30 s`.
    public var description: String {
      "the refresh took longer than \(ServiceError.describe(timeout))"
    }
  }

  /// How long before a credential's expiry it is refreshed, by default: 60 seconds.
  public static let defaultRefreshWindow: Duration = .seconds(60)

  /// How long a refresh may take before its waiters fail, by default: 30 seconds.
  public static let defaultRefreshTimeout: Duration = .seconds(30)

  private let session: AuthSession

  /// Creates an auth middleware for a bearer token without a known expiry.
  ///
  /// - Parameters:
  ///   - token: Returns the token to use when the middleware holds none; `nil` sends
  ///     the request without an `Authorization` header.
  ///   - refresh: Gets a new token, for example with a refresh token, and returns it.
  ///     It runs once for a group of requests that got a 401 together.
  ///   - refreshTimeout: How long `refresh` may take before its waiters fail with
  ///     ``RefreshTimedOut``. Defaults to 30 seconds.
  ///   - clock: The clock that times the refresh. Defaults to the system's.
  public init(
    token: @escaping @Sendable () async -> String?, refresh: @escaping @Sendable () async throws -> String,
    refreshTimeout: Duration = AuthMiddleware.defaultRefreshTimeout,
    clock: any MiddlewareClock = SystemMiddlewareClock()
  ) {
    self.init(
      credential: { await token().map { Credential(token: $0) } },
      refresh: { Credential(token: try await refresh()) }, refreshTimeout: refreshTimeout, clock: clock)
  }

  /// Creates an auth middleware for a credential that knows when it expires, and is
  /// refreshed before it does.
  ///
  /// ```swift
  /// AuthMiddleware(credential: { await store.credential }, refresh: { try await store.refresh() })
  /// ```
  ///
  /// - Parameters:
  ///   - credential: Returns the credential to use when the middleware holds none;
  ///     `nil` sends the request without an `Authorization` header.
  ///   - refresh: Gets a new credential and returns it: before the held one expires,
  ///     and after a 401. One refresh runs at a time, for every request that needs it.
  ///   - refreshWindow: How long before `expiresAt` the credential is refreshed; for a
  ///     credential that `refresh` returned, at most half of its lifetime as received.
  ///     Defaults to 60 seconds.
  ///   - refreshTimeout: How long `refresh` may take before its waiters fail with
  ///     ``RefreshTimedOut``. Defaults to 30 seconds.
  ///   - clock: The clock that tells the time for expiry and times the refresh.
  ///     Defaults to the system's.
  public init(
    credential: @escaping @Sendable () async -> Credential?,
    refresh: @escaping @Sendable () async throws -> Credential,
    refreshWindow: Duration = AuthMiddleware.defaultRefreshWindow,
    refreshTimeout: Duration = AuthMiddleware.defaultRefreshTimeout,
    clock: any MiddlewareClock = SystemMiddlewareClock()
  ) {
    session = AuthSession(
      source: credential, refresh: refresh,
      settings: .init(refreshWindow: refreshWindow, refreshTimeout: refreshTimeout, clock: clock))
  }

  /// How many times `refresh` has been called.
  public var refreshCount: Int {
    get async { await session.refreshCount }
  }

  /// Sends `request` with the token; on a 401, refreshes (once for everyone) and
  /// sends it once more.
  public func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    if request.header("Authorization") != nil { return try await next(request) }
    let (token, generation) = try await session.token()
    let response = try await next(Self.authorized(request, token))
    guard response.statusCode == 401 else { return response }
    let fresh = try await session.tokenAfterUnauthorized(generation: generation)
    // The replay is the same attempt: a retry's count and a log's attempt number skip it.
    return try await ExchangeRecorder.$isReplay.withValue(true) {
      try await next(Self.authorized(request, fresh))
    }
  }

  /// `request` with `Authorization: Bearer <token>`, or unchanged when `token` is `nil`.
  static func authorized(_ request: HTTPRequest, _ token: String?) -> HTTPRequest {
    guard let token else { return request }
    var request = request
    request.headers = HTTPHeaders.merging(request.headers, ["Authorization": "Bearer \(token)"])
    return request
  }
}

extension AuthMiddleware.RefreshFailed: MiddlewareFailure {}
