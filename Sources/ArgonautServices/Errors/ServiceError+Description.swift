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
    let attemptsNote = attempts > 1 ? " (after \(attempts) attempts)" : ""
    if request == nil && target.isEmpty { return cause + attemptsNote }
    return "\(method) \(redactedURL): \(cause)" + attemptsNote
  }

  /// The cause, without the request.
  var cause: String {
    switch reason {
    case .invalidRequest(let message):
      return "invalid request: \(message)"
    case .transportFailure(let error):
      return "transport failure: \(Self.describe(error))"
    case .timeout(let duration):
      return "timed out after \(Self.describe(duration))"
    case .cancelled:
      return "cancelled"
    case .unacceptableStatus:
      return "unacceptable status \(response.map(\.description) ?? "")"
    case .invalidJSON(let error):
      return "body is not JSON: \(error)"
    case .decodingFailed(let error, let modelName):
      let lines = Redaction.decodeError(error).description.split(separator: "\n")
      return "could not decode \(modelName): \(lines.joined(separator: "; "))"
    case .middlewareFailure(let error):
      return "\(error)"
    case .parseFailed(let error, let valueName):
      return "could not parse \(valueName): \(Self.describe(error))"
    case .unacceptableContentType(let expected):
      let found = response?.contentType.map { "content type \($0)" } ?? "no content type"
      return "unacceptable \(found), expected \(expected.joined(separator: " or "))\(excerpt)"
    case .validationFailed(let message):
      return "response rejected: \(message)"
    case .invalidLink(let message):
      return "invalid Link header: \(message)"
    case .paginationLoop(let url):
      return "pagination loop: the next page \(Redaction.url(url)) was already loaded"
    }
  }

  /// `: ` and the start of the response's body, or nothing when it has none.
  private var excerpt: String {
    guard let response, !response.body.isEmpty else { return "" }
    return ": " + Redaction.bodyExcerpt(response.body, contentType: response.contentType)
  }

  /// `300 ms`, `1.5 s`, `60 s`.
  static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(Double(milliseconds) / 1000) s"
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
    default: words = "network error"
    }
    return "\(words) (URLError \(urlError.code.rawValue))"
  }
}

extension ServiceError: CustomDebugStringConvertible {
  /// The description, then the request's headers and body and the response's
  /// headers and body, with everything secret-looking redacted.
  public var debugDescription: String {
    var lines = [description]
    if let request {
      lines.append("request headers:")
      lines += Redaction.headerLines(request.headers).map { "  " + $0 }
      if let body = request.body {
        lines.append(
          "request body: " + Redaction.bodyExcerpt(body, contentType: request.header("Content-Type"), limit: 1024))
      }
    }
    if let response {
      lines.append("response headers:")
      lines += Redaction.headerLines(response.headers).map { "  " + $0 }
      lines.append(
        "response body: " + Redaction.bodyExcerpt(response.body, contentType: response.contentType, limit: 1024))
    }
    return lines.joined(separator: "\n")
  }
}
