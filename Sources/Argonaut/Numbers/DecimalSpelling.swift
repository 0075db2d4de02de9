// The inline form of a short JSON number: its value as `significand * 10^exponent`,
// with enough of its spelling to write the original text again byte for byte.
//
// A parsed number of up to 19 significant digits (nearly all of them) is read once,
// when its `JSON` value is made, into two words that need no reference to the
// document: the significand, and this layout word.
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
  /// The longest text: a sign, 19 digits, a point, and `e-9999`.
  static let maximumTextLength = 27

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
  /// `maximumTextLength` bytes, and returns its length.
  static func write(_ significand: UInt64, _ layout: UInt64, to output: UnsafeMutablePointer<UInt8>) -> Int {
    let decimal = decimal(significand, layout)
    var count = 0
    if decimal.isNegative {
      output[0] = UInt8(ascii: "-")
      count = 1
    }
    // The digits, right to left, padded with zeros to their original count.
    let digits = decimal.integerDigits &+ decimal.fractionDigits
    let hasPoint = decimal.fractionDigits > 0
    var position = count &+ digits &+ (hasPoint ? 1 : 0)
    let end = position
    var remaining = significand
    for index in 0..<digits {
      if hasPoint && index == decimal.fractionDigits {
        position &-= 1
        output[position] = UInt8(ascii: ".")
      }
      position &-= 1
      output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
      remaining /= 10
    }
    count = end
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
}
