import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as in `Retry-After`, `Date`, `Expires` and
/// `Last-Modified`: `Sun, 06 Nov 1994 08:49:37 GMT`, and the two obsolete forms a
/// recipient must still accept, `Sunday, 06-Nov-94 08:49:37 GMT` and
/// `Sun Nov  6 08:49:37 1994`.
///
/// Parsed by hand, to the character: `DateFormatter` is neither `Sendable` nor cheap,
/// and these formats are fixed. Anything else (another zone, a missing comma, two
/// spaces, a one-digit hour) is not a date: `Expires` then means already expired
/// (RFC 9111 §5.3).
enum HTTPDate {
  private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

  /// The date that `text` spells, or `nil` when it is not an HTTP date.
  ///
  /// The grammar is followed to the character (RFC 9110 §5.6.7): one space between
  /// fields, a comma after the weekday of the two forms that have one, two-digit
  /// hours, minutes and seconds, `GMT` and no other zone. Only the letter case of
  /// names is forgiven. A two-digit year of the RFC 850 form is read as the RFC asks:
  /// a year more than 50 years after `now` is taken 100 years earlier.
  static func parse(_ text: String, now: Date = Date()) -> Date? {
    let bytes = Array(text.utf8)
    let parts: (day: Int, month: Int, year: Int, time: ArraySlice<UInt8>)?
    if bytes.count == 29, bytes[3] == UInt8(ascii: ",") {
      parts = imfFixdate(bytes)
    } else if bytes.count == 24, bytes[3] == UInt8(ascii: " ") {
      parts = asctime(bytes)
    } else {
      parts = rfc850(bytes, now: now)
    }
    guard let (day, month, year, time) = parts, let (hour, minute, second) = timeOfDay(time),
      (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    guard civil(fromDays: days) == (year, month, day) else { return nil }  // such as 31 Feb
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  /// `Sun, 06 Nov 1994 08:49:37 GMT`.
  private static func imfFixdate(_ b: [UInt8]) -> (Int, Int, Int, ArraySlice<UInt8>)? {
    guard weekday(b[0..<3]), b[4] == space, let day = digits(b[5..<7]), b[7] == space,
      let month = monthNumber(b[8..<11]), b[11] == space, let year = digits(b[12..<16]), b[16] == space,
      b[25] == space, lowercased(b[26..<29]) == Array("gmt".utf8)
    else { return nil }
    return (day, month, year, b[17..<25])
  }

  /// `Sun Nov  6 08:49:37 1994` (the day is space-padded).
  private static func asctime(_ b: [UInt8]) -> (Int, Int, Int, ArraySlice<UInt8>)? {
    guard weekday(b[0..<3]), let month = monthNumber(b[4..<7]), b[7] == space, b[10] == space,
      b[19] == space, let year = digits(b[20..<24])
    else { return nil }
    let day: Int?
    if b[8] == space { day = digits(b[9..<10]) } else { day = digits(b[8..<10]) }
    guard let day else { return nil }
    return (day, month, year, b[11..<19])
  }

  /// `Sunday, 06-Nov-94 08:49:37 GMT`.
  private static func rfc850(_ b: [UInt8], now: Date) -> (Int, Int, Int, ArraySlice<UInt8>)? {
    guard let comma = b.firstIndex(of: UInt8(ascii: ",")), b.count == comma + 24,
      longWeekdays.contains(lowercased(b[..<comma])), b[comma + 1] == space
    else { return nil }
    let rest = b[(comma + 2)...]
    let s = rest.startIndex
    guard let day = digits(rest[s..<s + 2]), rest[s + 2] == dash, let month = monthNumber(rest[s + 3..<s + 6]),
      rest[s + 6] == dash, let twoDigits = digits(rest[s + 7..<s + 9]), rest[s + 9] == space,
      rest[s + 18] == space, lowercased(rest[s + 19..<s + 22]) == Array("gmt".utf8)
    else { return nil }
    let thisYear = civil(fromDays: Int((now.timeIntervalSince1970 / 86_400).rounded(.down))).year
    var year = thisYear - thisYear % 100 + twoDigits
    if year > thisYear + 50 { year -= 100 }
    return (day, month, year, rest[s + 10..<s + 18])
  }

  /// `08:49:37`.
  private static func timeOfDay(_ b: ArraySlice<UInt8>) -> (Int, Int, Int)? {
    let s = b.startIndex
    guard b.count == 8, b[s + 2] == colon, b[s + 5] == colon, let hour = digits(b[s..<s + 2]),
      let minute = digits(b[s + 3..<s + 5]), let second = digits(b[s + 6..<s + 8])
    else { return nil }
    return (hour, minute, second)
  }

  private static let space = UInt8(ascii: " ")
  private static let colon = UInt8(ascii: ":")
  private static let dash = UInt8(ascii: "-")
  private static let longWeekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    .map { Array($0.utf8) }

  /// The value of ASCII digits, all of them digits, or `nil`.
  private static func digits(_ b: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in b {
      guard (48...57).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return b.isEmpty ? nil : value
  }

  private static func lowercased(_ b: ArraySlice<UInt8>) -> [UInt8] {
    b.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  private static func weekday(_ b: ArraySlice<UInt8>) -> Bool {
    weekdays.contains { Array($0.lowercased().utf8) == lowercased(b) }
  }

  private static func monthNumber(_ b: ArraySlice<UInt8>) -> Int? {
    let name = String(decoding: lowercased(b), as: UTF8.self)
    return months.firstIndex(of: name).map { $0 + 1 }
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
