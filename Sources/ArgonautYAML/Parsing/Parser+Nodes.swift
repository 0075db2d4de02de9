/// A node: an alias, or properties (anchor, tag) and content.
extension Parser {
  mutating func parseNode(block: Bool, indentlessSequence: Bool) throws(YAMLParseError) -> Event? {
    var token = try scanner.peekToken()
    if case .alias(let name) = token.kind {
      _ = try scanner.nextToken()
      popState()
      return Event(kind: .alias(name), start: token.start)
    }
    let start = token.start
    var anchor: String?
    var tag: String?
    var hasTag = false
    while true {
      if case .anchor(let name) = token.kind, anchor == nil {
        anchor = name
      } else if case .tag(let handle, let suffix) = token.kind, !hasTag {
        tag = try resolveTag(handle: handle, suffix: suffix, at: token)
        hasTag = true
      } else {
        break
      }
      _ = try scanner.nextToken()
      token = try scanner.peekToken()
    }
    switch token.kind {
    case .blockEntry where indentlessSequence:
      state = .indentlessSequenceEntry
      return Event(kind: .sequenceStart(anchor: anchor, tag: tag), start: start)
    case .scalar(let text, let style):
      _ = try scanner.nextToken()
      popState()
      return Event(kind: .scalar(text, style, anchor: anchor, tag: tag), start: start)
    case .flowSequenceStart:
      state = .flowSequenceFirstEntry
      return Event(kind: .sequenceStart(anchor: anchor, tag: tag), start: start)
    case .flowMappingStart:
      state = .flowMappingFirstKey
      return Event(kind: .mappingStart(anchor: anchor, tag: tag), start: start)
    case .blockSequenceStart where block:
      state = .blockSequenceFirstEntry
      return Event(kind: .sequenceStart(anchor: anchor, tag: tag), start: start)
    case .blockMappingStart where block:
      state = .blockMappingFirstKey
      return Event(kind: .mappingStart(anchor: anchor, tag: tag), start: start)
    case .anchor, .tag, .alias:
      throw error("one anchor and one tag before a node", at: token)
    default:
      guard anchor != nil || hasTag else { throw error("a value", at: token) }
      // Properties with no content: an empty scalar.
      popState()
      return Event(kind: .scalar("", .plain, anchor: anchor, tag: tag), start: start)
    }
  }

  /// The full tag: the handle's prefix and the suffix; the non-specific `!` as `!`.
  func resolveTag(handle: String, suffix: String, at token: Token) throws(YAMLParseError) -> String {
    guard !handle.isEmpty else { return suffix }
    guard let prefix = tagHandles[handle] else {
      throw error("a %TAG directive for the handle '\(handle)'", at: token)
    }
    return prefix + suffix
  }

  // MARK: Block collections

  mutating func parseBlockSequenceEntry(first: Bool) throws(YAMLParseError) -> Event? {
    if first { _ = try scanner.nextToken() }
    let token = try scanner.peekToken()
    switch token.kind {
    case .blockEntry:
      _ = try scanner.nextToken()
      let next = try scanner.peekToken()
      if next.kind == .blockEntry || next.kind == .blockEnd {
        state = .blockSequenceEntry
        return emptyScalar(at: next.start)
      }
      states.append(.blockSequenceEntry)
      return try parseNode(block: true, indentlessSequence: false)
    case .blockEnd:
      _ = try scanner.nextToken()
      popState()
      return Event(kind: .sequenceEnd, start: token.start)
    default:
      throw error("'-' or the end of the block sequence", at: token)
    }
  }

  mutating func parseIndentlessSequenceEntry() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    guard token.kind == .blockEntry else {
      popState()
      return Event(kind: .sequenceEnd, start: token.start)
    }
    _ = try scanner.nextToken()
    let next = try scanner.peekToken()
    switch next.kind {
    case .blockEntry, .key, .value, .blockEnd:
      state = .indentlessSequenceEntry
      return emptyScalar(at: next.start)
    default:
      states.append(.indentlessSequenceEntry)
      return try parseNode(block: true, indentlessSequence: false)
    }
  }

  mutating func parseBlockMappingKey(first: Bool) throws(YAMLParseError) -> Event? {
    if first { _ = try scanner.nextToken() }
    let token = try scanner.peekToken()
    switch token.kind {
    case .key:
      _ = try scanner.nextToken()
      let next = try scanner.peekToken()
      switch next.kind {
      case .key, .value, .blockEnd:
        state = .blockMappingValue
        return emptyScalar(at: next.start)
      default:
        states.append(.blockMappingValue)
        return try parseNode(block: true, indentlessSequence: true)
      }
    case .blockEnd:
      _ = try scanner.nextToken()
      popState()
      return Event(kind: .mappingEnd, start: token.start)
    case .value:
      // `: value` with no key: an empty key.
      state = .blockMappingValue
      return emptyScalar(at: token.start)
    default:
      throw error("a key or the end of the block mapping", at: token)
    }
  }

  mutating func parseBlockMappingValue() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    guard token.kind == .value else {
      state = .blockMappingKey
      return emptyScalar(at: token.start)
    }
    _ = try scanner.nextToken()
    let next = try scanner.peekToken()
    switch next.kind {
    case .key, .value, .blockEnd:
      state = .blockMappingKey
      return emptyScalar(at: next.start)
    default:
      states.append(.blockMappingKey)
      return try parseNode(block: true, indentlessSequence: true)
    }
  }
}
