/// The fast path of compact writing: a container on the tape, keys in document
/// order, written straight into memory sized once.
///
/// Compact output of a parsed subtree is never longer than its source text: strings
/// and numbers are written as they were (inline numbers from their exact spelling),
/// small integers were written in their only JSON spelling, and only whitespace is
/// left out. So a buffer of the document's
/// byte count always suffices, and no write needs a capacity check.
enum CompactTapeWriter {
  /// An open container: the tape index where it ends, and its kind.
  struct Frame {
    var end: Int
    var isObject: Bool
  }

  /// The compact text of the container at `root`.
  static func bytes(of document: JSONDocument, at root: Int) -> [UInt8] {
    document.withUnsafeBuffers { tape, bytes in
      // Room for the subtree, and for a document that is only a BOM and a scalar.
      let capacity = bytes.count + 8
      return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        count = write(
          root, tape: tape, bytes: bytes, significands: document.significands, unescaped: document.unescaped,
          into: buffer.baseAddress!)
        precondition(count <= capacity, "compact output outgrew its source")
      }
    }
  }

  /// Writes the container at `root` into `out` and returns the number of bytes written.
  static func write(
    _ root: Int, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>,
    significands: UnsafeBufferPointer<UInt32>, unescaped: UnsafeBufferPointer<UInt8>,
    into out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let text = bytes.baseAddress!
    var frames = GrowableBuffer<Frame>(capacity: 16)
    var o = 0
    var i = root
    var first = true

    @inline(__always) func put(_ byte: UInt8) {
      out[o] = byte
      o &+= 1
    }
    @inline(__always) func copy(_ start: Int, _ count: Int) {
      (out + o).update(from: text + start, count: count)
      o &+= count
    }

    while true {
      let entry = tape[i]
      switch Tape.tag(entry) {
      case .object, .array:
        let isObject = Tape.tag(entry) == .object
        let span = Tape.span(entry)
        put(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if span == 1 {
          put(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        } else {
          frames.append(Frame(end: i &+ span, isObject: isObject))
          first = true
        }
      case .string:
        put(UInt8(ascii: "\""))
        copy(Tape.offset(entry), Tape.stringLength(entry, in: bytes, unescaped: unescaped))
        put(UInt8(ascii: "\""))
      case .smallInt:
        o &+= IntegerText.write(Tape.smallIntValue(entry), into: out + o)
      case .number:
        // An inline number is written again from its value: exactly its original text.
        if Tape.isInlineNumber(entry) {
          o &+= Tape.writeInlineNumber(entry, in: significands, to: out + o)
        } else {
          copy(Tape.offset(entry), Tape.numberLength(entry, in: bytes))
        }
      case .true:
        for byte in "true".utf8 { put(byte) }
      case .false:
        for byte in "false".utf8 { put(byte) }
      case .null:
        for byte in "null".utf8 { put(byte) }
      }
      i &+= 1

      // Close finished containers; then a comma, and the key in an object.
      while true {
        guard frames.count > 0 else { return o }
        let top = frames.last
        if i == top.end {
          put(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
          _ = frames.removeLast()
          first = false
          continue
        }
        if !first { put(UInt8(ascii: ",")) }
        first = false
        if top.isObject {
          let key = tape[i]
          put(UInt8(ascii: "\""))
          copy(Tape.offset(key), Tape.stringLength(key, in: bytes, unescaped: unescaped))
          put(UInt8(ascii: "\""))
          put(UInt8(ascii: ":"))
          i &+= 1
        }
        break
      }
    }
  }
}

/// Decimal text of integers, two digits at a time.
enum IntegerText {
  /// "00" through "99".
  static let pairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// Writes `value` in decimal at `out` and returns the number of bytes written (at most 20).
  @inline(__always)
  static func write(_ value: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    var sign = 0
    if value < 0 {
      out[0] = UInt8(ascii: "-")
      sign = 1
    }
    // Count the digits, then fill them in from the end.
    var digits = 1
    var bound: UInt64 = 10
    while digits < 20 && magnitude >= bound {
      digits &+= 1
      bound = bound &* 10
    }
    let pairs = IntegerText.pairs.utf8Start
    var position = sign &+ digits
    while magnitude >= 100 {
      let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
      magnitude /= 100
      position &-= 2
      out[position] = pairs[pair]
      out[position &+ 1] = pairs[pair &+ 1]
    }
    if magnitude >= 10 {
      let pair = Int(truncatingIfNeeded: magnitude) &* 2
      out[position &- 2] = pairs[pair]
      out[position &- 1] = pairs[pair &+ 1]
    } else {
      out[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
    return sign &+ digits
  }
}
