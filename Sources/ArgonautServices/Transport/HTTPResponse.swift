import Argonaut
import Foundation

/// What a transport got back: the status, the header fields and the body.
///
/// ```swift
/// let response = HTTPResponse(statusCode: 401, headers: ["Content-Type": "application/json"],
///                             body: Data(#"{"error": "invalid credentials"}"#.utf8))
/// ```
public struct HTTPResponse: Hashable, Sendable {
  /// The HTTP status code, such as 200 or 404.
  public var statusCode: Int
  /// The header fields.
  public var headers: [String: String]
  /// The body; empty when there was none, and for the head of a stream (see
  /// ``isStreamed``).
  public var body: Data
  /// The body still arriving, for the head of a stream: ``Service/events(_:)``,
  /// ``Service/bytes(_:)`` and the like send their requests through the middleware,
  /// which sees the response as soon as its head arrives.
  var bodyStream: BodyStream?

  /// Creates a response.
  public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
  }

  /// The value of the header field `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    HTTPHeaders.value(of: name, in: headers)
  }

  /// Whether this is the head of a stream: its body is still arriving, and goes to
  /// the loop that reads the stream, not to ``body``, which stays empty.
  ///
  /// A middleware sees such a response for the requests of ``Service/events(_:)``,
  /// ``Service/lines(_:)``, ``Service/bytes(_:)`` and
  /// ``Service/download(_:to:progress:)``. Keep it as it is (changing its status or
  /// headers is fine) and do not store it: its body cannot be read twice.
  public var isStreamed: Bool { bodyStream != nil }

  /// The `Content-Type` header, such as `application/json; charset=utf-8`.
  public var contentType: String? { header("Content-Type") }

  /// The body parsed as JSON.
  /// - Throws: A `JSONParseError` that says where the body stops being JSON.
  public func json() throws(JSONParseError) -> JSON {
    try JSON(parsing: body)
  }
}

extension HTTPResponse: CustomStringConvertible {
  /// The status, the content type and the start of the body, with secret-looking
  /// JSON fields redacted.
  public var description: String {
    var text = "\(statusCode)"
    if let contentType { text += " (\(contentType))" }
    if !body.isEmpty { text += ": " + Redaction.bodyExcerpt(body, contentType: contentType) }
    return text
  }
}

/// Case-insensitive lookup in a dictionary of header fields.
enum HTTPHeaders {
  static func value(of name: String, in headers: [String: String]) -> String? {
    if let exact = headers[name] { return exact }
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }

  /// `base` with the fields of `overrides` added, replacing any of the same name in
  /// any letter case.
  static func merging(_ base: [String: String], _ overrides: [String: String]) -> [String: String] {
    var merged = base
    for (name, value) in overrides {
      let lowered = name.lowercased()
      for key in merged.keys where key.lowercased() == lowered { merged[key] = nil }
      merged[name] = value
    }
    return merged
  }
}
