// The Eisel-Lemire algorithm for correctly rounded decimal-to-binary conversion.
//
// Daniel Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice
// and Experience 51(8), 2021, and the fast_float reference implementation
// (https://github.com/fastfloat/fast_float). The code below follows
// fast_float's `compute_float`, keeping its original conservative checks: it
// gives up (returns nil) in the rare cases where the truncated 128-bit product
// cannot decide the rounding, and the caller falls back to a slower exact method.

/// An IEEE 754 binary floating-point result split into its exponent and significand fields.
struct BinaryFloatFields: Equatable {
  /// The significand field, without the implicit leading bit.
  var significand: UInt64
  /// The biased exponent field: 0 for zero and subnormals, the all-ones value for infinity.
  var biasedExponent: Int
}

/// The parameters of an IEEE 754 binary format that Eisel-Lemire needs.
struct EiselLemireFormat {
  /// Explicitly stored significand bits (52 for binary64, 23 for binary32).
  var significandBits: Int
  /// The exponent bias minus one, negated (-1023 for binary64, -127 for binary32).
  var minimumExponent: Int
  /// The biased exponent of infinity (0x7FF for binary64, 0xFF for binary32).
  var infiniteExponent: Int
  /// The range of `q` in which an exact halfway case can occur with a 64-bit `w`.
  var roundToEvenExponents: ClosedRange<Int>
  /// Below this `q`, any `w * 10^q` with a 64-bit `w` rounds to zero.
  var smallestPowerOfTen: Int
  /// Above this `q`, any nonzero `w * 10^q` overflows to infinity.
  var largestPowerOfTen: Int

  /// IEEE 754 binary64 (`Double`).
  static var binary64: EiselLemireFormat {
    EiselLemireFormat(
      significandBits: 52, minimumExponent: -1023, infiniteExponent: 0x7FF,
      roundToEvenExponents: -4...23, smallestPowerOfTen: -342, largestPowerOfTen: 308)
  }

  /// IEEE 754 binary32 (`Float`).
  static var binary32: EiselLemireFormat {
    EiselLemireFormat(
      significandBits: 23, minimumExponent: -127, infiniteExponent: 0xFF,
      roundToEvenExponents: -17...10, smallestPowerOfTen: -64, largestPowerOfTen: 38)
  }
}

/// Rounds `w * 10^q` to the nearest value of `format` (ties to even), or returns nil when undecided.
///
/// `w * 10^q` must be the exact decimal value; for truncated inputs call this
/// with `w` and `w + 1` and accept the result only if both agree. Handles zero,
/// subnormal and infinite results. Returns nil in the rare cases where the
/// 128-bit approximation of 5^q is not precise enough to round correctly.
@inline(__always)
func eiselLemire(_ w: UInt64, _ q: Int, _ format: EiselLemireFormat) -> BinaryFloatFields? {
  if w == 0 || q < format.smallestPowerOfTen {
    return BinaryFloatFields(significand: 0, biasedExponent: 0)
  }
  if q > format.largestPowerOfTen {
    return BinaryFloatFields(significand: 0, biasedExponent: format.infiniteExponent)
  }
  // Normalise w so that its most significant bit is set.
  let leadingZeros = w.leadingZeroBitCount
  let normalized = w &<< UInt64(leadingZeros)

  // The product of w and the 128-bit truncated 5^q; only its high bits matter.
  let index = 2 &* (q &- powersOfFiveSmallestExponent)
  var (high, low) = powersOfFive128.withUnsafeBufferPointer { table in
    normalized.multipliedFullWidth(by: table[index])
  }
  let precisionMask = UInt64.max &>> UInt64(format.significandBits &+ 3)
  if high & precisionMask == precisionMask {
    // The bits that decide the rounding are all ones: refine with the low 64 bits of 5^q.
    let second = powersOfFive128.withUnsafeBufferPointer { table in
      normalized.multipliedFullWidth(by: table[index &+ 1]).high
    }
    let (sum, carry) = low.addingReportingOverflow(second)
    low = sum
    if carry { high &+= 1 }
  }
  if low == UInt64.max && (q < -27 || q > 55) {
    // The truncation error could still carry into the decisive bits.
    return nil
  }

  let upperBit = Int(high &>> 63)
  let shift = upperBit &+ 64 &- format.significandBits &- 3
  var significand = high &>> UInt64(shift)
  // floor(log2(10^q)) + 63, exact for |q| <= 1650.
  let power = ((152_170 &+ 65_536) &* q) &>> 16 &+ 63
  var exponent = power &+ upperBit &- leadingZeros &- format.minimumExponent

  if exponent <= 0 {
    // Subnormal (or zero). No halfway ambiguity is possible in this range.
    if 1 &- exponent >= 64 {
      return BinaryFloatFields(significand: 0, biasedExponent: 0)
    }
    significand &>>= UInt64(1 &- exponent)
    significand &+= significand & 1
    significand &>>= 1
    // Rounding up may have produced the smallest normal number.
    let isNormal = significand >= (1 as UInt64) &<< UInt64(format.significandBits)
    return BinaryFloatFields(
      significand: significand & ~((1 as UInt64) &<< UInt64(format.significandBits)),
      biasedExponent: isNormal ? 1 : 0)
  }

  if low <= 1 && format.roundToEvenExponents.contains(q) && significand & 3 == 1
    && significand &<< UInt64(shift) == high
  {
    // Exactly halfway between two representable values with an even lower
    // neighbour: clear the rounding bit so that we round down to even.
    significand &= ~1
  }
  significand &+= significand & 1
  significand &>>= 1
  if significand >= (2 as UInt64) &<< UInt64(format.significandBits) {
    significand = (1 as UInt64) &<< UInt64(format.significandBits)
    exponent &+= 1
  }
  significand &= ~((1 as UInt64) &<< UInt64(format.significandBits))
  if exponent >= format.infiniteExponent {
    return BinaryFloatFields(significand: 0, biasedExponent: format.infiniteExponent)
  }
  return BinaryFloatFields(significand: significand, biasedExponent: exponent)
}
