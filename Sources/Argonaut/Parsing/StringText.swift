/// Reading the text of string entries: comparing, unescaping and materializing.
///
/// Comparison is by Unicode scalars (byte-exact UTF-8), as RFC 8259 section 8.3
/// recommends; Swift's `String ==` would also equate canonically equivalent forms.
@usableFromInline
package enum StringText {
  /// Whether `count` bytes at `a` and `b` are equal.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
    var i = 0
    while i &+ 8 <= count {
      let x = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
      if x != y { return false }
      i &+= 8
    }
    while i < count {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }

  /// The raw text of the string entry: escaped as in the source when `Tape.flag` is set.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package static func raw(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: bytes.baseAddress! + Tape.offset(entry), count: Tape.stringLength(entry, in: bytes))
  }

  /// The raw text of the string entry, with the length of text with escapes from the
  /// parser's record in `unescaped` rather than measured.
  @inline(__always)
  static func raw(
    _ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: bytes.baseAddress! + Tape.offset(entry), count: Tape.stringLength(entry, in: bytes, unescaped: unescaped))
  }

  /// Whether the string entry's value equals `key` (UTF-8, unescaped).
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package static func equals(
    _ entry: UInt64, _ key: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if !Tape.flag(entry) {
      let stored = Tape.storedLength(entry)
      // A saturated length (a key of 256 MiB or more) is measured before comparing.
      let length = stored == Tape.maxLength ? Tape.stringLength(entry, in: bytes) : stored
      return length == key.count
        && (key.count == 0 || bytesEqual(bytes.baseAddress! + Tape.offset(entry), key.baseAddress!, count: key.count))
    }
    return escapedEquals(raw(entry, in: bytes), key)
  }

  @usableFromInline
  static func escapedEquals(_ escaped: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    // Unescaping never lengthens text, so a key longer than the escaped text differs.
    guard key.count <= escaped.count else { return false }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: escaped.count) { buffer in
      let n = unescape(escaped, into: buffer.baseAddress!)
      return n == key.count && (n == 0 || bytesEqual(buffer.baseAddress!, key.baseAddress!, count: n))
    }
  }

  /// The string entry's value as a Swift `String`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package static func string(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    shortPlainString(entry, in: bytes, inline: InlineString.isAvailable) ?? largeString(entry, in: bytes)
  }

  /// The value of a string entry of `document`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package static func string(_ entry: UInt64, in document: JSONDocument) -> String {
    shortPlainString(entry, in: document.text, inline: document.makesInlineStrings)
      ?? largeString(entry, in: document)
  }

  /// The value of a string entry of `document` that `string(_:in:)` does not make
  /// inline itself: text with escapes, from the parser's record of its value, and
  /// the others that `largeString(_:in:)` takes.
  @usableFromInline
  static func largeString(_ entry: UInt64, in document: JSONDocument) -> String {
    guard Tape.flag(entry), let value = Tape.unescapedValue(entry, in: document.unescaped) else {
      return largeString(entry, in: document.text)
    }
    // Records are followed by at least 16 bytes, so a short value loads as two words.
    if value.count <= InlineString.capacity && document.makesInlineStrings {
      return InlineString.make(loading: value.baseAddress.unsafelyUnwrapped, count: value.count)
    }
    return validString(value)
  }

  /// The value of a string entry without escapes of up to 15 bytes, with 16 bytes to
  /// load, made inline (the common case); `nil` for every other entry, or when
  /// `inline` says that `InlineString` is not available.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func shortPlainString(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>, inline: Bool) -> String? {
    let stored = Tape.storedLength(entry)
    let offset = Tape.offset(entry)
    guard inline && !Tape.flag(entry) && stored <= InlineString.capacity && offset &+ 16 <= bytes.count else {
      return nil
    }
    return InlineString.make(loading: bytes.baseAddress.unsafelyUnwrapped + offset, count: stored)
  }

  /// The value of a string entry that `string(_:in:)` does not make inline itself:
  /// long text, text with escapes, and short text near the end of the document.
  @usableFromInline
  static func largeString(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let text = raw(entry, in: bytes)
    if text.count <= InlineString.capacity && InlineString.isAvailable {
      guard Tape.flag(entry) else { return InlineString.make(copying: text.baseAddress!, count: text.count) }
      // Unescaping never lengthens text, so the value fits inline too.
      var words: (UInt64, UInt64) = (0, 0)
      let count = withUnsafeMutableBytes(of: &words) {
        unescape(text, into: $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
      }
      return InlineString.make(UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), count: count)
    }
    guard Tape.flag(entry) else { return validString(text) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
      let count = unescape(text, into: buffer.baseAddress!)
      return validString(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
    }
  }

  /// A string of UTF-8 that is known to be valid: the scanner validated the text of
  /// every string, and unescaping valid escapes yields valid UTF-8 (lone surrogates
  /// are rejected while scanning). Where the standard library can take such text
  /// without validating it again, it does.
  @usableFromInline
  static func validString(_ text: UnsafeBufferPointer<UInt8>) -> String {
    #if compiler(>=6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return String(copying: UTF8Span(unchecked: text.span))
      }
    #endif
    return String(decoding: text, as: UTF8.self)
  }

  /// Calls `body` with the value of the string entry `entry` of `document`: its
  /// unescaped UTF-8, from the text itself when it has no escapes, or from the
  /// parser's record of its value. Only a document that kept no record for an escaped
  /// string (see `Tape`) unescapes it here, into a copy.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func withValue<R, Failure: Error>(
    _ entry: UInt64, in document: JSONDocument, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> R
  ) throws(Failure) -> R {
    let text = document.text
    if !Tape.flag(entry) {
      let stored = Tape.storedLength(entry)
      guard stored != Tape.maxLength else { return try body(raw(entry, in: text)) }
      return try body(
        UnsafeBufferPointer(start: text.baseAddress.unsafelyUnwrapped + Tape.offset(entry), count: stored))
    }
    if let value = Tape.unescapedValue(entry, in: document.unescaped) { return try body(value) }
    return try unescapedCopy(entry, in: text).withUnsafeBufferPointer { (value) throws(Failure) in try body(value) }
  }

  /// The unescaped UTF-8 of the escaped string entry `entry`, as a new array.
  @usableFromInline
  static func unescapedCopy(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let text = raw(entry, in: bytes)
    return [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
      count = unescape(text, into: buffer.baseAddress!)
    }
  }

  /// A string of `utf8`, which is valid UTF-8: short text made inline, longer text
  /// without validating it again where the standard library allows.
  @usableFromInline
  static func string(validUTF8 utf8: UnsafeBufferPointer<UInt8>) -> String {
    if utf8.count <= InlineString.capacity && InlineString.isAvailable {
      guard let base = utf8.baseAddress else { return "" }
      return InlineString.make(copying: base, count: utf8.count)
    }
    return validString(utf8)
  }

  /// Calls `body` with the unescaped UTF-8 of the string entry.
  @usableFromInline
  package static func withUnescaped<R>(
    _ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let text = raw(entry, in: bytes)
    guard Tape.flag(entry) else { return body(text) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
      let n = unescape(text, into: buffer.baseAddress!)
      return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: n))
    }
  }
}
