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
/// - **What is stored (RFC 9111 §3):** final responses to `GET` that say how long
///   they stay fresh (`max-age`, `Expires`), are marked `public` or `private`, or
///   have a status that is cacheable by default (200, 203, 204, 300, 301, 308, 404,
///   405, 410, 414, 501), as long as they can be used later: fresh for a while or
///   carrying a validator (`ETag`, `Last-Modified`). So a 404 or a 503 with
///   `max-age` is stored too. Never a response, or for a request, with `no-store`
///   (unless `must-understand` with a status this cache knows), nor one with
///   `Vary: *`, nor a `206 Partial Content`. `private` responses are stored: this
///   cache is private.
/// - **What of it (§3.1):** every header field but the hop-by-hop ones (`Connection`,
///   `Keep-Alive`, `TE`, `Transfer-Encoding`, `Upgrade`, `Proxy-*` and those
///   `Connection` lists) and those `no-cache="…"` lists (§5.2.2.4). `Set-Cookie` is
///   stored and replayed like any other field, on disk too: a response whose cookie
///   must not be kept says `no-store`, or `no-cache="Set-Cookie"`.
/// - **Whose (§4.1):** each stored response belongs to a partition and answers only
///   requests of the same one. By default the partition is the request's
///   `Authorization` value (kept as its SHA-256, never as such): a response fetched
///   with one token answers only requests with that token, and requests without
///   `Authorization` share theirs. A `partition` closure names the partition instead,
///   such as the signed-in account, so that a refreshed token keeps the stored
///   responses and their validators (``init(storage:byteLimit:coalescing:partition:clock:)``).
///   `Vary` selects among several stored variants of a URL; a request without a
///   field that `Vary` names does not match one stored with it, even empty. A request
///   that matches none of them is sent with the entity tags of its partition's stored
///   responses for the URL (§4.3.1), so that a `304 Not Modified` may confirm one of
///   them for it: see *A `Vary` miss* below.
/// - **Fresh (§4.2):** while the response's age (from `Age`, `Date` and the time it
///   has been stored) is below its lifetime (`max-age`, or `Expires` minus `Date`;
///   an invalid `Expires` means already expired; without either, a tenth of the time
///   since `Last-Modified`, at most a day, when the status allows it), it is served
///   without a request, with an `Age` header, unless the response says `no-cache`
///   or the request says `no-cache`, `max-age` or `min-fresh` that rule it out. A
///   request's `max-stale`, or the response's `stale-while-revalidate` (RFC 5861),
///   accepts a stale response, except one that says `must-revalidate`; in the
///   `stale-while-revalidate` window it is revalidated in the background.
/// - **Stale (§4.3):** it is revalidated with `If-None-Match` (its `ETag`) and
///   `If-Modified-Since` (its `Last-Modified`). A `304 Not Modified` serves the stored
///   body, and its header fields replace the stored ones; a 304 whose validator
///   names another representation updates nothing, and the request is sent again
///   without condition (§4.3.4). A `200` to a `HEAD` freshens the stored `GET`
///   response it describes (§4.3.5). A 304 to a request that carried no validator,
///   when nothing is cached, fails the call with a ``Failure``.
/// - **A `Vary` miss (§4.3.1, §4.3.3):** when no stored response matches a `GET`
///   (say, `Vary: Authorization` and a refreshed token), the stored `200` responses of
///   its URL and partition that have an `ETag` lend their entity tags to an
///   `If-None-Match`. A 304 whose strong `ETag` is one of theirs serves that stored
///   response, updated with the 304's fields, and stores it for the new request's
///   `Vary` values (the response it came from stays as it was); a weak `ETag` does
///   the same only when every stored response it matches has the same content. A
///   304 that names none of them serves nothing from the store: the request is sent
///   again without condition. `Last-Modified` alone never crosses `Vary`, and a
///   response whose `Vary` does not match is never served without such a 304.
/// - **When the server fails (RFC 9111 §4.2.4):** a stale stored response whose
///   `stale-if-error` (RFC 5861 §4, in the response or the request) still covers it
///   answers instead of a `500`, `502`, `503` or `504`, or of a failure without a
///   response; any other error response is passed on, any other failure thrown. With
///   `servesStaleWhenDisconnected` (off by default), a stale stored response answers
///   any failure without a response (connection refused, closed or reset, a
///   timeout), unless `must-revalidate`, `no-cache` or the request forbid it: then a
///   `504` (``init(storage:byteLimit:coalescing:partition:servesStaleWhenDisconnected:clock:)``).
/// - **Ranges:** a `Range` request is answered from a fresh stored `200` with a
///   `206` of that range; a `206` from the server is passed on, never stored.
/// - **Changes (§4.4):** a successful request with any other method than `GET`,
///   `HEAD`, `OPTIONS` and `TRACE` removes the stored responses of its URL, and of
///   the same-origin URLs in its `Location` and `Content-Location`.
/// - **Together:** identical requests in flight at the same time share one origin
///   request when its response can be stored and its `Vary` fields match each of
///   them (`coalescing`, on by default).
/// - **Which one it was:** every response that went through the cache has a
///   `Cache-Status` header field (RFC 9211): `Argonaut; hit` when it was served from
///   the cache, `Argonaut; fwd=stale; fwd-status=304` when a revalidation confirmed it,
///   `Argonaut; fwd=vary-miss; fwd-status=304; stored` when a 304 confirmed a stored
///   response for a request that `Vary` kept it from,
///   `Argonaut; fwd=uri-miss; stored` for a fresh response that was stored,
///   `Argonaut; fwd=stale; fwd-status=503; detail=stale-if-error` or
///   `Argonaut; fwd=stale; detail=stale-when-disconnected` for a stale one served
///   after the server failed, `Argonaut; fwd=stale; detail=disconnected` for the `504`
///   of a disconnected cache. ``HTTPResponse/isFromCache`` reads it.
///
/// The store lives in memory or on disk (``Storage``), within ``byteLimit`` bytes, and
/// the least recently used entries make room for new ones (each lookup, insert and
/// eviction is O(1)); an entry larger than the limit is not stored. Copies of one
/// `CacheMiddleware` share their store.
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

  /// Where a ``CacheMiddleware`` keeps its responses.
  public enum Storage: Hashable, Sendable {
    /// In memory, for the life of the middleware (and its copies).
    case memory
    /// In files in `directory` (created if needed), one per response: they survive
    /// the middleware and the process. Writes are atomic (a temporary file renamed
    /// over the old one); a truncated, corrupt or foreign entry file is ignored and
    /// removed; the byte limit counts the files' sizes. Several processes may share
    /// the directory: each sees the entries the others wrote when it started.
    ///
    /// ```swift
    /// let directory = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    ///   .appendingPathComponent("api-cache")
    /// let cache = CacheMiddleware(storage: .disk(directory: directory), byteLimit: 50_000_000)
    /// ```
    case disk(directory: URL)
  }

  /// The header field that says how the cache handled a response: `Cache-Status`.
  public static let statusHeader = "Cache-Status"
  /// The name of this cache in `Cache-Status`: `Argonaut`.
  static let name = "Argonaut"
  /// The methods that change nothing, so that a response to them leaves the store be.
  static let safeMethods: Set<HTTPMethod> = [.get, .head, .options, "TRACE"]
  /// The status codes this cache understands (RFC 9110 §15), for `must-understand`.
  static let understoodStatusCodes = Set(
    [200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304, 305, 307, 308, 421, 422, 426]
      + Array(400...417) + Array(500...505))

  let store: any CacheStorage
  let clock: any MiddlewareClock
  let coalescing: Bool
  /// Names the partition of a request (``CachePartition``); `nil` to key every request
  /// by its credential.
  let partitionName: (@Sendable (HTTPRequest) -> String?)?
  /// Whether a stale stored response answers a request whose server cannot be
  /// reached, where nothing forbids it (RFC 9111 §4.2.4); `false` by default.
  /// See ``init(storage:byteLimit:coalescing:partition:servesStaleWhenDisconnected:clock:)``.
  public let servesStaleWhenDisconnected: Bool
  let flights = Flights()
  let background = BackgroundRevalidations()

  /// Creates a cache in memory.
  ///
  /// - Parameters:
  ///   - byteLimit: The most bytes the stored responses may hold together. Defaults
  ///     to 10 MB.
  ///   - clock: The clock that decides freshness. Defaults to the system's.
  public init(byteLimit: Int = 10 * 1024 * 1024, clock: any MiddlewareClock = SystemMiddlewareClock()) {
    self.init(storage: .memory, byteLimit: byteLimit, clock: clock)
  }

  /// Creates a cache whose stored responses are keyed by the requests' `Authorization`.
  ///
  /// ```swift
  /// let cache = CacheMiddleware(storage: .memory, coalescing: false)   // every request reaches the server
  /// ```
  ///
  /// The same as ``init(storage:byteLimit:coalescing:partition:clock:)`` without a
  /// `partition`.
  ///
  /// - Parameters:
  ///   - storage: Where the responses are kept.
  ///   - byteLimit: The most bytes the stored responses may hold together. Defaults
  ///     to 10 MB.
  ///   - coalescing: Whether identical requests in flight at the same time share one
  ///     origin request, when its response can be stored. Defaults to `true`.
  ///   - clock: The clock that decides freshness. Defaults to the system's.
  public init(
    storage: Storage, byteLimit: Int = 10 * 1024 * 1024, coalescing: Bool = true,
    clock: any MiddlewareClock = SystemMiddlewareClock()
  ) {
    self.init(storage: storage, byteLimit: byteLimit, coalescing: coalescing, partition: nil, clock: clock)
  }

  /// Creates a cache whose stored responses are shared by the requests that
  /// `partition` gives the same name, such as the signed-in account's id.
  ///
  /// ```swift
  /// let cache = CacheMiddleware(storage: .disk(directory: directory), partition: { request in account.id })
  /// ```
  ///
  /// By default a stored response answers only requests with the `Authorization`
  /// value it was fetched with, so a refreshed token finds nothing stored: every
  /// response is fetched again, in full. With `partition`, a request whose token
  /// changed but whose partition did not keeps the stored responses and their
  /// validators: a fresh one is served as is, and a stale one is revalidated (with the
  /// new token) and confirmed by a `304 Not Modified`. On disk, that holds across
  /// instances and launches too.
  ///
  /// - `nil` from the closure names no partition: that request is keyed by its
  ///   `Authorization` value, as without the closure, and a request without one
  ///   shares the responses stored for requests without one. So a request is never
  ///   served another credential's responses unless the closure says so.
  /// - Give two requests the same name only when each may see the other's responses:
  ///   one user's, typically. To share responses between users, name a common
  ///   partition (`"public"`) for those requests.
  /// - `Vary` still applies within a partition: a response whose `Vary` names
  ///   `Authorization` (GitHub's API says `Vary: Accept, Authorization, Cookie`) is
  ///   not served as such to another token, since its server says it may differ from
  ///   one token to another. The new token's request carries the stored response's
  ///   `ETag` in `If-None-Match` instead, and when the server answers `304 Not
  ///   Modified` with that `ETag`, the stored response is served, and stored for the
  ///   new token too: its body and validators are kept, without a full fetch.
  /// - The partition decides who is served a response, never whether it is stored:
  ///   the rules of storing are the same with and without it (`no-store` is never
  ///   stored). This cache is private, for one user of one app; RFC 9111 §3.5, which
  ///   forbids a *shared* cache to reuse a response to a request with
  ///   `Authorization` unless the response allows it, does not apply.
  /// - Names are kept as their SHA-256 digests, never as such, and never equal a
  ///   credential's: a named partition does not see what was stored by credential.
  ///
  /// - Parameters:
  ///   - storage: Where the responses are kept.
  ///   - byteLimit: The most bytes the stored responses may hold together. Defaults
  ///     to 10 MB.
  ///   - coalescing: Whether identical requests in flight at the same time share one
  ///     origin request, when its response can be stored. Defaults to `true`. Requests
  ///     of one partition that differ only in `Authorization` are identical, but a
  ///     response whose `Vary` names `Authorization` answers only the request with
  ///     its token: the others are sent on their own.
  ///   - partition: Names the partition of a request: whose stored responses it may
  ///     be served. Called once for each `GET` or `HEAD` that the cache handles.
  ///     Defaults to `nil`: every request is keyed by its `Authorization` value.
  ///   - clock: The clock that decides freshness. Defaults to the system's.
  public init(
    storage: Storage, byteLimit: Int = 10 * 1024 * 1024, coalescing: Bool = true,
    partition: (@Sendable (HTTPRequest) -> String?)? = nil, clock: any MiddlewareClock = SystemMiddlewareClock()
  ) {
    self.init(
      storage: storage, byteLimit: byteLimit, coalescing: coalescing, partition: partition,
      servesStaleWhenDisconnected: false, clock: clock)
  }

  /// Creates a cache that may answer with a stale stored response when the server
  /// cannot be reached, as RFC 9111 §4.2.4 lets a disconnected cache do.
  ///
  /// ```swift
  /// let cache = CacheMiddleware(storage: .disk(directory: directory), servesStaleWhenDisconnected: true)
  /// ```
  ///
  /// With `servesStaleWhenDisconnected`, a request that the cache sends to the server
  /// (to revalidate a stale response, or because the request asked for it) and that
  /// fails without a response is answered by its stored response, stale as it is,
  /// unless serving it stale is forbidden:
  ///
  /// - **A failure without a response** is an error that would fail the call as
  ///   ``ServiceError/Kind/transportFailure`` or ``ServiceError/Kind/timeout``: a
  ///   connection refused, closed or reset, a DNS failure, the transport's own
  ///   timeout. A cancellation, another middleware's deliberate failure, or a body
  ///   too large is not one. The call's deadline is not either: the whole chain, this
  ///   cache included, runs inside it, so when it passes the call fails with
  ///   ``ServiceError/Kind/timeout``.
  /// - **A response is an answer**, whatever its status: a `500`, `502`, `503` or
  ///   `504` is passed on as the server sent it. Only `stale-if-error` (RFC 5861 §4),
  ///   which this cache honours with or without the option, serves a stale response
  ///   in its place, within its number of seconds of staleness.
  /// - **Forbidden (RFC 9111 §4.2.4, §5.2.2.2, §5.2.2.4, §5.2.1):** a stored response
  ///   with `must-revalidate` or `no-cache` (without a list of fields), and a request
  ///   with `no-cache`, `min-fresh`, a `max-age` that the response's age exceeds
  ///   (without `max-stale`), or a `max-stale` that its staleness exceeds.
  ///   `proxy-revalidate` and `s-maxage` bind shared caches only, and this one is
  ///   private. When a stored response is forbidden, the cache answers `504 Gateway
  ///   Timeout` with an empty body, as §5.2.2.2 asks of a disconnected cache
  ///   (`Cache-Status: Argonaut; fwd=stale; detail=disconnected`). With nothing stored
  ///   for the request, the error is thrown as it came.
  /// - **Marked:** a stale response served so is a stored one, with its `Age`:
  ///   ``HTTPResponse/isFromCache`` is `true`, and `Cache-Status` says why it was
  ///   sent and why it was served, such as
  ///   `Argonaut; fwd=stale; detail=stale-when-disconnected`.
  ///
  /// Without the option (the default), an API client sees the transport's error, and
  /// never data it did not ask to be stale, unless the server said `stale-if-error`.
  ///
  /// - Parameters:
  ///   - storage: Where the responses are kept.
  ///   - byteLimit: The most bytes the stored responses may hold together. Defaults
  ///     to 10 MB.
  ///   - coalescing: Whether identical requests in flight at the same time share one
  ///     origin request, when its response can be stored. Defaults to `true`.
  ///   - partition: Names the partition of a request, as in
  ///     ``init(storage:byteLimit:coalescing:partition:clock:)``. Defaults to `nil`:
  ///     every request is keyed by its `Authorization` value.
  ///   - servesStaleWhenDisconnected: Whether a stale stored response answers a
  ///     request whose server cannot be reached, where nothing forbids it. Defaults
  ///     to `false`: the error is thrown.
  ///   - clock: The clock that decides freshness. Defaults to the system's.
  public init(
    storage: Storage, byteLimit: Int = 10 * 1024 * 1024, coalescing: Bool = true,
    partition: (@Sendable (HTTPRequest) -> String?)? = nil, servesStaleWhenDisconnected: Bool = false,
    clock: any MiddlewareClock = SystemMiddlewareClock()
  ) {
    self.servesStaleWhenDisconnected = servesStaleWhenDisconnected
    switch storage {
    case .memory: self.store = CacheStore(byteLimit: byteLimit)
    case .disk(let directory): self.store = DiskCacheStore(directory: directory, byteLimit: byteLimit)
    }
    self.coalescing = coalescing
    self.partitionName = partition
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
    try await intercept(request, next: next, detached: nil)
  }

  /// The rest of the chain is `next`; `detached`, when given, is the same chain as a
  /// closure that may outlive the call, for background revalidations.
  func intercept(
    _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse,
    detached: (@Sendable (HTTPRequest) async throws -> HTTPResponse)?
  ) async throws -> HTTPResponse {
    guard request.method == .get || request.method == .head else {
      let response = try await next(request)
      if !Self.safeMethods.contains(request.method), (200..<400).contains(response.statusCode) {
        invalidate(after: request, response)
      }
      return response
    }
    let directives = CacheControl(request.header("Cache-Control"))
    if directives.noStore || Self.isConditional(request) {
      return try await next(request)  // the caller handles it: no cache involved
    }
    let partition = CachePartition.key(of: request, naming: partitionName)
    let group = Self.group(request.url)

    var status = "fwd=uri-miss"
    var revalidating: (key: String, entry: CachedResponse)?
    var variants: VariantValidation?
    let candidates = store.entries(in: group)
    let best = Self.best(candidates, for: request, partition: partition)
    if let (key, entry) = best {
      switch decide(entry, directives) {
      case .fresh:
        if let served = served(entry, key: key, for: request, status: "hit") { return served }
      case .staleAccepted:
        if let served = served(entry, key: key, for: request, status: "hit; fwd=stale") { return served }
      case .staleWhileRevalidate:
        if let served = served(entry, key: key, for: request, status: "hit; fwd=stale") {
          if let detached, request.method == .get {
            revalidateInBackground(request, key: key, entry: entry, partition: partition, next: detached)
          }
          return served
        }
      case .validate(let reason):
        status = reason
        if request.method == .get, request.header("Range") == nil, !entry.validators.isEmpty {
          revalidating = (key, entry)
        }
      }
    } else if !candidates.isEmpty {
      status = "fwd=vary-miss"
      variants = validation(of: candidates, for: request, partition: partition)
    }
    if directives.onlyIfCached {
      return Self.marked(HTTPResponse(statusCode: 504), "\(status); detail=only-if-cached")
    }
    // The stored response that was not served: it may answer if the server fails.
    let fallback = best

    guard coalescing, request.body == nil, request.bodyFile == nil else {
      return try await fetch(
        request, revalidating: revalidating, variants: variants, fallback: fallback, partition: partition,
        status: status, next: next
      ).response
    }
    let id = Self.flightID(request, partition: partition)
    switch flights.join(id) {
    case .follower(let flight):
      guard let outcome = await flight.outcome() else { throw CancellationError() }
      // Requests of one flight differ at most in `Authorization`: the leader's
      // response answers a follower only if its `Vary` does not tell them apart.
      if case .shared(let entry) = outcome {
        if entry.matches(request, partition: partition) {
          return Self.marked(Self.answer(entry.response, for: request), "\(status); collapsed")
        }
        // Its `Vary` tells them apart. The leader's response, now stored, may still
        // be confirmed for this request by a 304, as the partition's others may.
        if best == nil, let stored = validation(of: store.entries(in: group), for: request, partition: partition) {
          variants = stored
          status = "fwd=vary-miss"
        }
      }
      return try await fetch(
        request, revalidating: revalidating, variants: variants, fallback: fallback, partition: partition,
        status: status, next: next
      ).response
    case .leader(let flight):
      do {
        let fetched = try await fetch(
          request, revalidating: revalidating, variants: variants, fallback: fallback, partition: partition,
          status: status, next: next)
        flights.finish(id, flight, fetched.stored.map { .shared($0) } ?? .notShared)
        return fetched.response
      } catch {
        flights.finish(id, flight, .notShared)
        throw error
      }
    }
  }

  /// Sends `request` (with the validators of `revalidating`, or else the entity tags
  /// of `variants`, if any), stores what may be stored, and returns the response for
  /// the caller and, when stored, the entry. When the server cannot be reached or
  /// answers with an error, `fallback`, the stored response the request matched, may
  /// answer instead (``answer(after:from:for:status:)``).
  func fetch(
    _ request: HTTPRequest, revalidating: (key: String, entry: CachedResponse)?, variants: VariantValidation? = nil,
    fallback: (key: String, entry: CachedResponse)? = nil, partition: String?, status: String,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> (response: HTTPResponse, stored: CachedResponse?) {
    let group = Self.group(request.url)
    let variants = revalidating == nil ? variants : nil
    var fallback = fallback
    var sent = request
    if let revalidating {
      sent.headers = HTTPHeaders.merging(request.headers, revalidating.entry.validators)
    } else if let variants {
      sent.headers = HTTPHeaders.merging(request.headers, ["If-None-Match": variants.ifNoneMatch])
    }
    var requestTime = clock.now
    var response: HTTPResponse
    do {
      response = try await next(sent)
    } catch {
      if let fallback, let answer = answer(after: .failure(error), from: fallback, for: request, status: status) {
        return (answer, nil)
      }
      throw error
    }
    var responseTime = clock.now

    if response.statusCode == 304 {
      if let revalidating {
        if revalidating.entry.isDescribed(by: response) {
          let updated = revalidating.entry.updated(
            with: response, requestTime: requestTime, responseTime: responseTime)
          store.store(updated, at: revalidating.key, in: group)
          return (Self.marked(updated.response, "\(status); fwd-status=304"), updated)
        }
        // The 304 names another representation (RFC 9111 §4.3.4): it updates nothing,
        // and the stored response is not the current one, nor an answer on error.
        store.remove(revalidating.key)
        fallback = nil
      } else if let variants {
        if let (_, source) = variants.selected(by: response) {
          // The stored response the 304 names is this request's: updated with the
          // 304's fields, and stored as this request's own (its `Vary` values).
          let updated = source.updated(with: response, requestTime: requestTime, responseTime: responseTime)
          if let own = storable(updated.response, for: request, partition: partition, requestTime, responseTime),
            store.store(own, at: Self.variantKey(own, group: group), in: group)
          {
            return (Self.marked(own.response, "\(status); fwd-status=304; stored"), own)
          }
          return (Self.marked(updated.response, "\(status); fwd-status=304"), nil)
        }
        // It names none of them (VariantValidation): nothing is confirmed.
      } else {
        throw Failure.notModifiedWithoutEntry(request)
      }
      // Ask again, without condition.
      requestTime = clock.now
      response = try await next(request)
      responseTime = clock.now
      if response.statusCode == 304 { throw Failure.notModifiedWithoutEntry(request) }
    }

    if let fallback, Self.serverErrorStatusCodes.contains(response.statusCode),
      let answer = answer(after: .success(response), from: fallback, for: request, status: status)
    {
      return (answer, nil)  // the error response is not stored: the stale one stays
    }

    if request.method == .head {
      if response.statusCode == 200 {
        freshen(
          from: response, for: request, partition: partition, requestTime: requestTime, responseTime: responseTime)
      }
      return (Self.marked(response, status), nil)
    }
    if let entry = storable(response, for: request, partition: partition, requestTime, responseTime) {
      if store.store(entry, at: Self.variantKey(entry, group: group), in: group) {
        return (Self.marked(response, "\(status); stored"), entry)
      }
    } else if CacheControl(response.header("Cache-Control")).noStore {
      for (key, entry) in store.entries(in: group) where entry.matches(request, partition: partition) {
        store.remove(key)
      }
    }
    return (Self.marked(response, status), nil)
  }

  /// What the store says about a stored response, for a request with `directives`.
  enum Decision: Equatable {
    /// Fresh enough: served as is.
    case fresh
    /// Stale, but the request's `max-stale` accepts it.
    case staleAccepted
    /// Stale, within its `stale-while-revalidate` window: served, and revalidated in
    /// the background.
    case staleWhileRevalidate
    /// Not to be served without a round trip; the `Cache-Status` reason.
    case validate(String)
  }

  /// How `entry` may answer a request with `directives` (RFC 9111 §4.2, §5.2.1).
  func decide(_ entry: CachedResponse, _ directives: CacheControl) -> Decision {
    let stored = entry.cacheControl
    let reason = directives.noCache || directives.maxAge == 0 ? "fwd=request" : "fwd=stale"
    guard !stored.noCache, !directives.noCache else { return .validate(reason) }
    let age = entry.currentAge(now: clock.now)
    let lifetime = entry.freshnessLifetime
    if let maxAge = directives.maxAge, age > .seconds(maxAge) { return .validate(reason) }
    let minFresh = Duration.seconds(directives.minFresh ?? 0)
    if age + minFresh < lifetime { return .fresh }
    guard !stored.mustRevalidate else { return .validate(reason) }
    let staleness = age - lifetime
    if let maxStale = directives.maxStale, maxStale == Int.max || staleness <= .seconds(maxStale) {
      return .staleAccepted
    }
    if directives.minFresh == nil, let window = stored.staleWhileRevalidate, staleness <= .seconds(window) {
      return .staleWhileRevalidate
    }
    return .validate(reason)
  }

  /// The statuses that are errors for `stale-if-error` (RFC 5861 §4).
  static let serverErrorStatusCodes: Set<Int> = [500, 502, 503, 504]

  /// Whether a stored response may be served stale after the server failed.
  enum StaleOnError: Equatable {
    /// It may: `Cache-Status` gets `detail=` this.
    case serve(detail: String)
    /// A directive forbids it (RFC 9111 §4.2.4).
    case forbidden
    /// Nothing forbids it, but nothing allows it either.
    case notAllowed
  }

  /// Whether `entry` may answer a request with `directives`, stale, after the server
  /// failed: without a response (`disconnected`) or with a `5xx`.
  ///
  /// RFC 9111 §4.2.4: never against `must-revalidate` (§5.2.2.2) or `no-cache`
  /// (§5.2.2.4) in the response, nor against a request's `no-cache`, `min-fresh`,
  /// `max-age` (without `max-stale`) or `max-stale` (§5.2.1). Then the response's or
  /// the request's `stale-if-error` (RFC 5861 §4) within its seconds of staleness,
  /// or, for a failure without a response, ``servesStaleWhenDisconnected``.
  func staleOnError(_ entry: CachedResponse, _ directives: CacheControl, disconnected: Bool) -> StaleOnError {
    let stored = entry.cacheControl
    guard !stored.noCache, !stored.mustRevalidate, !directives.noCache, directives.minFresh == nil else {
      return .forbidden
    }
    let age = entry.currentAge(now: clock.now)
    let staleness = age - entry.freshnessLifetime
    if let maxAge = directives.maxAge, age > .seconds(maxAge), directives.maxStale == nil { return .forbidden }
    if let maxStale = directives.maxStale, maxStale != Int.max, staleness > .seconds(maxStale) { return .forbidden }
    for window in [stored.staleIfError, directives.staleIfError].compactMap({ $0 })
    where window == Int.max || staleness <= .seconds(window) {
      return .serve(detail: "stale-if-error")
    }
    if disconnected, servesStaleWhenDisconnected { return .serve(detail: "stale-when-disconnected") }
    return .notAllowed
  }

  /// What answers `request` instead of `outcome`, a server's error response or a
  /// failure, from `fallback`, the stored response the request matched: `fallback`
  /// served stale when ``staleOnError(_:_:disconnected:)`` allows it; a `504` when it
  /// forbids it and the cache is disconnected with ``servesStaleWhenDisconnected``
  /// (RFC 9111 §5.2.2.2); otherwise `nil`, and `outcome` stands.
  func answer(
    after outcome: Result<HTTPResponse, any Error>, from fallback: (key: String, entry: CachedResponse),
    for request: HTTPRequest, status: String
  ) -> HTTPResponse? {
    var marks = status
    let disconnected: Bool
    switch outcome {
    case .success(let response):
      marks += "; fwd-status=\(response.statusCode)"
      disconnected = false
    case .failure(let error):
      guard Self.isDisconnection(error, for: request) else { return nil }
      disconnected = true
    }
    switch staleOnError(fallback.entry, CacheControl(request.header("Cache-Control")), disconnected: disconnected) {
    case .serve(let detail):
      return served(fallback.entry, key: fallback.key, for: request, status: "\(marks); detail=\(detail)")
    case .forbidden where disconnected && servesStaleWhenDisconnected:
      return Self.marked(HTTPResponse(statusCode: 504), "\(marks); detail=disconnected")
    case .forbidden, .notAllowed:
      return nil
    }
  }

  /// Whether `error`, thrown by the rest of the chain for `request`, says that the
  /// server could not be reached: it would fail the call as a transport failure or a
  /// timeout (``ServiceError/Kind``), not as a cancellation or another middleware's
  /// failure.
  static func isDisconnection(_ error: any Error, for request: HTTPRequest) -> Bool {
    let kind = Pipeline.failure(error, for: request).kind
    return kind == .transportFailure || kind == .timeout
  }

  /// `entry` as the answer to `request`, marked with `status`, and marked as used;
  /// `nil` when it cannot answer it (a range it cannot cut).
  func served(_ entry: CachedResponse, key: String, for request: HTTPRequest, status: String) -> HTTPResponse? {
    var response = entry.response
    if request.method == .get, let range = request.header("Range"), response.statusCode == 200 {
      guard let partial = ByteRange.partial(of: response, range: range) else { return nil }
      response = partial
    }
    store.markUsed(key)
    let age = entry.currentAge(now: clock.now)
    response.headers = HTTPHeaders.merging(response.headers, ["Age": "\(Int(age.seconds.rounded(.down)))"])
    return Self.marked(Self.answer(response, for: request), status)
  }

  /// The stored form of `response` to `request`, when it may be stored (RFC 9111 §3).
  func storable(
    _ response: HTTPResponse, for request: HTTPRequest, partition: String?, _ requestTime: Date, _ responseTime: Date
  ) -> CachedResponse? {
    let status = response.statusCode
    guard request.method == .get, status >= 200, status != 206, status != 304 else { return nil }
    let control = CacheControl(response.header("Cache-Control"))
    if control.mustUnderstand {
      guard Self.understoodStatusCodes.contains(status) else { return nil }
    } else if control.noStore {
      return nil
    }
    guard !CacheControl(request.header("Cache-Control")).noStore,
      let varying = CachedResponse.varyingHeaders(of: request, for: response)
    else { return nil }
    let entry = CachedResponse(
      response: HTTPResponse(
        statusCode: status, headers: CachedResponse.storedHeaders(of: response), body: response.body),
      requestTime: requestTime, responseTime: responseTime, varyingHeaders: varying, partition: partition)
    let cacheable =
      entry.hasExplicitExpiration || control.isPublic || control.isPrivate
      || CachedResponse.heuristicallyCacheable.contains(status)
    guard cacheable, entry.freshnessLifetime > .zero || !entry.validators.isEmpty else { return nil }
    return entry
  }

  /// Updates the stored `GET` responses that a `200` to `HEAD` describes (RFC 9111
  /// §4.3.5): same validators, same length.
  func freshen(
    from response: HTTPResponse, for request: HTTPRequest, partition: String?, requestTime: Date, responseTime: Date
  ) {
    let group = Self.group(request.url)
    for (key, entry) in store.entries(in: group) where entry.matches(request, partition: partition) {
      guard entry.isDescribed(by: response) else {
        store.remove(key)
        continue
      }
      if let length = response.header("Content-Length"), let stored = entry.response.header("Content-Length"),
        length != stored
      {
        store.remove(key)
        continue
      }
      store.store(
        entry.updated(with: response, requestTime: requestTime, responseTime: responseTime), at: key, in: group)
    }
  }

  /// Revalidates `entry` after it has been served stale (`stale-while-revalidate`),
  /// once at a time per stored response, within `request`'s timeout.
  func revalidateInBackground(
    _ request: HTTPRequest, key: String, entry: CachedResponse, partition: String?,
    next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) {
    let cache = self
    background.start(key, timeout: request.timeout) {
      let revalidating = entry.validators.isEmpty ? nil : (key: key, entry: entry)
      _ = try await cache.fetch(
        request, revalidating: revalidating, partition: partition, status: "fwd=stale", next: next)
    }
  }

  /// Removes the stored responses of `request`'s URL, and of the same-origin URLs its
  /// successful `response` names in `Location` and `Content-Location` (RFC 9111 §4.4).
  func invalidate(after request: HTTPRequest, _ response: HTTPResponse) {
    store.removeGroup(Self.group(request.url))
    for field in ["Location", "Content-Location"] {
      guard let value = response.header(field), let url = URL(string: value, relativeTo: request.url)?.absoluteURL,
        url.scheme == request.url.scheme, url.host == request.url.host, url.port == request.url.port
      else { continue }
      store.removeGroup(Self.group(url))
    }
  }

  /// The stored responses among `candidates` (of `request`'s URL, none of which
  /// matches it) whose entity tags a `GET` may send (``VariantValidation``).
  func validation(
    of candidates: [(key: String, entry: CachedResponse)], for request: HTTPRequest, partition: String?
  ) -> VariantValidation? {
    guard request.method == .get, request.header("Range") == nil else { return nil }
    return VariantValidation(candidates, partition: partition)
  }

  /// The stored response that best answers `request`: one of its partition whose
  /// `Vary` fields match, the most recent if several do.
  static func best(
    _ candidates: [(key: String, entry: CachedResponse)], for request: HTTPRequest, partition: String?
  ) -> (key: String, entry: CachedResponse)? {
    candidates.filter { $0.entry.matches(request, partition: partition) }
      .max { $0.entry.responseTime < $1.entry.responseTime }
  }

  /// Whether the caller made `request` conditional itself: then its answer is the
  /// caller's to handle.
  static func isConditional(_ request: HTTPRequest) -> Bool {
    ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"].contains {
      request.header($0) != nil
    }
  }

  /// The group of a URL's stored responses. `HEAD` is answered from the `GET` ones.
  static func group(_ url: URL) -> String {
    "GET \(url.absoluteString)"
  }

  /// The key of a stored response within its group: its partition and `Vary` values.
  static func variantKey(_ entry: CachedResponse, group: String) -> String {
    var key = group + "\n" + (entry.partition ?? "-")
    for (name, value) in entry.varyingHeaders.sorted(by: { $0.key < $1.key }) {
      key += "\n" + name + (value.map { ": " + $0 } ?? " (absent)")
    }
    return key
  }

  /// What identical requests have in common: method, URL, partition and every
  /// header field but `Authorization` (which the default partition stands for).
  static func flightID(_ request: HTTPRequest, partition: String?) -> String {
    var id = "\(request.method) \(request.url.absoluteString)\n\(partition ?? "-")"
    for (name, value) in request.headers.map({ ($0.key.lowercased(), $0.value) }).sorted(by: { $0 < $1 })
    where name != "authorization" {
      id += "\n\(name): \(value)"
    }
    return id
  }

  /// `response` as the answer to `request`: without a body for `HEAD`.
  static func answer(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard request.method == .head else { return response }
    var head = response
    head.body = Data()
    return head
  }

  /// `response` with `Cache-Status: Argonaut; <status>`.
  static func marked(_ response: HTTPResponse, _ status: String) -> HTTPResponse {
    var response = response
    response.headers = HTTPHeaders.merging(response.headers, [statusHeader: "\(name); \(status)"])
    return response
  }

  /// How many requests wait for another identical one's response now (for tests).
  var coalescedWaiterCount: Int { flights.waiterCount }

  /// Waits until the background revalidations started so far have ended (for tests).
  func backgroundRevalidationsFinished() async {
    await background.finished()
  }
}

extension CacheMiddleware.Failure: MiddlewareFailure {}

extension HTTPResponse {
  /// Whether a ``CacheMiddleware`` served this response from its store, without a
  /// request (`Cache-Status: Argonaut; hit`), after a `304 Not Modified`
  /// confirmed the stored one, or stale after the server failed
  /// (`detail=stale-if-error`, `detail=stale-when-disconnected`).
  public var isFromCache: Bool {
    guard let status = header(CacheMiddleware.statusHeader), status.hasPrefix(CacheMiddleware.name + ";") else {
      return false
    }
    return status.contains("; hit") || status.contains("fwd-status=304") || status.contains("; detail=stale-")
  }
}
