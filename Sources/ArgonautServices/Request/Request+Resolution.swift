import Foundation

extension Request {
  /// The request ready for a transport: placeholders filled, the URL made absolute
  /// with `configuration`'s environment, the query encoded, headers merged.
  ///
  /// - Throws: A ``ServiceError`` of kind ``ServiceError/Kind/invalidRequest``
  ///   saying what is wrong.
  func resolved(in configuration: ServiceConfiguration) throws(ServiceError) -> HTTPRequest {
    let path: String
    do {
      path = try RouteTemplate(text: url).filled(with: pathParameters)
    } catch {
      throw .invalidRequest(error.message, self)
    }

    var text: String
    if Self.hasScheme(path) {
      text = path
    } else {
      guard let base = configuration.environment.baseURL else {
        throw .invalidRequest(
          "'\(url)' is relative, and the environment '\(configuration.environment.name)' has no base URL", self)
      }
      var baseText = base.absoluteString
      while baseText.hasSuffix("/") { baseText.removeLast() }
      text = path.isEmpty ? baseText : baseText + (path.hasPrefix("/") ? "" : "/") + path
    }

    if !query.isEmpty {
      var fragment = ""
      if let hash = text.firstIndex(of: "#") {
        fragment = String(text[hash...])
        text = String(text[..<hash])
      }
      let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
      text += separator + query.map(\.description).joined(separator: "&") + fragment
    }

    guard let absolute = URL(string: text), absolute.scheme != nil, absolute.host != nil else {
      throw .invalidRequest("'\(Redaction.url(text))' is not a valid absolute URL", self)
    }

    let timeout = self.timeout ?? configuration.timeout
    guard timeout > .zero else {
      throw .invalidRequest("the timeout must be positive, not \(ServiceError.describe(timeout))", self)
    }

    if let problem = body?.problem { throw .invalidRequest(problem, self) }

    var headers = HTTPHeaders.merging(["Accept": "application/json"], configuration.environment.headers)
    if let body { headers = HTTPHeaders.merging(headers, ["Content-Type": body.contentType]) }
    headers = HTTPHeaders.merging(headers, self.headers)

    var bodyFile: URL?
    if let file = body?.fileURL {
      let size: Int
      do {
        size = try Self.fileSize(file)
      } catch {
        throw .invalidRequest("cannot send the file \(file.path): \(error.reason)", self)
      }
      headers = HTTPHeaders.merging(headers, ["Content-Length": String(size)])
      bodyFile = file
    }
    return HTTPRequest(
      method: method, url: absolute, headers: headers, body: bodyFile == nil ? body?.data : nil, timeout: timeout,
      maximumResponseSize: configuration.maximumResponseSize, secretNames: configuration.secretNames,
      pathParameters: pathParameters, bodyFile: bodyFile)
  }

  /// The size of the regular file at `url`.
  static func fileSize(_ url: URL) throws(FileReadError) -> Int {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw FileReadError(url: url, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw FileReadError(url: url, reason: "it is a directory") }
    guard FileManager.default.isReadableFile(atPath: url.path),
      let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber
    else {
      throw FileReadError(url: url, reason: "it cannot be read")
    }
    return size.intValue
  }

  /// Whether `text` starts with a URL scheme such as `https:`.
  static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
      return false
    }
    return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }
}
