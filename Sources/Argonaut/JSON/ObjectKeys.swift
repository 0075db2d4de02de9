/// Key handling for objects on the tape: lookup, and the duplicate-key rule.
///
/// RFC 8259 leaves duplicate keys to the implementation. Argonaut keeps the last
/// value, at the position of the first occurrence (as JavaScript and Python do). The
/// parser applies the rule when an object closes, so the tape never holds a
/// duplicate and every reader can stop at the first match.
@usableFromInline
package enum ObjectKeys {
  /// The tape index of the value for `key` in the object at `header`, or `nil`,
  /// scanning the keys in order; `comparisons` counts the keys compared.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static func find(
    _ key: UnsafeBufferPointer<UInt8>, inObjectAt header: Int,
    tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, comparisons: inout Int
  ) -> Int? {
    let end = header &+ Tape.span(tape[header])
    // A key entry without escapes and of the key's length has exactly these flag and
    // length bits, so one comparison rejects most keys. Entries with escapes or a
    // saturated length (both at least `maxLength`) take the full comparison.
    let lengthBits = Tape.flagBit | UInt64(Tape.maxLength)
    let want = key.count < Tape.maxLength ? UInt64(truncatingIfNeeded: key.count) : .max
    var i = header &+ 1
    while i < end {
      comparisons &+= 1
      let entry = tape[i]
      let bits = entry & lengthBits
      if bits == want {
        if want == 0
          || StringText.bytesEqual(bytes.baseAddress! + Tape.offset(entry), key.baseAddress!, count: key.count)
        {
          return i &+ 1
        }
      } else if bits >= UInt64(Tape.maxLength) && StringText.equals(entry, key, in: bytes) {
        return i &+ 1
      }
      i = i &+ 1 &+ Tape.span(tape[i &+ 1])
    }
    return nil
  }

  /// The standard library's seeded hash of a key's unescaped bytes.
  static func seededHash(_ entry: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    StringText.withUnescaped(entry, in: bytes) { text in
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(text))
      return hasher.finalize()
    }
  }
}

/// A key of at most 15 UTF-8 bytes, the common case, read from its `String` without
/// a closure and compared with the keys on the tape by two masked loads.
///
/// On 64-bit platforms Swift keeps such a string in its own two words (the layout
/// `InlineString` checks at run time): the bytes in little-endian order, and the
/// count in the second word's top byte. A lookup reads those words once; each key of
/// the same length on the tape then costs two loads and two comparisons, and every
/// other key is rejected by its length bits alone. Strings in other forms (longer
/// text, bridged or foreign storage), and runtimes where the layout differs, have no
/// short key: callers take the general path, a closure over the key's UTF-8 bytes.
@usableFromInline
package struct ShortKey {
  /// The first eight bytes, little-endian, zero past `count`.
  @usableFromInline let first: UInt64
  /// Bytes 8 to 14, little-endian, zero past `count`.
  @usableFromInline let second: UInt64
  @usableFromInline let count: Int

  /// The short key of `key`, or `nil` when it is longer than 15 bytes or not stored
  /// inline; `inlineLayout` is `JSONDocument.makesInlineStrings`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  init?(_ key: String, inlineLayout: Bool) {
    guard inlineLayout else { return nil }
    // Reading the two words of a string neither retains nor copies it. Bit 61 of the
    // second word marks the inline form, whose top byte also holds the count.
    let (first, second) = unsafeBitCast(key, to: (UInt64, UInt64).self)
    guard second & (1 &<< 61) != 0 else { return nil }
    self.first = first
    self.second = second & 0x00FF_FFFF_FFFF_FFFF
    self.count = Int(truncatingIfNeeded: (second &>> 56) & 0xF)
  }

  /// The short key of `key`, or `nil`, for readers of `document`'s tape.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package init?(_ key: String, for document: JSONDocument) {
    self.init(key, inlineLayout: document.makesInlineStrings)
  }
}

extension ObjectKeys {
  /// The tape index of the value for `key` in the object at `header` of `document`,
  /// or `nil`: the lookup behind `JSONObject`'s subscript and the decoding operators.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func position(of key: String, inObjectAt header: Int, document: JSONDocument) -> Int? {
    let tape = document.tape
    if Tape.storedCount(tape[header]) <= ObjectKeyIndex.minimumCount,
      let short = ShortKey(key, inlineLayout: document.makesInlineStrings)
    {
      let end = header &+ Tape.span(tape[header])
      guard let keyIndex = find(short, from: header &+ 1, to: end, tape: tape, text: document.text) else { return nil }
      return keyIndex &+ 1
    }
    return position(ofAnyKey: key, inObjectAt: header, document: document)
  }

  /// The general path of `position(of:inObjectAt:document:)`: any key, any width.
  @usableFromInline
  static func position(ofAnyKey key: String, inObjectAt header: Int, document: JSONDocument) -> Int? {
    var comparisons = 0
    return JSONObject(document: document, index: header).position(of: key, comparisons: &comparisons)
  }

  /// The tape index of the member whose key is `key`, among the members of one object
  /// from the key entry at `start` up to `end` (a key entry, or the object's end), or
  /// `nil`. The members are scanned in order.
  @usableFromInline
  package static func find(
    _ key: ShortKey, from start: Int, to end: Int, tape: UnsafeBufferPointer<UInt64>, text: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    // As in `find(_:inObjectAt:tape:bytes:comparisons:)`: a key entry without escapes
    // and of this length has exactly these flag and length bits; escaped entries and
    // saturated lengths are at least `maxLength`.
    let lengthBits = Tape.flagBit | UInt64(Tape.maxLength)
    let want = UInt64(truncatingIfNeeded: key.count)
    // The masks that keep the first `count` bytes of two little-endian words, split so
    // that no shift reaches 64 bits (as in `InlineString.bits`).
    let firstBits = Swift.min(want, 8) &* 4
    let firstMask = (((1 as UInt64) &<< firstBits) &<< firstBits) &- 1
    let secondMask = ((1 as UInt64) &<< ((Swift.max(want, 8) &- 8) &* 8)) &- 1
    let base = UnsafeRawPointer(text.baseAddress.unsafelyUnwrapped)
    // Sixteen bytes can be loaded at any key that starts at or before this offset.
    let loadLimit = text.count &- 16
    var i = start
    while i < end {
      let entry = tape[i]
      let bits = entry & lengthBits
      if bits == want {
        let offset = Tape.offset(entry)
        if offset <= loadLimit {
          // Bounds-safe: the 16 bytes from `offset` lie inside the text (checked above).
          let a = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          let b = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
          if (a & firstMask) == key.first && (b & secondMask) == key.second { return i }
        } else if equals(entry, key, in: text) {
          return i
        }
      } else if bits >= UInt64(Tape.maxLength) && equals(entry, key, in: text) {
        return i
      }
      i = i &+ 1 &+ Tape.span(tape[i &+ 1])
    }
    return nil
  }

  /// Whether the key entry equals `key`, for the rare entries that the scan cannot
  /// compare by loads: keys with escapes, and keys near the end of the text.
  @usableFromInline
  static func equals(_ entry: UInt64, _ key: ShortKey, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    let words = (UInt64(littleEndian: key.first), UInt64(littleEndian: key.second))
    return withUnsafeBytes(of: words) { raw in
      StringText.equals(
        entry, UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: key.count),
        in: text)
    }
  }
}

/// Rejects most keys of an object by their tape entry alone, for a key of `count` bytes.
///
/// A key entry without escapes and of the key's length has exactly the flag and
/// length bits `want`; entries with escapes and saturated lengths (both at least
/// `Tape.maxLength`) may still match, and need the full comparison.
@usableFromInline
package struct KeyLengthFilter {
  @usableFromInline let want: UInt64

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  package init(count: Int) {
    want = count < Tape.maxLength ? UInt64(truncatingIfNeeded: count) : .max
  }

  /// Whether the key entry may spell the key (`false`: it certainly does not).
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package func mayMatch(_ entry: UInt64) -> Bool {
    let bits = entry & (Tape.flagBit | UInt64(Tape.maxLength))
    return bits == want || bits >= UInt64(Tape.maxLength)
  }
}
