// Number scanning for the validating parser: syntax, and the decimal value of short
// numbers. Conversion to Swift types happens later, on request (see Numbers/).

extension JSONScanner {
  /// Scans a number. Integers of up to 18 digits are stored as their value. Far from
  /// the end of the input, other numbers of up to 19 digits (with an exponent of up to
  /// four digits and a decimal exponent within -256...255) are stored in the inline
  /// form: their significand, computed from the same loads that validate them, and
  /// their spelling (see `Tape`). Every other number keeps its text for an exact
  /// conversion later. Either is flagged when its spelling shows that it is no
  /// integer below 2^64 (`-65.61`, `1.25e-5`, `1e20`), so that
  /// `JSONNumber.integer(as:)` can say `nil` without reading it.
  ///
  /// Far from the end of the input, the common shapes are scanned inline: integer
  /// parts of up to 15 digits (19 before a point or an exponent), fractions of up to
  /// 23, exponents of up to 7.
  /// `@_transparent` like `scanKey`, so that the scanner's state stays in registers (a
  /// plain call in a debug build, which compiles faster).
  /// Every other number, and every error, takes `scanNumberInFull`.
  #if DEBUG
    @inline(__always)
  #else
    @_transparent
  #endif
  mutating func scanNumber(_ first: UnsafePointer<UInt8>) throws(JSONParseError) -> UnsafePointer<UInt8> {
    // 64 bytes from `first` are readable, and every read below stays within 55 of
    // them: a sign, 19 digits of the integer part (read as 24 bytes), the point, 24
    // bytes of the fraction, the exponent's marker and sign, then 8 bytes of its digits.
    fast: if end - first >= 64 {
      let negative = first.pointee == UInt8(ascii: "-")
      let digitsStart = negative ? first + 1 : first
      // The second word only when the first holds eight digits: a branch, not a
      // conditional move, so that the end of a short integer does not wait for it.
      let chunk = loadEightBytes(digitsStart)
      let firstStops = nonDigitMask(chunk)
      var chunk2: UInt64 = 0
      var chunk3: UInt64 = 0
      var integerDigits = firstStops.trailingZeroBitCount &>> 3
      if _slowPath(firstStops == 0) {
        chunk2 = loadEightBytes(digitsStart + 8)
        let secondStops = nonDigitMask(chunk2)
        integerDigits = 8 &+ secondStops.trailingZeroBitCount &>> 3
        if secondStops == 0 {
          chunk3 = loadEightBytes(digitsStart + 16)
          integerDigits = 16 &+ nonDigitMask(chunk3).trailingZeroBitCount &>> 3
        }
      }
      let isZero = digitsStart.pointee == UInt8(ascii: "0")
      // 1 to 19 digits, and no digit after a leading zero.
      guard (1...19).contains(integerDigits) && !(isZero && integerDigits > 1) else { break fast }
      var p = digitsStart + integerDigits
      if p.pointee != UInt8(ascii: ".") && p.pointee | 0x20 != UInt8(ascii: "e") {
        // Integers of 16 digits and more take the full path.
        guard !(negative && isZero) && integerDigits <= 15 else { break fast }
        // At most 15 digits: below 10^15 < 2^60, so the value fits a small integer.
        // Up to four digits (ids, counts, indices) in a 32-bit word: half the work.
        let value =
          integerDigits <= 4
          ? leadingDigitsValue(upToFour: chunk, integerDigits)
          : integerDigits < 8
            ? leadingDigitsValue(chunk, integerDigits)
            : eightDigitsValue(chunk) &* powerOfTen(integerDigits &- 8)
              &+ leadingDigitsValue(chunk2, integerDigits &- 8)
        let signed = Int64(bitPattern: value)
        tape.append(Tape.smallInt(negative ? 0 &- signed : signed))
        return p
      }
      // The flag as `scanFraction` sets it.
      var isNotInteger = false
      var fractionDigits = 0
      // The fraction's first 24 bytes, read for its length and then for its value.
      var fraction0: UInt64 = 0
      var fraction1: UInt64 = 0
      var fraction2: UInt64 = 0
      if p.pointee == UInt8(ascii: ".") {
        fraction0 = loadEightBytes(p + 1)
        fraction1 = loadEightBytes(p + 9)
        fractionDigits = JSONScanner.leadingDigitCount(fraction0, fraction1)
        if fractionDigits == 16 {
          fraction2 = loadEightBytes(p + 17)
          fractionDigits = 16 &+ nonDigitMask(fraction2).trailingZeroBitCount &>> 3
        }
        guard (1...23).contains(fractionDigits) else { break fast }
        p += 1 &+ fractionDigits
        isNotInteger = p[-1] != UInt8(ascii: "0")
      }
      // The exponent as written, with its sign, and how it is spelled.
      var writtenExponent = 0
      var exponentSpelling: UInt64 = 0
      var exponentDigits = 0
      if p.pointee | 0x20 == UInt8(ascii: "e") {
        let endsInNonzeroDigit = p[-1] != UInt8(ascii: "0")
        let isUppercase = p.pointee == UInt8(ascii: "E")
        let sign = p[1]
        let isNegativeExponent = sign == UInt8(ascii: "-")
        let isPositiveExponent = sign == UInt8(ascii: "+")
        let exponentStart = p + (isNegativeExponent || isPositiveExponent ? 2 : 1)
        let exponentChunk = loadEightBytes(exponentStart)
        exponentDigits = nonDigitMask(exponentChunk).trailingZeroBitCount &>> 3
        guard (1...7).contains(exponentDigits) else { break fast }
        p = exponentStart + exponentDigits
        // Its value when it has up to four digits (only those are stored, or tested below).
        let exponent = Int(
          truncatingIfNeeded: leadingDigitsValue(upToFour: exponentChunk, exponentDigits < 4 ? exponentDigits : 4))
        if isNegativeExponent {
          // As `scanFraction` sets it: `15e-010` is left to the exact check.
          isNotInteger =
            endsInNonzeroDigit && (exponentStart.pointee != UInt8(ascii: "0") || p[-1] != UInt8(ascii: "0"))
          writtenExponent = 0 &- exponent
        } else {
          // As `scanFraction` sets it: `1e0020` is left to the exact check.
          let magnitudeDigits = isZero ? 0 : integerDigits
          let shownExponent = exponentDigits <= 3 ? exponent : exponentStart.pointee != UInt8(ascii: "0") ? 1000 : 0
          isNotInteger = magnitudeDigits > 0 && magnitudeDigits &- 1 &+ shownExponent >= 20
          writtenExponent = exponent
        }
        exponentSpelling = DecimalSpelling.exponent(
          isUppercase: isUppercase, sign: isNegativeExponent ? 2 : isPositiveExponent ? 1 : 0, digits: exponentDigits)
      }
      // The inline form: up to 19 significant digits, an exponent of up to four digits,
      // and a decimal exponent that the entry can hold. Behind `0.`, up to eight
      // leading zeros of the fraction do not count (`0.00012345678901234567`): the
      // digits' value stays below 10^19, and their text at most 24 digits.
      let decimalExponent = writtenExponent &- fractionDigits
      guard
        readsNumbers
          && (integerDigits &+ fractionDigits <= 19
            || (isZero && fractionDigits &- (fraction0 ^ 0x3030_3030_3030_3030).trailingZeroBitCount &>> 3 <= 19))
          && exponentDigits <= 4
          && Tape.isInlineExponent(decimalExponent) && significands.count < Tape.longInlineSlots
      else {
        tape.append(Tape.textNumber(isNotInteger: isNotInteger, offset: first - start, length: p - first))
        return p
      }
      let integerValue =
        integerDigits <= 4
        ? leadingDigitsValue(upToFour: chunk, integerDigits)
        : integerDigits <= 8
          ? leadingDigitsValue(upToEight: chunk, integerDigits)
          : integerDigits <= 16
            ? eightDigitsValue(chunk) &* powerOfTen(integerDigits &- 8)
              &+ leadingDigitsValue(upToEight: chunk2, integerDigits &- 8)
            : (eightDigitsValue(chunk) &* 100_000_000 &+ eightDigitsValue(chunk2)) &* powerOfTen(integerDigits &- 16)
              &+ leadingDigitsValue(upToFour: chunk3, integerDigits &- 16)
      var significand = integerValue
      if fractionDigits > 0 {
        let fractionValue =
          fractionDigits <= 8
          ? leadingDigitsValue(upToEight: fraction0, fractionDigits)
          : fractionDigits <= 16
            ? eightDigitsValue(fraction0) &* powerOfTen(fractionDigits &- 8)
              &+ leadingDigitsValue(upToEight: fraction1, fractionDigits &- 8)
            : (eightDigitsValue(fraction0) &* 100_000_000 &+ eightDigitsValue(fraction1))
              &* powerOfTen(fractionDigits &- 16) &+ leadingDigitsValue(upToEight: fraction2, fractionDigits &- 16)
        significand = integerValue &* powerOfTen(fractionDigits) &+ fractionValue
      }
      let index = significands.count
      if exponentDigits == 0 && significand &>> 57 == 0 && integerDigits <= 15 && index < Tape.shortInlineSlots {
        // The short form: half the memory, for numbers such as coordinates.
        tape.append(
          Tape.shortInlineNumber(
            index: index, high: significand &>> 32, isNotInteger: isNotInteger, isNegative: negative,
            integerDigits: integerDigits, fractionDigits: fractionDigits))
        significands.append(UInt32(truncatingIfNeeded: significand))
      } else {
        tape.append(
          Tape.inlineNumber(
            index: index, isNotInteger: isNotInteger, isNegative: negative, integerDigits: integerDigits,
            fractionDigits: fractionDigits, exponentSpelling: exponentSpelling, exponent: decimalExponent))
        significands.append(UInt32(truncatingIfNeeded: significand))
        significands.append(UInt32(truncatingIfNeeded: significand &>> 32))
      }
      return p
    }
    return try scanNumberInFull(first)
  }

  /// Scans a number of any shape anywhere, and reports every malformed one. Out of
  /// line: `scanNumber` takes the common shapes inline.
  @inline(never)
  mutating func scanNumberInFull(_ first: UnsafePointer<UInt8>) throws(JSONParseError) -> UnsafePointer<UInt8> {
    var p = first
    let negative = p.pointee == UInt8(ascii: "-")
    if negative { p += 1 }
    let digitsStart = p
    guard p < end && p.pointee &- UInt8(ascii: "0") < 10 else { throw numberError(p, .digit) }
    // The integer part. Far from the end, two loads find where up to 15 digits stop,
    // and the value is computed from the same loads, only if it is an integer.
    var chunk: UInt64 = 0
    var chunk2: UInt64 = 0
    let isInChunks = end - p >= 16
    if isInChunks {
      chunk = loadEightBytes(p)
      chunk2 = loadEightBytes(p + 8)
      let count = JSONScanner.leadingDigitCount(chunk, chunk2)
      p = count < 16 ? p + count : skipDigits(p + 16)
    } else {
      p = skipDigits(p + 1)
    }
    let integerDigits = p - digitsStart
    let isZero = digitsStart.pointee == UInt8(ascii: "0")
    if isZero && integerDigits > 1 { throw numberError(digitsStart + 1, .noDigitAfterLeadingZero) }
    let next = p < end ? p.pointee : 0
    if next != UInt8(ascii: ".") && next | 0x20 != UInt8(ascii: "e") {
      if integerDigits <= 18 && !(negative && isZero) {
        // 18 digits are below 10^18 < 2^60, so the value fits a small integer.
        let value =
          !isInChunks || integerDigits >= 16
          ? digitsValue(digitsStart, integerDigits)
          : integerDigits < 8
            ? leadingDigitsValue(chunk, integerDigits)
            : eightDigitsValue(chunk) &* powerOfTen(integerDigits &- 8)
              &+ leadingDigitsValue(chunk2, integerDigits &- 8)
        let signed = Int64(bitPattern: value)
        tape.append(Tape.smallInt(negative ? 0 &- signed : signed))
      } else {
        tape.append(Tape.textNumber(isNotInteger: false, offset: first - start, length: p - first))
      }
      return p
    }
    // With a nonzero first digit, the value is at least 10^(integerDigits - 1).
    return try scanFraction(first, at: p, magnitudeDigits: isZero ? 0 : integerDigits)
  }

  /// Scans the rest of a number from its `.` or exponent marker at `p`. `@_transparent`
  /// because the optimizer declines `@inline(__always)` here, and the call costs about
  /// twenty instructions per number.
  #if DEBUG
    @inline(__always)
  #else
    @_transparent
  #endif
  mutating func scanFraction(
    _ first: UnsafePointer<UInt8>, at marker: UnsafePointer<UInt8>, magnitudeDigits: Int
  ) throws(JSONParseError) -> UnsafePointer<UInt8> {
    var p = marker
    var hasFraction = false
    if p.pointee == UInt8(ascii: ".") {
      hasFraction = true
      p += 1
      let fractionStart = p
      if end - p >= 16 {
        let count = JSONScanner.leadingDigitCount(loadEightBytes(p), loadEightBytes(p + 8))
        p = count < 16 ? p + count : skipDigits(p + 16)
      } else {
        p = skipDigits(p)
      }
      guard p > fractionStart else { throw numberError(p, .digitAfterPoint) }
    }
    // The significand's digits, with the point taken out, end in a nonzero digit: the
    // value is not an integer when a fraction or a negative exponent scales it down.
    let endsInNonzeroDigit = p[-1] != UInt8(ascii: "0")
    var isNotInteger = hasFraction && endsInNonzeroDigit
    if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") {
      p += 1
      let isNegativeExponent = p < end && p.pointee == UInt8(ascii: "-")
      if p < end && (p.pointee == UInt8(ascii: "+") || isNegativeExponent) { p += 1 }
      let exponentStart = p
      p = skipDigits(p)
      guard p > exponentStart else { throw numberError(p, .exponentDigit) }
      // An exponent whose first or last digit is nonzero is nonzero, and with a `-` it
      // scales the digits down. (Rare spellings such as `15e-010` are left to the exact check.)
      if isNegativeExponent {
        isNotInteger =
          endsInNonzeroDigit && (exponentStart.pointee != UInt8(ascii: "0") || p[-1] != UInt8(ascii: "0"))
      } else {
        // A value of 10^20 or more, beyond 64 bits, is no integer that `integer(as:)`
        // returns either: `1.5e+20`, `12e19`. (A positive exponent may make any other
        // value an integer: `0.5e1`.)
        let exponentDigits = p - exponentStart
        var exponent = exponentDigits > 3 && exponentStart.pointee != UInt8(ascii: "0") ? 1000 : 0
        if exponentDigits <= 3 {
          for i in 0..<exponentDigits { exponent = exponent &* 10 &+ Int(exponentStart[i] &- UInt8(ascii: "0")) }
        }
        isNotInteger = magnitudeDigits > 0 && magnitudeDigits &- 1 &+ exponent >= 20
      }
    }
    tape.append(Tape.textNumber(isNotInteger: isNotInteger, offset: first - start, length: p - first))
    return p
  }

  /// What a malformed number lacks.
  enum NumberSyntax {
    case digit, noDigitAfterLeadingZero, digitAfterPoint, exponentDigit
  }

  /// The error for a malformed number at `p`: out of line, so that the scanning code
  /// stays small.
  @inline(never)
  func numberError(_ p: UnsafePointer<UInt8>, _ syntax: NumberSyntax) -> JSONParseError {
    switch syntax {
    case .digit: error(p, .invalidNumber, expected: "a digit")
    case .noDigitAfterLeadingZero: error(p, .invalidNumber, expected: "no digit after a leading 0")
    case .digitAfterPoint: error(p, .invalidNumber, expected: "a digit after '.'")
    case .exponentDigit: error(p, .invalidNumber, expected: "a digit in the exponent")
    }
  }

  /// The value of the `count` (at most 19) digits at `p`, eight at a time.
  func digitsValue(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var p = p
    var count = count
    var value: UInt64 = 0
    while count >= 8 {
      value = value &* 100_000_000 &+ eightDigitsValue(loadEightBytes(p))
      p += 8
      count &-= 8
    }
    while count > 0 {
      value = value &* 10 &+ UInt64(p.pointee &- UInt8(ascii: "0"))
      p += 1
      count &-= 1
    }
    return value
  }

  /// The number of digits (0–15) that the sixteen bytes `low` then `high` start
  /// with, or 16 when all are digits. Without a branch: a trailing-zero count of
  /// 0 is 64.
  @inline(__always)
  static func leadingDigitCount(_ low: UInt64, _ high: UInt64) -> Int {
    let lowStops = nonDigitMask(low)
    let highStops = nonDigitMask(high)
    return lowStops != 0 ? lowStops.trailingZeroBitCount &>> 3 : 8 &+ highStops.trailingZeroBitCount &>> 3
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
