/// Well-formedness checks for UTF-8, per RFC 3629 (no overlong forms, no surrogates,
/// nothing above U+10FFFF).
enum UTF8Validation {
  /// The length of the well-formed multi-byte sequence at `p`, whose first byte is
  /// at least 0x80, or 0 when the sequence is ill-formed or cut off by `end`.
  @inline(__always)
  static func sequenceLength(_ p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int {
    let b0 = p[0]
    let available = end - p
    @inline(__always) func continuation(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      i < available && p[i] >= low && p[i] <= high
    }
    switch b0 {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default:
      return 0
    }
  }

  /// The length of the sequence at `p` when it is a well-formed 2-byte sequence, or
  /// a 3-byte one whose lead byte allows any continuation (E1–EC, EE–EF); else 0,
  /// and `sequenceLength` decides. This covers most non-ASCII text, inline.
  @inline(__always)
  static func commonSequenceLength(_ p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int {
    let b0 = p[0]
    if b0 &- 0xC2 <= 0xDF - 0xC2 {
      return end - p >= 2 && p[1] & 0xC0 == 0x80 ? 2 : 0
    }
    if b0 &- 0xE1 <= 0xEF - 0xE1 && b0 != 0xED {
      return end - p >= 3 && p[1] & 0xC0 == 0x80 && p[2] & 0xC0 == 0x80 ? 3 : 0
    }
    return 0
  }

  /// Whether the six bytes at `p` are two well-formed 3-byte sequences whose lead
  /// bytes allow any continuation (E1–EC, EE–EF). Reads eight bytes: the caller
  /// makes sure they are in bounds. `false` leaves the decision to the other checks.
  @inline(__always)
  static func twoCommonThreeByteSequences(_ p: UnsafePointer<UInt8>) -> Bool {
    let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    // Bytes 0 and 3 are 1110xxxx, bytes 1, 2, 4 and 5 are 10xxxxxx.
    guard w & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 else { return false }
    // The low nibble of each lead byte is neither 0 (E0) nor D (ED), whose second
    // bytes are restricted.
    let first = w & 0x0F
    let second = (w &>> 24) & 0x0F
    return first != 0 && first != 0x0D && second != 0 && second != 0x0D
  }

  /// The length of the well-formed sequence at `offset`, or 0 when it is ill-formed.
  static func sequenceLength(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress, offset < bytes.count else { return 0 }
    return sequenceLength(base + offset, end: base + bytes.count)
  }
}
