import Foundation

/// The `DateFormatter`s of ``Foundation/Date/decoder(format:timeZone:)``, one per
/// format and time zone for the whole process: making a formatter costs far more than
/// reading a date with one (on twitter's 346 dates, a formatter per value added half
/// again to the decoding time).
final class DateFormatterCache: @unchecked Sendable {
  // @unchecked: `formatters` is only touched with `lock` held, and each formatter is
  // used only with it held too: swift-corelibs-foundation does not promise that one
  // DateFormatter may parse on several threads at once.
  private let lock = NSLock()
  private var formatters: [String: DateFormatter] = [:]

  /// The process's cache.
  static let shared = DateFormatterCache()

  /// How many formatters have been made: one per format and time zone.
  var count: Int { lock.withLock { formatters.count } }

  /// The date `text` spells in `format`, read in `timeZone` with the POSIX locale.
  func date(from text: String, format: String, timeZone: TimeZone) -> Date? {
    let key = format + "\u{0}" + timeZone.identifier
    return lock.withLock {
      let formatter: DateFormatter
      if let cached = formatters[key] {
        formatter = cached
      } else {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatters[key] = formatter
      }
      return formatter.date(from: text)
    }
  }
}
