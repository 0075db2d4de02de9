/// Blanks, comments and line breaks between tokens, and the rule against tabs as
/// indentation.
extension Scanner {
  mutating func scanToNextToken() throws(YAMLParseError) {
    while true {
      if mark.column == 0 && peek() == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF { mark.offset += 3 }
      let lineStart = mark.column == 0
      while peek() == Byte.space { skip() }
      let spaces = mark.column
      var tab: Mark?
      while Byte.isBlank(peek()) {
        if peek() == Byte.tab && tab == nil { tab = mark }
        skip()
      }
      if peek() == UInt8(ascii: "#") {
        if mark.offset > 0 && !Byte.isBlankOrBreakOrEnd(bytes[mark.offset - 1]) {
          throw error("whitespace before a comment", found: "'#'")
        }
        while !Byte.isBreakOrEnd(peek()) { skip() }
      }
      if Byte.isBreak(peek()) {
        skipBreak()
        if flowLevel == 0 { simpleKeyAllowed = true }
        continue
      }
      if let tab, flowLevel == 0, !isAtEnd {
        // A tab may separate, but not indent: not before a line's content at the
        // block's indentation, and not before a nested block entry (`-\t- a`).
        let next = peek(1)
        let startsBlockEntry =
          (peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "?") || peek() == UInt8(ascii: ":"))
          && Byte.isBlankOrBreakOrEnd(next)
        if (lineStart && spaces <= indent) || startsBlockEntry {
          throw error("indentation with spaces", at: tab, found: "a tab")
        }
      }
      if lineStart && flowLevel > 0 && !isAtEnd && spaces <= indent {
        throw error("an indented continuation of the flow collection", found: Byte.describe(bytes, at: mark.offset))
      }
      return
    }
  }

}
