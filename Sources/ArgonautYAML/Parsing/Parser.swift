/// Turns tokens into events, as libyaml's `parser.c` does: a state machine with an
/// explicit stack of states, so nesting never recurses.
struct Parser {
  enum State {
    case streamStart, implicitDocumentStart, documentStart, documentContent, documentEnd
    case blockNode, blockSequenceFirstEntry, blockSequenceEntry, indentlessSequenceEntry
    case blockMappingFirstKey, blockMappingKey, blockMappingValue
    case flowSequenceFirstEntry, flowSequenceEntry
    case flowSequenceEntryMappingKey, flowSequenceEntryMappingValue, flowSequenceEntryMappingEnd
    case flowMappingFirstKey, flowMappingKey, flowMappingValue, flowMappingEmptyValue
    case end
  }

  var scanner: Scanner
  var state = State.streamStart
  var states: [State] = []
  /// The tag handles of the current document (`!` and `!!` plus its `%TAG`s).
  var tagHandles: [String: String] = [:]

  init(_ bytes: [UInt8]) {
    scanner = Scanner(bytes)
  }

  /// The next event, or `nil` after the stream's end.
  mutating func next() throws(YAMLParseError) -> Event? {
    switch state {
    case .streamStart:
      let token = try scanner.nextToken()
      state = .implicitDocumentStart
      return Event(kind: .streamStart, start: token.start)
    case .implicitDocumentStart: return try parseDocumentStart(implicitAllowed: true)
    case .documentStart: return try parseDocumentStart(implicitAllowed: false)
    case .documentContent: return try parseDocumentContent()
    case .documentEnd: return try parseDocumentEnd()
    case .blockNode: return try parseNode(block: true, indentlessSequence: false)
    case .blockSequenceFirstEntry: return try parseBlockSequenceEntry(first: true)
    case .blockSequenceEntry: return try parseBlockSequenceEntry(first: false)
    case .indentlessSequenceEntry: return try parseIndentlessSequenceEntry()
    case .blockMappingFirstKey: return try parseBlockMappingKey(first: true)
    case .blockMappingKey: return try parseBlockMappingKey(first: false)
    case .blockMappingValue: return try parseBlockMappingValue()
    case .flowSequenceFirstEntry: return try parseFlowSequenceEntry(first: true)
    case .flowSequenceEntry: return try parseFlowSequenceEntry(first: false)
    case .flowSequenceEntryMappingKey: return try parseFlowSequenceEntryMappingKey()
    case .flowSequenceEntryMappingValue: return try parseFlowSequenceEntryMappingValue()
    case .flowSequenceEntryMappingEnd:
      state = .flowSequenceEntry
      return Event(kind: .mappingEnd, start: try scanner.peekToken().start)
    case .flowMappingFirstKey: return try parseFlowMappingKey(first: true)
    case .flowMappingKey: return try parseFlowMappingKey(first: false)
    case .flowMappingValue: return try parseFlowMappingValue(empty: false)
    case .flowMappingEmptyValue: return try parseFlowMappingValue(empty: true)
    case .end: return nil
    }
  }

  func error(_ expected: String, at token: Token) -> YAMLParseError {
    YAMLParseError(at: token.start, expected: expected, found: token.kind.summary)
  }

  func emptyScalar(at mark: Mark) -> Event {
    Event(kind: .scalar("", .plain, anchor: nil, tag: nil), start: mark)
  }

  mutating func popState() {
    state = states.removeLast()
  }

  // MARK: Documents

  mutating func parseDocumentStart(implicitAllowed: Bool) throws(YAMLParseError) -> Event? {
    var token = try scanner.peekToken()
    if implicitAllowed {
      while token.kind == .documentEnd {
        _ = try scanner.nextToken()
        token = try scanner.peekToken()
      }
    }
    switch token.kind {
    case .streamEnd:
      _ = try scanner.nextToken()
      state = .end
      return Event(kind: .streamEnd, start: token.start)
    case .versionDirective, .tagDirective, .documentStart:
      try processDirectives()
      token = try scanner.peekToken()
      guard token.kind == .documentStart else { throw error("'---' after the directives", at: token) }
      _ = try scanner.nextToken()
      states.append(.documentEnd)
      state = .documentContent
      return Event(kind: .documentStart, start: token.start)
    default:
      guard implicitAllowed else { throw error("'---' or the end of the document", at: token) }
      tagHandles = Parser.defaultTagHandles
      states.append(.documentEnd)
      state = .blockNode
      return Event(kind: .documentStart, start: token.start)
    }
  }

  mutating func parseDocumentContent() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    switch token.kind {
    case .versionDirective, .tagDirective, .documentStart, .documentEnd, .streamEnd:
      popState()
      return emptyScalar(at: token.start)
    default:
      return try parseNode(block: true, indentlessSequence: false)
    }
  }

  mutating func parseDocumentEnd() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    if token.kind == .documentEnd {
      _ = try scanner.nextToken()
      state = .implicitDocumentStart
    } else {
      switch token.kind {
      case .documentStart, .streamEnd: break
      case .versionDirective, .tagDirective: throw error("'...' before the next document's directives", at: token)
      default: throw error("the end of the document", at: token)
      }
      state = .documentStart
    }
    return Event(kind: .documentEnd, start: token.start)
  }

  static let defaultTagHandles = ["!": "!", "!!": "tag:yaml.org,2002:"]

  mutating func processDirectives() throws(YAMLParseError) {
    var handles: [String: String] = [:]
    var versionSeen = false
    while true {
      let token = try scanner.peekToken()
      switch token.kind {
      case .versionDirective(let major, _):
        guard !versionSeen else { throw error("one %YAML directive per document", at: token) }
        guard major == 1 else { throw error("YAML version 1.x", at: token) }
        versionSeen = true
      case .tagDirective(let handle, let prefix):
        guard handles[handle] == nil else { throw error("one %TAG directive per handle", at: token) }
        handles[handle] = prefix
      default:
        tagHandles = handles.merging(Parser.defaultTagHandles) { mine, _ in mine }
        return
      }
      _ = try scanner.nextToken()
    }
  }
}
