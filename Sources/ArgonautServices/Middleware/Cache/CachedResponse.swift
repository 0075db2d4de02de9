import Foundation

/// A stored response, with what freshness needs (RFC 9111 §4.2): when it was
/// requested and received, and the request header fields its `Vary` names.
struct CachedResponse: Sendable {
  /// The response as received, without this cache's `Cache-Status`.
  var response: HTTPResponse
  /// When the request that fetched (or last revalidated) it was sent.
  var requestTime: Date
  /// When that response arrived.
  var responseTime: Date
  /// The values of the request header fields that `Vary` names, by lowercased name.
  var varyingHeaders: [String: String]

  /// The response's `Cache-Control` directives.
  var cacheControl: CacheControl { CacheControl(response.header("Cache-Control")) }

  /// Roughly how many bytes the entry holds: its body and header fields.
  var byteCount: Int {
    response.body.count + response.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
      + varyingHeaders.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } + 128
  }

  /// The `Date` header, or the time the response arrived.
  private var date: Date {
    response.header("Date").flatMap(HTTPDate.parse) ?? responseTime
  }

  /// How long the response is fresh from its `Date`: `max-age`, else `Expires`
  /// minus `Date` (an invalid `Expires`, such as `0`, means already stale), else
  /// zero: this cache does not guess a heuristic lifetime.
  var freshnessLifetime: Duration {
    if let maxAge = cacheControl.maxAge { return .seconds(min(maxAge, Int(Int32.max))) }
    if let expires = response.header("Expires") {
      guard let expiry = HTTPDate.parse(expires) else { return .zero }
      return max(.zero, expiry.duration(since: date))
    }
    return .zero
  }

  /// The response's current age (RFC 9111 §4.2.3): its `Age` when it arrived,
  /// corrected for the time in transit, plus the time it has been stored.
  func currentAge(now: Date) -> Duration {
    let ageValue = Self.seconds(response.header("Age")) ?? 0
    let apparentAge = max(.zero, responseTime.duration(since: date))
    let responseDelay = max(.zero, responseTime.duration(since: requestTime))
    let correctedAgeValue = Duration.seconds(ageValue) + responseDelay
    let correctedInitialAge = max(apparentAge, correctedAgeValue)
    let residentTime = max(.zero, now.duration(since: responseTime))
    return correctedInitialAge + residentTime
  }

  /// Whether `request` may be answered with this response: its `Vary` header fields
  /// have the values stored.
  func matches(_ request: HTTPRequest) -> Bool {
    varyingHeaders == Self.varyingHeaders(of: request, for: response)
  }

  /// The header fields of `request` that `response`'s `Vary` names, or `nil` for
  /// `Vary: *`, which no later request matches.
  static func varyingHeaders(of request: HTTPRequest, for response: HTTPResponse) -> [String: String]? {
    guard let vary = response.header("Vary") else { return [:] }
    var values: [String: String] = [:]
    for name in vary.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
    where !name.isEmpty {
      if name == "*" { return nil }
      values[name] = request.header(name) ?? ""
    }
    return values
  }

  /// A non-negative integer number of seconds, or `nil`.
  static func seconds(_ text: String?) -> Int? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
      text.utf8.allSatisfy({ (48...57).contains($0) })
    else { return nil }
    return min(Int(text) ?? Int(Int32.max), Int(Int32.max))
  }

  /// The validators for a conditional request: `If-None-Match` from `ETag`, and
  /// `If-Modified-Since` from `Last-Modified`. Empty when the response has neither.
  var validators: [String: String] {
    var headers: [String: String] = [:]
    if let etag = response.header("ETag") { headers["If-None-Match"] = etag }
    if let lastModified = response.header("Last-Modified") { headers["If-Modified-Since"] = lastModified }
    return headers
  }

  /// This entry after a `304 Not Modified`: the 304's header fields replace the
  /// stored ones (RFC 9111 §3.2), except those that describe the stored body.
  func updated(with notModified: HTTPResponse, requestTime: Date, responseTime: Date) -> CachedResponse {
    var updated = self
    let kept: Set<String> = [
      "content-length", "content-encoding", "content-type", "transfer-encoding", "content-range",
    ]
    let fresh = notModified.headers.filter { !kept.contains($0.key.lowercased()) }
    updated.response.headers = HTTPHeaders.merging(response.headers, fresh)
    updated.requestTime = requestTime
    updated.responseTime = responseTime
    return updated
  }
}
