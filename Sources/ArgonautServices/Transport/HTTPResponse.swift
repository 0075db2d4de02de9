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
  /// The body; empty when there was none.
  public var body: Data

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
