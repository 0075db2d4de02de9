import Argonaut
import Foundation

/// Hides secrets in everything the services layer prints.
///
/// A query parameter, header field or JSON object key is secret when its name
/// contains, in any letter case, one of ``markers``: `password`, `passwd`, `token`,
/// `secret`, `key`, `authorization` or `cookie`. Its value is printed as
/// `<redacted>`. So are the password of a URL's user info, and the value found at a
/// secret-looking key in a decoding error.
enum Redaction {
  /// The substrings that make a name secret.
  static let markers = ["password", "passwd", "token", "secret", "key", "authorization", "cookie"]

  /// What is printed instead of a secret.
  static let placeholder = "<redacted>"

  /// Whether a parameter, header or key named `name` holds a secret.
  static func isSecret(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return markers.contains { lowered.contains($0) }
  }

  // MARK: URLs and queries

  /// `url` with the values of secret-looking query parameters, and any user-info
  /// password, redacted. Works on any text, whether or not it parses as a URL.
  static func url(_ url: String) -> String {
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
    if let query { result += "?" + self.query(query) }
    return result + fragment
  }

  /// An encoded query (`a=1&token=2`) with secret-looking values redacted.
  static func query(_ query: String) -> String {
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

  // MARK: Headers

  /// `headers` as sorted `Name: value` lines, secret-looking values redacted.
  static func headerLines(_ headers: [String: String]) -> [String] {
    headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
      "\(name): \(isSecret(name) ? placeholder : value)"
    }
  }

  // MARK: Bodies

  /// `json` with the value of every secret-looking key, at any depth, replaced by
  /// the string `<redacted>`.
  static func json(_ json: JSON) -> JSON {
    switch json {
    case .object(let object):
      return .object(
        JSONObject(object.map { key, value in (key, isSecret(key) ? .string(placeholder) : self.json(value)) }))
    case .array(let array):
      return .array(JSONArray(array.map { self.json($0) }))
    default:
      return json
    }
  }

  /// A one-line excerpt of a body, at most `limit` characters: JSON re-serialized
  /// compactly with secrets redacted, a form with secrets redacted, or text with its
  /// runs of whitespace (such as the lines of an HTML page) folded into one space.
  static func bodyExcerpt(_ body: Data, contentType: String?, limit: Int = 200) -> String {
    if body.isEmpty { return "(empty body)" }
    let text: String
    if let json = try? JSON(parsing: body) {
      text = JSONSerializer.compact.string(from: self.json(json))
    } else if contentType?.lowercased().contains("x-www-form-urlencoded") == true {
      text = query(String(decoding: body, as: UTF8.self))
    } else {
      text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        .split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        .joined(separator: " ")
    }
    return truncated(text, to: limit)
  }

  /// `text` cut to `limit` characters, ending with `…` when cut.
  static func truncated(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit - 1) + "…"
  }

  // MARK: Decoding errors

  /// `error` with the value found at any secret-looking key redacted.
  static func decodeError(_ error: DecodeError) -> DecodeError {
    switch error {
    case .typeMismatch(let expected, _, let path) where path.components.contains(where: isSecret):
      return .typeMismatch(expected: expected, actual: placeholder, path: path)
    case .multiple(let errors):
      return .multiple(errors.map(decodeError))
    default:
      return error
    }
  }

  private static func isSecret(_ component: JSONPath.Component) -> Bool {
    if case .key(let key) = component { return isSecret(key) }
    return false
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
