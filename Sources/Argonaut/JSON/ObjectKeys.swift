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
  @inlinable
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
