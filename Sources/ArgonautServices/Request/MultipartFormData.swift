import Foundation

/// A `multipart/form-data` body: text fields and files, as a browser's form sends them.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("title", "Sunset")
/// form.append("photo", data: jpegBytes, filename: "sunset.jpg", contentType: "image/jpeg")
/// try form.append("notes", fileAt: notesURL)                 // read now, type from the extension
/// let request = Request(.post, "/photos", body: .multipart(form))
/// ```
///
/// Each part is written as `--boundary`, its `Content-Disposition` (and, for a file,
/// `Content-Type`) header, a blank line and its bytes, with CRLF line ends; the body
/// ends with `--boundary--`. In names and file names, `"` is written `%22`, and CR
/// and LF `%0D` and `%0A`, as browsers do (HTML's form encoding), so a name can never
/// break out of its header.
public struct MultipartFormData: Hashable, Sendable {
  /// The boundary between parts: random unless given.
  public let boundary: String
  /// The body's bytes so far, without the closing boundary.
  private var parts = Data()

  /// An empty form.
  /// - Parameter boundary: The boundary; by default `argonaut-` and a random UUID,
  ///   which no part's bytes will contain. A boundary you choose must not occur in
  ///   any part, and must be 1 to 70 characters of letters, digits and `'()+_,-./:=?`.
  public init(boundary: String = "argonaut-\(UUID().uuidString)") {
    self.boundary = boundary
  }

  /// The `Content-Type` header: `multipart/form-data; boundary=…`.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The body: every part, then the closing boundary.
  public var data: Data { parts + Data("--\(boundary)--\r\n".utf8) }

  /// Adds a text field, sent as UTF-8.
  public mutating func append(_ name: String, _ value: String) {
    appendPart(disposition: "form-data; name=\"\(Self.escaped(name))\"", contentType: nil, body: Data(value.utf8))
  }

  /// Adds a file part with `data` as its content.
  /// - Parameters:
  ///   - name: The field's name.
  ///   - data: The file's bytes.
  ///   - filename: The file name the server sees.
  ///   - contentType: The file's media type; `application/octet-stream` by default.
  public mutating func append(
    _ name: String, data: Data, filename: String, contentType: String = "application/octet-stream"
  ) {
    appendPart(
      disposition: "form-data; name=\"\(Self.escaped(name))\"; filename=\"\(Self.escaped(filename))\"",
      contentType: contentType, body: data)
  }

  /// Adds a file part with the content of the file at `url`, read now.
  /// - Parameters:
  ///   - name: The field's name.
  ///   - url: The file.
  ///   - filename: The file name the server sees; the file's own by default.
  ///   - contentType: The media type; from the file's extension by default.
  /// - Throws: ``FileReadError`` when the file cannot be read.
  public mutating func append(
    _ name: String, fileAt url: URL, filename: String? = nil, contentType: String? = nil
  ) throws(FileReadError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw FileReadError(url: url, reason: Resource<Data>.reason(error, url))
    }
    append(
      name, data: data, filename: filename ?? url.lastPathComponent,
      contentType: contentType ?? FileTransport.contentType(of: url.pathExtension))
  }

  private mutating func appendPart(disposition: String, contentType: String?, body: Data) {
    var head = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
    if let contentType { head += "Content-Type: \(Self.headerSafe(contentType))\r\n" }
    head += "\r\n"
    parts.append(Data(head.utf8))
    parts.append(body)
    parts.append(Data("\r\n".utf8))
  }

  /// A name or file name as written inside quotes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "%22"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A header value with any CR or LF removed.
  static func headerSafe(_ text: String) -> String {
    String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
  }
}

extension RequestBody {
  /// A `multipart/form-data` body.
  ///
  /// ```swift
  /// Request(.post, "/photos", body: .multipart(form))
  /// ```
  public static func multipart(_ form: MultipartFormData) -> RequestBody {
    .data(form.data, contentType: form.contentType)
  }
}
