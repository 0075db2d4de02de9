/// Decoding the escapes of string text that the scanner has validated.
extension StringText {
  /// Decodes the escapes of validated string text into `output`, which must hold
  /// `text.count` bytes, and returns the number of bytes written.
  ///
  /// Runs without escapes are copied eight bytes at a time, and escapes decoded with
  /// few branches. Every store stays inside `output`: unescaping never lengthens
  /// text, so the output position `o` never passes the input position `i`; a word is
  /// stored only while eight input bytes remain, and the four bytes stored for a
  /// `\u` escape fit in the six it takes.
  @usableFromInline
  static func unescape(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
    guard let input = text.baseAddress else { return 0 }
    let n = text.count
    var i = 0
    var o = 0
    while true {
      // Up to the next backslash: whole words while eight bytes remain, then bytes.
      if i &+ 8 <= n {
        let word = UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(output + o).storeBytes(of: word, as: UInt64.self)
        let backslashes = backslashBytes(UInt64(littleEndian: word))
        guard backslashes != 0 else {
          i &+= 8
          o &+= 8
          continue
        }
        let run = backslashes.trailingZeroBitCount &>> 3
        i &+= run
        o &+= run
      } else {
        while i < n && input[i] != UInt8(ascii: "\\") {
          output[o] = input[i]
          i &+= 1
          o &+= 1
        }
        guard i < n else { return o }
      }
      // A validated escape at `i`.
      let escaped = input[i &+ 1]
      guard escaped == UInt8(ascii: "u") else {
        output[o] = simpleEscape(escaped)
        i &+= 2
        o &+= 1
        continue
      }
      let unit = hexQuad(input + (i &+ 2))
      if unit & 0xFC00 == 0xD800 {
        // A high surrogate: validation guarantees that a low surrogate escape follows.
        let bytes = utf8(surrogates: unit, hexQuad(input + (i &+ 8)))
        UnsafeMutableRawPointer(output + o).storeBytes(of: UInt32(littleEndian: bytes), as: UInt32.self)
        i &+= 12
        o &+= 4
      } else {
        let (bytes, count) = utf8(unit)
        UnsafeMutableRawPointer(output + o).storeBytes(of: UInt32(littleEndian: bytes), as: UInt32.self)
        i &+= 6
        o &+= count
      }
    }
  }

  /// The four UTF-8 bytes (first byte lowest) of the scalar that the surrogate pair
  /// `high`, `low` (validated) stands for.
  @inline(__always)
  static func utf8(surrogates high: UInt32, _ low: UInt32) -> UInt32 {
    let scalar = 0x10000 &+ ((high &- 0xD800) &<< 10) &+ (low &- 0xDC00)
    return (0xF0 | scalar &>> 18) | (0x80 | scalar &>> 12 & 0x3F) &<< 8 | (0x80 | scalar &>> 6 & 0x3F) &<< 16
      | (0x80 | scalar & 0x3F) &<< 24
  }

  /// The UTF-8 encoding of a scalar below U+10000 that is not a surrogate, in the low
  /// bytes of a word (first byte lowest), and its length; chosen without branches.
  @inline(__always)
  static func utf8(_ scalar: UInt32) -> (bytes: UInt32, count: Int) {
    let two = (0xC0 | scalar &>> 6) | (0x80 | scalar & 0x3F) &<< 8
    let three = (0xE0 | scalar &>> 12) | (0x80 | scalar &>> 6 & 0x3F) &<< 8 | (0x80 | scalar & 0x3F) &<< 16
    let bytes = scalar < 0x80 ? scalar : scalar < 0x800 ? two : three
    let count = 1 &+ (scalar < 0x80 ? 0 : 1) &+ (scalar < 0x800 ? 0 : 1)
    return (bytes, count)
  }

  /// Marks each byte of `word` equal to a backslash with its high bit. Only the
  /// lowest mark is exact (a borrow can mark a byte above a backslash), which is the
  /// only one read.
  @inline(__always)
  static func backslashBytes(_ word: UInt64) -> UInt64 {
    let x = word ^ 0x5C5C_5C5C_5C5C_5C5C
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// The byte that a one-character escape other than `u` stands for: `"`, `\` and
  /// `/` stand for themselves; the letters `b`, `f`, `n`, `r` and `t` (from 0x62 up)
  /// for control characters, looked up without branches in a table of nibbles indexed
  /// by bits 1–4 of the letter (1, 3, 7, 9 and 10).
  @inline(__always)
  static func simpleEscape(_ escaped: UInt8) -> UInt8 {
    let table: UInt64 = 0x8 &<< 4 | 0xC &<< 12 | 0xA &<< 28 | 0xD &<< 36 | 0x9 &<< 40
    let control = UInt8(truncatingIfNeeded: table &>> (UInt64(escaped &>> 1 & 0xF) &* 4) & 0xF)
    return escaped >= UInt8(ascii: "b") ? control : escaped
  }

  /// The value of the four validated hex digits at `digits`, all four at once: a
  /// digit's low nibble is its value, plus 9 for the letters (whose bit 6 is set).
  @inline(__always)
  static func hexQuad(_ digits: UnsafePointer<UInt8>) -> UInt32 {
    let word = UInt32(littleEndian: UnsafeRawPointer(digits).loadUnaligned(as: UInt32.self))
    let nibbles = (word & 0x0F0F_0F0F) &+ ((word &>> 6) & 0x0101_0101) &* 9
    // The first digit, the lowest byte, is the most significant.
    return (nibbles & 0xFF) &<< 12 | (nibbles &>> 8 & 0xFF) &<< 8 | (nibbles &>> 16 & 0xFF) &<< 4 | nibbles &>> 24
  }
}
