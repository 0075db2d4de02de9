/// Flow collections: `[a, b]`, `{a: 1}`, and single-pair mappings inside a flow
/// sequence (`[a: 1]`).
extension Parser {
  mutating func parseFlowSequenceEntry(first: Bool) throws(YAMLParseError) -> Event? {
    if first { _ = try scanner.nextToken() }
    var token = try scanner.peekToken()
    if token.kind != .flowSequenceEnd {
      if !first {
        guard token.kind == .flowEntry else { throw error("',' or ']'", at: token) }
        _ = try scanner.nextToken()
        token = try scanner.peekToken()
      }
      if token.kind == .key {
        _ = try scanner.nextToken()
        state = .flowSequenceEntryMappingKey
        return Event(kind: .mappingStart(anchor: nil, tag: nil), start: token.start)
      }
      if token.kind == .value {
        // `[: b]`: a pair with an empty key.
        state = .flowSequenceEntryMappingKey
        return Event(kind: .mappingStart(anchor: nil, tag: nil), start: token.start)
      }
      if token.kind != .flowSequenceEnd {
        if token.kind == .flowEntry { throw error("a value or ']'", at: token) }
        states.append(.flowSequenceEntry)
        return try parseNode(block: false, indentlessSequence: false)
      }
    }
    _ = try scanner.nextToken()
    popState()
    return Event(kind: .sequenceEnd, start: token.start)
  }

  mutating func parseFlowSequenceEntryMappingKey() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    switch token.kind {
    case .value, .flowEntry, .flowSequenceEnd:
      state = .flowSequenceEntryMappingValue
      return emptyScalar(at: token.start)
    default:
      states.append(.flowSequenceEntryMappingValue)
      return try parseNode(block: false, indentlessSequence: false)
    }
  }

  mutating func parseFlowSequenceEntryMappingValue() throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    if token.kind == .value {
      _ = try scanner.nextToken()
      let next = try scanner.peekToken()
      if next.kind != .flowEntry && next.kind != .flowSequenceEnd {
        states.append(.flowSequenceEntryMappingEnd)
        return try parseNode(block: false, indentlessSequence: false)
      }
    }
    state = .flowSequenceEntryMappingEnd
    return emptyScalar(at: token.start)
  }

  mutating func parseFlowMappingKey(first: Bool) throws(YAMLParseError) -> Event? {
    if first { _ = try scanner.nextToken() }
    var token = try scanner.peekToken()
    if token.kind != .flowMappingEnd {
      if !first {
        guard token.kind == .flowEntry else { throw error("',' or '}'", at: token) }
        _ = try scanner.nextToken()
        token = try scanner.peekToken()
      }
      if token.kind == .key {
        _ = try scanner.nextToken()
        let next = try scanner.peekToken()
        switch next.kind {
        case .value, .flowEntry, .flowMappingEnd:
          state = .flowMappingValue
          return emptyScalar(at: next.start)
        default:
          states.append(.flowMappingValue)
          return try parseNode(block: false, indentlessSequence: false)
        }
      }
      if token.kind == .value {
        state = .flowMappingValue
        return emptyScalar(at: token.start)
      }
      if token.kind != .flowMappingEnd {
        if token.kind == .flowEntry { throw error("a key or '}'", at: token) }
        states.append(.flowMappingEmptyValue)
        return try parseNode(block: false, indentlessSequence: false)
      }
    }
    _ = try scanner.nextToken()
    popState()
    return Event(kind: .mappingEnd, start: token.start)
  }

  mutating func parseFlowMappingValue(empty: Bool) throws(YAMLParseError) -> Event? {
    let token = try scanner.peekToken()
    if empty {
      state = .flowMappingKey
      return emptyScalar(at: token.start)
    }
    if token.kind == .value {
      _ = try scanner.nextToken()
      let next = try scanner.peekToken()
      if next.kind != .flowEntry && next.kind != .flowMappingEnd {
        states.append(.flowMappingKey)
        return try parseNode(block: false, indentlessSequence: false)
      }
    }
    state = .flowMappingKey
    return emptyScalar(at: token.start)
  }
}
