import Argonaut

/// Builds JSON values from events: expands aliases (within a budget), rejects keys
/// JSON cannot hold, and resolves scalars by the core schema.
struct Composer {
  /// A composed node: its value, its text when it is a scalar (for use as a key),
  /// and how many values it holds once every alias in it is expanded.
  struct Node {
    var value: JSON
    var keyText: String?
    var size: Int
  }

  var parser: Parser
  var anchors: [String: Node] = [:]
  /// How many more values aliases may add to the current document.
  var aliasBudget = JSON.yamlAliasLimit

  init(_ bytes: [UInt8]) {
    parser = Parser(bytes)
  }

  mutating func nextEvent() throws(YAMLParseError) -> Event {
    // The parser ends with `streamEnd`, after which the composer asks no more; the
    // error is a guard against a defect, never expected.
    guard let event = try parser.next() else {
      throw YAMLParseError(at: parser.scanner.mark, expected: "a value", found: "end of input")
    }
    return event
  }

  /// The next document's value and where it starts, or `nil` at the end of the stream.
  mutating func nextDocument() throws(YAMLParseError) -> (value: JSON, start: Mark)? {
    var event = try nextEvent()
    if case .streamStart = event.kind { event = try nextEvent() }
    guard case .documentStart = event.kind else { return nil }
    anchors = [:]
    aliasBudget = JSON.yamlAliasLimit
    let node = try compose(try nextEvent(), depth: 0)
    _ = try nextEvent()  // documentEnd
    return (node.value, event.start)
  }

  mutating func compose(_ event: Event, depth: Int) throws(YAMLParseError) -> Node {
    switch event.kind {
    case .alias(let name):
      guard let node = anchors[name] else {
        throw YAMLParseError(
          .unknownAlias, at: event.start, expected: "an anchor '&\(name)' defined before the alias", found: "'*\(name)'"
        )
      }
      aliasBudget -= node.size
      guard aliasBudget >= 0 else {
        throw YAMLParseError(
          .aliasLimitExceeded, at: event.start,
          expected: "aliases that repeat at most \(JSON.yamlAliasLimit) values in a document",
          found: "'*\(name)' going past the limit")
      }
      return node
    case .scalar(let text, let style, let anchor, let tag):
      let value = try CoreSchema.resolve(text, style: style, tag: tag, at: event.start)
      let node = Node(value: value, keyText: text, size: 1)
      if let anchor { anchors[anchor] = node }
      return node
    case .sequenceStart(let anchor, let tag):
      try checkDepth(depth, at: event.start)
      try CoreSchema.checkCollectionTag(tag, isMapping: false, at: event.start)
      let node = try composeSequence(depth: depth)
      if let anchor { anchors[anchor] = node }
      return node
    case .mappingStart(let anchor, let tag):
      try checkDepth(depth, at: event.start)
      try CoreSchema.checkCollectionTag(tag, isMapping: true, at: event.start)
      let node = try composeMapping(depth: depth)
      if let anchor { anchors[anchor] = node }
      return node
    default:
      // A guard against a defect in the parser, which sends a node here.
      throw YAMLParseError(at: event.start, expected: "a value", found: "\(event.kind)")
    }
  }

  func checkDepth(_ depth: Int, at mark: Mark) throws(YAMLParseError) {
    guard depth < JSON.yamlDepthLimit else {
      throw YAMLParseError(
        .depthLimitExceeded, at: mark, expected: "at most \(JSON.yamlDepthLimit) nested collections", found: "more")
    }
  }

  mutating func composeSequence(depth: Int) throws(YAMLParseError) -> Node {
    var elements: [JSON] = []
    var size = 1
    while true {
      let event = try nextEvent()
      if case .sequenceEnd = event.kind { break }
      let node = try compose(event, depth: depth + 1)
      elements.append(node.value)
      size = size.addingReportingOverflow(node.size).partialValue
    }
    return Node(value: .array(JSONArray(elements)), keyText: nil, size: size)
  }

  mutating func composeMapping(depth: Int) throws(YAMLParseError) -> Node {
    var members: [(String, JSON)] = []
    var seen: Set<String> = []
    var size = 1
    while true {
      let event = try nextEvent()
      if case .mappingEnd = event.kind { break }
      let key = try compose(event, depth: depth + 1)
      guard let keyText = key.keyText else {
        let found = if case .object = key.value { "a mapping" } else { "a sequence" }
        throw YAMLParseError(.unrepresentable, at: event.start, expected: "a scalar key", found: found)
      }
      guard seen.insert(keyText).inserted else {
        throw YAMLParseError(.duplicateKey, at: event.start, expected: "a unique key", found: "a second '\(keyText)'")
      }
      let value = try compose(try nextEvent(), depth: depth + 1)
      members.append((keyText, value.value))
      size = size.addingReportingOverflow(value.size).partialValue
    }
    return Node(value: .object(JSONObject(members)), keyText: nil, size: size)
  }
}
