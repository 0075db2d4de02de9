import Argonaut
import Foundation

extension ServiceError: CustomStringConvertible {
  /// One line: the method, the redacted URL, and the cause.
  ///
  /// ```text
  /// GET http://127.0.0.1:50123/status/404: unacceptable status 404 (text/html): <html> <body>Not here</body> </html>
  /// ```
  ///
  /// An error that a parse step or a validator built, before the service attached
  /// the request to it, is the cause alone.
  public var description: String {
    let redactor = self.redactor
    let attemptsNote = attempts > 1 ? " (after \(attempts) attempts)" : ""
    let cause = redactor.text(cause(redactedBy: redactor))
    if request == nil && target.isEmpty { return cause + attemptsNote }
    return "\(method) \(redactor.url(target)): \(cause)" + attemptsNote
  }

  /// What prints this error: the request's redactor, or one that knows names only
  /// when there is no request.
  var redactor: Redactor {
    request.map { Redactor($0, alsoSent: sentRequests) } ?? Redactor()
  }

  /// The cause, without the request, redacted.
  var cause: String {
    let redactor = self.redactor
    return redactor.text(cause(redactedBy: redactor))
  }

  /// The cause, without the request; secrets redacted by name through `redactor`.
  func cause(redactedBy redactor: Redactor) -> String {
    switch reason {
    case .invalidRequest(let message):
      return "invalid request: \(message)"
    case .transportFailure(let error):
      return "transport failure: \(Self.describe(error))"
    case .timeout(let duration):
      return "timed out after \(Self.describe(duration))"
    case .idleTimeout(let duration):
      return "timed out: no bytes arrived for \(Self.describe(duration))"
    case .cancelled:
      return "cancelled"
    case .unacceptableStatus:
      guard let response else { return "unacceptable status" }
      var text = "\(response.statusCode)"
      if let contentType = response.contentType { text += " (\(contentType))" }
      if !response.body.isEmpty {
        text += ": " + redactor.bodyExcerpt(response.body, contentType: response.contentType)
      }
      return "unacceptable status \(text)"
    case .invalidJSON(let error):
      return "body is not JSON: \(error)"
    case .decodingFailed(let error, let modelName):
      let lines = redactor.decodeError(error).description.split(separator: "\n")
      return "could not decode \(modelName): \(lines.joined(separator: "; "))"
    case .middlewareFailure(let error):
      return "\(error)"
    case .parseFailed(let error, let valueName):
      return "could not parse \(valueName): \(Self.describe(error))"
    case .unacceptableContentType(let expected):
      let found = response?.contentType.map { "content type \($0)" } ?? "no content type"
      return "unacceptable \(found), expected \(expected.joined(separator: " or "))\(excerpt(redactedBy: redactor))"
    case .validationFailed(let message):
      return "response rejected: \(message)"
    case .invalidLink(let message):
      return "invalid Link header: \(message)"
    case .paginationLoop(let url):
      return "pagination loop: the next page \(redactor.url(url)) was already loaded"
    case .responseTooLarge(let limit):
      return "response body larger than the limit of \(Self.describe(bytes: limit))"
    }
  }

  /// `: ` and the start of the response's body, or nothing when it has none.
  private func excerpt(redactedBy redactor: Redactor) -> String {
    guard let response, !response.body.isEmpty else { return "" }
    return ": " + redactor.bodyExcerpt(response.body, contentType: response.contentType)
  }

  /// `300 ms`, `1.5 s`, `60 s`.
  static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(Double(milliseconds) / 1000) s"
  }

  /// `512 bytes`, `64 KiB`, `64 MiB`, `1.5 MiB`.
  static func describe(bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size {
      if bytes % size == 0 { return "\(bytes / size) \(unit)" }
      return "\((Double(bytes) / Double(size) * 10).rounded() / 10) \(unit)"
    }
    return "\(bytes) bytes"
  }

  /// A transport error in words, such as
  /// `could not connect to the server (URLError -1004)`.
  static func describe(_ error: any Error) -> String {
    guard let urlError = error as? URLError else { return String(describing: error) }
    let words: String
    switch urlError.code {
    case .cannotConnectToHost: words = "could not connect to the server"
    case .cannotFindHost: words = "could not find the host"
    case .dnsLookupFailed: words = "DNS lookup failed"
    case .networkConnectionLost: words = "the network connection was lost"
    case .notConnectedToInternet: words = "not connected to the internet"
    case .timedOut: words = "the transport timed out"
    case .badServerResponse: words = "bad server response"
    case .secureConnectionFailed: words = "secure connection failed"
    case .unsupportedURL: words = "unsupported URL"
    case .badURL: words = "bad URL"
    case .cancelled: words = "cancelled"
    case .httpTooManyRedirects: words = "too many redirects"
    default: words = "network error"
    }
    // FoundationNetworking reports most of libcurl's failures as -1 or -1005, with
    // libcurl's own message as the description: name what happened from it.
    let vague: Set<URLError.Code> = [.unknown, .networkConnectionLost, .badServerResponse, .cannotParseResponse]
    guard vague.contains(urlError.code) || words == "network error", let detail = transportDetail(of: urlError) else {
      return "\(words) (URLError \(urlError.code.rawValue))"
    }
    let named = transportFailureName(detail) ?? words
    return "\(named): \(detail) (URLError \(urlError.code.rawValue))"
  }

  /// libcurl's message in a FoundationNetworking error, such as `transfer closed
  /// with 741 bytes remaining to read`; `nil` when there is none.
  static func transportDetail(of error: URLError) -> String? {
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    let text =
      error.userInfo[NSLocalizedDescriptionKey] as? String ?? underlying?.userInfo[NSLocalizedDescriptionKey] as? String
    guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty, text != "(null)",
      !text.hasPrefix("The operation could not be completed")
    else { return nil }
    return withoutUserInfo(text)
  }

  /// `text` with the user and password of every URL in it (`//user:secret@host`)
  /// replaced by `***`: libcurl names a proxy URL as it was given, credentials included.
  static func withoutUserInfo(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: "://") {
      result += rest[..<start.upperBound]
      rest = rest[start.upperBound...]
      let authorityEnd = rest.firstIndex { $0 == "/" || $0 == " " || $0 == "'" || $0 == "\"" } ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        result += "***"
        rest = rest[at...]
      }
    }
    return result + rest
  }

  /// What went wrong, from libcurl's message: a body cut short, bad chunked framing,
  /// a corrupt compressed body, a reset connection.
  static func transportFailureName(_ detail: String) -> String? {
    let lowercased = detail.lowercased()
    if lowercased.contains("remaining to read") || lowercased.contains("partial file")
      || lowercased.contains("transfer closed")
    {
      return "the body was cut short"
    }
    if lowercased.contains("chunk") { return "the body's chunked encoding is malformed" }
    if lowercased.contains("unencoding") || lowercased.contains("content encoding")
      || lowercased.contains("decompress")
    {
      return "the body's content encoding is corrupt"
    }
    if lowercased.contains("reset by peer") { return "the connection was reset" }
    if lowercased.contains("empty reply") { return "the server closed the connection without a response" }
    return nil
  }
}

extension ServiceError: CustomDebugStringConvertible {
  /// The description, then the request's headers and body and the response's
  /// headers and body, with everything secret-looking redacted.
  public var debugDescription: String {
    let redactor = self.redactor
    var lines = [description]
    if let request {
      lines.append("request headers:")
      lines += redactor.headerLines(request.headers).map { "  " + $0 }
      if let body = request.body {
        lines.append(
          "request body: " + redactor.bodyExcerpt(body, contentType: request.header("Content-Type"), limit: 1024))
      }
    }
    if let response {
      lines.append("response headers:")
      lines += redactor.headerLines(response.headers).map { "  " + $0 }
      lines.append(
        "response body: " + redactor.bodyExcerpt(response.body, contentType: response.contentType, limit: 1024))
    }
    return lines.joined(separator: "\n")
  }
}
