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
    var blockIndent: Int?
    if increment > 0 {
      blockIndent = max(parentIndent, 0) + increment
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
      // The end of the input ends the last line as a line break would.
      leadingBreak = true
      if isAtEnd { break }
      skipBreak()
      try scanBlockScalarBreaks(indent: &blockIndent, breaks: &trailingBreaks, parentIndent: parentIndent)
    }
    if chomping != .strip && leadingBreak { text.append(Byte.lf) }
    if chomping == .keep {
      text.append(contentsOf: repeatElement(Byte.lf, count: trailingBreaks))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Skips the empty lines before content (counting them in `breaks`) and, when the
  /// indentation is not known yet, detects it from the first line that holds more
  /// than spaces (a tab there is content).
  mutating func scanBlockScalarBreaks(indent: inout Int?, breaks: inout Int, parentIndent: Int) throws(YAMLParseError) {
    var maxIndent = 0
    while true {
      let startColumn = mark.column
      while peek() == Byte.space && (indent == nil || mark.column < indent!) { skip() }
      if mark.column > maxIndent { maxIndent = mark.column }
      if let known = indent, mark.column < known, peek() == Byte.tab {
        throw error("indentation with spaces", found: "a tab")
      }
      if Byte.isBreak(peek()) {
        skipBreak()
        breaks += 1
        continue
      }
      if isAtEnd && startColumn == 0 && mark.column > 0 {
        // Spaces at the end of the input end an empty line.
        breaks += 1
      }
      break
    }
    guard indent == nil else { return }
    if isAtEnd {
      indent = max(maxIndent, parentIndent + 1)
      return
    }
    guard mark.column > parentIndent else {
      if peek() == Byte.tab { throw error("indentation with spaces", found: "a tab") }
      indent = parentIndent + 1
      return
    }
    if maxIndent > mark.column {
      throw error(
        "no empty line before the first line of a block scalar indented deeper than it",
        found: "an empty line of \(maxIndent) spaces")
    }
    indent = mark.column
  }
}
