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
