/// An error thrown when text is not a YAML stream that JSON can hold.
///
/// The description reads like `JSONParseError`'s: where, what was expected,
/// and what was found.
///
/// ```swift
/// do {
///   _ = try JSON(yaml: "a: 1\na: 2\n")
/// } catch {
///   print(error)  // line 2, column 1: expected a unique key, found a second 'a'
/// }
/// ```
///
/// Lines and columns are 1-based. A column counts Unicode scalars, so a multi-byte
/// character counts once; a line ends at a line break (`\n`, `\r\n` or `\r`).
public struct YAMLParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The category of a YAML error. New categories may be added in later versions.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    /// The text form, as it prints.
    public var description: String { name }

    /// Text that is not YAML: a character where it cannot be, a tab used as
    /// indentation, an unclosed flow collection or quoted scalar, a bad escape.
    public static let syntax = Kind("syntax")
    /// Valid YAML that JSON cannot hold: `.inf`, `.nan`, a mapping or sequence as a
    /// key, or a scalar that its tag (`!!int`, `!!bool`…) does not allow.
    public static let unrepresentable = Kind("unrepresentable")
    /// A mapping that has the same key twice.
    public static let duplicateKey = Kind("duplicateKey")
    /// An alias (`*name`) to an anchor that no earlier node of its document defines.
    public static let unknownAlias = Kind("unknownAlias")
    /// Aliases that repeat more values than `JSON.yamlAliasLimit` allows: an alias
    /// bomb such as "billion laughs".
    public static let aliasLimitExceeded = Kind("aliasLimitExceeded")
    /// Collections nested deeper than `JSON.yamlDepthLimit`.
    public static let depthLimitExceeded = Kind("depthLimitExceeded")
  }

  /// The category of the error.
  public let kind: Kind
  /// The 1-based line of the offending input.
  public let line: Int
  /// The 1-based column (in Unicode scalars) of the offending input.
  public let column: Int
  /// What the reader expected, such as `':' after a key` or `a unique key`.
  public let expected: String
  /// What it found, such as `'}'`, `end of input` or `a second 'a'`.
  public let found: String

  /// `line L, column C: expected …, found …`.
  public var description: String { "line \(line), column \(column): expected \(expected), found \(found)" }

  init(kind: Kind, line: Int, column: Int, expected: String, found: String) {
    self.kind = kind
    self.line = line
    self.column = column
    self.expected = expected
    self.found = found
  }

  init(_ kind: Kind = .syntax, at mark: Mark, expected: String, found: String) {
    self.init(kind: kind, line: mark.line, column: mark.column + 1, expected: expected, found: found)
  }
}
