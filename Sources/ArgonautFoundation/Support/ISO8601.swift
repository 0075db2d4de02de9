import Foundation

/// The common ISO 8601 form that `.iso8601` reads and writes, `2023-11-14T22:13:20Z`,
/// handled on bytes for the years 1600 to 9999; anything else goes to
/// `Date.ISO8601FormatStyle`, so the results are always Foundation's (whose calendar is
/// Julian before 1582).
enum ISO8601 {
  /// 1600-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
  static let earliest = Double(days(year: 1600, month: 1, day: 1) * 86_400)
  static let end = Double(days(year: 10_000, month: 1, day: 1) * 86_400)

  /// Days from 1970-01-01 to `year`-`month`-`day` in the proleptic Gregorian calendar.
  @inline(__always)
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The date of `yyyy-MM-ddTHH:mm:ssZ` in `text`, or `nil` for any other text.
  @inline(__always)
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
    guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
      text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
      text[19] == UInt8(ascii: "Z")
    else { return nil }
    func digits(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for i in start..<start + count {
        let digit = text[i] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
      let minute = digits(14, 2), let second = digits(17, 2), year >= 1600, (1...12).contains(month), day >= 1,
      day <= daysInMonth(month, year: year), hour < 24, minute < 60, second < 60
    else { return nil }
    let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// Writes `date` as `yyyy-MM-ddTHH:mm:ssZ` (quotes included) when it is a whole
  /// second from year 1600 to 9999; returns `false`, writing nothing, otherwise.
  @inline(__always)
  static func write(_ date: Date, _ append: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    let interval = date.timeIntervalSince1970
    guard interval >= earliest, interval < end, interval.rounded(.down) == interval else {
      return false
    }
    let seconds = Int(interval)
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22) { buffer in
      func put(_ value: Int, _ start: Int, _ count: Int) {
        var value = value
        for i in stride(from: start + count - 1, through: start, by: -1) {
          buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
          value /= 10
        }
      }
      buffer[0] = UInt8(ascii: "\"")
      put(year, 1, 4)
      buffer[5] = UInt8(ascii: "-")
      put(month, 6, 2)
      buffer[8] = UInt8(ascii: "-")
      put(day, 9, 2)
      buffer[11] = UInt8(ascii: "T")
      put(secondOfDay / 3600, 12, 2)
      buffer[14] = UInt8(ascii: ":")
      put(secondOfDay / 60 % 60, 15, 2)
      buffer[17] = UInt8(ascii: ":")
      put(secondOfDay % 60, 18, 2)
      buffer[20] = UInt8(ascii: "Z")
      buffer[21] = UInt8(ascii: "\"")
      append(UnsafeBufferPointer(buffer))
    }
    return true
  }
}
