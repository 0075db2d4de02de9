import Argonaut
import Foundation

/// A file sent as one part of a `multipart/form-data` body: its bytes, and the file
/// name and media type the server sees.
///
/// ```swift
/// let photo = MultipartFile(data: jpegBytes, filename: "sunset.jpg", contentType: "image/jpeg")
/// var form = MultipartFormData()
/// form.append("photo", file: photo)
/// ```
///
/// Code that `argonaut-generate openapi` writes types a `format: binary` (OpenAPI 3.0)
/// or `contentMediaType` (3.1) property of a multipart body as `MultipartFile`.
public struct MultipartFile: Hashable, Sendable {
  /// The file's bytes.
  public var data: Data
  /// The file name the server sees; `nil` sends the part's name.
  public var filename: String?
  /// The file's media type; `nil` sends `application/octet-stream`.
  public var contentType: String?

  /// A file with `data` as its content.
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - filename: The file name the server sees; `nil` sends the part's name.
  ///   - contentType: The file's media type; `nil` sends `application/octet-stream`.
  public init(data: Data, filename: String? = nil, contentType: String? = nil) {
    self.data = data
    self.filename = filename
    self.contentType = contentType
  }
}

extension MultipartFormData {
  /// Adds a file part.
  ///
  /// ```swift
  /// form.append("file", file: MultipartFile(data: bytes, filename: "notes.txt", contentType: "text/plain"))
  /// ```
  ///
  /// A file without a file name is sent with the part's name as its file name, so a
  /// server always sees a file, and one without a media type as
  /// `application/octet-stream`.
  /// - Parameters:
  ///   - name: The field's name.
  ///   - file: The file.
  public mutating func append(_ name: String, file: MultipartFile) {
    append(
      name, data: file.data, filename: file.filename ?? name,
      contentType: file.contentType ?? "application/octet-stream")
  }

  /// Adds a JSON part: `value` serialized compactly, sent as `application/json`.
  ///
  /// ```swift
  /// form.append("metadata", json: ["album": "Holidays"])
  /// ```
  /// - Parameters:
  ///   - name: The field's name.
  ///   - value: The part's content.
  public mutating func append(_ name: String, json value: JSON) {
    appendPart(
      disposition: "form-data; name=\"\(Self.escaped(name))\"", contentType: "application/json",
      body: Data(JSONSerializer.compact.bytes(from: value)))
  }
}
