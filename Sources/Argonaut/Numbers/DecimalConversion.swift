// Conversions from the text of a JSON number to Double, Float, Int64 and UInt64,
// and the scanning shared with DecimalValue (DecimalValue.swift). Eisel-Lemire
// itself is in EiselLemire.swift.
//
// Every function here takes the UTF-8 text of a number that has already been
// validated against the RFC 8259 grammar
//     -? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?
// and may be arbitrarily long. Explicit exponents saturate at ±2^59, so absurd
// exponents never overflow; no input traps.

// MARK: - Scanning

/// The largest magnitude an explicit exponent is tracked to; larger ones saturate here.
let exponentSaturationLimit = 1 << 59

/// Reads the digits of an explicit exponent (after the `e` or `E`), saturating at ±2^59.
@inline(__always)
func scanExplicitExponent(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  var index = start
  var isNegative = false
  if index < text.count {
    if text[index] == UInt8(ascii: "-") {
      isNegative = true
      index &+= 1
    } else if text[index] == UInt8(ascii: "+") {
      index &+= 1
    }
  }
  var magnitude = 0
  while index < text.count {
    // 2^59 * 10 + 9 < Int.max, so this cannot overflow.
    magnitude = min(magnitude &* 10 &+ Int(text[index] &- UInt8(ascii: "0")), exponentSaturationLimit)
    index &+= 1
  }
  return isNegative ? -magnitude : magnitude
}

/// Whether all eight bytes of `chunk` (little-endian) are ASCII digits.
@inline(__always)
func isEightDigits(_ chunk: UInt64) -> Bool {
  (chunk & 0xF0F0_F0F0_F0F0_F0F0) | (((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) &>> 4)
    == 0x3333_3333_3333_3333
}

/// The value of eight ASCII digits loaded little-endian, the first digit most significant (SWAR).
@inline(__always)
func eightDigitsValue(_ chunk: UInt64) -> UInt64 {
  let mask: UInt64 = 0x0000_00FF_0000_00FF
  let multiplier1: UInt64 = 100 &+ (1_000_000 &<< 32)
  let multiplier2: UInt64 = 1 &+ (10_000 &<< 32)
  var value = chunk &- 0x3030_3030_3030_3030
  value = (value &* 10) &+ (value &>> 8)
  return ((value & mask) &* multiplier1 &+ ((value &>> 16) & mask) &* multiplier2) &>> 32
}

/// Consumes whole groups of eight digits at `index`, accumulating them into `significand` (wrapping).
///
/// Long digit runs such as the 15-digit fractions of coordinates are common;
/// this handles them eight at a time and leaves the rest to a byte loop.
@inline(__always)
func accumulateEightDigitChunks(
  _ text: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ significand: inout UInt64
) {
  while text.count &- index >= 8 {
    let address = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped + index)
    let chunk = UInt64(littleEndian: address.loadUnaligned(as: UInt64.self))
    guard isEightDigits(chunk) else { return }
    significand = significand &* 100_000_000 &+ eightDigitsValue(chunk)
    index &+= 8
  }
}

/// 10^n for n in 0...19, from a constant table (no lazily initialized global).
@inline(__always)
func powerOfTen(_ n: Int) -> UInt64 {
  switch n {
  case 0: 1
  case 1: 10
  case 2: 100
  case 3: 1000
  case 4: 10000
  case 5: 100_000
  case 6: 1_000_000
  case 7: 10_000_000
  case 8: 100_000_000
  case 9: 1_000_000_000
  case 10: 10_000_000_000
  case 11: 100_000_000_000
  case 12: 1_000_000_000_000
  case 13: 10_000_000_000_000
  case 14: 100_000_000_000_000
  case 15: 1_000_000_000_000_000
  case 16: 10_000_000_000_000_000
  case 17: 100_000_000_000_000_000
  case 18: 1_000_000_000_000_000_000
  default: 10_000_000_000_000_000_000
  }
}

/// Consumes the run of digits at `index`, accumulating them into `significand`
/// (wrapping), eight bytes at a time: a partial run of one to seven digits is taken
/// from one load too, shifted into place behind leading zeros.
@inline(__always)
func accumulateDigitRun(_ text: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ significand: inout UInt64) {
  let base = text.baseAddress.unsafelyUnwrapped
  let count = text.count
  while true {
    let remaining = count &- index
    let chunk: UInt64
    if remaining >= 8 {
      chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    } else if remaining > 0 && count >= 8 {
      // The last `remaining` bytes, moved to the low end; the high bytes are zero,
      // which is not a digit.
      let tail = UInt64(littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
      chunk = tail &>> UInt64(8 &* (8 &- remaining))
    } else {
      while index < count {
        let digit = text[index] &- UInt8(ascii: "0")
        if digit > 9 { break }
        significand = significand &* 10 &+ UInt64(digit)
        index &+= 1
      }
      return
    }
    let notDigits = nonDigitMask(chunk)
    if notDigits == 0 {
      significand = significand &* 100_000_000 &+ eightDigitsValue(chunk)
      index &+= 8
      continue
    }
    let digits = notDigits.trailingZeroBitCount &>> 3
    if digits > 0 {
      // The digits into the high bytes, '0's below them.
      let shift = UInt64(8 &* (8 &- digits))
      let aligned = chunk &<< shift | (0x3030_3030_3030_3030 as UInt64) &>> UInt64(8 &* digits)
      significand = significand &* powerOfTen(digits) &+ eightDigitsValue(aligned)
      index &+= digits
    }
    return
  }
}

/// A mask with the high bit set in each byte of `w` that is not an ASCII digit.
@inline(__always)
func nonDigitMask(_ w: UInt64) -> UInt64 {
  // Per byte b: (b | 0x80) - 0x30 keeps its high bit exactly when (b & 0x7F) >= 0x30,
  // and (b & 0x7F) + 0x46 sets it exactly when (b & 0x7F) >= 0x3A. No byte borrows
  // from or carries into its neighbour.
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  let belowZero = ~((w | highs) &- ones &* 0x30) & highs
  let aboveNine = ((w & ~highs) &+ ones &* 0x46) & highs
  return belowZero | aboveNine | (w & highs)
}

/// A JSON number as `significand * 10^exponent` with at most 19 significant digits.
///
/// This is the input of the binary floating-point conversions. When the number
/// has more than 19 significant digits and a dropped digit is nonzero,
/// `isTruncated` is set and the exact value lies strictly between
/// `significand * 10^exponent` and `(significand + 1) * 10^exponent`.
struct DecimalSignificand {
  var isNegative: Bool
  var significand: UInt64
  var exponent: Int
  var isTruncated: Bool
}

/// Splits a validated JSON number into a 64-bit significand and a decimal exponent in one pass.
///
/// Numbers with more than 19 digits take a second, slower pass that keeps the
/// first 19 significant digits.
@inline(__always)
func scanDecimalSignificand(_ text: UnsafeBufferPointer<UInt8>) -> DecimalSignificand {
  let count = text.count
  var index = 0
  var isNegative = false
  if count > 0 && text[0] == UInt8(ascii: "-") {
    isNegative = true
    index = 1
  }
  // Accumulate every digit with wrapping arithmetic; only trusted for <= 19 digits.
  var significand: UInt64 = 0
  let integerStart = index
  accumulateDigitRun(text, &index, &significand)
  let integerEnd = index
  var fractionStart = index
  if index < count && text[index] == UInt8(ascii: ".") {
    index &+= 1
    fractionStart = index
    accumulateDigitRun(text, &index, &significand)
  }
  let digitsEnd = index
  // Anything left is an exponent marker followed by the exponent.
  let explicitExponent = index < count ? scanExplicitExponent(text, from: index &+ 1) : 0
  let digitCount = (integerEnd &- integerStart) &+ (digitsEnd &- fractionStart)
  if digitCount > 19 {
    return scanLongSignificand(
      text, isNegative: isNegative, integerStart: integerStart, integerEnd: integerEnd,
      fractionStart: fractionStart, digitsEnd: digitsEnd, explicitExponent: explicitExponent)
  }
  return DecimalSignificand(
    isNegative: isNegative, significand: significand,
    exponent: explicitExponent &+ (fractionStart &- digitsEnd), isTruncated: false)
}

/// The slow path of `scanDecimalSignificand` for numbers with more than 19 digits.
@inline(never)
func scanLongSignificand(
  _ text: UnsafeBufferPointer<UInt8>, isNegative: Bool, integerStart: Int, integerEnd: Int,
  fractionStart: Int, digitsEnd: Int, explicitExponent: Int
) -> DecimalSignificand {
  var index = integerStart
  // Skip leading zeros (and the decimal point between them).
  while index < digitsEnd && (text[index] == UInt8(ascii: "0") || text[index] == UInt8(ascii: ".")) {
    index &+= 1
  }
  var significand: UInt64 = 0
  var taken = 0
  var lastTaken = index
  while index < digitsEnd && taken < 19 {
    let byte = text[index]
    if byte != UInt8(ascii: ".") {
      significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
      taken &+= 1
      lastTaken = index
    }
    index &+= 1
  }
  if taken == 0 {
    return DecimalSignificand(isNegative: isNegative, significand: 0, exponent: 0, isTruncated: false)
  }
  var isTruncated = false
  while index < digitsEnd {
    if text[index] != UInt8(ascii: "0") && text[index] != UInt8(ascii: ".") {
      isTruncated = true
      break
    }
    index &+= 1
  }
  // The power of ten of the last digit taken.
  let scale = lastTaken < integerEnd ? integerEnd &- lastTaken &- 1 : fractionStart &- lastTaken &- 1
  return DecimalSignificand(
    isNegative: isNegative, significand: significand, exponent: scale &+ explicitExponent,
    isTruncated: isTruncated)
}

// MARK: - Binary floating point

/// The powers of ten that are exactly representable as a Double: 10^0 ... 10^22.
let exactPowersOfTenDouble: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The powers of ten that are exactly representable as a Float: 10^0 ... 10^10.
let exactPowersOfTenFloat: [Float] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10]

/// Converts a validated JSON number to the nearest Double (ties to even).
///
/// Out-of-range values give ±infinity, underflow gives ±0.0, and "-0" gives
/// -0.0. Uses Clinger's exact fast path when the significand and the power of
/// ten are both exact Doubles, Eisel-Lemire otherwise, and falls back to the
/// standard library's correctly rounded parser in the rare cases Eisel-Lemire
/// cannot decide (mostly inputs with more than 19 significant digits that lie
/// very close to a rounding boundary).
@usableFromInline
package func jsonNumberToDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double {
  let decimal = scanDecimalSignificand(text)
  let significand = decimal.significand
  let exponent = decimal.exponent
  if !decimal.isTruncated && significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
    // Clinger: both operands are exact, so one correctly rounded operation suffices.
    let magnitude = exactPowersOfTenDouble.withUnsafeBufferPointer { powers in
      exponent < 0 ? Double(significand) / powers[-exponent] : Double(significand) * powers[exponent]
    }
    return decimal.isNegative ? -magnitude : magnitude
  }
  if let fields = eiselLemire(significand, exponent, .binary64),
    !decimal.isTruncated || eiselLemire(significand &+ 1, exponent, .binary64) == fields
  {
    let magnitude = Double(bitPattern: UInt64(fields.biasedExponent) &<< 52 | fields.significand)
    return decimal.isNegative ? -magnitude : magnitude
  }
  return Double(String(decoding: text, as: UTF8.self)) ?? .nan
}

/// Converts a validated JSON number to the nearest Float (ties to even).
///
/// Rounds the decimal value directly to binary32, so it never double-rounds as
/// `Float(Double)` can. Same conventions and strategy as `jsonNumberToDouble`:
/// Clinger's fast path, then Eisel-Lemire, then the standard library's parser.
@usableFromInline
package func jsonNumberToFloat(_ text: UnsafeBufferPointer<UInt8>) -> Float {
  let decimal = scanDecimalSignificand(text)
  let significand = decimal.significand
  let exponent = decimal.exponent
  if !decimal.isTruncated && significand <= 1 << 24 && exponent >= -10 && exponent <= 10 {
    let magnitude = exactPowersOfTenFloat.withUnsafeBufferPointer { powers in
      exponent < 0 ? Float(significand) / powers[-exponent] : Float(significand) * powers[exponent]
    }
    return decimal.isNegative ? -magnitude : magnitude
  }
  if let fields = eiselLemire(significand, exponent, .binary32),
    !decimal.isTruncated || eiselLemire(significand &+ 1, exponent, .binary32) == fields
  {
    let bits =
      UInt32(truncatingIfNeeded: fields.biasedExponent) &<< 23
      | UInt32(truncatingIfNeeded: fields.significand)
    let magnitude = Float(bitPattern: bits)
    return decimal.isNegative ? -magnitude : magnitude
  }
  return Float(String(decoding: text, as: UTF8.self)) ?? .nan
}

// MARK: - Exact integers

/// The positions of the parts of a validated JSON number.
///
/// The digits occupy `integerStart..<digitsEnd`; when there is a fraction, the
/// decimal point sits at `integerEnd` and `fractionStart == integerEnd + 1`,
/// otherwise `fractionStart == integerEnd == digitsEnd`.
struct JSONNumberLayout {
  var isNegative: Bool
  var integerStart: Int
  var integerEnd: Int
  var fractionStart: Int
  var digitsEnd: Int
  /// The explicit exponent, saturated at ±2^59.
  var exponent: Int

  /// Locates the parts of `text`.
  init(_ text: UnsafeBufferPointer<UInt8>) {
    var index = 0
    isNegative = !text.isEmpty && text[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    integerStart = index
    while index < text.count && text[index] &- UInt8(ascii: "0") <= 9 { index &+= 1 }
    integerEnd = index
    fractionStart = index
    if index < text.count && text[index] == UInt8(ascii: ".") {
      index &+= 1
      fractionStart = index
      while index < text.count && text[index] &- UInt8(ascii: "0") <= 9 { index &+= 1 }
    }
    digitsEnd = index
    exponent = index < text.count ? scanExplicitExponent(text, from: index &+ 1) : 0
  }

  /// The position of the first nonzero digit, or nil when the value is zero.
  func firstSignificantDigit(in text: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = integerStart
    while index < digitsEnd {
      if text[index] != UInt8(ascii: "0") && text[index] != UInt8(ascii: ".") { return index }
      index &+= 1
    }
    return nil
  }

  /// The position of the last nonzero digit; the value must not be zero.
  func lastSignificantDigit(in text: UnsafeBufferPointer<UInt8>) -> Int {
    var index = digitsEnd &- 1
    while text[index] == UInt8(ascii: "0") || text[index] == UInt8(ascii: ".") { index &-= 1 }
    return index
  }

  /// The power of ten that the digit at `position` stands for, including the explicit exponent.
  func powerOfTen(ofDigitAt position: Int) -> Int {
    let local = position < integerEnd ? integerEnd &- position &- 1 : fractionStart &- position &- 1
    return local &+ exponent
  }
}

/// The magnitude of a JSON number that is an integer below 2^64, with its sign.
///
/// Returns nil when the value has a fractional part or a magnitude of 2^64 or more.
/// Plain integers of up to 19 digits take a single fast pass.
func exactIntegerMagnitude(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, magnitude: UInt64)? {
  let isNegative = !text.isEmpty && text[0] == UInt8(ascii: "-")
  var index = isNegative ? 1 : 0
  let start = index
  var magnitude: UInt64 = 0
  accumulateEightDigitChunks(text, &index, &magnitude)
  while index < text.count {
    let digit = text[index] &- UInt8(ascii: "0")
    if digit > 9 { break }
    magnitude = magnitude &* 10 &+ UInt64(digit)
    index &+= 1
  }
  if index == text.count && index &- start <= 19 {
    return (isNegative, magnitude)
  }
  // A fraction or an exponent: most such numbers are not integers, which is quick to tell.
  if index < text.count { return fractionalTextIntegerMagnitude(text) }
  return longIntegerMagnitude(text)
}

/// `exactIntegerMagnitude` digit by digit, for numbers of any length and spelling.
func longIntegerMagnitude(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, magnitude: UInt64)? {
  let layout = JSONNumberLayout(text)
  let isNegative = layout.isNegative
  var magnitude: UInt64 = 0
  guard let first = layout.firstSignificantDigit(in: text) else { return (isNegative, 0) }
  let last = layout.lastSignificantDigit(in: text)
  // The value is (the digits first...last) * 10^scale, and its last digit is nonzero.
  let scale = layout.powerOfTen(ofDigitAt: last)
  let digitCount = last &- first &+ 1 &- (first < layout.integerEnd && last >= layout.fractionStart ? 1 : 0)
  // A value of more than 20 digits is at least 10^20 > 2^64.
  guard scale >= 0 && scale <= 20 && digitCount &+ scale <= 20 else { return nil }
  for position in first...last where text[position] != UInt8(ascii: ".") {
    let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
    let (sum, carry) = product.addingReportingOverflow(UInt64(text[position] &- UInt8(ascii: "0")))
    guard !overflow && !carry else { return nil }
    magnitude = sum
  }
  for _ in 0..<scale {
    let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
    guard !overflow else { return nil }
    magnitude = product
  }
  return (isNegative, magnitude)
}

/// The position of the last byte of `text` that is not a digit, eight bytes at a time.
@inline(__always)
func lastNonDigit(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
  var end = count
  while end >= 8 {
    let chunk = UInt64(littleEndian: UnsafeRawPointer(base + (end &- 8)).loadUnaligned(as: UInt64.self))
    let notDigits = nonDigitMask(chunk)
    if notDigits != 0 { return end &- 1 &- (notDigits.leadingZeroBitCount &>> 3) }
    end &-= 8
  }
  while end > 0 {
    end &-= 1
    if base[end] &- UInt8(ascii: "0") > 9 { return end }
  }
  return nil
}

/// `exactIntegerMagnitude` for a number written with a fraction or an exponent,
/// such as `3.25`, `1e2` or `100.0`.
func fractionalTextIntegerMagnitude(_ text: UnsafeBufferPointer<UInt8>) -> (isNegative: Bool, magnitude: UInt64)? {
  // Most such numbers are not integers, which the digits at the end tell without a
  // full scan: a fraction ending in a nonzero digit and no exponent (`-65.61`), or a
  // significand ending in a nonzero digit and a negative exponent (`1.25e-05`).
  let base = text.baseAddress.unsafelyUnwrapped
  let count = text.count
  if let marker = lastNonDigit(base, count) {
    let last = base[count &- 1]
    if base[marker] == UInt8(ascii: ".") && last != UInt8(ascii: "0") { return nil }
    if base[marker] == UInt8(ascii: "-") && marker >= 2 && base[marker &- 2] &- UInt8(ascii: "1") < 9 {
      // `marker - 1` is the exponent's `e` or `E`, `marker - 2` the significand's last
      // digit; an exponent of zero (`15e-0`) leaves an integer.
      var position = marker &+ 1
      while position < count && base[position] == UInt8(ascii: "0") { position &+= 1 }
      if position < count { return nil }
    }
    let marker = base[marker] == UInt8(ascii: "+") ? marker &- 1 : marker
    if base[marker] | 0x20 == UInt8(ascii: "e") && marker >= 3 && base[marker &- 1] &- UInt8(ascii: "1") < 9,
      count &- marker <= 6, let point = lastNonDigit(base, marker), base[point] == UInt8(ascii: ".")
    {
      // A positive exponent smaller than the number of fraction digits (`1.25e+1`)
      // leaves the last, nonzero, digit behind the point.
      var exponent = 0
      var position = marker &+ 1
      if base[position] == UInt8(ascii: "+") { position &+= 1 }
      while position < count {
        exponent = exponent &* 10 &+ Int(base[position] &- UInt8(ascii: "0"))
        position &+= 1
      }
      if exponent < marker &- point &- 1 { return nil }
    }
  }
  let decimal = scanDecimalSignificand(text)
  // Truncated digits need the exact, digit by digit, path.
  guard !decimal.isTruncated else { return longIntegerMagnitude(text) }
  return integerMagnitude(isNegative: decimal.isNegative, significand: decimal.significand, exponent: decimal.exponent)
}

/// The sign and magnitude of `significand` × 10^`exponent`, for a significand of at most
/// 19 digits, when that value is an integer below 2^64.
@inline(__always)
func integerMagnitude(
  isNegative: Bool, significand: UInt64, exponent: Int
) -> (isNegative: Bool, magnitude: UInt64)? {
  if significand == 0 { return (isNegative, 0) }
  if exponent >= 0 {
    // A nonzero value times 10^20 or more is beyond 2^64.
    guard exponent <= 19 else { return nil }
    let (product, overflow) = significand.multipliedReportingOverflow(by: powerOfTen(exponent))
    return overflow ? nil : (isNegative, product)
  }
  // At most 19 digits: below 10^19, so never a multiple of 10^20 or more.
  guard exponent >= -19 else { return nil }
  let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: powerOfTen(-exponent))
  return remainder == 0 ? (isNegative, quotient) : nil
}

/// Converts a validated JSON number to Int64 when it is exactly an integer in range.
///
/// Any spelling of an integral value works: "1e2" and "1.50e1" give 100 and 15,
/// "-0" and "0e1" give 0. Returns nil for "1.5", "9223372036854775808" or "1E400".
@usableFromInline
package func jsonNumberToInt64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
  guard let (isNegative, magnitude) = exactIntegerMagnitude(text) else { return nil }
  if isNegative {
    return magnitude <= UInt64(Int64.max) &+ 1 ? Int64(bitPattern: 0 &- magnitude) : nil
  }
  return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
}

/// Converts a validated JSON number to UInt64 when it is exactly a non-negative integer in range.
///
/// Same rules as `jsonNumberToInt64`; "-0" gives 0, any other negative value gives nil.
@usableFromInline
package func jsonNumberToUInt64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
  guard let (isNegative, magnitude) = exactIntegerMagnitude(text) else { return nil }
  return isNegative && magnitude != 0 ? nil : magnitude
}
