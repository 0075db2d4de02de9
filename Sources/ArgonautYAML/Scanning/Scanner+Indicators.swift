/// The indicators: document markers, flow brackets, `,`, `-`, `?` and `:`.
extension Scanner {
  /// The deepest flow nesting accepted; the parser and composer share the limit.
  static let maximumFlowLevel = 512

  mutating func fetchDocumentIndicator(_ kind: TokenKind) throws(YAMLParseError) {
    unrollIndent(to: -1)
    try removeSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    skip()
    skip()
    skip()
    append(kind, from: start)
    if kind == .documentEnd { try expectLineEnd(after: "'...'") }
  }

  mutating func fetchFlowCollectionStart(_ kind: TokenKind) throws(YAMLParseError) {
    try saveSimpleKey()
    guard flowLevel < Scanner.maximumFlowLevel else {
      throw YAMLParseError(
        .depthLimitExceeded, at: mark, expected: "at most \(Scanner.maximumFlowLevel) nested flow collections",
        found: "more")
    }
    simpleKeys.append(SimpleKey())
    flowIsMapping.append(kind == .flowMappingStart)
    flowLevel += 1
    simpleKeyAllowed = true
    let start = mark
    skip()
    append(kind, from: start)
  }

  mutating func fetchFlowCollectionEnd(_ kind: TokenKind) throws(YAMLParseError) {
    guard flowLevel > 0 else {
      throw error("a value", found: "'\(kind == .flowSequenceEnd ? "]" : "}")' outside a flow collection")
    }
    try removeSimpleKey()
    simpleKeys.removeLast()
    flowIsMapping.removeLast()
    flowLevel -= 1
    simpleKeyAllowed = false
    let start = mark
    skip()
    append(kind, from: start)
  }

  mutating func fetchFlowEntry() throws(YAMLParseError) {
    guard flowLevel > 0 else { throw error("a value", found: "',' outside a flow collection") }
    try removeSimpleKey()
    simpleKeyAllowed = true
    let start = mark
    skip()
    append(.flowEntry, from: start)
  }

  mutating func fetchBlockEntry() throws(YAMLParseError) {
    guard flowLevel == 0 else {
      throw error("a flow collection entry", found: "'-' (a block sequence entry inside a flow collection)")
    }
    guard simpleKeyAllowed else {
      throw error("a value", found: "'-' (a block sequence entry where none may start)")
    }
    rollIndent(mark.column, number: nil, kind: .blockSequenceStart, mark: mark)
    try removeSimpleKey()
    simpleKeyAllowed = true
    let start = mark
    skip()
    append(.blockEntry, from: start)
  }

  mutating func fetchKey() throws(YAMLParseError) {
    if flowLevel == 0 {
      guard simpleKeyAllowed else {
        throw error("a value", found: "'?' (a mapping key where none may start)")
      }
      rollIndent(mark.column, number: nil, kind: .blockMappingStart, mark: mark)
    }
    try removeSimpleKey()
    simpleKeyAllowed = flowLevel == 0
    let start = mark
    skip()
    append(.key, from: start)
  }

  mutating func fetchValue() throws(YAMLParseError) {
    let key = simpleKeys[simpleKeys.count - 1]
    if key.isPossible {
      tokens.insert(Token(kind: .key, start: key.mark, end: key.mark), at: head + key.tokenNumber - tokensParsed)
      rollIndent(key.mark.column, number: key.tokenNumber, kind: .blockMappingStart, mark: key.mark)
      simpleKeys[simpleKeys.count - 1].isPossible = false
      simpleKeyAllowed = false
    } else {
      if flowLevel == 0 {
        guard simpleKeyAllowed else {
          throw error("a value", found: "':' (a mapping value where none may start)")
        }
        rollIndent(mark.column, number: nil, kind: .blockMappingStart, mark: mark)
      }
      simpleKeyAllowed = flowLevel == 0
    }
    let start = mark
    skip()
    append(.value, from: start)
  }

  /// After `...`, a block scalar's header or a directive: blanks, a comment, then the
  /// end of the line.
  mutating func expectLineEnd(after what: String) throws(YAMLParseError) {
    while Byte.isBlank(peek()) { skip() }
    if peek() == UInt8(ascii: "#") {
      guard mark.offset > 0, Byte.isBlank(bytes[mark.offset - 1]) else {
        throw error("whitespace before a comment", found: "'#'")
      }
      while !Byte.isBreakOrEnd(peek()) { skip() }
    }
    guard Byte.isBreakOrEnd(peek()) else {
      throw error("a comment or a line break after \(what)")
    }
  }
}
