import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a redirect may carry: credentials stay with the origin they were meant for.
///
/// On a redirect to another origin (another scheme, host or port), the new request
/// loses `Authorization`, `Proxy-Authorization` and `Cookie`, and every header field
/// whose name is secret for the request's ``Redactor`` (such as `X-Api-Key`, or a
/// name in ``ServiceConfiguration/secretNames``). Browsers, curl and Go's net/http
/// do the same. A redirect within the origin keeps every header field.
enum RedirectPolicy {
  /// The header fields that always carry credentials.
  static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

  /// `proposed`, the request that a redirect from `from` leads to, without the
  /// credentials of `original` when it goes to another origin; `nil` (the redirect is
  /// not followed, and its 3xx is the response) when `original` sends a file body that
  /// the redirect would send again (a 307 or 308): FoundationNetworking would send the
  /// new request without the body but with its `Content-Length`, and leave the server
  /// waiting for it.
  static func redirected(_ proposed: URLRequest, from: URL?, original: HTTPRequest) -> URLRequest? {
    if original.bodyFile != nil, let method = proposed.httpMethod?.uppercased(), method != "GET", method != "HEAD" {
      return nil
    }
    guard let target = proposed.url, let from, !isSameOrigin(from, target) else { return proposed }
    var request = proposed
    let redactor = Redactor(original)
    for name in (proposed.allHTTPHeaderFields ?? [:]).keys
    where credentialHeaders.contains(name.lowercased()) || redactor.isSecretName(name) {
      request.setValue(nil, forHTTPHeaderField: name)
    }
    return request
  }

  /// Whether `a` and `b` have the same origin: scheme, host and port, with the
  /// scheme's default port when none is written.
  static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
    origin(a) == origin(b)
  }

  private static func origin(_ url: URL) -> String {
    let scheme = (url.scheme ?? "").lowercased()
    let host = (url.host ?? "").lowercased()
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(host):\(port)"
  }
}
