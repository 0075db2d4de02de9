import Foundation

/// Where a service's requests go: a base URL for request paths, and header fields
/// sent with every request.
///
/// ```swift
/// extension ServiceEnvironment {
///   static let production = ServiceEnvironment(name: "production", baseURL: URL(string: "https://api.example.com")!)
/// }
/// let local = ServiceEnvironment.local(port: 8080)   // http://127.0.0.1:8080
/// ```
///
/// A request path is appended to the base URL as written: with the base
/// `https://api.example.com/v2`, the path `/users` goes to
/// `https://api.example.com/v2/users`. Absolute request URLs ignore the base URL.
public struct ServiceEnvironment: Hashable, Sendable, CustomStringConvertible {
  /// A name for messages and logs, such as `production`.
  public var name: String
  /// The URL that request paths are relative to; `nil` allows absolute URLs only.
  public var baseURL: URL?
  /// Header fields sent with every request; a request's own fields override them.
  public var headers: [String: String]

  /// Creates an environment.
  /// - Parameters:
  ///   - name: A name for messages and logs.
  ///   - baseURL: The URL that request paths are relative to.
  ///   - headers: Header fields sent with every request.
  public init(name: String, baseURL: URL?, headers: [String: String] = [:]) {
    self.name = name
    self.baseURL = baseURL
    self.headers = headers
  }

  /// No base URL: only requests with absolute URLs can be sent. The default.
  public static let absoluteURLsOnly = ServiceEnvironment(name: "absolute URLs only", baseURL: nil)

  /// A server on this machine, at `http://127.0.0.1:port`.
  public static func local(port: Int, headers: [String: String] = [:]) -> ServiceEnvironment {
    ServiceEnvironment(name: "local:\(port)", baseURL: URL(string: "http://127.0.0.1:\(port)"), headers: headers)
  }

  /// The name and the base URL, such as `local:8080 (http://127.0.0.1:8080)`.
  public var description: String {
    "\(name) (\(baseURL.map { Redaction.url($0.absoluteString) } ?? "no base URL"))"
  }
}
