/// Where an implicit key could start: the token number it would take and its position.
struct SimpleKey: Sendable {
  var isPossible = false
  /// Whether the key must come (it starts a line at the block's indentation).
  var isRequired = false
  var tokenNumber = 0
  var mark = Mark.start
}

extension Scanner {
  /// Remembers that an implicit key may start at the current token.
  mutating func saveSimpleKey() throws(YAMLParseError) {
    let isRequired = flowLevel == 0 && indent == mark.column
    guard simpleKeyAllowed else { return }
    try removeSimpleKey()
    simpleKeys[simpleKeys.count - 1] = SimpleKey(
      isPossible: true, isRequired: isRequired, tokenNumber: tokensParsed + tokens.count - head, mark: mark)
  }

  mutating func removeSimpleKey() throws(YAMLParseError) {
    let key = simpleKeys[simpleKeys.count - 1]
    if key.isPossible && key.isRequired {
      throw error("':' after the key", at: key.mark, found: Byte.describe(bytes, at: mark.offset))
    }
    simpleKeys[simpleKeys.count - 1].isPossible = false
  }

  /// Forgets keys that can no longer be: an implicit key is on one line and at most
  /// 1024 characters long.
  mutating func staleSimpleKeys() throws(YAMLParseError) {
    for i in simpleKeys.indices {
      let key = simpleKeys[i]
      // In a flow mapping a key may span lines (`{"a"\n: 1}`); in a block or a flow
      // sequence it may not.
      let spansLines = i == 0 || !flowIsMapping[i - 1]
      let isStale = (spansLines && key.mark.line < mark.line) || key.mark.offset + 1024 < mark.offset
      guard key.isPossible, isStale else { continue }
      if key.isRequired {
        throw error("':' after the key", at: key.mark, found: Byte.describe(bytes, at: mark.offset))
      }
      simpleKeys[i].isPossible = false
    }
  }

  /// Opens a block collection at `column` when it is deeper than the current one,
  /// inserting `kind` at token `number` (or appending it).
  mutating func rollIndent(_ column: Int, number: Int?, kind: TokenKind, mark start: Mark) {
    guard flowLevel == 0, indent < column else { return }
    indents.append(indent)
    indent = column
    let token = Token(kind: kind, start: start, end: start)
    if let number {
      tokens.insert(token, at: head + number - tokensParsed)
    } else {
      tokens.append(token)
    }
  }

  /// Closes the block collections deeper than `column`.
  mutating func unrollIndent(to column: Int) {
    guard flowLevel == 0 else { return }
    while indent > column {
      append(.blockEnd, from: mark)
      indent = indents.removeLast()
    }
  }
}
