/// Literal (`|`) and folded (`>`) scalars, with chomping (`-`, `+`) and indentation
/// (`1`…`9`) indicators.
extension Scanner {
  enum Chomping { case strip, clip, keep }

  mutating func fetchBlockScalar(literal: Bool) throws(YAMLParseError) {
    try removeSimpleKey()
    simpleKeyAllowed = true
    let start = mark
    let text = try scanBlockScalar(literal: literal)
    append(.scalar(text, literal ? .literal : .folded), from: start)
  }

  mutating func scanBlockScalar(literal: Bool) throws(YAMLParseError) -> String {
    skip()
    var chomping = Chomping.clip
    var increment = 0
    for _ in 0..<2 {
      let c = peek()
      if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && chomping == .clip {
        chomping = c == UInt8(ascii: "+") ? .keep : .strip
        skip()
      } else if Byte.isDigit(c) && increment == 0 {
        guard c != UInt8(ascii: "0") else {
          throw error("an indentation indicator from 1 to 9", found: "'0'")
        }
        increment = Int(c - UInt8(ascii: "0"))
        skip()
      }
    }
    if !Byte.isBlankOrBreakOrEnd(peek()) {
      throw error("a chomping or indentation indicator, a comment or a line break after '\(literal ? "|" : ">")'")
    }
    try expectLineEnd(after: "the block scalar's header")
    if Byte.isBreak(peek()) { skipBreak() }

    let parentIndent = indent
    var blockIndent = 0
    if increment > 0 {
      blockIndent = parentIndent >= 0 ? parentIndent + increment : increment
    }
    var text: [UInt8] = []
    var leadingBreak = false
    var trailingBreaks = 0
    var leadingBlank = false
    try scanBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks, parentIndent: parentIndent)

    while mark.column == blockIndent && !isAtEnd {
      if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { break }
      let trailingBlank = Byte.isBlank(peek())
      if !literal && leadingBreak && !leadingBlank && !trailingBlank {
        if trailingBreaks == 0 { text.append(Byte.space) }
      } else if leadingBreak {
        text.append(Byte.lf)
      }
      leadingBreak = false
      text.append(contentsOf: repeatElement(Byte.lf, count: trailingBreaks))
      trailingBreaks = 0
      leadingBlank = Byte.isBlank(peek())
      while !Byte.isBreakOrEnd(peek()) { take(into: &text) }
      if isAtEnd { break }
      skipBreak()
      leadingBreak = true
      try scanBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks, parentIndent: parentIndent)
    }
    if chomping != .strip && leadingBreak { text.append(Byte.lf) }
    if chomping == .keep {
      text.append(contentsOf: repeatElement(Byte.lf, count: trailingBreaks))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Skips the empty lines before content (counting them in `breaks`) and, when the
  /// indentation is not known yet, detects it from the first non-empty line.
  mutating func scanBlockScalarBreaks(indent: inout Int, breaks: inout Int, parentIndent: Int) throws(YAMLParseError) {
    var maxIndent = 0
    while true {
      while (indent == 0 || mark.column < indent) && peek() == Byte.space { skip() }
      if mark.column > maxIndent { maxIndent = mark.column }
      if (indent == 0 || mark.column < indent) && peek() == Byte.tab && !Byte.isBreakOrEnd(peekPastBlanks()) {
        throw error("indentation with spaces", found: "a tab")
      }
      if (indent == 0 || mark.column < indent) && peek() == Byte.tab {
        while Byte.isBlank(peek()) { skip() }
      }
      guard Byte.isBreak(peek()) else { break }
      skipBreak()
      breaks += 1
    }
    if indent == 0 {
      let detected = max(mark.column, parentIndent + 1, 1)
      if !isAtEnd && maxIndent > mark.column && mark.column >= parentIndent + 1 {
        throw error(
          "no empty line before the first line of a block scalar indented deeper than it",
          found: "an empty line of \(maxIndent) spaces")
      }
      indent = max(detected, isAtEnd ? maxIndent : 0)
    }
  }

  /// The byte after the blanks that start here.
  func peekPastBlanks() -> UInt8 {
    var i = mark.offset
    while i < bytes.count && Byte.isBlank(bytes[i]) { i += 1 }
    return i < bytes.count ? bytes[i] : Byte.end
  }
}
