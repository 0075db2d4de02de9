import Foundation

/// The text of a body, in the charset that its `Content-Type` names.
enum TextDecoding {
  /// Why a body is not text.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The body of `response` as text.
  /// - Throws: ``Failure`` for an unknown charset or bytes that are invalid in it.
  static func text(of response: HTTPResponse) throws(Failure) -> String {
    let label = charset(of: response.contentType) ?? "utf-8"
    guard let encoding = encoding(named: label) else {
      throw Failure(description: "unsupported charset '\(label)'")
    }
    guard let text = String(data: response.body, encoding: encoding) else {
      throw Failure(description: "the body is not valid \(label) text")
    }
    return text
  }

  /// The `charset` parameter of a media type such as `text/plain; charset="UTF-8"`,
  /// lowercased and unquoted.
  static func charset(of contentType: String?) -> String? {
    guard let contentType else { return nil }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
        continue
      }
      var value = parts[1].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      return value.lowercased()
    }
    return nil
  }

  /// Foundation's encoding for a charset label.
  static func encoding(named label: String) -> String.Encoding? {
    switch label {
    case "utf-8", "utf8": return .utf8
    case "us-ascii", "ascii": return .ascii
    case "iso-8859-1", "iso8859-1", "latin1", "l1": return .isoLatin1
    case "windows-1252", "cp1252": return .windowsCP1252
    case "utf-16": return .utf16
    case "utf-16le": return .utf16LittleEndian
    case "utf-16be": return .utf16BigEndian
    default: return nil
    }
  }
}
