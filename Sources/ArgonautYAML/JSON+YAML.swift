import Argonaut

extension JSON {
  /// How many values the aliases of one YAML document may repeat: 1,000,000.
  ///
  /// Each alias counts the values of the node it repeats, its nested aliases
  /// expanded, so a "billion laughs" document fails with
  /// `aliasLimitExceeded` after a bounded amount of
  /// work. The values themselves are shared, not copied, so memory stays
  /// proportional to the text.
  public static let yamlAliasLimit = 1_000_000

  /// The deepest nesting of YAML collections accepted: 512, as for JSON.
  public static let yamlDepthLimit = 512

  /// Reads one YAML document, by YAML 1.2's core schema.
  ///
  /// ```swift
  /// let json = try JSON(yaml: """
  ///   name: Ada
  ///   languages: [en, fr]
  ///   born: 1815
  ///   """)
  /// print(json)  // {"name":"Ada","languages":["en","fr"],"born":1815}
  /// ```
  ///
  /// Plain scalars become `null` (`null`, `~`, nothing), booleans (`true`, `false`),
  /// numbers (decimal, `0o` octal and `0x` hexadecimal integers, floats; kept exact),
  /// or strings; quoted and block scalars are strings. The tags `!!str`, `!!int`,
  /// `!!float`, `!!bool`, `!!null`, `!!map` and `!!seq` are honoured; other tags are
  /// read as strings. Aliases are expanded, within `yamlAliasLimit`.
  ///
  /// - Parameter yaml: The text: one document, with or without `---`. An empty text
  ///   is `null`.
  /// - Throws: ``YAMLParseError`` for text that is not YAML, a value JSON cannot hold
  ///   (`.inf`, `.nan`, a collection as a key, a duplicate key), or a stream of more
  ///   than one document.
  public init(yaml: String) throws(YAMLParseError) {
    var composer = try Composer.reading(yaml)
    guard let first = try composer.nextDocument() else {
      self = .null
      return
    }
    if let second = try composer.nextDocument() {
      throw YAMLParseError(at: second.start, expected: "one document", found: "a second document")
    }
    self = first.value
  }

  /// Reads a YAML stream of any number of documents (separated by `---`, ended by
  /// `...`).
  ///
  /// ```swift
  /// let documents = try JSON.documents(yaml: "--- 1\n--- two\n")
  /// print(documents)  // [1, "two"]
  /// ```
  ///
  /// - Parameter yaml: The stream.
  /// - Returns: One value per document; none for an empty stream.
  /// - Throws: ``YAMLParseError``, as `init(yaml:)` does.
  public static func documents(yaml: String) throws(YAMLParseError) -> [JSON] {
    var composer = try Composer.reading(yaml)
    var documents: [JSON] = []
    while let document = try composer.nextDocument() { documents.append(document.value) }
    return documents
  }
}

extension Composer {
  /// A composer of `text`, once it is known to hold no character YAML forbids.
  static func reading(_ text: String) throws(YAMLParseError) -> Composer {
    let bytes = Array(text.utf8)
    var mark = Mark.start
    for (offset, byte) in bytes.enumerated() {
      if byte < 0x20 && byte != Byte.tab && byte != Byte.lf && byte != Byte.cr || byte == 0x7F {
        throw YAMLParseError(
          at: Mark(offset: offset, line: mark.line, column: mark.column), expected: "a printable character",
          found: Byte.describe(bytes + [0], at: offset))
      }
      if byte == Byte.lf || (byte == Byte.cr && offset + 1 < bytes.count && bytes[offset + 1] != Byte.lf) {
        mark.line += 1
        mark.column = 0
      } else if byte & 0xC0 != 0x80 {
        mark.column += 1
      }
    }
    return Composer(bytes)
  }
}
