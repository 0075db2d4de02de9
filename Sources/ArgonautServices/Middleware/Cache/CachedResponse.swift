import Foundation

/// A stored response, with what freshness needs (RFC 9111 §4.2): when it was
/// requested and received, the request header fields its `Vary` names, and the
/// partition it belongs to.
struct CachedResponse: Sendable, Hashable {
  /// The response as stored: without this cache's `Cache-Status`, and without the
  /// fields that must not be stored (``storedHeaders(of:)``).
  var response: HTTPResponse
  /// When the request that fetched (or last revalidated) it was sent.
  var requestTime: Date
  /// When that response arrived.
  var responseTime: Date
  /// The values of the request header fields that `Vary` names, by lowercased name:
  /// `nil` for a field the request did not have, which an empty value does not match.
  /// Credentials are kept as digests (``digestedFields``).
  var varyingHeaders: [String: String?]
  /// The key of the partition it was fetched in (``CachePartition``): by default a
  /// digest of the request's `Authorization`, or `nil` without one. A stored response
  /// answers only requests of the same partition.
  var partition: String?

  /// The response's `Cache-Control` directives.
  var cacheControl: CacheControl { CacheControl(response.header("Cache-Control")) }

  /// Roughly how many bytes the entry holds: its body and header fields.
  var byteCount: Int {
    response.body.count + response.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
      + varyingHeaders.reduce(0) { $0 + $1.key.utf8.count + ($1.value?.utf8.count ?? 0) } + 128
  }

  /// The `Date` header, or the time the response arrived.
  private var date: Date {
    response.header("Date").flatMap { HTTPDate.parse($0) } ?? responseTime
  }

  /// The longest heuristic freshness lifetime: a day.
  static let heuristicCap = Duration.seconds(86_400)

  /// The status codes that are cacheable by default, so that a heuristic lifetime
  /// may apply (RFC 9110 §15.1).
  static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

  /// Whether the response says explicitly how long it is fresh: `max-age` or
  /// `Expires` (even an invalid one, which means already expired).
  var hasExplicitExpiration: Bool {
    cacheControl.maxAge != nil || response.header("Expires") != nil
  }

  /// How long the response is fresh from its `Date` (RFC 9111 §4.2.1): `max-age`,
  /// else `Expires` minus `Date` (an invalid `Expires`, such as `0`, means already
  /// stale), else a heuristic lifetime (§4.2.2): a tenth of the time since
  /// `Last-Modified`, at most a day, for a status that is cacheable by default or a
  /// response marked `public` or `private`; else zero.
  var freshnessLifetime: Duration {
    let control = cacheControl
    if let maxAge = control.maxAge { return .seconds(min(maxAge, Int(Int32.max))) }
    if let expires = response.header("Expires") {
      guard let expiry = HTTPDate.parse(expires) else { return .zero }
      return max(.zero, expiry.duration(since: date))
    }
    guard Self.heuristicallyCacheable.contains(response.statusCode) || control.isPublic || control.isPrivate,
      let lastModified = response.header("Last-Modified").flatMap({ HTTPDate.parse($0) })
    else { return .zero }
    let sinceModified = date.duration(since: lastModified)
    return min(Self.heuristicCap, max(.zero, sinceModified / 10))
  }

  /// The response's current age (RFC 9111 §4.2.3): its `Age` when it arrived,
  /// corrected for the time in transit, plus the time it has been stored.
  func currentAge(now: Date) -> Duration {
    let ageValue = Self.ageValue(response.header("Age")) ?? 0
    let apparentAge = max(.zero, responseTime.duration(since: date))
    let responseDelay = max(.zero, responseTime.duration(since: requestTime))
    let correctedAgeValue = Duration.seconds(ageValue) + responseDelay
    let correctedInitialAge = max(apparentAge, correctedAgeValue)
    let residentTime = max(.zero, now.duration(since: responseTime))
    return correctedInitialAge + residentTime
  }

  /// Whether `request`, of `partition`, may be answered with this response: the same
  /// partition, and its `Vary` header fields have the values stored.
  func matches(_ request: HTTPRequest, partition: String?) -> Bool {
    self.partition == partition && varyingHeaders == Self.varyingHeaders(of: request, for: response)
  }

  /// The header fields of `request` that `response`'s `Vary` names (absent ones as
  /// `nil`), or `nil` for `Vary: *`, which no later request matches. Values are
  /// compared with the whitespace around their commas removed; those of the
  /// ``digestedFields`` as their SHA-256.
  static func varyingHeaders(of request: HTTPRequest, for response: HTTPResponse) -> [String: String?]? {
    guard let vary = response.header("Vary") else { return [:] }
    var values: [String: String?] = [:]
    for name in vary.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
    where !name.isEmpty {
      if name == "*" { return nil }
      values[name] = .some(
        request.header(name).map { value in
          let text = normalized(value)
          return digestedFields.contains(name) ? CredentialDigest.hex(CredentialDigest.sha256(Array(text.utf8))) : text
        })
    }
    return values
  }

  /// The request fields that a `Vary` may name but whose values are kept as their
  /// SHA-256, never as such: the credentials, so that `Vary: Authorization, Cookie`
  /// puts no token or cookie in the store (or on disk).
  static let digestedFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

  /// A field value with the whitespace around its list commas removed.
  private static func normalized(_ value: String) -> String {
    value.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
  }

  /// The `Age` value (RFC 9111 §5.1): the first member of a list, as a non-negative
  /// integer of seconds, at most 2^31; `nil` when that member is not one (`abc`,
  /// `-1`, `1.5`), so that the field is ignored. `7200, 0` is 7200.
  static func ageValue(_ text: String?) -> Int? {
    guard let text else { return nil }
    let first = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let trimmed = first.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return min(Int(trimmed) ?? Int(Int32.max) + 1, Int(Int32.max) + 1)
  }

  /// The validators for a conditional request: `If-None-Match` from `ETag`, and
  /// `If-Modified-Since` from `Last-Modified`. Empty when the response has neither.
  var validators: [String: String] {
    var headers: [String: String] = [:]
    if let etag = response.header("ETag") { headers["If-None-Match"] = etag }
    if let lastModified = response.header("Last-Modified") { headers["If-Modified-Since"] = lastModified }
    return headers
  }

  /// Whether a `304 Not Modified` (or a `200` to `HEAD`) describes this stored
  /// response (RFC 9111 §4.3.4): a validator it carries must be the stored one. A
  /// strong `ETag` must equal the stored `ETag` exactly, a weak one match it weakly;
  /// without an `ETag`, a `Last-Modified` must equal the stored one.
  func isDescribed(by update: HTTPResponse) -> Bool {
    if let etag = update.header("ETag") {
      guard let stored = response.header("ETag") else { return false }
      if !etag.hasPrefix("W/") && !stored.hasPrefix("W/") { return etag == stored }
      return Self.opaque(etag) == Self.opaque(stored)
    }
    if let lastModified = update.header("Last-Modified"), let stored = response.header("Last-Modified") {
      return lastModified == stored
    }
    return true
  }

  private static func opaque(_ etag: String) -> Substring {
    etag.hasPrefix("W/") ? etag.dropFirst(2) : Substring(etag)
  }

  /// This entry after a `304 Not Modified` or a `200` to `HEAD`: its header fields
  /// replace the stored ones (RFC 9111 §3.2), except those that describe the stored
  /// body and those that are never stored.
  func updated(with update: HTTPResponse, requestTime: Date, responseTime: Date) -> CachedResponse {
    var updated = self
    let kept: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range"]
    let fresh = Self.storedHeaders(of: update).filter { !kept.contains($0.key.lowercased()) }
    updated.response.headers = HTTPHeaders.merging(response.headers, fresh)
    updated.requestTime = requestTime
    updated.responseTime = responseTime
    return updated
  }

  /// The fields that are never stored: the hop-by-hop ones (RFC 9110 §7.6.1) and
  /// this cache's own `Cache-Status`. `Set-Cookie` is not among them: RFC 9111 §3.1
  /// lets a cache store it, and a replayed response carries it like any other field.
  static let unstoredFields: Set<String> = [
    "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade", "trailer",
    "proxy-authenticate", "proxy-authentication-info", "proxy-authorization", "cache-status",
  ]

  /// `response`'s header fields without those that must not be stored: the
  /// ``unstoredFields``, those that its `Connection` lists, and those that its
  /// `no-cache="…"` lists (RFC 9111 §3.1, §5.2.2.4).
  static func storedHeaders(of response: HTTPResponse) -> [String: String] {
    var dropped = unstoredFields
    if let connection = response.header("Connection") {
      for name in connection.split(separator: ",") {
        dropped.insert(name.trimmingCharacters(in: .whitespaces).lowercased())
      }
    }
    dropped.formUnion(CacheControl(response.header("Cache-Control")).noCacheFields)
    return response.headers.filter { !dropped.contains($0.key.lowercased()) }
  }
}
