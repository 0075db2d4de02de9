import Argonaut
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
  /// Why a boundary cannot be used (RFC 2046 §5.1.1).
  public struct InvalidBoundary: Error, Hashable, Sendable, CustomStringConvertible {
    /// The boundary as given.
    public let boundary: String
    /// What is wrong with it.
    public let reason: String

    /// `invalid multipart boundary "…": …`.
    public var description: String {
      "invalid multipart boundary \(JSONSerializer.compact.string(from: .string(boundary))): \(reason)"
    }
  }

  /// The boundary between parts: random unless given.
  public let boundary: String
  /// The body's bytes so far, without the closing boundary.
  private var parts = Data()
  /// The name of the first part whose content contains the boundary's delimiter.
  public private(set) var partContainingBoundary: String?

  /// An empty form with a random boundary: `argonaut-` and a random UUID, which no
  /// part's bytes will contain.
  public init() {
    boundary = "argonaut-\(UUID().uuidString)"
  }

  /// An empty form with the boundary you choose.
  ///
  /// ```swift
  /// var form = try MultipartFormData(boundary: "XyZ")
  /// ```
  ///
  /// A part whose content contains the boundary's delimiter (`--` and the boundary)
  /// would end early on the server; such a form is refused when it is sent (see
  /// ``partContainingBoundary``).
  ///
  /// - Parameter boundary: 1 to 70 characters of letters, digits and
  ///   `'()+_,-./:=?` and spaces, not ending with a space (RFC 2046 §5.1.1).
  /// - Throws: ``InvalidBoundary`` for an empty or longer boundary, one with any
  ///   other character (CR and LF among them), or one that ends with a space.
  public init(boundary: String) throws(InvalidBoundary) {
    if let reason = Self.problem(with: boundary) {
      throw InvalidBoundary(boundary: boundary, reason: reason)
    }
    self.boundary = boundary
  }

  /// What is wrong with `boundary` as RFC 2046 §5.1.1 defines it, or `nil`.
  static func problem(with boundary: String) -> String? {
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".unicodeScalars)
    if boundary.isEmpty { return "it is empty" }
    if boundary.unicodeScalars.count > 70 { return "it is longer than 70 characters" }
    if let bad = boundary.unicodeScalars.first(where: { !allowed.contains($0) }) {
      let shown =
        bad.properties.generalCategory == .control ? "U+\(String(bad.value, radix: 16, uppercase: true))" : "\"\(bad)\""
      return "it contains \(shown), which a boundary cannot hold"
    }
    if boundary.hasSuffix(" ") { return "it ends with a space" }
    return nil
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

  mutating func appendPart(disposition: String, contentType: String?, body: Data) {
    if partContainingBoundary == nil, body.range(of: Data("--\(boundary)".utf8)) != nil {
      partContainingBoundary = MultipartParts.parameter("name", in: Substring("; " + disposition)) ?? ""
    }
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
  ///
  /// A form with a part that contains its boundary
  /// (``MultipartFormData/partContainingBoundary``) fails the call with an
  /// ``ServiceError/Kind/invalidRequest`` error, before anything is sent.
  public static func multipart(_ form: MultipartFormData) -> RequestBody {
    var body = RequestBody.data(form.data, contentType: form.contentType)
    if let name = form.partContainingBoundary {
      body.problem = "the multipart part \"\(name)\" contains the boundary \"\(form.boundary)\""
    }
    return body
  }
}
