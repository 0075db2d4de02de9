/// The five ways a scalar can be written.
enum ScalarStyle: Hashable, Sendable {
  case plain, singleQuoted, doubleQuoted, literal, folded
}

/// What the scanner produces: the YAML syntax with indentation made explicit.
///
/// Block collections appear as `blockSequenceStart`/`blockMappingStart` … `blockEnd`,
/// so the parser never looks at columns.
enum TokenKind: Hashable, Sendable {
  case streamStart
  case streamEnd
  case versionDirective(major: Int, minor: Int)
  case tagDirective(handle: String, prefix: String)
  case documentStart
  case documentEnd
  case blockSequenceStart
  case blockMappingStart
  case blockEnd
  case flowSequenceStart
  case flowSequenceEnd
  case flowMappingStart
  case flowMappingEnd
  case blockEntry
  case flowEntry
  case key
  case value
  case alias(String)
  case anchor(String)
  case tag(handle: String, suffix: String)
  case scalar(String, ScalarStyle)
}

/// A token and where it starts and ends.
struct Token: Sendable {
  var kind: TokenKind
  var start: Mark
  var end: Mark
}

extension TokenKind {
  /// How an error names the token it found.
  var summary: String {
    switch self {
    case .streamStart: return "start of input"
    case .streamEnd: return "end of input"
    case .versionDirective: return "'%YAML'"
    case .tagDirective: return "'%TAG'"
    case .documentStart: return "'---'"
    case .documentEnd: return "'...'"
    case .blockSequenceStart: return "a block sequence"
    case .blockMappingStart: return "a block mapping"
    case .blockEnd: return "the end of a block collection"
    case .flowSequenceStart: return "'['"
    case .flowSequenceEnd: return "']'"
    case .flowMappingStart: return "'{'"
    case .flowMappingEnd: return "'}'"
    case .blockEntry: return "'-'"
    case .flowEntry: return "','"
    case .key: return "'?'"
    case .value: return "':'"
    case .alias(let name): return "alias '*\(name)'"
    case .anchor(let name): return "anchor '&\(name)'"
    case .tag(let handle, let suffix): return "tag '\(handle)\(suffix)'"
    case .scalar(let text, _): return "scalar '\(text.count > 20 ? String(text.prefix(20)) + "…" : text)'"
    }
  }
}
