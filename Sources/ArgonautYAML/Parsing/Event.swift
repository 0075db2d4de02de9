/// What the parser produces: the structure of the stream, without indentation.
enum EventKind: Sendable {
  case streamStart
  case streamEnd
  case documentStart
  case documentEnd
  case alias(String)
  /// A scalar, its style, anchor and resolved tag (`tag:yaml.org,2002:str`, `!local`,
  /// or `!` for the non-specific tag of a quoted scalar written `! "…"`).
  case scalar(String, ScalarStyle, anchor: String?, tag: String?)
  case sequenceStart(anchor: String?, tag: String?)
  case sequenceEnd
  case mappingStart(anchor: String?, tag: String?)
  case mappingEnd
}

/// An event and where its node starts.
struct Event: Sendable {
  var kind: EventKind
  var start: Mark
}
