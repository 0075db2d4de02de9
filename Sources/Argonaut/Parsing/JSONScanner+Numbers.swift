// Number scanning for the validating parser: syntax, and the inline value of short
// integers. Conversion to Swift types happens later, on request (see Numbers/).

extension JSONScanner {
  /// Scans a number. Integers of up to 18 digits are stored as their value; every
  /// other number keeps its text for an exact conversion later, flagged when its
  /// spelling shows that it is not an integer (`-65.61`, `1.25e-5`), so that
  /// `JSONNumber.integer(as:)` can say `nil` without reading it.
  @inline(__always)
  mutating func scanNumber(_ first: UnsafePointer<UInt8>) throws(JSONParseError) -> UnsafePointer<UInt8> {
    var p = first
    let negative = p.pointee == UInt8(ascii: "-")
    if negative { p += 1 }
    @inline(__always) func digit(_ p: UnsafePointer<UInt8>) -> UInt8? {
      guard p < end else { return nil }
      let d = p.pointee &- UInt8(ascii: "0")
      return d < 10 ? d : nil
    }
    guard let lead = digit(p) else {
      throw error(p, .invalidNumber, expected: "a digit")
    }
    var value = UInt64(lead)
    p += 1
    if lead != 0 {
      if end - p >= 8 {
        // The rest of a short integer in one load: its digits moved behind leading
        // '0's and converted at once (wrapping: the value is kept only for 18 digits
        // or fewer).
        let chunk = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        let notDigits = nonDigitMask(chunk)
        if notDigits != 0 {
          let digits = notDigits.trailingZeroBitCount &>> 3
          if digits > 0 {
            let aligned =
              chunk &<< UInt64(8 &* (8 &- digits)) | (0x3030_3030_3030_3030 as UInt64) &>> UInt64(8 &* digits)
            value = value &* powerOfTen(digits) &+ eightDigitsValue(aligned)
            p += digits
          }
        } else {
          value = value &* 100_000_000 &+ eightDigitsValue(chunk)
          p += 8
          while let d = digit(p) {
            value = value &* 10 &+ UInt64(d)
            p += 1
          }
        }
      } else {
        while let d = digit(p) {
          value = value &* 10 &+ UInt64(d)
          p += 1
        }
      }
    } else if digit(p) != nil {
      throw error(p, .invalidNumber, expected: "no digit after a leading 0")
    }
    let integerDigits = p - first - (negative ? 1 : 0)
    var isInteger = true
    if p < end && p.pointee == UInt8(ascii: ".") {
      isInteger = false
      p += 1
      guard digit(p) != nil else { throw error(p, .invalidNumber, expected: "a digit after '.'") }
      p = skipDigits(p + 1)
    }
    // The significand's digits, with the point taken out, end in a nonzero digit: the
    // value is not an integer when a fraction or a negative exponent scales it down.
    let endsInNonzeroDigit = p[-1] != UInt8(ascii: "0")
    var isNotInteger = !isInteger && endsInNonzeroDigit
    if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      p += 1
      let isNegativeExponent = p < end && p.pointee == UInt8(ascii: "-")
      if p < end && (p.pointee == UInt8(ascii: "+") || isNegativeExponent) { p += 1 }
      guard let exponentLead = digit(p) else {
        throw error(p, .invalidNumber, expected: "a digit in the exponent")
      }
      p = skipDigits(p + 1)
      // An exponent whose first or last digit is nonzero is nonzero, and with a `-` it
      // scales the digits down. (Rare spellings such as `15e-010` are left to the exact check.)
      isNotInteger =
        isNegativeExponent && endsInNonzeroDigit && (exponentLead != 0 || p[-1] != UInt8(ascii: "0"))
    }
    if isInteger && integerDigits <= 18 && !(negative && value == 0) {
      // 18 digits are below 10^18 < 2^60, so the value fits a small integer.
      tape.append(Tape.smallInt(negative ? -Int64(value) : Int64(value)))
    } else {
      tape.append(Tape.text(.number, flag: isNotInteger, offset: first - start, length: p - first))
    }
    return p
  }

  /// The position of the first byte at or after `p` that is not a digit.
  @inline(__always)
  func skipDigits(_ p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    var p = p
    while end - p >= 8 {
      let chunk = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      // The first byte that is not a digit, if any.
      let notDigits = nonDigitMask(chunk)
      if notDigits != 0 { return p + notDigits.trailingZeroBitCount &>> 3 }
      p += 8
    }
    while p < end && p.pointee &- UInt8(ascii: "0") < 10 { p += 1 }
    return p
  }
}
