import Argonaut
import Foundation

/// Hides a request's secrets in text: by name, and by value wherever they reappear.
///
/// ```swift
/// let redactor = Redactor(request)                    // an HTTPRequest
/// print(redactor.url(request.url))                    // https://api.example.com/login?auth=<redacted>
/// print(redactor.headerLines(request.headers))        // ["Authorization: <redacted>", …]
/// print(redactor.bodyExcerpt(response.body, contentType: response.contentType))
/// print(redactor.text(anythingElse))                  // every secret value sent, scrubbed
/// ```
///
/// **By name.** A header field, query parameter, path parameter or JSON key is secret
/// when its name contains `password`, `passwd`, `token`, `secret`, `key`,
/// `authorization` or `cookie`, or has `auth`, `pin`, `otp`, `sid`,
/// `signature`, `credential` (and a few more) as a whole word, in any letter case;
/// or when it is one of the request's ``HTTPRequest/secretNames``, which come from
/// ``ServiceConfiguration/secretNames``.
///
/// **By value.** Every value that the request sent under a secret name (in a header,
/// the query, a path parameter, a JSON or form body, or the URL's user info) is
/// replaced by `<redacted>` wherever it appears again, as written, percent-encoded
/// or JSON-escaped: in the URL, in a response body that echoes it, in a decoding
/// error. Values shorter than ``minimumValueLength`` characters are redacted by name
/// only, so that a PIN of `1` does not blank out every `1`.
///
/// ``ServiceError``'s descriptions, ``HTTPRequest``'s descriptions and the logging
/// middleware all print through a redactor.
public struct Redactor: Sendable {
  /// What is printed instead of a secret: `<redacted>`.
  public static let placeholder = "<redacted>"

  /// The shortest value that is redacted wherever it appears.
  public static let minimumValueLength = 4

  /// The names added to the built-in ones, lowercased.
  public let secretNames: Set<String>

  /// The forms of the secret values to scrub from text, longest first.
  private let secretValues: [String]

  /// A redactor that knows the built-in names and `secretNames`, but no values.
  public init(secretNames: Set<String> = []) {
    self.secretNames = Set(secretNames.map { $0.lowercased() })
    self.secretValues = []
  }

  /// A redactor for `request`: its configured names, and the values it sent under
  /// secret names.
  public init(_ request: HTTPRequest) {
    self.init(request, alsoSent: [])
  }

  /// A redactor for `request` that also knows the values sent under secret names by
  /// each of `sent`: the request as it reached the transport, after middleware such as
  /// ``AuthMiddleware`` added its credentials.
  init(_ request: HTTPRequest, alsoSent sent: [HTTPRequest]) {
    let names = Redactor(secretNames: request.secretNames)
    var values = Self.secretValues(of: request, names: names)
    for other in sent where other != request {
      values += Self.secretValues(of: other, names: names)
    }
    var forms = Set<String>()
    for value in values where value.count >= Self.minimumValueLength {
      forms.insert(value)
      forms.insert(PercentEncoding.encode(value))
      let escaped = JSONSerializer.compact.string(from: .string(value))
      forms.insert(String(escaped.dropFirst().dropLast()))
    }
    self.secretNames = names.secretNames
    self.secretValues = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
  }

  /// The values that `request` sends under secret names: in a header, the query, a
  /// path parameter, the URL's user info, or a JSON, form or multipart body.
  private static func secretValues(of request: HTTPRequest, names: Redactor) -> [String] {
    var values: [String] = []
    for (name, value) in request.headers where names.isSecretName(name) {
      values.append(value)
      values += Self.credentialParts(of: value)
    }
    for item in request.queryItems where names.isSecretName(item.name) {
      if let value = item.value { values.append(value) }
    }
    for (name, value) in request.pathParameters where names.isSecretName(name) {
      values.append(value)
    }
    if let password = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.password {
      values.append(password.removingPercentEncoding ?? password)
    }
    guard let body = request.body else { return values }
    let contentType = request.header("Content-Type")?.lowercased() ?? ""
    if let json = try? JSON(parsing: body) {
      Self.collectSecrets(in: json, under: false, names: names, into: &values)
    } else if contentType.contains("x-www-form-urlencoded") {
      let pairs = String(decoding: body, as: UTF8.self).split(separator: "&")
      for pair in pairs {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
        }
        if parts.count == 2, names.isSecretName(parts[0]) { values.append(parts[1]) }
      }
    } else if let parts = MultipartParts(body, contentType: request.header("Content-Type")) {
      for part in parts.fields where part.filename == nil && names.isSecretName(part.name) {
        values.append(String(decoding: part.content, as: UTF8.self))
      }
    }
    return values
  }

  /// Whether a header field, parameter or JSON key named `name` holds a secret.
  public func isSecretName(_ name: String) -> Bool {
    Redaction.isSecret(name) || (!secretNames.isEmpty && secretNames.contains(name.lowercased()))
  }

  /// `text` with every secret value replaced by `<redacted>`, and the value of every
  /// secret key of the JSON it contains too.
  public func text(_ text: String) -> String {
    var result = JSONTextScrubber(isSecret: isSecretName, compact: false).scrub(Array(text.utf8))
    for value in secretValues where result.contains(value) {
      result = result.replacingOccurrences(of: value, with: Self.placeholder)
    }
    return result
  }

  /// The URL with secret query values, secret path parameters and any user-info
  /// password redacted.
  public func url(_ url: URL) -> String {
    self.url(url.absoluteString)
  }

  /// A URL, as text, with secret query values, secret path parameters and any
  /// user-info password redacted; it need not parse as a URL.
  public func url(_ url: String) -> String {
    text(Redaction.url(url, isSecret: isSecretName))
  }

  /// Header fields as sorted `Name: value` lines, secret values redacted.
  public func headerLines(_ headers: [String: String]) -> [String] {
    Redaction.headerLines(headers, isSecret: isSecretName).map(text)
  }

  /// A one-line excerpt of a body, at most `limit` characters, secrets redacted.
  ///
  /// - Complexity: O(`limit`) for a body of any size.
  public func bodyExcerpt(_ body: Data, contentType: String?, limit: Int = 200) -> String {
    text(Redaction.bodyExcerpt(body, contentType: contentType, limit: limit, isSecret: isSecretName))
  }

  /// `error` with what was found at, or inside, a secret key redacted.
  public func decodeError(_ error: DecodeError) -> DecodeError {
    Redaction.decodeError(error, isSecret: isSecretName)
  }

  /// The secret parts of a credential header's value: the credentials after an
  /// auth scheme (`Bearer abc` gives `abc`), and each cookie's value.
  private static func credentialParts(of value: String) -> [String] {
    let schemes = Redaction.authSchemes
    return value.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }).compactMap { piece in
      let part = piece.split(separator: "=", maxSplits: 1).last.map(String.init) ?? String(piece)
      return schemes.contains(part.lowercased()) ? nil : part
    }
  }

  /// Every string and number under a secret key of `json`, at any depth.
  private static func collectSecrets(in json: JSON, under secret: Bool, names: Redactor, into values: inout [String]) {
    switch json {
    case .object(let object):
      for (key, value) in object {
        collectSecrets(in: value, under: secret || names.isSecretName(key), names: names, into: &values)
      }
    case .array(let array):
      for element in array { collectSecrets(in: element, under: secret, names: names, into: &values) }
    case .string(let string) where secret:
      values.append(string)
    case .number where secret:
      values.append(json.description)
    default:
      break
    }
  }
}
