/// Decoding the escapes of string text that the scanner has validated.
extension StringText {
  /// Decodes the escapes of validated string text into `output`, which must hold
  /// `text.count` bytes, and returns the number of bytes written.
  ///
  /// Runs without escapes are copied eight bytes at a time. Every store stays inside
  /// `output`: unescaping never lengthens text, so the output position never passes
  /// the input position, and a word is stored only while eight input bytes remain.
  @usableFromInline
  static func unescape(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
    guard let input = text.baseAddress else { return 0 }
    let n = text.count
    var i = 0
    var o = 0
    while true {
      // Up to the next backslash: whole words while eight bytes remain, then bytes.
      while i &+ 8 <= n {
        let word = UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(output + o).storeBytes(of: word, as: UInt64.self)
        let backslashes = backslashBytes(UInt64(littleEndian: word))
        if backslashes != 0 {
          let run = backslashes.trailingZeroBitCount &>> 3
          i &+= run
          o &+= run
          break
        }
        i &+= 8
        o &+= 8
      }
      while i < n && input[i] != UInt8(ascii: "\\") {
        output[o] = input[i]
        i &+= 1
        o &+= 1
      }
      guard i < n else { return o }
      // A validated escape: a backslash and at least one more byte.
      let escaped = input[i &+ 1]
      guard escaped == UInt8(ascii: "u") else {
        output[o] = simpleEscape(escaped)
        i &+= 2
        o &+= 1
        continue
      }
      var scalar = hexQuad(input + (i &+ 2))
      i &+= 6
      if scalar & 0xFC00 == 0xD800 {
        // A high surrogate: validation guarantees that a low surrogate escape follows.
        let low = hexQuad(input + (i &+ 2))
        i &+= 6
        scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
      }
      o &+= encode(scalar, into: output + o)
    }
  }

  /// Marks each byte of `word` equal to a backslash with its high bit. Only the
  /// lowest mark is exact (a borrow can mark a byte above a backslash), which is the
  /// only one read.
  @inline(__always)
  static func backslashBytes(_ word: UInt64) -> UInt64 {
    let x = word ^ 0x5C5C_5C5C_5C5C_5C5C
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
  }

  /// The byte that a one-character escape stands for: `b`, `f`, `n`, `r`, `t`, or
  /// `"`, `\` and `/` for themselves.
  @inline(__always)
  static func simpleEscape(_ escaped: UInt8) -> UInt8 {
    switch escaped {
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: escaped
    }
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

  /// Writes the UTF-8 encoding of `scalar` and returns its length.
  @inline(__always)
  static func encode(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
    switch scalar {
    case 0..<0x80:
      out[0] = UInt8(truncatingIfNeeded: scalar)
      return 1
    case 0x80..<0x800:
      out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
      out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 3
    default:
      out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
      out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
      out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 4
    }
  }
}
