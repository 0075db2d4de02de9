import Argonaut
import Foundation

/// The body of a request: bytes and their content type.
///
/// ```swift
/// let body: RequestBody = .json(["userName": "ada", "password": "lovelace"])
/// let form: RequestBody = .data(Data("a=1".utf8), contentType: "application/x-www-form-urlencoded")
/// ```
///
/// A JSON body remembers its value, so that the descriptions of requests and errors
/// can print it with secret-looking fields redacted.
public struct RequestBody: Hashable, Sendable {
  /// The bytes sent.
  public let data: Data
  /// The value of the `Content-Type` header.
  public let contentType: String
  /// The JSON value, when the body was built from one.
  public let json: JSON?

  /// A JSON body, serialized compactly, sent as `application/json`.
  public static func json(_ json: JSON) -> RequestBody {
    RequestBody(data: Data(JSONSerializer.compact.bytes(from: json)), contentType: "application/json", json: json)
  }

  /// Raw bytes with the given content type.
  public static func data(_ data: Data, contentType: String) -> RequestBody {
    RequestBody(data: data, contentType: contentType, json: nil)
  }

  /// UTF-8 text, sent as `text/plain; charset=utf-8` unless you say otherwise.
  public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
    RequestBody(data: Data(text.utf8), contentType: contentType, json: nil)
  }
}
