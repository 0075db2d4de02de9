/// Turns UTF-8 bytes into tokens, as libyaml's `scanner.c` does.
///
/// Indentation and flow levels are the scanner's state: a line indented deeper than
/// the current block opens a collection (`blockMappingStart`, `blockSequenceStart`),
/// and a line indented less closes them (`blockEnd`). An implicit key (`a: 1`) is
/// recognised when its `:` arrives: the scanner remembers where a key could have
/// started (a "simple key") and inserts the `key` token there afterwards, so the
/// token queue holds tokens that cannot be handed out yet.
struct Scanner {
  /// The input, followed by one 0 byte.
  let bytes: [UInt8]
  var mark = Mark.start

  var tokens: [Token] = []
  var head = 0
  /// How many tokens have been handed to the parser.
  var tokensParsed = 0

  /// The current block indentation (column), -1 outside any block collection.
  var indent = -1
  var indents: [Int] = []
  var simpleKeyAllowed = false
  /// One possible simple key per flow level (index 0 is the block context).
  var simpleKeys: [SimpleKey] = [SimpleKey()]
  var flowLevel = 0
  /// Whether each open flow collection is a mapping (`{`) rather than a sequence.
  var flowIsMapping: [Bool] = []
  var streamStartProduced = false
  var streamEndProduced = false
  /// Whether the last token is a JSON-like node (a quoted scalar, a flow collection):
  /// a `:` after one is a value indicator even without a space after it (`{"a":1}`).
  var lastTokenIsJSONLike = false

  init(_ text: [UInt8]) {
    bytes = text + [Byte.end]
  }

  var isAtEnd: Bool { mark.offset >= bytes.count - 1 }

  func peek(_ k: Int = 0) -> UInt8 {
    let i = mark.offset + k
    return i < bytes.count ? bytes[i] : Byte.end
  }

  /// Moves past one byte that is not a line break.
  mutating func skip() {
    if bytes[mark.offset] & 0xC0 != 0x80 { mark.column += 1 }
    mark.offset += 1
    // A multi-byte character counts as one column: continuation bytes do not count.
    while mark.offset < bytes.count - 1 && bytes[mark.offset] & 0xC0 == 0x80 { mark.offset += 1 }
  }

  /// Moves past one line break (`\r\n`, `\r` or `\n`).
  mutating func skipBreak() {
    if peek() == Byte.cr && peek(1) == Byte.lf {
      mark.offset += 2
    } else {
      mark.offset += 1
    }
    mark.line += 1
    mark.column = 0
  }

  /// Appends the current character's bytes to `text` and moves past it.
  mutating func take(into text: inout [UInt8]) {
    let start = mark.offset
    skip()
    text.append(contentsOf: bytes[start..<mark.offset])
  }

  func error(_ expected: String, at mark: Mark? = nil, found: String? = nil) -> YAMLParseError {
    let mark = mark ?? self.mark
    return YAMLParseError(at: mark, expected: expected, found: found ?? Byte.describe(bytes, at: mark.offset))
  }

  // MARK: The token queue

  /// The next token, scanning more input when the queue cannot hand one out yet.
  mutating func peekToken() throws(YAMLParseError) -> Token {
    try fetchMoreTokens()
    return tokens[head]
  }

  /// Hands out the next token.
  mutating func nextToken() throws(YAMLParseError) -> Token {
    let token = try peekToken()
    head += 1
    tokensParsed += 1
    if head > 256 && head * 2 > tokens.count {
      tokens.removeFirst(head)
      head = 0
    }
    return token
  }

  mutating func append(_ kind: TokenKind, from start: Mark) {
    tokens.append(Token(kind: kind, start: start, end: mark))
    switch kind {
    case .scalar(_, .singleQuoted), .scalar(_, .doubleQuoted), .flowSequenceEnd, .flowMappingEnd:
      lastTokenIsJSONLike = true
    default:
      lastTokenIsJSONLike = false
    }
  }

  mutating func fetchMoreTokens() throws(YAMLParseError) {
    while true {
      var needMore = head == tokens.count
      if !needMore {
        try staleSimpleKeys()
        for key in simpleKeys where key.isPossible && key.tokenNumber == tokensParsed {
          needMore = true
          break
        }
      }
      if !needMore || streamEndProduced { return }
      try fetchNextToken()
    }
  }

  mutating func fetchNextToken() throws(YAMLParseError) {
    if !streamStartProduced {
      streamStartProduced = true
      simpleKeyAllowed = true
      if peek() == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF { mark.offset += 3 }
      append(.streamStart, from: mark)
      return
    }
    try scanToNextToken()
    try staleSimpleKeys()
    unrollIndent(to: mark.column)
    if isAtEnd { return try fetchStreamEnd() }
    let c = peek()
    let next = peek(1)
    if mark.column == 0 {
      if c == UInt8(ascii: "%") { return try fetchDirective() }
      if isDocumentMarker(UInt8(ascii: "-")) { return try fetchDocumentIndicator(.documentStart) }
      if isDocumentMarker(UInt8(ascii: ".")) { return try fetchDocumentIndicator(.documentEnd) }
    }
    switch c {
    case UInt8(ascii: "["): return try fetchFlowCollectionStart(.flowSequenceStart)
    case UInt8(ascii: "{"): return try fetchFlowCollectionStart(.flowMappingStart)
    case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(.flowSequenceEnd)
    case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(.flowMappingEnd)
    case UInt8(ascii: ","): return try fetchFlowEntry()
    case UInt8(ascii: "-") where Byte.isBlankOrBreakOrEnd(next): return try fetchBlockEntry()
    case UInt8(ascii: "?") where Byte.isBlankOrBreakOrEnd(next): return try fetchKey()
    case UInt8(ascii: ":") where isValueIndicator(next): return try fetchValue()
    case UInt8(ascii: "*"): return try fetchAnchor(isAlias: true)
    case UInt8(ascii: "&"): return try fetchAnchor(isAlias: false)
    case UInt8(ascii: "!"): return try fetchTag()
    case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(literal: true)
    case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(literal: false)
    case UInt8(ascii: "'"): return try fetchFlowScalar(double: false)
    case UInt8(ascii: "\""): return try fetchFlowScalar(double: true)
    default: break
    }
    if isPlainScalarStart(c, next) { return try fetchPlainScalar() }
    if c == UInt8(ascii: "#") {
      throw error("whitespace before a comment", found: "'#'")
    }
    if c == UInt8(ascii: "@") || c == UInt8(ascii: "`") {
      throw error("the start of a token", found: "reserved indicator \(Byte.describe(bytes, at: mark.offset))")
    }
    throw error("the start of a token")
  }

  /// Whether `---` or `...` followed by a space, a line break or the end starts here.
  func isDocumentMarker(_ c: UInt8) -> Bool {
    mark.column == 0 && peek() == c && peek(1) == c && peek(2) == c && Byte.isBlankOrBreakOrEnd(peek(3))
  }

  func isValueIndicator(_ next: UInt8) -> Bool {
    if Byte.isBlankOrBreakOrEnd(next) { return true }
    guard flowLevel > 0 else { return false }
    return Byte.isFlowIndicator(next) || lastTokenIsJSONLike
  }

  func isPlainScalarStart(_ c: UInt8, _ next: UInt8) -> Bool {
    if !Byte.isBlankOrBreakOrEnd(c) && !Byte.isIndicator(c) { return true }
    let safeNext = !Byte.isBlankOrBreakOrEnd(next) && !(flowLevel > 0 && Byte.isFlowIndicator(next))
    switch c {
    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"): return safeNext
    default: return false
    }
  }

  mutating func fetchStreamEnd() throws(YAMLParseError) {
    if mark.column != 0 {
      mark.column = 0
      mark.line += 1
    }
    unrollIndent(to: -1)
    try removeSimpleKey()
    simpleKeyAllowed = false
    streamEndProduced = true
    append(.streamEnd, from: mark)
  }
}
