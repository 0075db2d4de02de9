/// Writes JSON text into bytes. It walks the tape without recursing, so documents
/// of any depth print safely.
struct JSONWriter {
  var output: [UInt8] = []
  let format: JSONSerializer
  /// Writing stops soon after the output passes this many bytes; for previews.
  var byteLimit = Int.max

  init(format: JSONSerializer) {
    self.format = format
  }

  /// Parses what was written. Built containers use it to make their tape. Its
  /// numbers keep their text: a built value is mostly written out again (by an enclosing
  /// builder or a serializer), which then copies the text rather than spelling the
  /// number again, and reading it converts from the text as exactly.
  func parsedDocument() -> JSONDocument {
    do {
      let parsed = try output.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
        try JSONScanner.tape(for: buffer, maximumDepth: .max, readsNumbers: false)
      }
      return JSONDocument(
        bytes: output, tape: parsed.tape, significands: parsed.significands, unescaped: parsed.unescaped)
    } catch {
      preconditionFailure("Argonaut wrote invalid JSON: \(error)")
    }
  }

  // MARK: - Values

  mutating func write(_ json: JSON) {
    switch json {
    case .object(let object):
      if let built = object.built, isCompactInFull {
        writeBuilt(built)
      } else {
        writeContainer(object.document, at: object.index)
      }
    case .array(let array):
      if let built = array.built, isCompactInFull {
        writeBuilt(built)
      } else {
        writeContainer(array.document, at: array.index)
      }
    case .string(let string): writeString(string)
    case .number(let number): writeNumber(number)
    case .bool(let value): writeASCII(value ? "true" : "false")
    case .null: writeASCII("null")
    }
  }

  /// Whether the output is compact, in document order and without a limit: what the
  /// fast paths write.
  var isCompactInFull: Bool { !format.isPretty && !format.sortsKeys && byteLimit == .max }

  /// Writes the members of a built object, compactly. Built containers nest at most
  /// `BuiltStorage.maximumDepth` levels, which bounds the recursion.
  mutating func writeBuilt(_ object: BuiltObject) {
    output.append(UInt8(ascii: "{"))
    var first = true
    for member in object.members {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      writeString(member.key)
      output.append(UInt8(ascii: ":"))
      write(member.value)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Writes the elements of a built array, compactly.
  mutating func writeBuilt(_ array: BuiltArray) {
    output.append(UInt8(ascii: "["))
    var first = true
    for element in array.elements {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      write(element)
    }
    output.append(UInt8(ascii: "]"))
  }

  /// Writes a container from the tape, through the compact fast path when it applies.
  mutating func writeContainer(_ document: JSONDocument, at index: Int) {
    guard isCompactInFull else {
      return writeTape(document, at: index)
    }
    if output.isEmpty {
      output = CompactTapeWriter.bytes(of: document, at: index)
    } else {
      output.append(contentsOf: CompactTapeWriter.bytes(of: document, at: index))
    }
  }

  mutating func writeASCII(_ text: StaticString) {
    output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  mutating func writeNumber(_ number: JSONNumber) {
    if let value = number.smallInteger {
      writeInteger(value)
    } else {
      number.withText { output.append(contentsOf: $0) }
    }
  }

  mutating func writeInteger(_ value: Int64) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for a sign and 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
      output.append(contentsOf: UnsafeBufferPointer(start: base, count: IntegerText.write(value, into: base)))
    }
  }

  /// Writes `string` as a JSON string, escaping per RFC 8259: the quote, the
  /// backslash and control characters. Everything else, `/` and non-ASCII included,
  /// is written as is.
  mutating func writeString(_ string: String) {
    var string = string
    string.withUTF8 { writeEscaped($0) }
  }

  mutating func writeEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    output.append(UInt8(ascii: "\""))
    guard let base = text.baseAddress else { return output.append(UInt8(ascii: "\"")) }
    let count = text.count
    var runStart = 0
    var i = 0
    while true {
      // Sixteen bytes at a time while they need no escape, then byte by byte.
      while i &+ ByteBlock.size <= count {
        let offset = ByteBlock.firstToEscape(base + i)
        i &+= offset
        if offset < ByteBlock.size { break }
      }
      while i < count, !Self.needsEscape(base[i]) { i &+= 1 }
      guard i < count else { break }
      let c = base[i]
      output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i &- runStart))
      i &+= 1
      runStart = i
      output.append(UInt8(ascii: "\\"))
      switch c {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(c)
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      default:
        let hex: StaticString = "0123456789abcdef"
        output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        output.append(hex.utf8Start[Int(c >> 4)])
        output.append(hex.utf8Start[Int(c & 0xF)])
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count &- runStart))
    output.append(UInt8(ascii: "\""))
  }

  /// Whether a string's byte `c` must be escaped: the quote, the backslash and control characters.
  @inline(__always)
  static func needsEscape(_ c: UInt8) -> Bool {
    c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
  }

  // MARK: - Tape

  /// An open container while writing a subtree.
  private struct Frame {
    var isObject: Bool
    /// The next member (the key's entry, for objects) when keys are written in order.
    var next: Int
    var end: Int
    /// The members' key entries in sorted order, when keys are sorted.
    var sorted: [Int]?
    var cursor = 0
    var wroteMember = false
  }

  mutating func writeTape(_ document: JSONDocument, at root: Int) {
    document.withUnsafeBuffers { tape, bytes in
      var stack: [Frame] = []
      var i = root
      while output.count <= byteLimit {
        let entry = tape[i]
        switch Tape.tag(entry) {
        case .object, .array:
          let isObject = Tape.tag(entry) == .object
          let span = Tape.span(entry)
          output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
          if span == 1 {
            output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
          } else {
            let sorted = isObject && format.sortsKeys ? sortedKeys(inObjectAt: i, tape: tape, bytes: bytes) : nil
            stack.append(Frame(isObject: isObject, next: i + 1, end: i + span, sorted: sorted))
          }
        case .string:
          output.append(UInt8(ascii: "\""))
          output.append(contentsOf: StringText.raw(entry, in: bytes, unescaped: document.unescaped))
          output.append(UInt8(ascii: "\""))
        case .smallInt:
          writeInteger(Tape.smallIntValue(entry))
        case .number:
          if Tape.isInlineNumber(entry) {
            Tape.withNumberText(entry, in: document) { output.append(contentsOf: $0) }
          } else {
            output.append(
              contentsOf: UnsafeBufferPointer(
                start: bytes.baseAddress! + Tape.offset(entry), count: Tape.numberLength(entry, in: bytes)))
          }
        case .true: writeASCII("true")
        case .false: writeASCII("false")
        case .null: writeASCII("null")
        }

        // Find the next value to write, closing finished containers on the way.
        var nextValue: Int?
        while nextValue == nil, !stack.isEmpty {
          let top = stack.count - 1
          let member: Int
          if let sorted = stack[top].sorted {
            guard stack[top].cursor < sorted.count else {
              close(&stack)
              continue
            }
            member = sorted[stack[top].cursor]
            stack[top].cursor += 1
          } else {
            guard stack[top].next < stack[top].end else {
              close(&stack)
              continue
            }
            member = stack[top].next
            stack[top].next +=
              stack[top].isObject ? 1 + Tape.span(tape[member + 1]) : Tape.span(tape[member])
          }
          if stack[top].wroteMember { output.append(UInt8(ascii: ",")) }
          stack[top].wroteMember = true
          newline(depth: stack.count)
          if stack[top].isObject {
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: StringText.raw(tape[member], in: bytes, unescaped: document.unescaped))
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: ":"))
            if format.isPretty { output.append(UInt8(ascii: " ")) }
            nextValue = member + 1
          } else {
            nextValue = member
          }
        }
        guard let next = nextValue else { return }
        i = next
      }
    }
  }

  private mutating func close(_ stack: inout [Frame]) {
    let frame = stack.removeLast()
    newline(depth: stack.count)
    output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
  }

  /// Past this depth, pretty lines are indented as at this depth. Indenting every
  /// level would make the output quadratic in the depth: 20 GB for a document
  /// 100,000 levels deep. Clamped, a line's indentation is at most 64 levels of at
  /// most `maximumIndentWidth` spaces, so the output stays linear in the value.
  static let maximumIndentLevels = 64
  /// Wider indentation counts as this many spaces.
  static let maximumIndentWidth = 16

  private mutating func newline(depth: Int) {
    guard format.isPretty else { return }
    output.append(UInt8(ascii: "\n"))
    let width = Swift.min(Swift.max(0, format.indentWidth), Self.maximumIndentWidth)
    Self.spaces.withUnsafeBufferPointer {
      output.append(contentsOf: $0.prefix(Swift.min(depth, Self.maximumIndentLevels) * width))
    }
  }

  /// The widest indentation, copied from in one block.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: maximumIndentLevels * maximumIndentWidth)

  /// The key entries of the object at `header`, ordered by their unescaped UTF-8.
  private func sortedKeys(
    inObjectAt header: Int, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> [Int] {
    var keys: [(key: [UInt8], index: Int)] = []
    var i = header + 1
    let end = header + Tape.span(tape[header])
    while i < end {
      keys.append((StringText.withUnescaped(tape[i], in: bytes) { Array($0) }, i))
      i += 1 + Tape.span(tape[i + 1])
    }
    return keys.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.index)
  }
}
