import Foundation

/// A private HTTP cache (RFC 9111) in front of the transport: fresh responses are
/// served without a request, stale ones are revalidated.
///
/// ```swift
/// let cache = CacheMiddleware()                        // 10 MB in memory
/// let configuration = ServiceConfiguration(environment: .production, middleware: [cache])
/// let response = try await service.response(for: Request(.get, "/feed"))
/// if response.isFromCache { print("served from the cache") }
/// ```
///
/// - **What is stored:** responses to `GET` and `HEAD` whose status is cacheable
///   (200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501) and that say how long
///   they stay fresh (`Cache-Control: max-age`, `Expires`) or carry a validator
///   (`ETag`, `Last-Modified`). Never a response, or for a request, with `no-store`,
///   nor one with `Vary: *`. `private` responses are stored: this cache is private.
/// - **Fresh:** while the response's age (from `Age`, `Date` and the time it has been
///   stored) is below its lifetime (`max-age`, or `Expires` minus `Date`), it is served
///   without a request, unless the response says `no-cache` or the request says
///   `no-cache`, `max-age` or `min-fresh` that rule it out. A request's `max-stale`
///   accepts a stale response, except one that says `must-revalidate`.
/// - **Stale:** it is revalidated with `If-None-Match` (its `ETag`) and
///   `If-Modified-Since` (its `Last-Modified`). A `304 Not Modified` serves the stored
///   body, and its header fields replace the stored ones. A 304 to a request that
///   carried no validator, when nothing is cached, fails the call with a ``Failure``.
/// - **`Vary`:** a stored response answers only requests whose header fields named by
///   its `Vary` have the values of the request that fetched it.
/// - **Changes:** a successful `POST`, `PUT`, `PATCH` or `DELETE` removes the stored
///   responses of its URL.
/// - **Which one it was:** every response that went through the cache has a
///   `Cache-Status` header field (RFC 9211): `Argonaut; hit` when it was served from
///   the cache, `Argonaut; fwd=stale; fwd-status=304` when a revalidation confirmed it,
///   `Argonaut; fwd=uri-miss; stored` for a fresh response that was stored.
///   ``HTTPResponse/isFromCache`` reads it.
///
/// The store lives in memory, within ``byteLimit`` bytes, and the least recently used
/// entries make room for new ones; an entry larger than the limit is not stored.
/// Copies of one `CacheMiddleware` share their store.
public struct CacheMiddleware: ServiceMiddleware {
  /// Why the cache failed a call.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public let description: String

    static func notModifiedWithoutEntry(_ request: HTTPRequest) -> Failure {
      Failure(
        description: "the server answered 304 Not Modified to \(request), which sent no validator, "
          + "and nothing is cached for it")
    }
  }

  /// The header field that says how the cache handled a response: `Cache-Status`.
  public static let statusHeader = "Cache-Status"
  /// The name of this cache in `Cache-Status`: `Argonaut`.
  static let name = "Argonaut"
  static let cacheableStatusCodes: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

  let store: CacheStore
  let clock: any MiddlewareClock

  /// Creates a cache in memory.
  ///
  /// - Parameters:
  ///   - byteLimit: The most bytes the stored responses may hold together. Defaults
  ///     to 10 MB.
  ///   - clock: The clock that decides freshness. Defaults to the system's.
  public init(byteLimit: Int = 10 * 1024 * 1024, clock: any MiddlewareClock = SystemMiddlewareClock()) {
    self.store = CacheStore(byteLimit: byteLimit)
    self.clock = clock
  }

  /// The most bytes the stored responses may hold together.
  public var byteLimit: Int { store.byteLimit }
  /// How many bytes the stored responses hold now.
  public var storedByteCount: Int { store.byteCount }
  /// How many responses are stored.
  public var storedCount: Int { store.count }

  /// Forgets every stored response.
  public func removeAll() {
    store.removeAll()
  }

  /// Answers `request` from the store when it can; otherwise sends it, conditionally
  /// when a stale response can be revalidated, and stores what may be stored.
  public func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    guard request.method == .get || request.method == .head else {
      let response = try await next(request)
      if response.statusCode < 400 {
        store.remove(Self.key(.get, request.url))
        store.remove(Self.key(.head, request.url))
      }
      return response
    }
    let key = Self.key(request.method, request.url)
    let directives = CacheControl(request.header("Cache-Control"))
    let callerValidates = request.header("If-None-Match") != nil || request.header("If-Modified-Since") != nil
    if directives.noStore || callerValidates {
      return try await next(request)  // the caller handles it: no cache involved
    }

    var status = "fwd=uri-miss"
    var revalidating: CachedResponse?
    if let entry = store.entry(key) {
      if !entry.matches(request) {
        status = "fwd=vary-miss"
      } else if let served = serve(entry, for: directives) {
        return served
      } else {
        status = directives.noCache || directives.maxAge == 0 ? "fwd=request" : "fwd=stale"
        if !entry.validators.isEmpty { revalidating = entry }
      }
    }

    var sent = request
    if let revalidating { sent.headers = HTTPHeaders.merging(request.headers, revalidating.validators) }
    let requestTime = clock.now
    let response = try await next(sent)
    let responseTime = clock.now

    if response.statusCode == 304 {
      guard let revalidating else { throw Failure.notModifiedWithoutEntry(request) }
      let updated = revalidating.updated(with: response, requestTime: requestTime, responseTime: responseTime)
      store.store(updated, at: key)
      return Self.marked(updated.response, "\(status); fwd-status=304")
    }
    if let varying = CachedResponse.varyingHeaders(of: request, for: response), isStorable(response, directives) {
      let entry = CachedResponse(
        response: response, requestTime: requestTime, responseTime: responseTime, varyingHeaders: varying)
      if store.store(entry, at: key) { return Self.marked(response, "\(status); stored") }
    } else if CacheControl(response.header("Cache-Control")).noStore {
      store.remove(key)
    }
    return Self.marked(response, status)
  }

  /// The stored response, marked as a hit, when `entry` may answer a request with
  /// `directives` without a round trip.
  func serve(_ entry: CachedResponse, for directives: CacheControl) -> HTTPResponse? {
    let stored = entry.cacheControl
    guard !stored.noCache, !directives.noCache else { return nil }
    let age = entry.currentAge(now: clock.now)
    let lifetime = entry.freshnessLifetime
    if let maxAge = directives.maxAge, age > .seconds(maxAge) { return nil }
    let minFresh = Duration.seconds(directives.minFresh ?? 0)
    let fresh = age + minFresh < lifetime
    let staleAccepted =
      !fresh && !stored.mustRevalidate
      && directives.maxStale.map { $0 == Int.max || age - lifetime <= .seconds($0) } == true
    guard fresh || staleAccepted else { return nil }
    var response = entry.response
    response.headers = HTTPHeaders.merging(response.headers, ["Age": "\(Int(age.seconds.rounded(.down)))"])
    return Self.marked(response, fresh ? "hit" : "hit; fwd=stale")
  }

  /// Whether `response` may be stored for a request with `directives`.
  func isStorable(_ response: HTTPResponse, _ directives: CacheControl) -> Bool {
    let control = CacheControl(response.header("Cache-Control"))
    guard Self.cacheableStatusCodes.contains(response.statusCode), !control.noStore, !directives.noStore else {
      return false
    }
    return control.maxAge != nil || control.noCache || response.header("Expires") != nil
      || response.header("ETag") != nil || response.header("Last-Modified") != nil
  }

  static func key(_ method: HTTPMethod, _ url: URL) -> String {
    "\(method) \(url.absoluteString)"
  }

  /// `response` with `Cache-Status: Argonaut; <status>`.
  static func marked(_ response: HTTPResponse, _ status: String) -> HTTPResponse {
    var response = response
    response.headers = HTTPHeaders.merging(response.headers, [statusHeader: "\(name); \(status)"])
    return response
  }
}

extension CacheMiddleware.Failure: MiddlewareFailure {}

extension HTTPResponse {
  /// Whether a ``CacheMiddleware`` served this response from its store, without a
  /// request (`Cache-Status: Argonaut; hit`), or after a `304 Not Modified`
  /// confirmed the stored one.
  public var isFromCache: Bool {
    guard let status = header(CacheMiddleware.statusHeader), status.hasPrefix(CacheMiddleware.name + ";") else {
      return false
    }
    return status.contains("; hit") || status.contains("fwd-status=304")
  }
}
