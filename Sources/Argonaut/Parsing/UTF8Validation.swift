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

// MARK: - The prepass

extension UTF8Validation {
  /// Whether the `count` bytes at `base` are well-formed UTF-8 (RFC 3629): exact, for
  /// any bytes. The parser checks a document dense with non-ASCII (`isDenseNonASCII`)
  /// with it before it scans, and scans a well-formed one without checking its
  /// strings' UTF-8 again (see `StringValidation`), as simdjson does.
  ///
  /// Runs of ASCII are skipped 64, then 128 bytes at a time; the other blocks of
  /// sixteen are checked with `ByteBlock.utf8Errors`, in fours. The first block and the last
  /// bytes are checked from a copy padded with zeros, so that no load leaves the input,
  /// and a sequence cut off by the end of the input meets the padding's zeros, which
  /// are no continuation bytes.
  static func isWellFormed(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
    let size = ByteBlock.size
    var i = 0
    if count >= size {
      guard paddedBlockIsWellFormed(base, count: count, at: 0) else { return false }
      i = size
    }
    while count &- i >= 4 &* size {
      let p = base + i
      if ByteBlock.allASCII(p, blocks: 4) {
        // ASCII, unchecked: it must not start where continuation bytes are due.
        if p[-1] >= 0xC0 || p[-2] >= 0xE0 || p[-3] >= 0xF0 { return false }
        i &+= 4 &* size
        while count &- i >= 8 &* size && ByteBlock.allASCII(base + i, blocks: 8) { i &+= 8 &* size }
        continue
      }
      var errors = ByteBlock.utf8Errors(p)
      for k in 1..<4 { errors |= ByteBlock.utf8Errors(p + k &* size) }
      if ByteBlock.anyNonzero(errors) { return false }
      i &+= 4 &* size
    }
    while count &- i >= size {
      if ByteBlock.anyNonzero(ByteBlock.utf8Errors(base + i)) { return false }
      i &+= size
    }
    // The last bytes (none to fifteen), and whether a sequence is cut off by the end.
    return paddedBlockIsWellFormed(base, count: count, at: i)
  }

  /// Whether at least half of the blocks of sixteen bytes sampled from the `count`
  /// bytes at `base` (64 of them, evenly spread, or all of a shorter text) hold a byte
  /// of 0x80 or above: text dense with non-ASCII, such as keys and values in CJK
  /// scripts, where `isWellFormed` and the scanner's copy for well-formed documents
  /// together take less time than the scanner's checks of each string. In text with
  /// less non-ASCII (twitter.json: 18% of its blocks) the check of the whole document
  /// costs more than it saves, and in ASCII text the pass over it costs 5%.
  static func isDenseNonASCII(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
    let blocks = count / ByteBlock.size
    guard blocks > 0 else { return false }
    let samples = Swift.min(blocks, 64)
    let stride = blocks / samples
    var dense = 0
    for k in 0..<samples where !ByteBlock.allASCII(base + k &* stride &* ByteBlock.size, blocks: 1) {
      dense &+= 1
    }
    return dense &* 2 >= samples
  }

  /// Whether the block at `i` (its bytes up to `count`) is well-formed, after the
  /// (up to three) bytes before it, checked in a copy where zeros stand for the bytes
  /// before `base` and after `count`.
  @inline(never)
  static func paddedBlockIsWellFormed(_ base: UnsafePointer<UInt8>, count: Int, at i: Int) -> Bool {
    let size = ByteBlock.size
    var copy = (ByteBlock.Bytes(), ByteBlock.Bytes())
    return withUnsafeMutableBytes(of: &copy) { buffer in
      let block = buffer.baseAddress! + size
      let before = Swift.min(i, 3)
      block.advanced(by: -before).copyMemory(from: base + (i &- before), byteCount: before)
      block.copyMemory(from: base + i, byteCount: Swift.min(count &- i, size))
      return !ByteBlock.anyNonzero(ByteBlock.utf8Errors(block.assumingMemoryBound(to: UInt8.self)))
    }
  }
}

/// How the scanner checks the UTF-8 of a document's strings, decided once per
/// document: the scanner's string functions are generic over it, so each kind has a
/// copy of its own, and the loops never test which kind they run.
protocol StringValidation {
  /// Whether strings' UTF-8 is checked as they are scanned.
  static var checksUTF8: Bool { get }
}

/// The strings' UTF-8 is checked as they are scanned, and the first ill-formed
/// sequence reported where it starts: for a document with little non-ASCII text, or
/// one that the prepass (`UTF8Validation.isWellFormed`) found ill-formed.
enum CheckedUTF8: StringValidation {
  static var checksUTF8: Bool { @_transparent get { true } }
}

/// The document is well-formed UTF-8 (`UTF8Validation.isWellFormed` said so): strings
/// end at quotes, backslashes and control characters, and their other bytes are text.
enum WellFormedUTF8: StringValidation {
  static var checksUTF8: Bool { @_transparent get { false } }
}
