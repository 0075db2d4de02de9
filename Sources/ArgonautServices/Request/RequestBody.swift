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
  /// The file whose content is the body, streamed as it is sent; ``data`` is then
  /// empty. See ``file(_:contentType:)``.
  public internal(set) var fileURL: URL? = nil
  /// Why this body cannot be sent, such as a multipart part that contains its
  /// boundary: the request then fails as an invalid request.
  var problem: String? = nil

  /// A JSON body, serialized compactly, sent as `application/json`.
  public static func json(_ json: JSON) -> RequestBody {
    RequestBody(data: Data(JSONSerializer.compact.bytes(from: json)), contentType: "application/json", json: json)
  }

  /// Raw bytes with the given content type.
  public static func data(_ data: Data, contentType: String) -> RequestBody {
    RequestBody(data: data, contentType: contentType, json: nil)
  }

  /// The content of the file at `url`, streamed from the disk as it is sent, so that
  /// a large upload never sits whole in memory.
  ///
  /// ```swift
  /// Request(.put, "/videos/42", body: .file(movieURL, contentType: "video/mp4"))
  /// ```
  ///
  /// The request's `Content-Length` is the file's size when the request is built; a
  /// file that cannot be read then fails the call with an
  /// ``ServiceError/Kind/invalidRequest`` error.
  public static func file(_ url: URL, contentType: String = "application/octet-stream") -> RequestBody {
    RequestBody(data: Data(), contentType: contentType, json: nil, fileURL: url)
  }

  /// An `application/x-www-form-urlencoded` body: `name=value` pairs joined with `&`,
  /// in order, each name and value percent-encoded as a query's are (a space as `%20`).
  ///
  /// ```swift
  /// Request(.post, "/Messages.json", body: .form([QueryItem("To", "+15558675310"), QueryItem("Body", "Hi")]))
  /// // To=%2B15558675310&Body=Hi
  /// ```
  ///
  /// A field whose value is `nil` is written as its name alone.
  public static func form(_ fields: [QueryItem]) -> RequestBody {
    let text = fields.map(\.description).joined(separator: "&")
    return RequestBody(data: Data(text.utf8), contentType: "application/x-www-form-urlencoded", json: nil)
  }

  /// UTF-8 text, sent as `text/plain; charset=utf-8` unless you say otherwise.
  public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
    RequestBody(data: Data(text.utf8), contentType: contentType, json: nil)
  }
}
