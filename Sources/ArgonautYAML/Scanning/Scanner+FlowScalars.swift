/// Single- and double-quoted scalars: escapes and line folding.
extension Scanner {
  mutating func fetchFlowScalar(double: Bool) throws(YAMLParseError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    let text = try scanFlowScalar(double: double)
    append(.scalar(text, double ? .doubleQuoted : .singleQuoted), from: start)
  }

  mutating func scanFlowScalar(double: Bool) throws(YAMLParseError) -> String {
    let start = mark
    skip()
    var text: [UInt8] = []
    var whitespace: [UInt8] = []
    while true {
      // Line content.
      while !Byte.isBlankOrBreakOrEnd(peek()) {
        let c = peek()
        if !double && c == UInt8(ascii: "'") {
          guard peek(1) == UInt8(ascii: "'") else { break }
          text.append(c)
          skip()
          skip()
        } else if double && c == UInt8(ascii: "\"") {
          break
        } else if double && c == UInt8(ascii: "\\") && Byte.isBreak(peek(1)) {
          // An escaped line break: the text continues on the next line, without a space.
          skip()
          skipBreak()
          try skipContinuationIndent(start: start)
          whitespace.removeAll()
          continue
        } else if double && c == UInt8(ascii: "\\") {
          try scanEscape(into: &text)
        } else {
          take(into: &text)
        }
      }
      let c = peek()
      if c == (double ? UInt8(ascii: "\"") : UInt8(ascii: "'")) { break }
      if isAtEnd {
        throw error("the closing \(double ? "'\"'" : "\"'\"") of the scalar started at line \(start.line)")
      }
      // Blanks and line breaks: trailing blanks go, one break folds into a space,
      // more breaks stay as newlines.
      var breaks = 0
      whitespace.removeAll()
      while Byte.isBlank(peek()) || Byte.isBreak(peek()) {
        if Byte.isBlank(peek()) {
          if breaks == 0 { whitespace.append(peek()) }
          skip()
        } else {
          skipBreak()
          breaks += 1
          try skipContinuationIndent(start: start)
        }
      }
      if breaks == 0 {
        text.append(contentsOf: whitespace)
      } else if breaks == 1 {
        text.append(Byte.space)
      } else {
        text.append(contentsOf: repeatElement(Byte.lf, count: breaks - 1))
      }
    }
    skip()
    return String(decoding: text, as: UTF8.self)
  }

  /// The start of a quoted scalar's continuation line: no document marker, and in a
  /// block collection, indented deeper than it.
  mutating func skipContinuationIndent(start: Mark) throws(YAMLParseError) {
    if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) {
      throw error("the closing quote of the scalar started at line \(start.line)", found: "a document marker")
    }
    while peek() == Byte.space { skip() }
    let spaces = mark.column
    while Byte.isBlank(peek()) { skip() }
    if flowLevel == 0 && !Byte.isBreakOrEnd(peek()) && spaces <= indent {
      throw error("a continuation line indented deeper than its block", found: Byte.describe(bytes, at: mark.offset))
    }
  }

  mutating func scanEscape(into text: inout [UInt8]) throws(YAMLParseError) {
    let start = mark
    skip()
    let c = peek()
    var digits = 0
    switch c {
    case UInt8(ascii: "0"): text.append(0)
    case UInt8(ascii: "a"): text.append(7)
    case UInt8(ascii: "b"): text.append(8)
    case UInt8(ascii: "t"), Byte.tab: text.append(9)
    case UInt8(ascii: "n"): text.append(10)
    case UInt8(ascii: "v"): text.append(11)
    case UInt8(ascii: "f"): text.append(12)
    case UInt8(ascii: "r"): text.append(13)
    case UInt8(ascii: "e"): text.append(0x1B)
    case Byte.space: text.append(0x20)
    case UInt8(ascii: "\""): text.append(0x22)
    case UInt8(ascii: "/"): text.append(0x2F)
    case UInt8(ascii: "\\"): text.append(0x5C)
    case UInt8(ascii: "N"): text.append(contentsOf: [0xC2, 0x85])
    case UInt8(ascii: "_"): text.append(contentsOf: [0xC2, 0xA0])
    case UInt8(ascii: "L"): text.append(contentsOf: [0xE2, 0x80, 0xA8])
    case UInt8(ascii: "P"): text.append(contentsOf: [0xE2, 0x80, 0xA9])
    case UInt8(ascii: "x"): digits = 2
    case UInt8(ascii: "u"): digits = 4
    case UInt8(ascii: "U"): digits = 8
    default:
      let found =
        Byte.isBlankOrBreakOrEnd(c) ? "'\\'" : "'\\\(Byte.describe(bytes, at: mark.offset).dropFirst().dropLast())'"
      throw error("an escape sequence", at: start, found: found)
    }
    skip()
    guard digits > 0 else { return }
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard Byte.isHexDigit(peek()) else {
        throw error("\(digits) hexadecimal digits in the escape sequence", found: Byte.describe(bytes, at: mark.offset))
      }
      value = value << 4 | Byte.hexValue(peek())
      skip()
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw error(
        "a Unicode scalar value in the escape sequence", at: start,
        found: "U+\(String(value, radix: 16, uppercase: true))")
    }
    text.append(contentsOf: String(Character(scalar)).utf8)
  }
}
