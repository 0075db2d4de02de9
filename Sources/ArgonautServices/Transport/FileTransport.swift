import Foundation

/// A transport that serves files from a directory, as LoadIt's disk service did: for
/// sample data, demos, previews and offline tests.
///
/// ```swift
/// // Fixtures/data/newsFeed.json answers GET /newsFeed?userId=ada
/// let files = FileTransport(directory: URL(fileURLWithPath: "Fixtures/data"))
/// let config = ServiceConfiguration(environment: .local(port: 1), transport: files)
/// ```
///
/// The request's decoded path segments name a file below the directory, with
/// `fileExtension` added: `/users/ada` reads `users/ada.json`. The method, host and
/// query are ignored. A file that exists answers `200` with the content type of its
/// extension; a missing file answers `404`. A segment of `..` never leaves the
/// directory: it answers `404` too.
public struct FileTransport: HTTPTransport {
  /// The directory the files are read from.
  public let directory: URL
  /// The extension added to each path, without the dot; `json` by default.
  public let fileExtension: String

  /// A transport that reads files from `directory`.
  /// - Parameters:
  ///   - directory: The directory that request paths are relative to.
  ///   - fileExtension: The extension added to each path, without the dot.
  public init(directory: URL, fileExtension: String = "json") {
    self.directory = directory
    self.fileExtension = fileExtension
  }

  /// A transport that reads a bundle's resources, optionally in a subdirectory.
  /// - Returns: `nil` when the bundle has no resource directory.
  public init?(bundle: Bundle, subdirectory: String? = nil, fileExtension: String = "json") {
    guard var directory = bundle.resourceURL else { return nil }
    if let subdirectory { directory.appendPathComponent(subdirectory, isDirectory: true) }
    self.init(directory: directory, fileExtension: fileExtension)
  }

  /// Reads the file that `request`'s path names.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let segments = request.pathSegments
    guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.contains("/") }) else {
      return notFound(request)
    }
    var file = directory
    for segment in segments { file.appendPathComponent(segment) }
    if !fileExtension.isEmpty { file.appendPathExtension(fileExtension) }
    guard let data = try? Data(contentsOf: file) else { return notFound(request) }
    return HTTPResponse(statusCode: 200, headers: ["Content-Type": Self.contentType(of: fileExtension)], body: data)
  }

  private func notFound(_ request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(
      statusCode: 404, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: Data("FileTransport: no file for \(request.path) in \(directory.path)".utf8))
  }

  static func contentType(of fileExtension: String) -> String {
    switch fileExtension.lowercased() {
    case "json": return "application/json"
    case "html", "htm": return "text/html; charset=utf-8"
    case "txt": return "text/plain; charset=utf-8"
    case "xml": return "application/xml"
    case "pdf": return "application/pdf"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "svg": return "image/svg+xml"
    default: return "application/octet-stream"
    }
  }
}
