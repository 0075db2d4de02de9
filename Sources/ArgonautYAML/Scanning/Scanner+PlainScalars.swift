/// Plain (unquoted) scalars, which may span lines and fold them.
extension Scanner {
  mutating func fetchPlainScalar() throws(YAMLParseError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    var end = mark
    let text = try scanPlainScalar(end: &end)
    tokens.append(Token(kind: .scalar(text, .plain), start: start, end: end))
    lastTokenIsJSONLike = false
  }

  mutating func scanPlainScalar(end: inout Mark) throws(YAMLParseError) -> String {
    var text: [UInt8] = []
    var whitespace: [UInt8] = []
    var breaks = 0
    let minimumColumn = indent + 1
    while true {
      if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { break }
      if peek() == UInt8(ascii: "#") { break }
      var first = true
      while !Byte.isBlankOrBreakOrEnd(peek()) {
        let c = peek()
        if c == UInt8(ascii: ":") {
          let next = peek(1)
          if Byte.isBlankOrBreakOrEnd(next) || (flowLevel > 0 && Byte.isFlowIndicator(next)) { break }
        } else if flowLevel > 0 && Byte.isFlowIndicator(c) {
          break
        }
        if first {
          if breaks == 1 {
            text.append(Byte.space)
          } else if breaks > 1 {
            text.append(contentsOf: repeatElement(Byte.lf, count: breaks - 1))
          } else {
            text.append(contentsOf: whitespace)
          }
          whitespace.removeAll()
          breaks = 0
          first = false
        }
        take(into: &text)
      }
      end = mark
      guard Byte.isBlank(peek()) || Byte.isBreak(peek()) else { break }
      // Blanks and breaks: kept only if more text follows.
      while Byte.isBlank(peek()) || Byte.isBreak(peek()) {
        if Byte.isBlank(peek()) {
          if breaks == 0 { whitespace.append(peek()) }
          skip()
        } else {
          skipBreak()
          breaks += 1
          whitespace.removeAll()
        }
      }
      if flowLevel == 0 && mark.column < minimumColumn { break }
      if breaks > 0 && flowLevel > 0 && mark.column <= indent && !isAtEnd {
        throw error("an indented continuation of the flow collection", found: Byte.describe(bytes, at: mark.offset))
      }
    }
    if breaks > 0 { simpleKeyAllowed = true }
    return String(decoding: text, as: UTF8.self)
  }
}
