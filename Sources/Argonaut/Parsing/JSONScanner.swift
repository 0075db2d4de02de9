/// The validating parser: one pass over UTF-8 bytes that writes the tape.
///
/// It never recurses; open containers live on an explicit stack, so nesting is
/// bounded only by `maximumDepth`. Every RFC 8259 rule is checked here: grammar,
/// number syntax, escapes, surrogate pairs and UTF-8 well-formedness. The tape records
/// where each string's text is; a string with escapes is also unescaped as it is
/// validated, into a record beside the tape. Short numbers are stored as their decimal
/// value, read from the same loads that validate them; longer ones as text.
@usableFromInline
struct JSONScanner: ~Copyable {
  let input: UnsafeBufferPointer<UInt8>
  let start: UnsafePointer<UInt8>
  let end: UnsafePointer<UInt8>
  let maximumDepth: Int
  /// Whether short numbers are stored in the inline form (their value read while
  /// scanning) rather than as text. Off for text that Argonaut wrote itself from values
  /// (see `JSONWriter.parsedDocument()`), which is mostly written again rather than read.
  let readsNumbers: Bool
  var tape: GrowableBuffer<UInt64>
  /// The significands of the numbers stored in the inline form, as 32-bit words (see `Tape`).
  var significands: GrowableBuffer<UInt32>
  var frames: GrowableBuffer<Frame>
  /// The key entries (see `ObjectKeys.keyEntry`) of the members of the open
  /// objects, innermost last, for the duplicate-key check when an object closes.
  var keys: GrowableBuffer<UInt64>
  /// The records of the values of the strings with escapes (see `Tape`).
  var unescaped: GrowableBuffer<UInt8>

  /// An open container: where its header is, and the state of its parent to
  /// restore when it closes.
  struct Frame {
    var header: Int
    var parentCount: Int
    var parentIsObject: Bool
  }

  @usableFromInline
  static func isNumberByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }

  /// Parses a whole document and returns its tape.
  ///
  /// - Throws: `JSONParseError` for any violation of RFC 8259, a nesting deeper than
  ///   `maximumDepth`, or a document larger than 4 GiB.
  static func tape(
    for input: UnsafeBufferPointer<UInt8>, maximumDepth: Int, readsNumbers: Bool = true
  ) throws(JSONParseError) -> (
    tape: UnsafeMutableBufferPointer<UInt64>, significands: UnsafeMutableBufferPointer<UInt32>,
    unescaped: UnsafeMutableBufferPointer<UInt8>
  ) {
    guard input.count <= Tape.maxOffset else {
      throw JSONParseError(
        kind: .documentTooLarge, offset: 0, line: 1, column: 1,
        expected: "a document of at most \(Tape.maxOffset) bytes", found: "\(input.count) bytes")
    }
    // An empty buffer may have no base address; parse it from a valid empty range.
    var empty: UInt8 = 0
    return try withUnsafeMutablePointer(to: &empty) { (emptyBase) throws(JSONParseError) in
      let base = UnsafePointer(input.baseAddress ?? UnsafePointer(emptyBase))
      var scanner = JSONScanner(
        input: UnsafeBufferPointer(start: base, count: input.count), start: base, end: base + input.count,
        maximumDepth: maximumDepth, readsNumbers: readsNumbers,
        tape: GrowableBuffer(capacity: Swift.max(16, input.count / 12)),
        significands: GrowableBuffer(capacity: 16),
        frames: GrowableBuffer(capacity: 32),
        keys: GrowableBuffer(capacity: 64),
        unescaped: GrowableBuffer())
      try scanner.scanDocument()
      return scanner.take()
    }
  }

  /// Parses each of `documents` (byte ranges of `input`) as a document of its own,
  /// one after the other into one tape, and returns the tape and the index of each
  /// document's root entry on it: for many small documents (the lines of JSON Lines),
  /// which then share one allocation of each buffer. String and number entries
  /// point into `input`, so the values read from the tape with `input` as their text.
  ///
  /// One scanner reads them all, with the whole of `input` as the bytes it may load:
  /// the fast paths that need bytes ahead (a number's 64) then serve a document's
  /// last tokens too, as in one large document. It accepts a document only when its
  /// value and the whitespace after it end exactly at the end of its range, and then
  /// exactly as the document alone would be: an accepted document took in no byte
  /// past its range, and a byte past it decides nothing without being taken in (a
  /// number takes in every digit, point and exponent that follows it, so the byte
  /// after a number's text is no digit, as `readShortDecimal` requires). A document
  /// that runs on past its range (a range followed by whitespace or digits) fails,
  /// even when it is valid alone: follow each range with a NUL, which ends every
  /// token and is no whitespace.
  ///
  /// The UTF-8 of `input` is checked once for all of them: when it is dense with
  /// non-ASCII and well-formed, every document is scanned by the copy of the scanner
  /// that does not check strings again (a string accepted lies between two ASCII
  /// quotes within its document, so its text is well-formed).
  ///
  /// - Throws: `JSONParseError` for the first range that is not a valid document, or
  ///   that runs on past its end; its position is in `input` as a whole, and not
  ///   always the one that parsing the document alone reports.
  static func tape(
    for input: UnsafeBufferPointer<UInt8>, documents: [Range<Int>], maximumDepth: Int
  ) throws(JSONParseError) -> (
    tape: UnsafeMutableBufferPointer<UInt64>, significands: UnsafeMutableBufferPointer<UInt32>,
    unescaped: UnsafeMutableBufferPointer<UInt8>, roots: [Int]
  ) {
    guard input.count <= Tape.maxOffset, let base = input.baseAddress else {
      throw JSONParseError(
        kind: .documentTooLarge, offset: 0, line: 1, column: 1,
        expected: "a document of at most \(Tape.maxOffset) bytes", found: "\(input.count) bytes")
    }
    var scanner = JSONScanner(
      input: input, start: base, end: base + input.count, maximumDepth: maximumDepth, readsNumbers: true,
      tape: GrowableBuffer(capacity: Swift.max(16, input.count / 12)), significands: GrowableBuffer(capacity: 16),
      frames: GrowableBuffer(capacity: 32), keys: GrowableBuffer(capacity: 64), unescaped: GrowableBuffer())
    let isWellFormed =
      UTF8Validation.isDenseNonASCII(base, count: input.count)
      && UTF8Validation.isWellFormed(base, count: input.count)
    var roots: [Int] = []
    roots.reserveCapacity(documents.count)
    for range in documents {
      precondition(range.lowerBound >= 0 && range.upperBound <= input.count, "a document outside the input")
      roots.append(scanner.tape.count)
      if isWellFormed {
        try scanner.scanWellFormedDocument(from: base + range.lowerBound, to: base + range.upperBound)
      } else {
        try scanner.scanCheckedDocument(from: base + range.lowerBound, to: base + range.upperBound)
      }
    }
    let taken = scanner.take()
    return (taken.tape, taken.significands, taken.unescaped, roots)
  }

  /// The finished tape, significands and unescaped values, handed over to the caller.
  consuming func take() -> (
    tape: UnsafeMutableBufferPointer<UInt64>, significands: UnsafeMutableBufferPointer<UInt32>,
    unescaped: UnsafeMutableBufferPointer<UInt8>
  ) {
    // Sixteen bytes after the last record, so that any value loads as two words.
    let used = unescaped.count
    if used > 0 {
      unescaped.reserve(used &+ ByteBlock.size)
      (unescaped.base + used).initialize(repeating: 0, count: ByteBlock.size)
      unescaped.setCount(used &+ ByteBlock.size)
    }
    return (tape.take(), significands.take(), unescaped.take())
  }

  // MARK: - Errors

  func error(
    _ p: UnsafePointer<UInt8>, _ kind: JSONParseError.Kind, expected: String, found: String? = nil
  ) -> JSONParseError {
    JSONParseError.at(p - start, in: input, kind: kind, expected: expected, found: found)
  }

  // MARK: - The document

  @inline(__always)
  func skipWhitespace(_ p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    // Most tokens follow each other directly, or after one space (`"key": value`).
    guard p < end && p.pointee <= 0x20 else { return p }
    guard end - p >= ByteBlock.size else { return JSONScanner.skipWhitespaceRun(p, end: end) }
    if p.pointee == 0x20 && p[1] > 0x20 { return p + 1 }
    // A line break and the next line's indentation, most often within one block:
    // inline, this saves a call per line (9% of twitter's parse).
    let first = ByteBlock.firstNonWhitespace(p)
    if first < ByteBlock.size { return p + first }
    return JSONScanner.skipWhitespaceRun(p + ByteBlock.size, end: end)
  }

  /// Skips a run of whitespace (indentation, newlines) sixteen bytes at a time, then
  /// eight. Static, so that the scanner's state stays in registers around the call.
  @inline(never)
  static func skipWhitespaceRun(_ p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    var p = p
    // Thirty-two bytes per round, since indentation is often longer than sixteen.
    while end - p >= 2 &* ByteBlock.size {
      let first = ByteBlock.firstNonWhitespace(p)
      if first < ByteBlock.size { return p + first }
      let second = ByteBlock.firstNonWhitespace(p + ByteBlock.size)
      if second < ByteBlock.size { return p + ByteBlock.size + second }
      p += 2 &* ByteBlock.size
    }
    while end - p >= ByteBlock.size {
      let first = ByteBlock.firstNonWhitespace(p)
      if first < ByteBlock.size { return p + first }
      p += ByteBlock.size
    }
    if end - p >= 8 {
      let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      let other = nonWhitespaceBytes(w)
      if other != 0 { return p + other.trailingZeroBitCount &>> 3 }
      p += 8
    }
    while p < end {
      let c = p.pointee
      guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
      p += 1
    }
    return p
  }

  /// A mask with the high bit set in each byte of `w` that is not JSON whitespace
  /// (space, line feed, carriage return, tab). Exact for every byte: no borrow or
  /// carry crosses between bytes.
  @inline(__always)
  static func nonWhitespaceBytes(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    @inline(__always) func equal(_ byte: UInt64) -> UInt64 {
      let x = w ^ (ones &* byte)
      return ~(((x & lows) &+ lows) | x) & ~lows
    }
    return ~(equal(0x20) | equal(0x0A) | equal(0x0D) | equal(0x09)) & ~lows
  }

  /// Whether `byte` starts a number: `-` or a digit.
  @inline(__always)
  static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
  }

  mutating func scanDocument() throws(JSONParseError) {
    try scanDocument(from: start)
  }

  /// Scans one document that starts at `first` and runs to `end`, appending its
  /// entries to the tape.
  ///
  /// A document dense with non-ASCII text has its UTF-8 checked first, all of it at
  /// once (as simdjson does): when it is well-formed, it is scanned by the copy of the
  /// scanner whose strings look only for quotes, backslashes and control characters.
  /// Any other document is scanned by the copy that checks each string's UTF-8 as it
  /// goes, and reports the first error exactly. Both accept exactly the same documents.
  mutating func scanDocument(from first: UnsafePointer<UInt8>) throws(JSONParseError) {
    let count = end - first
    if UTF8Validation.isDenseNonASCII(first, count: count) && UTF8Validation.isWellFormed(first, count: count) {
      try scanWellFormedDocument(from: first, to: end)
    } else {
      try scanCheckedDocument(from: first, to: end)
    }
  }

  /// Scans a document that `UTF8Validation.isWellFormed` accepted, from `first` to
  /// `documentEnd` (at most `end`).
  @inline(never)
  mutating func scanWellFormedDocument(
    from first: UnsafePointer<UInt8>, to documentEnd: UnsafePointer<UInt8>
  ) throws(JSONParseError) {
    try scanDocument(from: first, to: documentEnd, WellFormedUTF8.self)
  }

  /// Scans a document that may be ill-formed UTF-8, checking its strings' UTF-8, from
  /// `first` to `documentEnd` (at most `end`).
  @inline(never)
  mutating func scanCheckedDocument(
    from first: UnsafePointer<UInt8>, to documentEnd: UnsafePointer<UInt8>
  ) throws(JSONParseError) {
    try scanDocument(from: first, to: documentEnd, CheckedUTF8.self)
  }

  /// Scans one document as `scanDocument(from:)` does, checking its strings' UTF-8
  /// as `Validation` says. Generic, so that each kind of check has a copy of the
  /// scanner of its own, with no test of the kind in its loops; inlined into the two
  /// functions above, so that each copy is optimized as a function of its own (the
  /// specializations of a generic function of this size call their loads out of line).
  ///
  /// Loads may read up to `end`; the document must end at `documentEnd`, after its
  /// value and any whitespace (see `tape(for:documents:maximumDepth:)`).
  @inline(__always)
  mutating func scanDocument<Validation: StringValidation>(
    from first: UnsafePointer<UInt8>, to documentEnd: UnsafePointer<UInt8>, _: Validation.Type
  ) throws(JSONParseError) {
    var p = first
    // A UTF-8 byte order mark is ignored, as RFC 8259 section 8.1 allows.
    if end - p >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3 }
    p = skipWhitespace(p)
    var depth = 0
    var count = 0
    var inObject = false

    nextValue: while true {
      // A value is expected at p.
      guard p < end else { throw error(p, .unexpectedCharacter, expected: "a value") }
      switch p.pointee {
      case UInt8(ascii: "\""):
        p = try scanString(p + 1, Validation.self)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        p = try scanNumber(p)
        // In an array, the numbers that follow directly after a comma are scanned here,
        // without the way round the general step between values.
        if depth > 0 && !inObject {
          while end - p >= 2 && p.pointee == UInt8(ascii: ",") && JSONScanner.startsNumber(p[1]) {
            count &+= 1
            p = try scanNumber(p + 1)
          }
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = p.pointee == UInt8(ascii: "{")
        guard depth < maximumDepth else {
          throw error(p, .depthLimitExceeded, expected: "at most \(maximumDepth) levels of nesting")
        }
        frames.append(Frame(header: tape.count, parentCount: count, parentIsObject: inObject))
        tape.append(0)  // the header, written when the container closes
        depth &+= 1
        count = 0
        inObject = isObject
        p = skipWhitespace(p + 1)
        if p < end && p.pointee == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          p += 1
          closeContainer(isObject: isObject, count: 0)
          let parent = frames.removeLast()
          depth &-= 1
          count = parent.parentCount
          inObject = parent.parentIsObject
        } else {
          if isObject { p = try scanKey(p, afterComma: false, Validation.self) }
          continue nextValue
        }
      case UInt8(ascii: "t"):
        p = try scanLiteral(p, "true", Tape.literal(.true))
      case UInt8(ascii: "f"):
        p = try scanLiteral(p, "false", Tape.literal(.false))
      case UInt8(ascii: "n"):
        p = try scanLiteral(p, "null", Tape.literal(.null))
      default:
        throw error(p, .unexpectedCharacter, expected: "a value")
      }

      // A value just ended. Close containers until a ',' asks for another one.
      while true {
        p = skipWhitespace(p)
        guard depth > 0 else {
          guard p == documentEnd else { throw error(p, .unexpectedCharacter, expected: "end of input") }
          return
        }
        count &+= 1
        let closer = inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if p < end && p.pointee == UInt8(ascii: ",") {
          p = skipWhitespace(p + 1)
          if inObject { p = try scanKey(p, afterComma: true, Validation.self) }
          continue nextValue
        }
        guard p < end && p.pointee == closer else {
          throw error(p, .unexpectedCharacter, expected: inObject ? "',' or '}'" : "',' or ']'")
        }
        p += 1
        if inObject {
          closeContainer(isObject: true, count: count)
        } else {
          // An array's header, inline: no key to check.
          let header = frames.last.header
          tape[header] = Tape.container(.array, count: count, span: tape.count &- header)
        }
        let parent = frames.removeLast()
        depth &-= 1
        count = parent.parentCount
        inObject = parent.parentIsObject
      }
    }
  }

  /// Writes the header of the innermost open container. Most containers are arrays
  /// or narrow objects whose keys' signatures all differ, which need no further call.
  @inline(never)
  mutating func closeContainer(isObject: Bool, count: Int) {
    let header = frames.last.header
    var distinct = count
    if isObject {
      // The object's key entries are the top `count` ones.
      if count > 1 {
        let memberKeys = keys.base + (keys.count &- count)
        if count > ObjectKeys.pairwiseLimit || ObjectKeys.anySameSignature(memberKeys, count: count) {
          distinct = removeDuplicates(inObjectAt: header, count: count, keys: memberKeys)
        }
      }
      keys.removeLast(count)
    }
    tape[header] = Tape.container(isObject ? .object : .array, count: distinct, span: tape.count &- header)
  }

  /// The duplicate-key check of an object wider than `ObjectKeys.pairwiseLimit`, or
  /// whose keys share a signature: the number of distinct keys.
  @inline(never)
  mutating func removeDuplicates(inObjectAt header: Int, count: Int, keys memberKeys: UnsafePointer<UInt64>) -> Int {
    tape.withMutableContents { (t, used) in
      ObjectKeys.removeDuplicates(
        inObjectAt: header, count: count, keys: memberKeys, tape: t, used: &used, bytes: input)
    }
  }

  /// Scans `"key" :` and leaves `p` at the member's value.
  ///
  /// `@_transparent` because the optimizer declines `@inline(__always)` here ("not
  /// profitable", measured with `-Rpass-missed=sil-inliner`), and the call costs the
  /// scanner's state in registers: inlined, the twitter parse runs 12% fewer
  /// instructions. A debug build calls it instead: inlining it and `scanString` into
  /// `scanDocument` at every call site costs the compiler more than the call costs
  /// the tests.
  #if DEBUG
    @inline(__always)
  #else
    @_transparent
  #endif
  mutating func scanKey<Validation: StringValidation>(
    _ p: UnsafePointer<UInt8>, afterComma: Bool, _: Validation.Type
  ) throws(JSONParseError) -> UnsafePointer<UInt8> {
    guard p < end && p.pointee == UInt8(ascii: "\"") else {
      throw error(p, .unexpectedCharacter, expected: afterComma ? "a string key" : "a string key or '}'")
    }
    let text = p + 1
    var p = try scanString(text, Validation.self)
    // The key's signature, while its bytes are in cache (see `ObjectKeys+Duplicates`).
    let entry = tape.last
    let signature =
      Tape.flag(entry)
      ? escapedKeySignature(entry)
      : ObjectKeys.signature(text, count: p - 1 - text, readable: end - text)
    keys.append(ObjectKeys.keyEntry(signature: signature, index: tape.count &- 1))
    p = skipWhitespace(p)
    guard p < end && p.pointee == UInt8(ascii: ":") else {
      throw error(p, .unexpectedCharacter, expected: "':'")
    }
    return skipWhitespace(p + 1)
  }

  @inline(__always)
  mutating func scanLiteral(
    _ p: UnsafePointer<UInt8>, _ word: StaticString, _ entry: UInt64
  ) throws(JSONParseError) -> UnsafePointer<UInt8> {
    let n = word.utf8CodeUnitCount
    let w = word.utf8Start
    for i in 1..<n where p + i >= end || p[i] != w[i] {
      throw error(p + i, .unexpectedCharacter, expected: "'\(Character(Unicode.Scalar(w[i])))' in '\(word)'")
    }
    tape.append(entry)
    return p + n
  }

  // MARK: - Strings

  /// Scans the string whose text starts at `p` (after the quote) and returns the
  /// position after the closing quote. `@_transparent` like `scanKey` (and, like it,
  /// called in a debug build).
  #if DEBUG
    @inline(__always)
  #else
    @_transparent
  #endif
  mutating func scanString<Validation: StringValidation>(
    _ text: UnsafePointer<UInt8>, _: Validation.Type
  ) throws(JSONParseError) -> UnsafePointer<UInt8> {
    var p = text
    if !Validation.checksUTF8 {
      // Well-formed UTF-8 already: the string ends at its first quote, backslash or
      // control character, found sixteen, then eight bytes at a time.
      find: do {
        while end - p >= ByteBlock.size {
          let first = ByteBlock.firstToEscape(p)
          p += first
          if first < ByteBlock.size { break find }
        }
        while end - p >= 8 {
          let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
          let special = JSONScanner.bytesToEscape(w)
          if special != 0 {
            p += special.trailingZeroBitCount &>> 3
            break find
          }
          p += 8
        }
        while p < end && !JSONScanner.isByteToEscape(p.pointee) { p += 1 }
      }
      guard p < end else {
        throw error(p, .invalidString, expected: "'\"' to close the string")
      }
      let c = p.pointee
      if c == UInt8(ascii: "\"") {
        tape.append(Tape.text(.string, flag: false, offset: text - start, length: p - text))
        return p + 1
      } else if c == UInt8(ascii: "\\") {
        return try scanEscapedString(text, escape: p, Validation.self)
      }
      throw error(p, .invalidString, expected: "'\"' or an escaped control character")
    }
    while true {
      // Sixteen, then eight bytes at a time until one of them is a quote, a
      // backslash, a control character or non-ASCII.
      fast: do {
        while end - p >= ByteBlock.size {
          let first = ByteBlock.firstStringSpecial(p)
          p += first
          if first < ByteBlock.size { break fast }
        }
        while end - p >= 8 {
          let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
          let special = JSONScanner.specialBytes(w)
          if special != 0 {
            p += special.trailingZeroBitCount &>> 3
            break fast
          }
          p += 8
        }
      }
      guard p < end else {
        throw error(p, .invalidString, expected: "'\"' to close the string")
      }
      let c = p.pointee
      if c == UInt8(ascii: "\"") {
        tape.append(Tape.text(.string, flag: false, offset: text - start, length: p - text))
        return p + 1
      } else if c == UInt8(ascii: "\\") {
        return try scanEscapedString(text, escape: p, Validation.self)
      } else if c < 0x20 {
        throw error(p, .invalidString, expected: "'\"' or an escaped control character")
      } else if c >= 0x80 {
        // A run of non-ASCII characters, most often 2- and 3-byte sequences.
        repeat {
          // Two 3-byte sequences (most CJK text) in one load, else one sequence.
          if end - p >= 8 && UTF8Validation.twoCommonThreeByteSequences(p) {
            p += 6
            continue
          }
          let n = UTF8Validation.commonSequenceLength(p, end: end)
          if n > 0 {
            p += n
          } else {
            let n = UTF8Validation.sequenceLength(p, end: end)
            guard n > 0 else { throw error(p, .invalidUTF8, expected: "well-formed UTF-8") }
            p += n
          }
        } while p < end && p.pointee >= 0x80
      } else {
        p += 1
      }
    }
  }

  /// Scans the rest of a string from its first escape, at `escape`, and writes the
  /// string's value, unescaped, to a record in `unescaped` as it validates it (see
  /// `Tape`). Plain runs are found and copied sixteen bytes at a time, escapes
  /// validated and decoded on the same branches.
  ///
  /// In a document of well-formed UTF-8 (`Validation.checksUTF8` false), runs end only
  /// at quotes, backslashes and control characters.
  @inline(never)
  mutating func scanEscapedString<Validation: StringValidation>(
    _ text: UnsafePointer<UInt8>, escape: UnsafePointer<UInt8>, _: Validation.Type
  ) throws(JSONParseError) -> UnsafePointer<UInt8> {
    let record = unescaped.count
    // Unescaping never lengthens text, so the rest of the input bounds the value; runs
    // are copied a block at a time, which may store up to a block past the value.
    unescaped.reserve(record &+ Tape.recordHeaderSize &+ (end - text) &+ ByteBlock.size)
    let out = unescaped.base + (record &+ Tape.recordHeaderSize)
    var o = escape - text
    out.update(from: text, count: o)
    var p = escape
    while true {
      // A byte that ends a plain run is at `p`.
      let c = p.pointee
      if c == UInt8(ascii: "\"") {
        break
      } else if c == UInt8(ascii: "\\") {
        // The common escapes inline; surrogates, escapes near the end of the input and
        // every error take `scanEscape`, which reports the exact position.
        let common = end - p >= 12 ? JSONScanner.commonEscapeLength(p) : 0
        let next = common > 0 ? p + common : try scanEscape(p)
        let length = next - p
        if length == 2 {
          out[o] = StringText.simpleEscape(p[1])
          o &+= 1
        } else {
          let unit = StringText.hexQuad(p + 2)
          let (bytes, count) =
            length == 6
            ? StringText.utf8(unit) : (StringText.utf8(surrogates: unit, StringText.hexQuad(p + 8)), 4)
          // Four bytes fit in the six or twelve that the escape takes.
          UnsafeMutableRawPointer(out + o).storeBytes(of: UInt32(littleEndian: bytes), as: UInt32.self)
          o &+= count
        }
        p = next
      } else if c < 0x20 {
        throw error(p, .invalidString, expected: "'\"' or an escaped control character")
      } else {
        // Bytes of 0x80 and above, validated as `scanString` does, and copied.
        repeat {
          var n = end - p >= 8 && UTF8Validation.twoCommonThreeByteSequences(p) ? 6 : 0
          if n == 0 { n = UTF8Validation.commonSequenceLength(p, end: end) }
          if n == 0 { n = UTF8Validation.sequenceLength(p, end: end) }
          guard n > 0 else { throw error(p, .invalidUTF8, expected: "well-formed UTF-8") }
          if end - p >= 8 {
            UnsafeMutableRawPointer(out + o).storeBytes(
              of: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self), as: UInt64.self)
          } else {
            (out + o).update(from: p, count: n)
          }
          p += n
          o &+= n
        } while p < end && p.pointee >= 0x80
      }
      // The plain run up to the next byte that ends it, copied as it is found.
      run: do {
        while end - p >= ByteBlock.size {
          UnsafeMutableRawPointer(out + o).storeBytes(
            of: UnsafeRawPointer(p).loadUnaligned(as: ByteBlock.Bytes.self), as: ByteBlock.Bytes.self)
          let first = Validation.checksUTF8 ? ByteBlock.firstStringSpecial(p) : ByteBlock.firstToEscape(p)
          p += first
          o &+= first
          if first < ByteBlock.size { break run }
        }
        while p < end {
          let b = p.pointee
          if JSONScanner.isByteToEscape(b) || (Validation.checksUTF8 && b >= 0x80) { break }
          out[o] = b
          p += 1
          o &+= 1
        }
      }
      guard p < end else {
        throw error(p, .invalidString, expected: "'\"' to close the string")
      }
    }
    let header = UnsafeMutableRawPointer(unescaped.base + record)
    header.storeBytes(of: UInt32(littleEndian: UInt32(truncatingIfNeeded: p - text)), as: UInt32.self)
    header.storeBytes(of: UInt32(littleEndian: UInt32(truncatingIfNeeded: o)), toByteOffset: 4, as: UInt32.self)
    if record < Tape.maxLength {
      unescaped.setCount(record &+ Tape.recordHeaderSize &+ o)
      tape.append(Tape.text(.string, flag: true, offset: text - start, length: record))
    } else {
      // No room in the entry for the record's offset: readers unescape the text.
      tape.append(Tape.text(.string, flag: true, offset: text - start, length: Tape.maxLength))
    }
    return p + 1
  }

  /// The signature of the key entry `entry`, which has escapes, from its value.
  func escapedKeySignature(_ entry: UInt64) -> UInt64 {
    let records = UnsafeBufferPointer(start: unescaped.base, count: unescaped.count)
    guard let value = Tape.unescapedValue(entry, in: records) else { return ObjectKeys.signature(entry, input) }
    // The room reserved for the record holds a block more than the value.
    return ObjectKeys.signature(value.baseAddress!, count: value.count, readable: value.count &+ ByteBlock.size)
  }

  /// Whether `b` is a quote, a backslash or a control character: a byte that a
  /// string must escape.
  @inline(__always)
  static func isByteToEscape(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20
  }

  /// A mask whose lowest set bit marks the first byte of `w` that a string must
  /// escape: `"`, `\` or a control character. Bytes of 0x80 and above are text. Exact
  /// for the lowest set bit: a borrow only starts at a byte that is marked.
  @inline(__always)
  static func bytesToEscape(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22)
    let backslash = w ^ (ones &* 0x5C)
    let quoteZero = (quote &- ones) & ~quote
    let backslashZero = (backslash &- ones) & ~backslash
    let control = (w &- ones &* 0x20) & ~w
    return (quoteZero | backslashZero | control) & highs
  }

  /// A mask whose lowest set bit marks the first byte of `w` that ends the fast
  /// path: `"`, `\`, a control character, or a byte of 0x80 and above.
  @inline(__always)
  static func specialBytes(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = w ^ (ones &* 0x22)
    let backslash = w ^ (ones &* 0x5C)
    let quoteZero = (quote &- ones) & ~quote
    let backslashZero = (backslash &- ones) & ~backslash
    let control = (w &- ones &* 0x20) & ~w
    return (quoteZero | backslashZero | control | w) & highs
  }

  /// The length of the escape at `p` (a backslash) when it is a one-character escape,
  /// a `\u` escape of a code point outside the surrogates, or a surrogate pair of
  /// them; else 0. Reads up to twelve bytes: the caller makes sure they are in bounds.
  ///
  /// Without a jump table: escapes of random kinds follow each other in escaped text,
  /// and an indirect jump on the escape character mispredicts as often.
  @inline(__always)
  static func commonEscapeLength(_ p: UnsafePointer<UInt8>) -> Int {
    let c = p[1]
    // One-character escapes, from a bitmap of the bytes below 128: bit `c` of
    // `oneCharacterEscapes.0` for c < 64, bit `c - 64` of `.1` for the others.
    let bitmap = c < 64 ? oneCharacterEscapes.0 : oneCharacterEscapes.1
    if c < 128 && (bitmap &>> UInt64(c & 63)) & 1 != 0 { return 2 }
    guard c == UInt8(ascii: "u") else { return 0 }
    let unit = UInt32(littleEndian: UnsafeRawPointer(p + 2).loadUnaligned(as: UInt32.self))
    guard hexDigitBytes(unit) == 0x8080_8080 else { return 0 }
    // Outside D800–DFFF unless the first digit is D and the second at least 8.
    let second = hexDigit(p[3])
    guard p[2] | 0x20 == UInt8(ascii: "d") && second >= 8 else { return 6 }
    // A high surrogate (D800–DBFF) followed by the escape of a low one (DC00–DFFF).
    guard second < 0xC && p[6] == UInt8(ascii: "\\") && p[7] == UInt8(ascii: "u") else { return 0 }
    let low = UInt32(littleEndian: UnsafeRawPointer(p + 8).loadUnaligned(as: UInt32.self))
    guard hexDigitBytes(low) == 0x8080_8080 else { return 0 }
    return p[8] | 0x20 == UInt8(ascii: "d") && hexDigit(p[9]) >= 0xC ? 12 : 0
  }

  /// The bitmap of the one-character escapes `"`, `/`, `\`, `b`, `f`, `n`, `r` and `t`:
  /// the bytes below 64, then those from 64 to 127.
  static var oneCharacterEscapes: (UInt64, UInt64) {
    @inline(__always) get {
      (
        1 &<< 0x22 | 1 &<< 0x2F,
        1 &<< (0x5C - 64) | 1 &<< (0x62 - 64) | 1 &<< (0x66 - 64) | 1 &<< (0x6E - 64) | 1 &<< (0x72 - 64)
          | 1 &<< (0x74 - 64)
      )
    }
  }

  /// A mask with 0x80 in each byte of `w` that is a hexadecimal digit (`0`–`9`,
  /// `a`–`f`, `A`–`F`). Exact for every byte: the sums stay below 0x100 in each
  /// byte, so none carries into the next.
  @inline(__always)
  static func hexDigitBytes(_ w: UInt32) -> UInt32 {
    let x = w & 0x7F7F_7F7F
    // x + 0x50 reaches 0x80 exactly when x >= 0x30, x + 0x46 when x >= 0x3A.
    let digit = (x &+ 0x5050_5050) & ~(x &+ 0x4646_4646)
    // With bit 5 set, letters are lowercase: y + 0x1F reaches 0x80 when y >= 0x61,
    // y + 0x19 when y >= 0x67.
    let y = x | 0x2020_2020
    let letter = (y &+ 0x1F1F_1F1F) & ~(y &+ 0x1919_1919)
    return (digit | letter) & ~w & 0x8080_8080
  }

  /// The value of the hexadecimal digit `c`, or 16 and above when it is not one.
  @inline(__always)
  static func hexDigit(_ c: UInt8) -> UInt32 {
    let digit = UInt32(c &- UInt8(ascii: "0"))
    let letter = UInt32((c | 0x20) &- UInt8(ascii: "a"))
    return digit < 10 ? digit : (letter < 6 ? letter &+ 10 : 0xFF)
  }

  /// Validates the escape at `p` (a backslash) and returns the position after it.
  mutating func scanEscape(_ p: UnsafePointer<UInt8>) throws(JSONParseError) -> UnsafePointer<UInt8> {
    guard p + 1 < end else {
      throw error(p + 1, .invalidString, expected: "an escape character")
    }
    switch p[1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return p + 2
    case UInt8(ascii: "u"):
      let unit = try hexQuad(p + 2)
      switch unit {
      case 0xD800...0xDBFF:
        guard p + 7 < end, p[6] == UInt8(ascii: "\\"), p[7] == UInt8(ascii: "u") else {
          throw error(
            p + 6, .invalidString, expected: "a low surrogate escape after \\u\(JSONParseError.hex(unit, width: 4))")
        }
        let low = try hexQuad(p + 8)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            p + 6, .invalidString, expected: "a low surrogate (\\uDC00-\\uDFFF)",
            found: "'\\u\(JSONParseError.hex(low, width: 4))'")
        }
        return p + 12
      case 0xDC00...0xDFFF:
        throw error(
          p, .invalidString, expected: "a high surrogate (\\uD800-\\uDBFF) before a low surrogate",
          found: "'\\u\(JSONParseError.hex(unit, width: 4))'")
      default:
        return p + 6
      }
    default:
      throw error(p + 1, .invalidString, expected: "an escape character (\", \\, /, b, f, n, r, t or u)")
    }
  }

  func hexQuad(_ p: UnsafePointer<UInt8>) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for i in 0..<4 {
      guard p + i < end, let digit = JSONScanner.hexValue(p[i]) else {
        throw error(p + i, .invalidString, expected: "a hexadecimal digit")
      }
      value = value &<< 4 | UInt32(digit)
    }
    return value
  }

  @inline(__always)
  static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
  }
}
