/// Classifying sixteen bytes at once with `SIMD16<UInt8>`, for the scanner's
/// whitespace and string loops.
///
/// Plain Swift SIMD, so it is portable: SSE2 on x86-64 (the baseline, so no runtime
/// dispatch), NEON on ARM. Every operation here compiles to vector instructions
/// (`pcmpeqb`, `pcmpgtb`, `por`) with constants of a concrete vector type; the
/// generic `SIMD` operators with scalar operands would be scalarized. The result
/// is read as two 64-bit words, where the first marked byte is found with a
/// trailing-zero count, as in the eight-byte SWAR paths.
enum ByteBlock {
  typealias Bytes = SIMD16<UInt8>

  /// The size of a block.
  static let size = 16

  /// The index (0–15) of the first byte of the block at `p` that is not JSON
  /// whitespace (space, line feed, carriage return, tab), or 16 when all are.
  /// Reads 16 bytes: the caller makes sure they are in bounds.
  @inline(__always)
  static func firstNonWhitespace(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
    let space = v .== Bytes(repeating: 0x20)
    let lineFeed = v .== Bytes(repeating: 0x0A)
    let carriageReturn = v .== Bytes(repeating: 0x0D)
    let tab = v .== Bytes(repeating: 0x09)
    return firstMarked(.!((space .| lineFeed) .| (carriageReturn .| tab)))
  }

  /// The index (0–15) of the first byte of the block at `p` that ends a string's
  /// fast path: `"`, `\`, a control character (below 0x20) or a byte of 0x80 and
  /// above; 16 when there is none. Reads 16 bytes: the caller makes sure they are
  /// in bounds.
  @inline(__always)
  static func firstStringSpecial(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
    let quote = v .== Bytes(repeating: 0x22)
    let backslash = v .== Bytes(repeating: 0x5C)
    // As signed bytes, both control characters (0–31) and bytes of 0x80 and above
    // (negative) are below 32: one comparison.
    let signed = unsafeBitCast(v, to: SIMD16<Int8>.self)
    let controlOrHigh = signed .< SIMD16<Int8>(repeating: 0x20)
    return firstMarked((quote .| backslash) .| controlOrHigh)
  }

  /// The index (0–15) of the first byte of the block at `p` that a JSON string must
  /// escape: `"`, `\` or a control character (below 0x20); 16 when there is none.
  /// Reads 16 bytes: the caller makes sure they are in bounds.
  @inline(__always)
  static func firstToEscape(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
    let quote = v .== Bytes(repeating: 0x22)
    let backslash = v .== Bytes(repeating: 0x5C)
    // Unsigned: below 0x20 is a control character; 0x80 and above is text.
    let control = v .< Bytes(repeating: 0x20)
    return firstMarked((quote .| backslash) .| control)
  }

  /// The index of the first lane set in `mask`, or 16 when none is.
  @inline(__always)
  static func firstMarked(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
    // A mask's lanes are 0 or all ones; reinterpret its 16 bytes as two words
    // (same size, plain bits) and find the first nonzero byte.
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let low = UInt64(littleEndian: words[0])
    let high = UInt64(littleEndian: words[1])
    if low != 0 { return low.trailingZeroBitCount &>> 3 }
    if high != 0 { return 8 &+ high.trailingZeroBitCount &>> 3 }
    return 16
  }
}
