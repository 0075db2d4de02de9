import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as in `Retry-After`, `Date`, `Expires` and
/// `Last-Modified`: `Sun, 06 Nov 1994 08:49:37 GMT`, and the two obsolete forms a
/// recipient must still accept, `Sunday, 06-Nov-94 08:49:37 GMT` and
/// `Sun Nov  6 08:49:37 1994`.
///
/// Parsed by hand: `DateFormatter` is neither `Sendable` nor cheap, and these formats
/// are fixed.
enum HTTPDate {
  private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

  /// The date that `text` spells, or `nil` when it is not an HTTP date.
  static func parse(_ text: String) -> Date? {
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    let day: Int?
    let month: Int?
    let year: Int?
    let time: String
    switch fields.count {
    case 4 where fields[3] == "GMT":  // Sunday, 06-Nov-94 08:49:37 GMT
      let parts = fields[1].split(separator: "-").map(String.init)
      guard parts.count == 3, parts[2].count == 2, let twoDigits = Int(parts[2]) else { return nil }
      let century = twoDigits < 70 ? 2000 : 1900
      (day, month, year, time) = (Int(parts[0]), monthNumber(parts[1]), century + twoDigits, fields[2])
    case 6 where fields[5] == "GMT":  // Sun, 06 Nov 1994 08:49:37 GMT
      guard fields[3].count == 4 else { return nil }
      (day, month, year, time) = (Int(fields[1]), monthNumber(fields[2]), Int(fields[3]), fields[4])
    case 5:  // Sun Nov  6 08:49:37 1994
      guard fields[4].count == 4 else { return nil }
      (day, month, year, time) = (Int(fields[2]), monthNumber(fields[1]), Int(fields[4]), fields[3])
    default:
      return nil
    }
    let clock = time.split(separator: ":").map { Int($0) }
    guard let day, let month, let year, (1...31).contains(day), (1...9999).contains(year), clock.count == 3,
      let hour = clock[0], let minute = clock[1], let second = clock[2],
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    guard civil(fromDays: days) == (year, month, day) else { return nil }  // such as 31 Feb
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// `date` as an IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func string(from date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    let days = Int((Double(total) / 86_400).rounded(.down))
    let seconds = total - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    let weekday = weekdays[((days % 7) + 7) % 7]
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let monthName = months[month - 1].prefix(1).uppercased() + months[month - 1].dropFirst()
    return "\(weekday), \(two(day)) \(monthName) \(year) "
      + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) GMT"
  }

  private static func monthNumber(_ name: String) -> Int? {
    months.firstIndex(of: name.lowercased()).map { $0 + 1 }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard
  /// Hinnant's `days_from_civil`).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (`civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
