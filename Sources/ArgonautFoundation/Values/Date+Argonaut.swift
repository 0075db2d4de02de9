import Argonaut
import Foundation

extension Date: Argonaut.Decodable, JSONEncodable {
  /// Decodes an ISO 8601 date and time, with or without fractional seconds, in UTC
  /// (`Z`) or with an offset (`+01:00`): `2023-11-14T22:13:20Z`, `2023-11-14T23:13:20.250+01:00`.
  ///
  /// ```swift
  /// curry(Post.init) <^> j <| "title" <*> j <| "published"   // published: Date
  /// ```
  ///
  /// For other formats, decode with a named decoder such as
  /// ``decodeSecondsSince1970(_:)`` or ``decoder(format:timeZone:)``.
  public static func decode(_ json: JSON) -> Decoded<Date> {
    guard case .string(let text) = json else { return .failure(.typeMismatch(expected: "ISO 8601 date", found: json)) }
    guard let date = Date(iso8601: text) else { return .failure(.typeMismatch(expected: "ISO 8601 date", found: json)) }
    return .success(date)
  }

  /// Parses ISO 8601 text, with fractional seconds or without.
  init?(iso8601 text: String) {
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
      self = date
    } else if let date = try? Date.ISO8601FormatStyle().parse(text) {
      self = date
    } else {
      return nil
    }
  }

  /// The date as ISO 8601 text in UTC, with milliseconds when it has a fraction of a second.
  public func encode() -> JSON {
    let whole = timeIntervalSince1970.rounded(.down) == timeIntervalSince1970
    return .string(formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole)))
  }

  /// Decodes a number of seconds since 1970-01-01 00:00 UTC.
  ///
  /// ```swift
  /// j.decode("createdAt", as: JSON.self).flatMap(Date.decodeSecondsSince1970)
  /// ```
  public static func decodeSecondsSince1970(_ json: JSON) -> Decoded<Date> {
    guard case .number(let seconds) = json else { return .failure(.typeMismatch(expected: "seconds", found: json)) }
    return .success(Date(timeIntervalSince1970: seconds.doubleValue))
  }

  /// Decodes a number of milliseconds since 1970-01-01 00:00 UTC.
  public static func decodeMillisecondsSince1970(_ json: JSON) -> Decoded<Date> {
    guard case .number(let milliseconds) = json else {
      return .failure(.typeMismatch(expected: "milliseconds", found: json))
    }
    return .success(Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
  }

  /// A decoder of dates written in `format` (a `DateFormatter` pattern such as
  /// `yyyy-MM-dd`), read in `timeZone` with the POSIX locale.
  ///
  /// The process keeps one formatter per format and time zone, made on first use: a
  /// decoder made in every `decode` call costs no formatter per value.
  ///
  /// ```swift
  /// let day = Date.decoder(format: "yyyy-MM-dd")
  /// j.decode("postDate", as: JSON.self).flatMap(day)
  /// ```
  public static func decoder(
    format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!
  ) -> @Sendable (JSON) -> Decoded<Date> {
    { json in
      guard case .string(let text) = json,
        let date = DateFormatterCache.shared.date(from: text, format: format, timeZone: timeZone)
      else {
        return .failure(.typeMismatch(expected: "date as \(format)", found: json))
      }
      return .success(date)
    }
  }
}
