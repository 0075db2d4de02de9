import Argonaut
import Foundation

/// Hides secrets, by name, in everything the services layer prints: the building
/// blocks of ``Redactor``, which adds the configured names and redaction by value.
///
/// A query parameter, header field, path parameter or JSON object key is secret
/// when its name contains, in any letter case, one of ``markers`` (`password`,
/// `passwd`, `token`, `secret`, `key`, `authorization`, `cookie`), or when one of
/// its words is one of ``words`` (`auth`, `pin`, `otp`, `sid`, …): `X-Auth` and
/// `userPin` are secret, `author` and `spinner` are not. Its value is printed as
/// `<redacted>`. So are the password of a URL's user info, and the value found at a
/// secret-looking key in a decoding error.
enum Redaction {
  /// The substrings that make a name secret.
  static let markers = ["password", "passwd", "token", "secret", "key", "authorization", "cookie"]

  /// The words that make a name secret when the name has one of them as a whole
  /// word (split at punctuation and at lowercase-to-uppercase changes).
  static let words: Set<String> = [
    "auth", "pin", "otp", "cvv", "cvc", "ssn", "sid", "credential", "credentials", "signature", "sig",
    "jwt", "bearer", "passcode", "passphrase", "apikey", "csrf", "xsrf",
  ]

  /// What is printed instead of a secret.
  static let placeholder = "<redacted>"

  /// Whether a parameter, header or key named `name` holds a secret.
  static func isSecret(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if markers.contains(where: { lowered.contains($0) }) { return true }
    return self.words(of: name).contains { words.contains($0) }
  }

  /// The words of a name, lowercased: `X-Auth-Code` and `xAuthCode` give
  /// `["x", "auth", "code"]`.
  static func words(of name: String) -> [String] {
    var result: [String] = []
    var current = ""
    var previousIsLower = false
    for character in name {
      guard character.isLetter || character.isNumber else {
        if !current.isEmpty { result.append(current) }
        current = ""
        previousIsLower = false
        continue
      }
      if character.isUppercase && previousIsLower && !current.isEmpty {
        result.append(current)
        current = ""
      }
      current += character.lowercased()
      previousIsLower = character.isLowercase || character.isNumber
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  // MARK: URLs and queries

  /// `url` with the values of secret-looking query parameters, and any user-info
  /// password, redacted. Works on any text, whether or not it parses as a URL.
  static func url(_ url: String, isSecret: (String) -> Bool = isSecret) -> String {
    var text = Substring(url)
    var fragment = ""
    if let hash = text.firstIndex(of: "#") {
      fragment = String(text[hash...])
      text = text[..<hash]
    }
    var query: String?
    if let mark = text.firstIndex(of: "?") {
      query = String(text[text.index(after: mark)...])
      text = text[..<mark]
    }
    var result = userInfoRedacted(String(text))
    if let query { result += "?" + self.query(query, isSecret: isSecret) }
    return result + fragment
  }

  /// An encoded query (`a=1&token=2`) with secret-looking values redacted.
  static func query(_ query: String, isSecret: (String) -> Bool = isSecret) -> String {
    query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
      let name = pair[..<equals]
      let decoded = String(name).removingPercentEncoding ?? String(name)
      return isSecret(decoded) ? "\(name)=\(placeholder)" : String(pair)
    }.joined(separator: "&")
  }

  /// `item` with its value redacted if its name looks secret.
  static func queryItem(_ item: QueryItem) -> RedactedQueryItem {
    RedactedQueryItem(item: item, isSecret: item.value != nil && isSecret(item.name))
  }

  /// `scheme://user:password@host/…` with the password redacted.
  private static func userInfoRedacted(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authorityStart = schemeEnd.upperBound
    let authorityEnd = url[authorityStart...].firstIndex(of: "/") ?? url.endIndex
    let authority = url[authorityStart..<authorityEnd]
    guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
    return String(url[..<authority.index(after: colon)]) + placeholder + String(url[at...])
  }

  // MARK: Free text

  /// `text` with the value of every secret-looking `name=value` or `Name: value`
  /// pair replaced by `<redacted>`: for the text of an error that some other code
  /// wrote, such as a token refresh's, which may spell out a form or a header line.
  /// An auth scheme before the value (`Authorization: Bearer abc`) goes too.
  ///
  /// A value ends at white space or one of `&,;"'()<>`; `name: value` counts only
  /// where the name is a header-like word (letters, digits, `-` and `_`).
  static func secretPairs(in text: String, isSecret: (String) -> Bool = isSecret) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    func isNameByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x5F
        || byte == 0x2E
    }
    func isValueEnd(_ byte: UInt8) -> Bool {
      byte <= 0x20 || "&,;\"'()<>".utf8.contains(byte)
    }
    while index < bytes.count {
      guard isNameByte(bytes[index]), index == 0 || !isNameByte(bytes[index - 1]) else {
        output.append(bytes[index])
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      output.append(contentsOf: bytes[index..<end])
      let name = String(decoding: bytes[index..<end], as: UTF8.self)
      index = end
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ":"),
        isSecret(name)
      else { continue }
      var value = index + 1
      if bytes[index] == UInt8(ascii: ":") {
        // `Name: value`, as in a header line; not `a:b` inside a word or a URL.
        guard value < bytes.count, bytes[value] == UInt8(ascii: " ") else { continue }
        while value < bytes.count, bytes[value] == UInt8(ascii: " ") { value += 1 }
      }
      output.append(contentsOf: bytes[index..<value])
      var valueEnd = value
      while valueEnd < bytes.count, !isValueEnd(bytes[valueEnd]) { valueEnd += 1 }
      let word = String(decoding: bytes[value..<valueEnd], as: UTF8.self).lowercased()
      if authSchemes.contains(word), valueEnd + 1 < bytes.count, bytes[valueEnd] == UInt8(ascii: " ") {
        valueEnd += 1
        while valueEnd < bytes.count, !isValueEnd(bytes[valueEnd]) { valueEnd += 1 }
      }
      if valueEnd > value { output.append(contentsOf: placeholder.utf8) }
      index = valueEnd
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The auth schemes that may stand before a credential in a header value.
  static let authSchemes: Set<String> = ["bearer", "basic", "digest", "token", "negotiate", "apikey"]

  // MARK: Headers

  /// `headers` as sorted `Name: value` lines, secret-looking values redacted.
  static func headerLines(_ headers: [String: String], isSecret: (String) -> Bool = isSecret) -> [String] {
    headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
      "\(name): \(isSecret(name) ? placeholder : value)"
    }
  }

  // MARK: Bodies

  /// `json` with the value of every secret-looking key, at any depth, replaced by
  /// the string `<redacted>`.
  static func json(_ json: JSON, isSecret: (String) -> Bool = isSecret) -> JSON {
    switch json {
    case .object(let object):
      return .object(
        JSONObject(
          object.map { key, value in
            (key, isSecret(key) ? .string(placeholder) : self.json(value, isSecret: isSecret))
          }))
    case .array(let array):
      return .array(JSONArray(array.map { self.json($0, isSecret: isSecret) }))
    default:
      return json
    }
  }

  /// The largest body that an excerpt parses whole; past it, an excerpt reads a
  /// bounded prefix only.
  static let wholeBodyLimit = 64 * 1024

  /// A one-line excerpt of a body, at most `limit` characters: JSON re-serialized
  /// compactly with secrets redacted, a form with secrets redacted, or text with its
  /// runs of whitespace (such as the lines of an HTML page) folded into one space.
  ///
  /// - Complexity: O(`limit`) for a body of any size: a body over 64 KiB is never
  ///   parsed or copied whole; its excerpt comes from a prefix of `limit` × 8 bytes,
  ///   compacted and redacted by ``JSONTextScrubber`` when it looks like JSON.
  static func bodyExcerpt(
    _ body: Data, contentType: String?, limit: Int = 200, isSecret: @escaping (String) -> Bool = isSecret
  ) -> String {
    if body.isEmpty { return "(empty body)" }
    if MultipartParts.boundary(in: contentType) != nil {
      // Text fields named like secrets (`password`) hide their content, as JSON and form fields do.
      let start = body.count > wholeBodyLimit ? body.prefix(limit * 8) : body
      let parts = MultipartParts(start, contentType: contentType)
      let text = String(decoding: parts?.redacting(start, isSecret: isSecret) ?? start, as: UTF8.self)
        .split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        .joined(separator: " ")
      return truncated(text, to: limit, cut: start.count < body.count)
    }
    let isForm = contentType?.lowercased().contains("x-www-form-urlencoded") == true
    if body.count > wholeBodyLimit {
      let prefix = body.prefix(limit * 8)
      let first = prefix.first { !JSONTextScrubber.isWhitespace($0) }
      let text: String
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        text = JSONTextScrubber(isSecret: isSecret, compact: true).scrub(prefix)
      } else if isForm {
        text = query(String(decoding: prefix, as: UTF8.self), isSecret: isSecret)
      } else {
        text = String(decoding: prefix, as: UTF8.self)
          .split(whereSeparator: { $0.isWhitespace || $0.isNewline })
          .joined(separator: " ")
      }
      return truncated(text, to: limit, cut: true)
    }
    let text: String
    if let json = try? JSON(parsing: body) {
      text = JSONSerializer.compact.string(from: self.json(json, isSecret: isSecret))
    } else if isForm {
      text = query(String(decoding: body, as: UTF8.self), isSecret: isSecret)
    } else {
      text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        .split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        .joined(separator: " ")
    }
    return truncated(text, to: limit)
  }

  /// `text` cut to `limit` characters, ending with `…` when cut (or when `cut`
  /// says that it is only the start of something longer).
  static func truncated(_ text: String, to limit: Int, cut: Bool = false) -> String {
    guard cut || text.count > limit else { return text }
    return text.prefix(limit - 1) + "…"
  }

  // MARK: Decoding errors

  /// `error` with the value found at any secret-looking key redacted.
  static func decodeError(_ error: DecodeError, isSecret: @escaping (String) -> Bool = isSecret) -> DecodeError {
    switch error {
    case .typeMismatch(let expected, _, let path)
    where path.components.contains(where: { if case .key(let key) = $0 { isSecret(key) } else { false } }):
      return .typeMismatch(expected: expected, actual: placeholder, path: path)
    case .typeMismatch(let expected, let actual, let path):
      // What was found may be an object or array that holds a secret key.
      return .typeMismatch(
        expected: expected, actual: JSONTextScrubber(isSecret: isSecret, compact: false).scrub(Array(actual.utf8)),
        path: path)
    case .multiple(let errors):
      return .multiple(errors.map { decodeError($0, isSecret: isSecret) })
    default:
      return error
    }
  }
}

/// A query item as printed: its value hidden when its name looks secret.
struct RedactedQueryItem: CustomStringConvertible {
  let item: QueryItem
  let isSecret: Bool

  var description: String {
    isSecret ? "\(PercentEncoding.encode(item.name))=\(Redaction.placeholder)" : item.description
  }
}
