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

  /// Whether the block at `p`, after the three bytes before it, may make its text's
  /// UTF-8 ill-formed (RFC 3629): nonzero bytes mark where. Reads those 19 bytes: the
  /// caller makes sure they are in bounds. Checking each block of a text this way
  /// checks the whole text, except for a sequence that its last bytes leave unfinished.
  ///
  /// Keiser and Lemire's check, in SSE2 arithmetic rather than table lookups (SSE2 has
  /// no byte shuffle); every test is made in bit 7 of a byte, or as a nonzero byte,
  /// with saturating subtractions (`psubusb`). The three bytes before each byte, loaded
  /// at offsets -1, -2 and -3, say whether it must be a continuation byte, and it must
  /// be one exactly then. Lead bytes F5–FF never occur, nor does any byte after C0 or
  /// C1 (an overlong form, or no continuation), nor the second bytes that make overlong
  /// forms, surrogates or code points above U+10FFFF: below A0 after E0, above 9F after
  /// ED, below 90 after F0, above 8F after F4.
  ///
  /// `@_transparent`: the optimizer declines `@inline(__always)` here, and the call
  /// costs a fifth of the check.
  @_transparent
  static func utf8Errors(_ p: UnsafePointer<UInt8>) -> Bytes {
    let raw = UnsafeRawPointer(p)
    let v = raw.loadUnaligned(as: Bytes.self)
    let previous1 = (raw - 1).loadUnaligned(as: Bytes.self)
    // Bit 7: a lead byte of 2, 3 or 4 bytes at -1, of 3 or 4 at -2, of 4 at -3 (the
    // difference reaches 0x80 exactly from C0, E0 and F0).
    let due =
      saturatingSubtract(previous1, Bytes(repeating: 0x40))
      | saturatingSubtract((raw - 2).loadUnaligned(as: Bytes.self), Bytes(repeating: 0x60))
      | saturatingSubtract((raw - 3).loadUnaligned(as: Bytes.self), Bytes(repeating: 0x70))
    // Bit 7: 10xxxxxx, a continuation byte (bit 6 of `v` is bit 7 of `v + v`).
    let continuation = v & ~(v &+ v)
    // Bit 7: F5 and above.
    let neverLead = saturatingSubtract(v, Bytes(repeating: 0x75))
    let misplaced = ((due ^ continuation) | neverLead) & Bytes(repeating: 0x80)
    // After E0 and F0 (bit 4 tells them apart), a second byte below A0 and 90; after
    // ED and F4, one above 9F and 8F; after C0 and C1, any byte.
    let bit4 = previous1 & Bytes(repeating: 0x10)
    let lowBound = Bytes(repeating: 0xA0) &- bit4
    let highBound = Bytes(repeating: 0x9F) &- bit4
    let afterE0OrF0 = (previous1 & Bytes(repeating: 0xEF)) .== Bytes(repeating: 0xE0)
    let afterEDOrF4 = (previous1 .== Bytes(repeating: 0xED)) .| (previous1 .== Bytes(repeating: 0xF4))
    let afterC0OrC1 = (previous1 & Bytes(repeating: 0xFE)) .== Bytes(repeating: 0xC0)
    let low = saturatingSubtract(lowBound, v).replacing(with: 0, where: .!afterE0OrF0)
    let high = saturatingSubtract(v, highBound).replacing(with: 0, where: .!afterEDOrF4)
    return (misplaced | low | high).replacing(with: 0xFF, where: afterC0OrC1)
  }

  /// `a - b` in each byte, or 0 where `a` is below `b` (`psubusb`).
  @inline(__always)
  static func saturatingSubtract(_ a: Bytes, _ b: Bytes) -> Bytes {
    a.replacing(with: b, where: a .< b) &- b
  }

  /// Whether any byte of `v` is nonzero.
  @inline(__always)
  static func anyNonzero(_ v: Bytes) -> Bool {
    let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// Whether the `count` bytes at `p` (a multiple of 16) are all ASCII.
  @inline(__always)
  static func allASCII(_ p: UnsafePointer<UInt8>, blocks: Int) -> Bool {
    var any = UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
    for i in 1..<blocks { any |= UnsafeRawPointer(p + i &* size).loadUnaligned(as: Bytes.self) }
    let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
    return (words[0] | words[1]) & 0x8080_8080_8080_8080 == 0
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
