import Foundation

/// One link of a `Link` header field (RFC 8288), such as GitHub's next-page link.
///
/// ```swift
/// // Link: <https://api.github.com/events?page=2>; rel="next", <https://api.github.com/events?page=5>; rel="last"
/// let links = try WebLink.parse(field, relativeTo: response.request.url)
/// let next = links.first { $0.relations.contains("next") }?.target
/// ```
///
/// The parser reads the whole grammar: several links per field, several relations in
/// one `rel` (`rel="next last"`), quoted parameter values holding commas,
/// semicolons and escaped quotes, parameters without a value, and targets relative
/// to the URL of the request that got the response.
public struct WebLink: Hashable, Sendable {
  /// The target, resolved against the request's URL.
  public var target: URL
  /// The relation types of `rel`, lowercased, such as `["next"]`.
  public var relations: [String]
  /// The parameters by lowercased name, unquoted; the first of a repeated name wins.
  /// A parameter without a value, such as `crossorigin`, has the empty string.
  public var parameters: [String: String]

  /// Creates a link.
  public init(target: URL, relations: [String], parameters: [String: String] = [:]) {
    self.target = target
    self.relations = relations
    self.parameters = parameters
  }

  /// Why a `Link` header field does not parse: what was expected, and where.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `expected '<' at character 36, found 'h'`.
    public let description: String
  }

  /// The links of a `Link` header field, or of several fields joined by commas.
  ///
  /// - Parameters:
  ///   - field: The field's value.
  ///   - base: The URL that relative targets are resolved against: the request's.
  /// - Returns: The links, in order; none for an empty field.
  /// - Throws: ``ParseError``, saying what was expected and at which character.
  public static func parse(_ field: String, relativeTo base: URL?) throws(ParseError) -> [WebLink] {
    var reader = LinkFieldReader(field)
    var links: [WebLink] = []
    while true {
      reader.skip { $0 == UInt8(ascii: ",") || LinkFieldReader.isWhitespace($0) }
      if reader.isAtEnd { return links }
      try reader.expect("<")
      let target = try reader.target()
      var parameters: [String: String] = [:]
      while true {
        reader.skipWhitespace()
        if reader.isAtEnd || reader.peek == UInt8(ascii: ",") { break }
        try reader.expect(";", or: "','")
        reader.skipWhitespace()
        let (name, value) = try reader.parameter()
        if parameters[name] == nil { parameters[name] = value }
      }
      guard let url = URL(string: target, relativeTo: base)?.absoluteURL else {
        throw ParseError(description: "'\(Redaction.url(target))' is not a URI reference")
      }
      let relations = (parameters["rel"] ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
      links.append(WebLink(target: url, relations: relations.map(String.init), parameters: parameters))
    }
  }
}

/// Reads a `Link` field byte by byte.
struct LinkFieldReader {
  let bytes: [UInt8]
  var index = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  var isAtEnd: Bool { index >= bytes.count }
  var peek: UInt8? { isAtEnd ? nil : bytes[index] }

  static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

  /// RFC 9110's `tchar`: the characters of a token.
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  mutating func skip(while predicate: (UInt8) -> Bool) {
    while let byte = peek, predicate(byte) { index += 1 }
  }

  mutating func skipWhitespace() { skip(while: Self.isWhitespace) }

  /// The error for what is here when `expected` was expected.
  func failure(expected: String) -> WebLink.ParseError {
    let found = peek.map { "'\(String(decoding: [$0], as: UTF8.self))'" } ?? "the end of the field"
    return WebLink.ParseError(description: "expected \(expected) at character \(index + 1), found \(found)")
  }

  mutating func expect(_ character: Unicode.Scalar, or alternative: String? = nil) throws(WebLink.ParseError) {
    guard peek == UInt8(ascii: character) else {
      throw failure(expected: "'\(character)'" + (alternative.map { " or \($0)" } ?? ""))
    }
    index += 1
  }

  /// The URI reference up to `>`, which is consumed.
  mutating func target() throws(WebLink.ParseError) -> String {
    let start = index
    skip { $0 != UInt8(ascii: ">") }
    guard !isAtEnd else {
      throw WebLink.ParseError(description: "unclosed '<' at character \(start)")
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    index += 1
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// `name`, `name=token` or `name="quoted"`: the name lowercased, the value unquoted.
  mutating func parameter() throws(WebLink.ParseError) -> (String, String) {
    let start = index
    skip(while: Self.isTokenCharacter)
    guard index > start else { throw failure(expected: "a parameter name") }
    let name = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
    skipWhitespace()
    guard peek == UInt8(ascii: "=") else { return (name, "") }
    index += 1
    skipWhitespace()
    if peek == UInt8(ascii: "\"") { return (name, try quoted()) }
    let valueStart = index
    skip(while: Self.isTokenCharacter)
    guard index > valueStart else { throw failure(expected: "a value for '\(name)'") }
    return (name, String(decoding: bytes[valueStart..<index], as: UTF8.self))
  }

  /// A quoted string, from its opening quote; backslash escapes the next character.
  mutating func quoted() throws(WebLink.ParseError) -> String {
    let start = index
    index += 1
    var value: [UInt8] = []
    while let byte = peek {
      index += 1
      if byte == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
      if byte == UInt8(ascii: "\\") {
        guard let escaped = peek else { break }
        value.append(escaped)
        index += 1
      } else {
        value.append(byte)
      }
    }
    throw WebLink.ParseError(description: "unterminated quoted string at character \(start + 1)")
  }
}
