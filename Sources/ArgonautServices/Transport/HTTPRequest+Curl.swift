import Argonaut
import Foundation

extension HTTPRequest {
  /// The request as a `curl` command line, for pasting into a terminal while
  /// debugging: method, URL, header fields and body, each quoted for `/bin/sh`, with
  /// every secret redacted as in ``ServiceError``'s descriptions.
  ///
  /// ```swift
  /// print(request.curlDescription)
  /// // curl -X POST 'https://api.example.com/login?page=2' -H 'Accept: application/json' \
  /// //   -H 'Authorization: <redacted>' -H 'Content-Type: application/json' \
  /// //   --data-binary '{"userName":"ada","password":"<redacted>"}'
  /// ```
  ///
  /// - A JSON body is written whole, compactly, with the values of secret-looking keys
  ///   redacted; a form body and a multipart body likewise, field by field. Other
  ///   text is written as it is, with any secret value the request sends elsewhere
  ///   redacted.
  /// - A body that is not text is not written: `--data-binary` says how many bytes it
  ///   had. A body streamed from a file is sent from that file (`--data-binary @path`).
  /// - Header fields come sorted by name, so the line is the same on every run.
  ///
  /// A redacted secret reads `<redacted>`: replace it before running the command.
  public var curlDescription: String {
    let redactor = Redactor(self)
    var words = ["curl"]
    switch method {
    case .get where body == nil && bodyFile == nil: break
    case .head: words.append("--head")
    default: words += ["-X", Self.shellQuoted(method.rawValue)]
    }
    words.append(Self.shellQuoted(redactor.url(url)))
    for line in redactor.headerLines(headers) {
      words += ["-H", Self.shellQuoted(line)]
    }
    if let bodyFile {
      words += ["--data-binary", "@" + Self.shellQuoted(bodyFile.path)]
    } else if let body, !body.isEmpty {
      words += ["--data-binary", Self.shellQuoted(curlBody(body, redactor: redactor))]
    }
    return words.joined(separator: " ")
  }

  /// The body as `curl` sends it, its secrets redacted.
  private func curlBody(_ body: Data, redactor: Redactor) -> String {
    let contentType = header("Content-Type")
    if let json = try? JSON(parsing: body) {
      return redactor.text(JSONSerializer.compact.string(from: Redaction.json(json, isSecret: redactor.isSecretName)))
    }
    guard let text = String(data: body, encoding: .utf8), !text.contains("\u{0}") else {
      return "<\(body.count) bytes of \(contentType ?? "binary data") not shown>"
    }
    if contentType?.lowercased().contains("x-www-form-urlencoded") == true {
      return redactor.text(Redaction.query(text, isSecret: redactor.isSecretName))
    }
    if let parts = MultipartParts(body, contentType: contentType) {
      let redacted = parts.redacting(body, isSecret: redactor.isSecretName)
      return redactor.text(String(decoding: redacted, as: UTF8.self))
    }
    return redactor.text(text)
  }

  /// `text` in single quotes, as `/bin/sh` reads it back: a `'` inside becomes `'\''`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
