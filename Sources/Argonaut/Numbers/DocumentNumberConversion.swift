// The fast conversion of a parsed number to Double or Float, reading the document in
// place.
//
// A number inside a parsed document ends where the parser found a byte that cannot
// continue it. (`JSONNumber` reads numbers near the end of a document, and numbers made
// from Swift values, from a copy padded with zeros, which ends them the same way.)
// With eight bytes of the document to spare
// after the number, each run of digits is read with one or two eight-byte loads and
// no length checks, the way simdjson and fast_float do: the first byte that is not a
// digit ends the run. Numbers of up to 19 significant digits with short exponents
// (nearly all of them) convert here, with Clinger's exact fast path or Eisel-Lemire;
// everything else, and every case Eisel-Lemire cannot decide, takes the general
// conversion in DecimalConversion.swift.

/// A number of at most 19 digits as `significand * 10^exponent`, read in place, with
/// how it was spelled: enough to write its text again byte for byte (see
/// `JSONNumber`'s inline storage).
struct ShortDecimal {
  var isNegative: Bool
  var significand: UInt64
  var exponent: Int
  /// Digits before the point (1...19; at most 15 when read from text).
  var integerDigits: Int
  /// Digits after the point; 0 when there is no point.
  var fractionDigits: Int
  /// How the exponent was written: `DecimalSpelling`'s exponent bits, 0 for none.
  var exponentSpelling: UInt64

  /// The sign bit of a `Double` with this sign: setting it without a branch, which a
  /// random sign would mispredict.
  var signBit: UInt64 { UInt64(isNegative ? 1 : 0) &<< 63 }
}

/// Eight bytes at `p`, the first in the lowest byte.
@inline(__always)
func loadEightBytes(_ p: UnsafePointer<UInt8>) -> UInt64 {
  UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
}

/// The value of the first `count` (1...4) bytes of `chunk`, which are digits: the
/// four-byte form of `leadingDigitsValue`, in half its instructions.
@inline(__always)
func leadingDigitsValue(upToFour chunk: UInt64, _ count: Int) -> UInt64 {
  // The digits move to the high bytes of a 32-bit word, behind zeros.
  let digits = (UInt32(truncatingIfNeeded: chunk) &- 0x3030_3030) &<< UInt32(truncatingIfNeeded: 8 &* (4 &- count))
  // Pairs of digits, then the two pairs: at most 9999, which fits the 16 bits it lands in.
  let pairs = (digits &* 10 &+ digits &>> 8) & 0x00FF_00FF
  return UInt64((pairs &* (100 &<< 16 | 1)) &>> 16 & 0xFFFF)
}

/// The value of the first `count` (1...8) bytes of `chunk`, which are digits.
@inline(__always)
func leadingDigitsValue(upToEight chunk: UInt64, _ count: Int) -> UInt64 {
  // The digits move to the high bytes behind '0's; the fill takes two shifts, so that a
  // count of 8 shifts it all out rather than by 64 (which `&>>` would take as 0).
  let digits = chunk &<< UInt64(truncatingIfNeeded: 8 &* (8 &- count))
  let fill = ((0x3030_3030_3030_3030 as UInt64) &>> UInt64(truncatingIfNeeded: 8 &* count &- 1)) &>> 1
  return eightDigitsValue(digits | fill)
}

/// The value of the first `count` (0...7) bytes of `chunk`, which are digits.
@inline(__always)
func leadingDigitsValue(_ chunk: UInt64, _ count: Int) -> UInt64 {
  // The digits move to the high bytes behind '0's; two shifts, so that a count of 0
  // shifts everything out rather than by 64 (which `&<<` would take as 0).
  let digits = (chunk &<< UInt64(truncatingIfNeeded: 8 &* (7 &- count))) &<< 8
  return eightDigitsValue(digits | (0x3030_3030_3030_3030 as UInt64) &>> UInt64(truncatingIfNeeded: 8 &* count))
}

/// The bytes of `low` below byte `count` (0...8), and those of `high` from there on.
@inline(__always)
func mergeBytes(_ low: UInt64, _ high: UInt64, below count: Int) -> UInt64 {
  // Two shifts, so that a count of 8 shifts everything out rather than by 64.
  let shift = UInt64(truncatingIfNeeded: 4 &* count)
  let highMask = (UInt64.max &<< shift) &<< shift
  return (low & ~highMask) | (high & highMask)
}

/// Reads the number at `start` of a parsed document, or `nil` when it has more than 19
/// digits, 16 or more integer digits, or an exponent of more than four digits.
///
/// The digits are read eight at a time with the point taken out: the word holding the
/// point is merged from a load at it and a load one byte further on, and the words
/// after it are loaded one byte further on.
///
/// - Precondition: `start..<end` is the number's validated text as the parser found it,
///   so the byte at `end` is not a digit, and at least eight bytes of the same buffer
///   follow `end`. Every load then starts at or before `end` and stays inside the buffer.
@inline(__always)
func readShortDecimal(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> ShortDecimal? {
  let isNegative = start.pointee == UInt8(ascii: "-")
  let s = isNegative ? start + 1 : start
  // The integer part: at least one digit, so `s < end`.
  let first = loadEightBytes(s)
  let firstStops = nonDigitMask(first)
  var second: UInt64 = 0
  var integerDigits = firstStops.trailingZeroBitCount &>> 3
  if firstStops == 0 {
    // Eight integer digits or more: `s + 8 <= end`.
    second = loadEightBytes(s + 8)
    let secondStops = nonDigitMask(second)
    guard secondStops != 0 else { return nil }
    integerDigits = 8 &+ secondStops.trailingZeroBitCount &>> 3
  }
  var significand: UInt64
  var p: UnsafePointer<UInt8>
  var exponent = 0
  var fractionDigits = 0
  if s[integerDigits] == UInt8(ascii: ".") {
    // A digit follows the point, so every load below starts inside the number: the
    // second word only when the first holds eight digits, the third only when the
    // first two hold sixteen, each with the point before it.
    let word0 = integerDigits < 8 ? mergeBytes(first, loadEightBytes(s + 1), below: integerDigits) : first
    let stops0 = nonDigitMask(word0)
    let digits: Int
    if stops0 != 0 {
      digits = stops0.trailingZeroBitCount &>> 3
      significand = leadingDigitsValue(word0, digits)
    } else {
      let word1 =
        integerDigits < 8
        ? loadEightBytes(s + 9) : mergeBytes(second, loadEightBytes(s + 9), below: integerDigits &- 8)
      let stops1 = nonDigitMask(word1)
      if stops1 != 0 {
        let tail = stops1.trailingZeroBitCount &>> 3
        significand = eightDigitsValue(word0) &* powerOfTen(tail) &+ leadingDigitsValue(word1, tail)
        digits = 8 &+ tail
      } else {
        let word2 = loadEightBytes(s + 17)
        let stops2 = nonDigitMask(word2)
        let tail = stops2.trailingZeroBitCount &>> 3
        // Leading zeros count too: below 10^19 either way, so the significand is exact.
        guard tail <= 3 else { return nil }
        significand =
          (eightDigitsValue(word0) &* 100_000_000 &+ eightDigitsValue(word1)) &* powerOfTen(tail)
          &+ leadingDigitsValue(word2, tail)
        digits = 16 &+ tail
      }
    }
    exponent = integerDigits &- digits
    fractionDigits = digits &- integerDigits
    p = s + digits + 1
  } else {
    significand =
      integerDigits < 8
      ? leadingDigitsValue(first, integerDigits)
      : eightDigitsValue(first) &* powerOfTen(integerDigits &- 8) &+ leadingDigitsValue(second, integerDigits &- 8)
    p = s + integerDigits
  }
  var exponentSpelling: UInt64 = 0
  if p < end {
    // The exponent: `e` or `E`, a sign, and digits up to the end.
    let isUppercase = p.pointee == UInt8(ascii: "E")
    p += 1
    let isNegativeExponent = p.pointee == UInt8(ascii: "-")
    let isPositiveExponent = p.pointee == UInt8(ascii: "+")
    if isNegativeExponent || isPositiveExponent { p += 1 }
    let exponentDigits = end - p
    guard exponentDigits <= 4 else { return nil }
    var explicit = 0
    while p < end {
      explicit = explicit &* 10 &+ Int(p.pointee &- UInt8(ascii: "0"))
      p += 1
    }
    exponent &+= isNegativeExponent ? -explicit : explicit
    exponentSpelling = DecimalSpelling.exponent(
      isUppercase: isUppercase, sign: isNegativeExponent ? 2 : isPositiveExponent ? 1 : 0, digits: exponentDigits)
  }
  return ShortDecimal(
    isNegative: isNegative, significand: significand, exponent: exponent, integerDigits: integerDigits,
    fractionDigits: fractionDigits, exponentSpelling: exponentSpelling)
}

extension Tape {
  /// Where the number entry's text starts and ends in `bytes`, when at least eight
  /// bytes of `bytes` follow it (the precondition of `readShortDecimal`).
  @inline(__always)
  static func shortNumberBounds(
    _ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
    let offset = offset(entry)
    let length = storedNumberLength(entry)
    // A saturated length is far beyond 64; the offset and length come from the parser,
    // so `offset + length <= bytes.count`, and the check keeps eight more.
    guard length <= 64 && bytes.count &- offset &- length >= 8 else { return nil }
    let start = bytes.baseAddress.unsafelyUnwrapped + offset
    return (start, start + length)
  }

  /// The sign and magnitude of the number entry `entry` (of the text form) of the
  /// document `bytes`, when it is an integer below 2^64 (see `exactIntegerMagnitude`).
  static func integerMagnitude(
    _ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (isNegative: Bool, magnitude: UInt64)? {
    guard let (start, end) = shortNumberBounds(entry, in: bytes), let decimal = readShortDecimal(start, end) else {
      return exactIntegerMagnitude(numberText(entry, in: bytes))
    }
    return Argonaut.integerMagnitude(
      isNegative: decimal.isNegative, significand: decimal.significand, exponent: decimal.exponent)
  }

  /// The correctly rounded `Double` of the number entry `entry` (of either form) of
  /// `document`: for readers of the tape, such as the Foundation bridge's decoder.
  @inline(__always)
  package static func doubleValue(_ entry: UInt64, in document: borrowing JSONDocument) -> Double {
    if isInlineNumber(entry) {
      let significand = inlineSignificand(entry, in: document.significands)
      let layout = inlineLayout(entry)
      if let value = DecimalSpelling.decimal(significand, layout).doubleValue { return value }
      return JSONNumber(storage: .decimal(significand: significand, layout: layout)).generalDoubleValue
    }
    return doubleValue(entry, in: document.text)
  }

  /// The correctly rounded `Double` of the number entry `entry` of the text form.
  @inline(__always)
  static func doubleValue(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
    if let (start, end) = shortNumberBounds(entry, in: bytes), let decimal = readShortDecimal(start, end),
      let value = decimal.doubleValue
    {
      return value
    }
    return generalDoubleValue(entry, in: bytes)
  }

  /// `doubleValue` for the numbers that its fast paths do not take.
  @inline(never)
  static func generalDoubleValue(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
    jsonNumberToDouble(numberText(entry, in: bytes))
  }

  /// The correctly rounded `Float` of the number entry `entry` (of either form) of `document`.
  package static func floatValue(_ entry: UInt64, in document: borrowing JSONDocument) -> Float {
    if isInlineNumber(entry) {
      let significand = inlineSignificand(entry, in: document.significands)
      let layout = inlineLayout(entry)
      if let value = DecimalSpelling.decimal(significand, layout).floatValue { return value }
      return JSONNumber(storage: .decimal(significand: significand, layout: layout)).generalFloatValue
    }
    return floatValue(entry, in: document.text)
  }

  /// The correctly rounded `Float` of the number entry `entry` of the text form.
  static func floatValue(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Float {
    if let (start, end) = shortNumberBounds(entry, in: bytes), let decimal = readShortDecimal(start, end),
      let value = decimal.floatValue
    {
      return value
    }
    return jsonNumberToFloat(numberText(entry, in: bytes))
  }

  /// The number entry `entry` (of either form) of `document` as `Integer`, exactly, or
  /// `nil` when it is not an integer or does not fit.
  package static func integer<Integer: FixedWidthInteger>(
    _ entry: UInt64, in document: JSONDocument, as type: Integer.Type
  ) -> Integer? {
    JSONNumber(entry: entry, in: document).integer(as: type)
  }

  /// Calls `body` with the text of the number entry `entry` (of either form) of
  /// `document`: the document's own bytes, or for the inline form, the text written
  /// again from its value and spelling.
  package static func withNumberText<R>(
    _ entry: UInt64, in document: borrowing JSONDocument, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    if isInlineNumber(entry) {
      return JSONNumber(numberEntry: entry, in: document).withText(body)
    }
    return body(numberText(entry, in: document.text))
  }

  /// Writes the text of the inline number entry `entry` of `document` at `output`,
  /// which has room for `DecimalSpelling.maximumTextLength` bytes or for the
  /// number's original text, and returns its length.
  @inline(__always)
  static func writeInlineNumber(
    _ entry: UInt64, in significands: UnsafeBufferPointer<UInt32>, to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    DecimalSpelling.write(inlineSignificand(entry, in: significands), inlineLayout(entry), to: output)
  }
}

extension ShortDecimal {
  /// The correctly rounded `Double`, or `nil` in the rare cases that Eisel-Lemire
  /// leaves to the general conversion.
  @inline(__always)
  var doubleValue: Double? {
    if significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
      // Clinger: both operands are exact, so one correctly rounded operation suffices.
      let exponent = exponent
      let magnitude = exactPowersOfTenDouble.withUnsafeBufferPointer { powers in
        exponent < 0 ? Double(significand) / powers[-exponent] : Double(significand) * powers[exponent]
      }
      return Double(bitPattern: magnitude.bitPattern | signBit)
    }
    guard let fields = eiselLemire(significand, exponent, .binary64) else { return nil }
    return Double(bitPattern: signBit | UInt64(fields.biasedExponent) &<< 52 | fields.significand)
  }

  /// The correctly rounded `Float`, or `nil` where Eisel-Lemire cannot decide.
  @inline(__always)
  var floatValue: Float? {
    if significand <= 1 << 24 && exponent >= -10 && exponent <= 10 {
      let exponent = exponent
      let magnitude = exactPowersOfTenFloat.withUnsafeBufferPointer { powers in
        exponent < 0 ? Float(significand) / powers[-exponent] : Float(significand) * powers[exponent]
      }
      return Float(bitPattern: magnitude.bitPattern | UInt32(truncatingIfNeeded: signBit &>> 32))
    }
    guard let fields = eiselLemire(significand, exponent, .binary32) else { return nil }
    let bits =
      UInt32(truncatingIfNeeded: fields.biasedExponent) &<< 23 | UInt32(truncatingIfNeeded: fields.significand)
    return Float(bitPattern: bits | UInt32(truncatingIfNeeded: signBit &>> 32))
  }
}
