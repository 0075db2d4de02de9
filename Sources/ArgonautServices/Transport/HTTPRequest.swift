import Argonaut
import Foundation

/// A request ready for a transport: the absolute URL built, the headers merged, the
/// body serialized.
///
/// Services build these from a ``Request`` and its ``ServiceEnvironment``; a
/// transport receives them, and ``InMemoryTransport`` records them for tests.
///
/// ```swift
/// let sent = transport.recordedRequests[0]
/// #expect(sent.method == .post)
/// #expect(sent.path == "/login")
/// #expect(sent.bodyJSON?["userName"] == "ada")
/// ```
public struct HTTPRequest: Hashable, Sendable {
  /// The HTTP method.
  public var method: HTTPMethod
  /// The absolute URL, percent-encoded.
  public var url: URL
  /// The header fields.
  public var headers: [String: String]
  /// The body, if any.
  public var body: Data?
  /// A file whose content is the body, streamed as it is sent (``body`` is then
  /// `nil`); see ``RequestBody/file(_:contentType:)``. A transport that does not
  /// stream can read it whole.
  public var bodyFile: URL?
  /// How long the exchange may take. The service enforces it; a transport may also
  /// pass it on, rounded up.
  public var timeout: Duration
  /// The largest response body accepted, in bytes. A transport stops reading past
  /// it where it can (``URLSessionTransport`` does, and refuses a larger
  /// `Content-Length` at once); the service fails with
  /// ``ServiceError/Kind/responseTooLarge`` either way.
  public var maximumResponseSize: Int
  /// Names, besides the built-in ones, of the header fields, query parameters,
  /// path parameters and JSON keys whose values are secret (see ``Redactor``).
  public var secretNames: Set<String>
  /// The names of the path parameters and their values, as filled in the URL: a
  /// parameter whose name looks secret has its value redacted wherever it appears.
  public var pathParameters: [String: String]

  /// The default ``maximumResponseSize``: 64 MiB.
  public static let defaultMaximumResponseSize = 64 << 20

  /// Creates a request.
  public init(
    method: HTTPMethod, url: URL, headers: [String: String] = [:], body: Data? = nil,
    timeout: Duration = .seconds(60), maximumResponseSize: Int = HTTPRequest.defaultMaximumResponseSize,
    secretNames: Set<String> = [], pathParameters: [String: String] = [:], bodyFile: URL? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
    self.secretNames = secretNames
    self.pathParameters = pathParameters
    self.bodyFile = bodyFile
  }

  /// The value of the header field `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    HTTPHeaders.value(of: name, in: headers)
  }

  /// The URL's path, still percent-encoded, such as `/users/ada%20lovelace`.
  public var path: String {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
  }

  /// The URL's path, split into segments and decoded: `/users/a%2Fb` gives `["users", "a/b"]`.
  public var pathSegments: [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
      String(segment).removingPercentEncoding ?? String(segment)
    }
  }

  /// The query items, decoded, in order.
  public var queryItems: [QueryItem] {
    (URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? []).map { item in
      QueryItem(
        item.name.removingPercentEncoding ?? item.name, item.value.map { $0.removingPercentEncoding ?? $0 })
    }
  }

  /// The body parsed as JSON, or `nil` when there is no body or it is not JSON.
  public var bodyJSON: JSON? {
    guard let body else { return nil }
    return try? JSON(parsing: body)
  }
}

extension HTTPRequest: CustomStringConvertible {
  /// The method and URL, with secret-looking query values redacted.
  public var description: String { "\(method) \(Redactor(self).url(url))" }
}

extension HTTPRequest: CustomDebugStringConvertible {
  /// The method, URL, headers and body, with everything secret-looking redacted.
  public var debugDescription: String {
    let redactor = Redactor(self)
    var lines = [description]
    lines += redactor.headerLines(headers)
    if let body {
      lines.append("")
      lines.append(redactor.bodyExcerpt(body, contentType: header("Content-Type"), limit: 1024))
    } else if let bodyFile {
      lines.append("")
      lines.append("(the content of \(bodyFile.path))")
    }
    return lines.joined(separator: "\n")
  }
}
