/// Anchors, aliases, tags and directives.
extension Scanner {
  mutating func fetchAnchor(isAlias: Bool) throws(YAMLParseError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    skip()
    var name: [UInt8] = []
    while !Byte.isBlankOrBreakOrEnd(peek()) && !Byte.isFlowIndicator(peek()) { take(into: &name) }
    guard !name.isEmpty else {
      throw error("the name of the \(isAlias ? "alias" : "anchor") after '\(isAlias ? "*" : "&")'")
    }
    let text = String(decoding: name, as: UTF8.self)
    append(isAlias ? .alias(text) : .anchor(text), from: start)
  }

  mutating func fetchTag() throws(YAMLParseError) {
    try saveSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    var handle = ""
    var suffix = ""
    if peek(1) == UInt8(ascii: "<") {
      skip()
      skip()
      suffix = try scanTagURI(verbatim: true)
      guard peek() == UInt8(ascii: ">") else { throw error("'>' after the verbatim tag") }
      skip()
    } else {
      let first = try scanTagHandle()
      if first.count > 1 && first.hasSuffix("!") {
        handle = first
        suffix = try scanTagURI(verbatim: false)
      } else {
        // `!local` (handle `!`) or `!` alone, the non-specific tag.
        handle = "!"
        suffix = String(first.dropFirst()) + (try scanTagURI(verbatim: false))
        if suffix.isEmpty {
          handle = ""
          suffix = "!"
        }
      }
    }
    guard Byte.isBlankOrBreakOrEnd(peek()) || (flowLevel > 0 && Byte.isFlowIndicator(peek())) else {
      throw error("a space after the tag")
    }
    append(.tag(handle: handle, suffix: suffix), from: start)
  }

  /// `!`, `!!` or `!name!`; a `!name` without the closing `!` returns `!name`.
  mutating func scanTagHandle() throws(YAMLParseError) -> String {
    var text: [UInt8] = []
    take(into: &text)
    while Byte.isWordCharacter(peek()) { take(into: &text) }
    if peek() == UInt8(ascii: "!") { take(into: &text) }
    return String(decoding: text, as: UTF8.self)
  }

  /// A tag's URI characters, with `%XX` escapes decoded.
  mutating func scanTagURI(verbatim: Bool) throws(YAMLParseError) -> String {
    var text: [UInt8] = []
    while true {
      let c = peek()
      if c == UInt8(ascii: "%") {
        guard Byte.isHexDigit(peek(1)) && Byte.isHexDigit(peek(2)) else {
          throw error("two hexadecimal digits after '%' in the tag")
        }
        text.append(UInt8(Byte.hexValue(peek(1)) << 4 | Byte.hexValue(peek(2))))
        skip()
        skip()
        skip()
      } else if isURICharacter(c, verbatim: verbatim) {
        take(into: &text)
      } else {
        break
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  func isURICharacter(_ c: UInt8, verbatim: Bool) -> Bool {
    if Byte.isWordCharacter(c) { return true }
    switch c {
    case UInt8(ascii: ";"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"),
      UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "$"), UInt8(ascii: "_"),
      UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "#"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
      UInt8(ascii: "}"):
      return verbatim
    default:
      return c >= 0x80
    }
  }

  mutating func fetchDirective() throws(YAMLParseError) {
    unrollIndent(to: -1)
    try removeSimpleKey()
    simpleKeyAllowed = false
    let start = mark
    skip()
    var name: [UInt8] = []
    while !Byte.isBlankOrBreakOrEnd(peek()) { take(into: &name) }
    guard !name.isEmpty else { throw error("a directive name after '%'") }
    switch String(decoding: name, as: UTF8.self) {
    case "YAML":
      guard Byte.isBlank(peek()) else { throw error("a version after '%YAML'") }
      while Byte.isBlank(peek()) { skip() }
      let major = try scanVersionNumber()
      guard peek() == UInt8(ascii: ".") else { throw error("'.' in the version") }
      skip()
      let minor = try scanVersionNumber()
      append(.versionDirective(major: major, minor: minor), from: start)
      try expectLineEnd(after: "the %YAML directive")
    case "TAG":
      guard Byte.isBlank(peek()) else { throw error("a tag handle after '%TAG'") }
      while Byte.isBlank(peek()) { skip() }
      guard peek() == UInt8(ascii: "!") else { throw error("a tag handle after '%TAG'") }
      let handle = try scanTagHandle()
      guard handle == "!" || handle.hasSuffix("!") else { throw error("'!' at the end of the tag handle") }
      guard Byte.isBlank(peek()) else { throw error("a tag prefix after the handle") }
      while Byte.isBlank(peek()) { skip() }
      let prefix = try scanTagURI(verbatim: true)
      guard !prefix.isEmpty else { throw error("a tag prefix after the handle") }
      append(.tagDirective(handle: handle, prefix: prefix), from: start)
      try expectLineEnd(after: "the %TAG directive")
    default:
      // A reserved directive: ignored, as the specification asks.
      while !Byte.isBreakOrEnd(peek()) { skip() }
    }
  }

  mutating func scanVersionNumber() throws(YAMLParseError) -> Int {
    var value = 0
    var digits = 0
    while Byte.isDigit(peek()) && digits < 9 {
      value = value * 10 + Int(peek() - UInt8(ascii: "0"))
      digits += 1
      skip()
    }
    guard digits > 0 else { throw error("a version number") }
    return value
  }
}
