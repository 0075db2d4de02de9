// The flat "tape" that a parsed document is stored in.
//
// One validating pass over the input writes one 64-bit entry per JSON value, in
// document order. Containers record how many entries they span, so a reader skips a
// whole subtree in O(1). Strings and numbers record where their text sits in the
// document's bytes; they become Swift values only when somebody asks for them.
//
//     bits 63...61   tag
//     small integer  bits 60...0   the value, two's complement (|v| < 2^60)
//     number         bit 60        the value is no integer below 2^64 (set when the spelling shows it)
//                    bit 27        0: the text form, 1: the inline form
//       text form    bits 59...28  byte offset of the text
//                    bits 26...0   byte length (saturated at `maxNumberLength`)
//       inline form  bit 59        0: the long form, 1: the short form (see `shortInlineNumber`)
//         long form  bits 58...28  index of the significand's two words in the document's `significands`
//                    bits 26...0   the spelling (see `inlineNumber`)
//     string         bit 60        the text contains escapes
//                    bits 59...28  byte offset of the text after the opening quote
//       no escapes   bits 27...0   byte length (saturated at `maxLength`)
//       escapes      bits 27...0   offset of the value's record in the document's
//                                  `unescaped` bytes, or `maxLength` for none
//     array, object  bits 59...32  element or member count (saturated at `maxCount`)
//                    bits 31...0   entries spanned, this header included
//
// Offsets are 32 bits wide, which caps a document at 4 GiB. Everything stored in
// a container is position-independent, so a subtree can be moved as a block.
//
// The parser reads the value of a short number (up to 19 significant digits, and a
// small exponent) as it validates it, which is nearly every number with a fraction
// or an exponent, and stores it in the inline form: the significand in a side table
// and the spelling in the entry, from which the text can be written again byte for
// byte. Reading such a number reads no text. Longer numbers, and numbers that the
// parser meets near the end of its input, keep the text form.
//
// The parser unescapes a string that has escapes as it validates it, into the
// document's `unescaped` bytes: a record of the text's length and the value's (four
// bytes each, little-endian), then the value's UTF-8. The branches on each escape's
// kind are taken once, rather than once to validate and again on every read. The
// entry keeps the text's offset, for the writers, which copy the text as it was
// written; readers without the record measure the text's length. (A document with
// 256 MiB of escaped strings before a string keeps no record for it: its readers
// unescape the text.)

@usableFromInline
package enum TapeTag: UInt64 {
  case null = 0
  case `false` = 1
  case `true` = 2
  case smallInt = 3
  case number = 4
  case string = 5
  case array = 6
  case object = 7
}

@usableFromInline
package enum Tape {
  @usableFromInline static let tagShift: UInt64 = 61
  @usableFromInline static let flagBit: UInt64 = 1 << 60
  @usableFromInline static let maxLength: Int = (1 << 28) - 1
  @usableFromInline package static let maxCount: Int = (1 << 28) - 1
  @usableFromInline static let maxOffset: Int = Int(UInt32.max)
  /// Integers of smaller magnitude fit a small-integer entry (61-bit two's
  /// complement). The parser stores integers of up to 18 digits inline, which all do.
  @usableFromInline static let smallIntLimit: Int64 = 1 << 60

  /// The tag of `entry`. Written as a switch on the three bits, which the compiler
  /// turns into a plain byte (each case is its own raw value); the synthesized
  /// `init(rawValue:)` is a call where it is not inlined.
  @inlinable @inline(__always)
  package static func tag(_ entry: UInt64) -> TapeTag {
    switch entry &>> tagShift {
    case 0: .null
    case 1: .false
    case 2: .true
    case 3: .smallInt
    case 4: .number
    case 5: .string
    case 6: .array
    default: .object
    }
  }

  @inlinable @inline(__always)
  package static func flag(_ entry: UInt64) -> Bool { entry & flagBit != 0 }

  // MARK: Scalars

  @inlinable @inline(__always)
  package static func literal(_ tag: TapeTag) -> UInt64 { tag.rawValue &<< tagShift }

  @inlinable @inline(__always)
  static func smallInt(_ value: Int64) -> UInt64 {
    (TapeTag.smallInt.rawValue &<< tagShift) | (UInt64(bitPattern: value) & (flagBit | (flagBit &- 1)))
  }

  @inlinable @inline(__always)
  package static func smallIntValue(_ entry: UInt64) -> Int64 {
    Int64(bitPattern: entry &<< 3) &>> 3
  }

  /// A string or number entry. `length` is saturated here.
  @inlinable @inline(__always)
  static func text(_ tag: TapeTag, flag: Bool, offset: Int, length: Int) -> UInt64 {
    (tag.rawValue &<< tagShift) | (flag ? flagBit : 0) | (UInt64(truncatingIfNeeded: offset) &<< 28)
      | UInt64(truncatingIfNeeded: Swift.min(length, maxLength))
  }

  @inlinable @inline(__always)
  package static func offset(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: (entry &>> 28) & 0xFFFF_FFFF) }

  /// The stored length of a string entry; equal to `maxLength` when the real length
  /// must be measured.
  @inlinable @inline(__always)
  package static func storedLength(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0x0FFF_FFFF) }

  // MARK: Numbers

  /// Set in number entries of the inline form.
  @usableFromInline static let inlineNumberBit: UInt64 = 1 << 27
  /// The saturated length of a number entry of the text form.
  @usableFromInline static let maxNumberLength: Int = (1 << 27) - 1

  /// A number entry of the text form. `length` is saturated here.
  @inlinable @inline(__always)
  static func textNumber(isNotInteger: Bool, offset: Int, length: Int) -> UInt64 {
    (TapeTag.number.rawValue &<< tagShift) | (isNotInteger ? flagBit : 0)
      | (UInt64(truncatingIfNeeded: offset) &<< 28) | UInt64(truncatingIfNeeded: Swift.min(length, maxNumberLength))
  }

  /// Whether the number entry `entry` has the inline form.
  @inlinable @inline(__always)
  package static func isInlineNumber(_ entry: UInt64) -> Bool { entry & inlineNumberBit != 0 }

  /// The stored length of a number entry of the text form; equal to `maxNumberLength`
  /// when the real length must be measured.
  @inlinable @inline(__always)
  static func storedNumberLength(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0x07FF_FFFF) }

  /// Set in inline number entries of the short form.
  @usableFromInline static let shortInlineBit: UInt64 = 1 << 59
  /// How many significand words the long form can index (31 bits), and the short form (23 bits).
  static let longInlineSlots = 1 << 31 - 2
  static let shortInlineSlots = 1 << 23

  /// Whether the inline form holds the decimal exponent `exponent`: -256...255.
  @inline(__always)
  static func isInlineExponent(_ exponent: Int) -> Bool { UInt(bitPattern: exponent &+ 256) < 512 }

  /// A number entry of the inline form's long form, whose significand is the two words
  /// (low, then high) at `index` of the document's `significands`, for a number of the
  /// given spelling (see `DecimalSpelling`) whose decimal exponent passes
  /// `isInlineExponent`.
  ///
  /// The spelling takes bits 26...0: the exponent's low nine bits, then the layout
  /// word's bits 33...16 (sign, digit counts and exponent spelling) from bit 9. The
  /// index takes bits 58...28.
  @inline(__always)
  static func inlineNumber(
    index: Int, isNotInteger: Bool, isNegative: Bool, integerDigits: Int, fractionDigits: Int,
    exponentSpelling: UInt64, exponent: Int
  ) -> UInt64 {
    (TapeTag.number.rawValue &<< tagShift) | (isNotInteger ? flagBit : 0) | (UInt64(truncatingIfNeeded: index) &<< 28)
      | inlineNumberBit | (isNegative ? 1 &<< 9 : 0) | UInt64(truncatingIfNeeded: fractionDigits) &<< 10
      | UInt64(truncatingIfNeeded: integerDigits) &<< 15 | exponentSpelling &>> 7
      | UInt64(truncatingIfNeeded: exponent) & 0x1FF
  }

  /// A number entry of the inline form's short form: a number without an exponent part
  /// and with at most 15 digits before the point, whose significand is below 2^57, with its low 32 bits at `index` of the document's
  /// `significands` (one word, not two) and its high 25 bits in the entry.
  ///
  ///     bits 58...34   the significand's high bits   bits 26...4   the index
  ///     bits 33...29   digits after the point        bits 3...0    digits before the point
  ///     bit  28        the number is negative
  @inline(__always)
  static func shortInlineNumber(
    index: Int, high: UInt64, isNotInteger: Bool, isNegative: Bool, integerDigits: Int, fractionDigits: Int
  ) -> UInt64 {
    (TapeTag.number.rawValue &<< tagShift) | (isNotInteger ? flagBit : 0) | shortInlineBit | high &<< 34
      | UInt64(truncatingIfNeeded: fractionDigits) &<< 29 | (isNegative ? 1 &<< 28 : 0) | inlineNumberBit
      | UInt64(truncatingIfNeeded: index) &<< 4 | UInt64(truncatingIfNeeded: integerDigits)
  }

  /// The significand of the inline number entry `entry`, whose document's significand
  /// words are `words`.
  @inlinable @inline(__always)
  package static func inlineSignificand(_ entry: UInt64, in words: UnsafeBufferPointer<UInt32>) -> UInt64 {
    let base = words.baseAddress.unsafelyUnwrapped
    if entry & shortInlineBit != 0 {
      return (entry &>> 34 & 0x1FF_FFFF) &<< 32 | UInt64(base[Int(truncatingIfNeeded: entry &>> 4 & 0x7F_FFFF)])
    }
    let index = Int(truncatingIfNeeded: entry &>> 28 & 0x7FFF_FFFF)
    return UInt64(base[index]) | UInt64(base[index &+ 1]) &<< 32
  }

  /// The `DecimalSpelling` layout word of an inline number entry.
  @inlinable @inline(__always)
  package static func inlineLayout(_ entry: UInt64) -> UInt64 {
    let notInteger = (entry & flagBit) &>> 26
    if entry & shortInlineBit != 0 {
      // No exponent part: the decimal exponent is minus the digits after the point.
      let fractionDigits = entry &>> 29 & 0x1F
      return UInt64(UInt16(truncatingIfNeeded: 0 &- Int64(bitPattern: fractionDigits)))
        | (entry &>> 28 & 0x3F) &<< 16 | (entry & 0xF) &<< 22 | notInteger
    }
    // The exponent's nine bits, sign-extended to the layout's sixteen.
    let exponent = UInt64(truncatingIfNeeded: Int64(bitPattern: entry &<< 55) &>> 55) & 0xFFFF
    return (entry &>> 9 & 0x3_FFFF) &<< 16 | exponent | notInteger
  }

  // MARK: Containers

  @inlinable @inline(__always)
  static func container(_ tag: TapeTag, count: Int, span: Int) -> UInt64 {
    (tag.rawValue &<< tagShift) | (UInt64(truncatingIfNeeded: Swift.min(count, maxCount)) &<< 32)
      | UInt64(truncatingIfNeeded: span)
  }

  /// Entries spanned by the value whose entry this is (1 for scalars).
  @inlinable @inline(__always)
  package static func span(_ entry: UInt64) -> Int {
    entry &>> tagShift >= TapeTag.array.rawValue ? Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) : 1
  }

  @inlinable @inline(__always)
  package static func storedCount(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: (entry &>> 32) & 0x0FFF_FFFF) }
}

/// An immutable parsed document: the text and its tape. Shared by every view onto it.
///
/// `@unchecked Sendable`: the tape is a raw buffer, which the compiler cannot check,
/// but the document owns it, nothing writes it after the parser hands it over, and
/// it is freed only in `deinit`. The one mutable property, `keyIndexes`, is read and
/// written only while holding the document's mutex (`DocumentLocks`). Everything
/// else is immutable and `Sendable`.
///
/// Not `final`: the storage of built objects and arrays (`BuiltObject`, `BuiltArray`)
/// are documents without a tape, so that `JSONObject` and `JSONArray` hold one concrete
/// reference type, which reads as cheaply as before. Every member is `final`.
@usableFromInline
package class JSONDocument: @unchecked Sendable {
  /// The UTF-8 text. Strings and numbers point into it.
  @usableFromInline package let bytes: [UInt8]
  /// One entry per value, in document order (see the layout above). Owned.
  @usableFromInline package let tape: UnsafeBufferPointer<UInt64>
  /// The storage of `bytes`, for reading values without a closure (and the retain
  /// and release that come with it) per value. An `[UInt8]` is always stored
  /// natively and contiguously (only arrays of class instances can be lazily bridged
  /// from `NSArray`), and `bytes` is a constant that keeps its storage alive and
  /// unchanged, so the pointer stays valid for the life of the document.
  @usableFromInline package let text: UnsafeBufferPointer<UInt8>
  /// The significands of the numbers of the inline form, in document order, as 32-bit
  /// words: one for the short form, two (low, then high) for the long form. Owned.
  @usableFromInline package let significands: UnsafeBufferPointer<UInt32>
  /// The values of the strings with escapes, unescaped by the parser, each in a record
  /// that its entry points to (see the layout above), followed by 16 bytes of padding;
  /// empty when no string has escapes. Owned.
  @usableFromInline package let unescaped: UnsafeBufferPointer<UInt8>
  /// `InlineString.isAvailable`, read once per document rather than once per string.
  @usableFromInline let makesInlineStrings = InlineString.isAvailable
  /// The key indexes of wide objects, by header position, built by their first
  /// lookup (see `ObjectKeyIndex`). Only under `DocumentLocks.withLock(for: self)`.
  final var keyIndexes: [Int: ObjectKeyIndex] = [:]

  /// A document that takes ownership of `tape` and `significands`, which
  /// `SystemMemory` allocated.
  @usableFromInline
  init(
    bytes: [UInt8], tape: UnsafeMutableBufferPointer<UInt64>, significands: UnsafeMutableBufferPointer<UInt32>,
    unescaped: UnsafeMutableBufferPointer<UInt8>
  ) {
    self.bytes = bytes
    self.tape = UnsafeBufferPointer(tape)
    self.significands = UnsafeBufferPointer(significands)
    self.unescaped = UnsafeBufferPointer(unescaped)
    self.text = bytes.withUnsafeBufferPointer { $0 }
  }

  /// A document with text only, for a number built from a Swift value.
  @usableFromInline
  init(bytes: [UInt8]) {
    self.bytes = bytes
    self.tape = UnsafeBufferPointer(start: nil, count: 0)
    self.significands = UnsafeBufferPointer(start: nil, count: 0)
    self.unescaped = UnsafeBufferPointer(start: nil, count: 0)
    self.text = bytes.withUnsafeBufferPointer { $0 }
  }

  deinit {
    SystemMemory.deallocate(UnsafeMutablePointer(mutating: tape.baseAddress))
    SystemMemory.deallocate(UnsafeMutablePointer(mutating: significands.baseAddress))
    SystemMemory.deallocate(UnsafeMutablePointer(mutating: unescaped.baseAddress))
  }

  /// Calls `body` with the tape and the text.
  @inlinable @inline(__always)
  package final func withUnsafeBuffers<R>(
    _ body: (UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    try bytes.withUnsafeBufferPointer { b in try body(tape, b) }
  }
}

extension Tape {
  /// The byte length of a string entry's text (as written, escapes and all), measuring
  /// saturated lengths and text with escapes, whose entries do not hold it, out of line.
  @inlinable @inline(__always)
  package static func stringLength(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let stored = storedLength(entry)
    guard stored == maxLength || flag(entry) else { return stored }
    return measuredTextLength(from: offset(entry), in: bytes)
  }

  /// The length of the validated string text at `start`: up to the first quote that
  /// is not escaped, eight bytes at a time.
  @usableFromInline
  package static func measuredTextLength(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let base = bytes.baseAddress.unsafelyUnwrapped
    var i = start
    while true {
      if bytes.count &- i >= 8 {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        // The lowest mark of each is exact, so the lowest of both is.
        let marks =
          ((quotes &- 0x0101_0101_0101_0101) & ~quotes | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
          & 0x8080_8080_8080_8080
        guard marks != 0 else {
          i &+= 8
          continue
        }
        i &+= marks.trailingZeroBitCount &>> 3
      } else {
        while base[i] != UInt8(ascii: "\"") && base[i] != UInt8(ascii: "\\") { i &+= 1 }
      }
      if base[i] == UInt8(ascii: "\"") { return i &- start }
      // An escape: its second byte is never a quote that ends the text.
      i &+= 2
    }
  }

  /// The bytes before the value in a record of an escaped string's value: the text's
  /// length, then the value's (see the layout above).
  @usableFromInline static let recordHeaderSize = 8

  /// The value of the string entry `entry`, which has escapes, as the parser
  /// unescaped it into the document's `unescaped` bytes; `nil` when it kept no record.
  @inlinable @inline(__always)
  package static func unescapedValue(
    _ entry: UInt64, in unescaped: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8>? {
    let record = storedLength(entry)
    guard record != maxLength, let base = unescaped.baseAddress else { return nil }
    let count = UInt32(littleEndian: UnsafeRawPointer(base + record).loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    return UnsafeBufferPointer(start: base + (record &+ recordHeaderSize), count: Int(count))
  }

  /// The byte length of a string entry's text (as written), from the parser's record
  /// of its value when it has escapes.
  @inline(__always)
  static func stringLength(
    _ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let stored = storedLength(entry)
    if flag(entry) && stored != maxLength, let base = unescaped.baseAddress {
      return Int(UInt32(littleEndian: UnsafeRawPointer(base + stored).loadUnaligned(as: UInt32.self)))
    }
    return stringLength(entry, in: bytes)
  }

  /// The text of a number entry of the text form.
  @inline(__always)
  static func numberText(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    assert(!isInlineNumber(entry), "an inline number has no text in the document")
    let stored = storedNumberLength(entry)
    let length = stored == maxNumberLength ? numberLength(entry, in: bytes) : stored
    return UnsafeBufferPointer(start: bytes.baseAddress.unsafelyUnwrapped + offset(entry), count: length)
  }

  /// The real byte length of a number entry of the text form, measuring saturated lengths.
  @usableFromInline
  package static func numberLength(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    assert(!isInlineNumber(entry), "an inline number has no text in the document")
    let stored = storedNumberLength(entry)
    guard stored == maxNumberLength else { return stored }
    var i = offset(entry)
    while i < bytes.count, JSONScanner.isNumberByte(bytes[i]) { i += 1 }
    return i - offset(entry)
  }

  /// The number of elements (arrays) or members (objects) of the container at `index`.
  @usableFromInline
  package static func count(at index: Int, in tape: UnsafeBufferPointer<UInt64>) -> Int {
    let entry = tape[index]
    let stored = storedCount(entry)
    guard stored == maxCount else { return stored }
    let perItem = tag(entry) == .object ? 2 : 1
    var n = 0
    var i = index + 1
    let end = index + span(entry)
    while i < end {
      for _ in 0..<perItem { i += span(tape[i]) }
      n += 1
    }
    return n
  }
}
