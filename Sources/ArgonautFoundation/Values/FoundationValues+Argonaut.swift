import Argonaut
import Foundation

extension URL: Argonaut.Decodable, JSONEncodable {
  /// Decodes a URL from a string, such as `"https://example.com/a?b=c"`.
  public static func decode(_ json: JSON) -> Decoded<URL> {
    guard case .string(let text) = json, let url = URL(string: text) else {
      return .failure(.typeMismatch(expected: "URL", found: json))
    }
    return .success(url)
  }

  /// The URL's absolute string.
  public func encode() -> JSON { .string(absoluteString) }
}

extension Data: Argonaut.Decodable, JSONEncodable {
  /// Decodes bytes from a base64 string, such as `"AAEC/w=="`.
  public static func decode(_ json: JSON) -> Decoded<Data> {
    guard case .string(let text) = json, let data = Data(base64Encoded: text) else {
      return .failure(.typeMismatch(expected: "base64", found: json))
    }
    return .success(data)
  }

  /// The bytes as a base64 string.
  public func encode() -> JSON { .string(base64EncodedString()) }
}

extension UUID: Argonaut.Decodable, JSONEncodable {
  /// Decodes a UUID from its string, such as `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`.
  public static func decode(_ json: JSON) -> Decoded<UUID> {
    guard case .string(let text) = json, let uuid = UUID(uuidString: text) else {
      return .failure(.typeMismatch(expected: "UUID", found: json))
    }
    return .success(uuid)
  }

  /// The UUID's string, in uppercase.
  public func encode() -> JSON { .string(uuidString) }
}

extension Decimal: Argonaut.Decodable, JSONEncodable {
  /// Decodes a number exactly, from its digits rather than through `Double`:
  /// `0.1` is exactly one tenth. A number with more than 38 significant digits is rounded.
  public static func decode(_ json: JSON) -> Decoded<Decimal> {
    guard case .number(let number) = json,
      let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX"))
    else {
      return .failure(.typeMismatch(expected: "Decimal", found: json))
    }
    return .success(decimal)
  }

  /// The number, with exactly the decimal's digits; `null` for NaN.
  public func encode() -> JSON {
    JSONNumber(description).map(JSON.number) ?? .null
  }
}
