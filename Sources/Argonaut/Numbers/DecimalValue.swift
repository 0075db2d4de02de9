// The exact decimal value of a JSON number, for comparing and hashing numbers by
// value rather than by spelling. Parsing helpers live in DecimalConversion.swift.

/// The exact value of a JSON number in a normal form, for equality and hashing by numeric value.
///
/// The value is `(isNegative ? -1 : 1) * 0.d1d2d3... * 10^exponent`, where
/// `digits` holds d1, d2, ... as ASCII bytes ("0" ... "9") with no leading or
/// trailing zero digit. Zero has no sign: it is `digits == []`, `exponent == 0`,
/// `isNegative == false`. So "1", "1.0", "1e0", "10e-1" and "0.1e1" are all
/// equal, as are "0", "-0", "0.0" and "0e5". Explicit exponents saturate at
/// ±2^59, so two numbers whose exponents both exceed that may compare equal.
@usableFromInline
struct DecimalValue: Hashable, Sendable {
  var isNegative: Bool
  var digits: [UInt8]
  var exponent: Int

  /// Zero, the only value without a sign.
  static var zero: DecimalValue { DecimalValue(isNegative: false, digits: [], exponent: 0) }

  /// Creates a value from its parts, which must already be in normal form.
  init(isNegative: Bool, digits: [UInt8], exponent: Int) {
    self.isNegative = isNegative
    self.digits = digits
    self.exponent = exponent
  }

  /// The exact value of the validated JSON number `text`.
  ///
  /// Copies the significant digits (one allocation) and computes the exponent
  /// from the position of the first one; trailing zeros are dropped.
  @usableFromInline
  init(jsonNumber text: UnsafeBufferPointer<UInt8>) {
    let layout = JSONNumberLayout(text)
    guard let first = layout.firstSignificantDigit(in: text) else {
      self = .zero
      return
    }
    let last = layout.lastSignificantDigit(in: text)
    let span = last &- first &+ 1
    let digits = [UInt8](unsafeUninitializedCapacity: span) { buffer, initialized in
      var count = 0
      for position in first...last where text[position] != UInt8(ascii: ".") {
        buffer[count] = text[position]
        count &+= 1
      }
      initialized = count
    }
    self.init(
      isNegative: layout.isNegative, digits: digits,
      exponent: layout.powerOfTen(ofDigitAt: first) &+ 1)
  }

  /// The exact value of an integer, without going through text.
  ///
  /// Used for integers stored inline; equal to `init(jsonNumber:)` of any spelling of `value`.
  @usableFromInline
  init(_ value: Int64) {
    var magnitude = value.magnitude
    guard magnitude != 0 else {
      self = .zero
      return
    }
    var trailingZeros = 0
    while magnitude % 10 == 0 {
      magnitude /= 10
      trailingZeros &+= 1
    }
    var digitCount = 0
    var remaining = magnitude
    while remaining != 0 {
      remaining /= 10
      digitCount &+= 1
    }
    let digits = [UInt8](unsafeUninitializedCapacity: digitCount) { buffer, initialized in
      var remaining = magnitude
      for position in (0..<digitCount).reversed() {
        buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
        remaining /= 10
      }
      initialized = digitCount
    }
    self.init(isNegative: value < 0, digits: digits, exponent: digitCount &+ trailingZeros)
  }
}

// The inline form of a short JSON number: its value as `significand * 10^exponent`,
// with enough of its spelling to write the original text again byte for byte.
//
// A parsed number of up to 19 significant digits (nearly all of them) is read once,
// into two words that need no reference to the document: the significand, and this
// layout word. The parser reads most of them as it validates them (the inline form
// of number entries, see `Tape`); the rest are read when their `JSON` value is made.
//
//     bits 15...0    the decimal exponent, two's complement
//     bit  16        the number is negative
//     bits 21...17   digits after the point (0: no point)
//     bits 26...22   digits before the point
//     bit  27        there is an exponent part
//     bit  28        ... written with `E` rather than `e`
//     bits 30...29   ... its sign: 0 none, 1 `+`, 2 `-`
//     bits 33...31   ... its digit count (leading zeros included)
//     bit  34        the spelling shows that the value is no integer below 2^64
//
// JSON allows no leading zeros before the point, so the digits before and after it,
// written as the significand padded with zeros on the left, are exactly the
// original digits; the exponent's own value is the decimal exponent plus the digits
// after the point.

@usableFromInline
enum DecimalSpelling {
  static let negativeBit: UInt64 = 1 &<< 16
  static let hasExponentBit: UInt64 = 1 &<< 27
  static let uppercaseBit: UInt64 = 1 &<< 28
  @usableFromInline static let notIntegerBit: UInt64 = 1 &<< 34
  /// The longest text: a sign, 24 digits (`0.` and 23 more, of which at most 19 are
  /// significant), a point, and `e-9999`.
  static let maximumTextLength = 32

  /// The exponent part's bits.
  @inline(__always)
  static func exponent(isUppercase: Bool, sign: UInt64, digits: Int) -> UInt64 {
    hasExponentBit | (isUppercase ? uppercaseBit : 0) | sign &<< 29 | UInt64(truncatingIfNeeded: digits) &<< 31
  }

  /// The layout word of `decimal`.
  @inline(__always)
  static func layout(of decimal: ShortDecimal, isNotInteger: Bool) -> UInt64 {
    UInt64(UInt16(truncatingIfNeeded: decimal.exponent)) | (decimal.isNegative ? negativeBit : 0)
      | UInt64(truncatingIfNeeded: decimal.fractionDigits) &<< 17
      | UInt64(truncatingIfNeeded: decimal.integerDigits) &<< 22 | decimal.exponentSpelling
      | (isNotInteger ? notIntegerBit : 0)
  }

  @inline(__always)
  static func exponent(_ layout: UInt64) -> Int { Int(Int16(truncatingIfNeeded: layout)) }

  @inline(__always)
  static func isNegative(_ layout: UInt64) -> Bool { layout & negativeBit != 0 }

  /// The value as a `ShortDecimal`, for the conversions.
  @inline(__always)
  static func decimal(_ significand: UInt64, _ layout: UInt64) -> ShortDecimal {
    ShortDecimal(
      isNegative: isNegative(layout), significand: significand, exponent: exponent(layout),
      integerDigits: Int(truncatingIfNeeded: layout &>> 22 & 0x1F),
      fractionDigits: Int(truncatingIfNeeded: layout &>> 17 & 0x1F),
      exponentSpelling: layout & (0x7F &<< 27))
  }

  /// Writes the number's original text at `output`, which has room for
  /// `maximumTextLength` bytes (or for exactly the number's text), and returns its length.
  static func write(_ significand: UInt64, _ layout: UInt64, to output: UnsafeMutablePointer<UInt8>) -> Int {
    let decimal = decimal(significand, layout)
    // The digits, padded with zeros to their original count: the significand as 24
    // digits, eight at a time, of which the last `digits` are the number's; then room,
    // so that any 24 of them can be moved three words at a time.
    let digits = decimal.integerDigits &+ decimal.fractionDigits
    var source: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
      eightDigitsText(significand / 10_000_000_000_000_000).littleEndian,
      eightDigitsText(significand / 100_000_000 % 100_000_000).littleEndian,
      eightDigitsText(significand % 100_000_000).littleEndian, 0, 0, 0
    )
    // The text before any exponent, assembled a word at a time: the sign, the integer
    // digits, then the point and the fraction's digits over what followed them.
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    let length = withUnsafeBytes(of: &source) { source in
      withUnsafeMutableBytes(of: &text) { text in
        let first = source.baseAddress! + (24 &- digits)
        let sign = decimal.isNegative ? 1 : 0
        text.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
        for word in 0..<3 {
          text.storeBytes(
            of: first.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self), toByteOffset: sign &+ 8 &* word,
            as: UInt64.self)
        }
        guard decimal.fractionDigits > 0 else { return sign &+ digits }
        let point = sign &+ decimal.integerDigits
        let fraction = first + decimal.integerDigits
        for word in 0..<3 {
          text.storeBytes(
            of: fraction.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self),
            toByteOffset: point &+ 1 &+ 8 &* word, as: UInt64.self)
        }
        text.storeBytes(of: UInt8(ascii: "."), toByteOffset: point, as: UInt8.self)
        return sign &+ digits &+ 1
      }
    }
    withUnsafeBytes(of: &text) { text in
      output.update(from: text.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)
    }
    var count = length
    guard layout & hasExponentBit != 0 else { return count }
    output[count] = layout & uppercaseBit != 0 ? UInt8(ascii: "E") : UInt8(ascii: "e")
    count &+= 1
    switch layout &>> 29 & 0x3 {
    case 1:
      output[count] = UInt8(ascii: "+")
      count &+= 1
    case 2:
      output[count] = UInt8(ascii: "-")
      count &+= 1
    default: break
    }
    // The exponent as written is the decimal exponent with the point's shift undone.
    var written = (decimal.exponent &+ decimal.fractionDigits).magnitude
    let exponentDigits = Int(truncatingIfNeeded: layout &>> 31 & 0x7)
    for index in stride(from: count &+ exponentDigits &- 1, through: count, by: -1) {
      output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: written % 10)
      written /= 10
    }
    return count &+ exponentDigits
  }

  /// The eight decimal digits of `value` (below 10^8, zero-padded), as the bytes of a
  /// word, first digit lowest: two halves of four digits, each split into pairs and the
  /// pairs into digits, all lanes at once.
  @inline(__always)
  static func eightDigitsText(_ value: UInt64) -> UInt64 {
    // [value / 10^4, value % 10^4] in 32-bit lanes.
    let high = value / 10_000
    var lanes = high | (value &- high &* 10_000) &<< 32
    // Each lane (below 10^4) into [lane / 100, lane % 100] in 16-bit lanes: 10486 / 2^20
    // is 1/100 to within rounding for values below 43,699.
    let hundreds = (lanes &* 10_486) &>> 20 & 0x0000_007F_0000_007F
    lanes = hundreds | (lanes &- hundreds &* 100) &<< 16
    // Each 16-bit lane (below 100) into [lane / 10, lane % 10] in bytes: 103 / 2^10 is
    // 1/10 to within rounding for values below 179.
    let tens = (lanes &* 103) &>> 10 & 0x000F_000F_000F_000F
    lanes = tens | (lanes &- tens &* 10) &<< 8
    return lanes | 0x3030_3030_3030_3030
  }
}
