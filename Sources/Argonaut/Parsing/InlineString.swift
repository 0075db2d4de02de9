/// Short strings made in Swift's inline form, straight from bytes that the scanner
/// has already validated.
///
/// On 64-bit platforms a `String` of at most 15 UTF-8 bytes lives in its own two
/// words: bytes 0–7 in the first, bytes 8–14 in the low seven bytes of the second,
/// and in the second word's top byte the form (`0xE0` when every byte is ASCII,
/// `0xA0` otherwise) and the count. The standard library's public initializers
/// validate the bytes again and go through a closure; a walk makes most of its keys
/// and strings this way, so building the two words directly saves most of the cost.
///
/// The layout is checked once, at run time, against strings that the standard library
/// makes itself (`isAvailable`). Where it differs (another platform, or a future
/// layout), callers use the public initializers, so a change can cost speed but never
/// correctness. Only bytes that are valid UTF-8 may be passed: the scanner validated
/// every string of a document, and unescaping valid escapes yields valid UTF-8 (lone
/// surrogates are rejected while scanning).
@usableFromInline
package enum InlineString {
  /// The most bytes a Swift string stores inline.
  @usableFromInline static let capacity = 15

  /// Whether this runtime lays out short strings as described above.
  @usableFromInline static let isAvailable: Bool = layoutMatches()

  /// The string of the `count` (at most 15) bytes at `start`, of which at least 16
  /// are readable. Bytes after the first `count` are ignored.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func make(loading start: UnsafeRawPointer, count: Int) -> String {
    string(bits(loading: start, count: count))
  }

  /// The string whose two words are `words`, which `bits` computed.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func string(_ words: (UInt64, UInt64)) -> String {
    // Written as raw words into uninitialized memory for a `String`, then moved out:
    // unlike a bit cast, a move hands over the value without a retain call (which
    // an inline string does not need).
    withUnsafeTemporaryAllocation(of: String.self, capacity: 1) { buffer in
      let raw = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
      raw.storeBytes(of: words.0, as: UInt64.self)
      raw.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
      return buffer.baseAddress.unsafelyUnwrapped.move()
    }
  }

  /// The string of the first `count` (at most 15) bytes of `first` and `second`, in
  /// little-endian order.
  @usableFromInline
  static func make(_ first: UInt64, _ second: UInt64, count: Int) -> String {
    string(bits(first, second, count: count))
  }

  /// The string of the `count` (at most 15) bytes at `start`, reading only those.
  @usableFromInline
  static func make(copying start: UnsafePointer<UInt8>, count: Int) -> String {
    string(bits(copying: start, count: count))
  }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func bits(loading start: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
    let first = start.loadUnaligned(as: UInt64.self)
    let second = start.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    return bits(UInt64(littleEndian: first), UInt64(littleEndian: second), count: count)
  }

  static func bits(copying start: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
    return bits(UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), count: count)
  }

  /// The two words of the string of the first `count` (at most 15) bytes of `first`
  /// and `second`, in little-endian order. Bytes after the first `count` are ignored.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func bits(_ first: UInt64, _ second: UInt64, count: Int) -> (UInt64, UInt64) {
    let n = UInt64(truncatingIfNeeded: count)
    // Masks that keep the first `count` bytes, without branches: the first word's
    // shift is split in two so that each stays below 64 bits (eight bytes shift 1
    // out entirely, and the mask becomes all ones).
    let firstBits = Swift.min(n, 8) &* 4
    let firstMask = (((1 as UInt64) &<< firstBits) &<< firstBits) &- 1
    let secondMask = ((1 as UInt64) &<< ((Swift.max(n, 8) &- 8) &* 8)) &- 1
    let low = first & firstMask
    let high = second & secondMask
    let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
    let form: UInt64 = isASCII ? 0xE0 : 0xA0
    return (low, high | (form | n) &<< 56)
  }

  /// Whether the words computed here are exactly those of the standard library's own
  /// strings, for ASCII and non-ASCII text of several lengths. Only words are
  /// compared: no string is made from them before this holds.
  static func layoutMatches() -> Bool {
    #if _pointerBitWidth(_64)
      guard MemoryLayout<String>.size == 16 else { return false }
      let probes = ["", "a", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmno", "é", "日本語のキ", "🚀launch"]
      for probe in probes {
        let bytes = Array(probe.utf8)
        let expected = String(decoding: bytes, as: UTF8.self)
        guard bytes.count <= capacity, expected.utf8.elementsEqual(bytes) else { return false }
        let expectedBits = unsafeBitCast(expected, to: (UInt64, UInt64).self)
        // Garbage after the text, which must be ignored.
        let padded = bytes + Array(repeating: 0xFF, count: 16)
        let (loaded, copied) = padded.withUnsafeBufferPointer {
          (bits(loading: $0.baseAddress!, count: bytes.count), bits(copying: $0.baseAddress!, count: bytes.count))
        }
        guard loaded == expectedBits, copied == expectedBits else { return false }
      }
      return true
    #else
      return false
    #endif
  }
}
