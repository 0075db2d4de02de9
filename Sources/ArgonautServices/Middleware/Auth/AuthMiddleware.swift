/// Adds `Authorization: Bearer <token>` to every request, and refreshes the token
/// when the server answers `401 Unauthorized`.
///
/// ```swift
/// let auth = AuthMiddleware(
///   token: { await tokens.current },              // the token to start with, or nil
///   refresh: { try await tokens.refresh() })      // gets a new one and returns it
/// let configuration = ServiceConfiguration(environment: .production, middleware: [auth])
/// ```
///
/// - The middleware asks `token` when it holds no token: on the first request, and
///   after a failed refresh. It keeps the token that `refresh` returns. A request that
///   already has an `Authorization` header is sent as it is.
/// - On a 401, it runs **one** refresh, however many requests got a 401 at the same
///   time: the first starts it, the others wait behind it. Requests that start while
///   it runs wait for the new token too. Each request that got a 401 is then sent
///   again, once, with the new token; if that gets a 401 too, the 401 is the answer.
/// - When `refresh` throws, every waiting request fails with a ``ServiceError`` of
///   kind ``ServiceError/Kind/middlewareFailure`` whose ``ServiceError/underlyingError``
///   is a ``RefreshFailed``, and the token is cleared. A waiting request whose task is
///   cancelled, or whose deadline passes, stops waiting at once; the refresh goes on
///   for the others.
///
/// One `AuthMiddleware` value, and its copies, share one token and one refresh: create
/// it once per credential, not per request.
public struct AuthMiddleware: ServiceMiddleware {
  /// The error of every request that waited for a refresh that threw.
  public struct RefreshFailed: Error, Sendable, CustomStringConvertible {
    /// What `refresh` threw.
    public let underlyingError: any Error

    /// `token refresh failed: …`.
    public var description: String {
      "token refresh failed: \(ServiceError.describe(underlyingError))"
    }
  }

  private let session: AuthSession

  /// Creates an auth middleware.
  ///
  /// - Parameters:
  ///   - token: Returns the token to use when the middleware holds none; `nil` sends
  ///     the request without an `Authorization` header.
  ///   - refresh: Gets a new token, for example with a refresh token, and returns it.
  ///     It runs once for a group of requests that got a 401 together.
  public init(token: @escaping @Sendable () async -> String?, refresh: @escaping @Sendable () async throws -> String) {
    session = AuthSession(source: token, refresh: refresh)
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
    return try await next(Self.authorized(request, fresh))
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
