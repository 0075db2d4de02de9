/// An error thrown when text is not a valid JSON document.
///
/// The description reads like a compiler diagnostic: where, what was expected, and
/// what was found.
///
/// ```swift
/// do {
///   _ = try JSON(parsing: "{\"a\": [1, 2,]}")
/// } catch {
///   print(error)  // line 1, column 13: expected a value, found ']'
/// }
/// ```
///
/// Lines and columns are 1-based. A column counts Unicode scalars, so a multi-byte
/// character counts once; a line ends at `\n`.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The category of a parse error. New categories may be added in later versions.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let name: String
    @usableFromInline init(_ name: String) { self.name = name }
    /// The text form, as it prints.
    public var description: String { name }

    /// A character that cannot appear where it was found, or a premature end.
    public static let unexpectedCharacter = Kind("unexpectedCharacter")
    /// A malformed number, such as `01`, `1.` or `-`.
    public static let invalidNumber = Kind("invalidNumber")
    /// A malformed string: an unescaped control character, a bad escape, or a lone surrogate.
    public static let invalidString = Kind("invalidString")
    /// Bytes that are not well-formed UTF-8.
    public static let invalidUTF8 = Kind("invalidUTF8")
    /// Containers nested deeper than `JSONParsingOptions.maximumDepth`.
    public static let depthLimitExceeded = Kind("depthLimitExceeded")
    /// A document larger than 4 GiB.
    public static let documentTooLarge = Kind("documentTooLarge")
  }

  /// The category of the error.
  public let kind: Kind
  /// The 0-based byte offset of the offending input.
  public let offset: Int
  /// The 1-based line of the offending input.
  public let line: Int
  /// The 1-based column (in Unicode scalars) of the offending input.
  public let column: Int
  /// What the parser expected, such as `a value` or `',' or ']'`.
  public let expected: String
  /// What it found, such as `'}'`, `end of input` or `byte 0xFF`.
  public let found: String

  /// `line L, column C: expected …, found …`.
  public var description: String { "line \(line), column \(column): expected \(expected), found \(found)" }

  /// The same error, placed in a larger text where the parsed document starts on
  /// line `line` and at byte `offset`: for documents cut from a stream, such as one
  /// line of a JSON Lines body.
  ///
  /// ```swift
  /// // the 7th line of an export, which starts at byte 412, is `{"id": }`
  /// let error = parseErrorOfTheLine.located(atLine: 7, offset: 412)
  /// print(error)  // line 7, column 8: expected a value, found '}'
  /// ```
  ///
  /// - Parameters:
  ///   - line: The 1-based line on which the document starts.
  ///   - offset: The 0-based byte offset at which the document starts.
  /// - Returns: The error with ``line`` and ``offset`` moved; ``column`` stays, since
  ///   the document starts a line.
  public func located(atLine line: Int, offset: Int) -> JSONParseError {
    JSONParseError(
      kind: kind, offset: self.offset + offset, line: self.line + line - 1, column: column, expected: expected,
      found: found)
  }

  init(kind: Kind, offset: Int, line: Int, column: Int, expected: String, found: String) {
    self.kind = kind
    self.offset = offset
    self.line = line
    self.column = column
    self.expected = expected
    self.found = found
  }

  /// Builds an error at byte `offset` of `bytes`, computing the line and column and
  /// describing what sits there. Only called on failure, so it may be slow.
  static func at(
    _ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, kind: Kind, expected: String, found: String? = nil
  ) -> JSONParseError {
    var line = 1
    var column = 1
    var i = 0
    while i < offset && i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return JSONParseError(
      kind: kind, offset: offset, line: line, column: column, expected: expected,
      found: found ?? describeInput(at: offset, in: bytes))
  }

  /// A short, printable rendering of the input at `offset`.
  static func describeInput(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard offset < bytes.count else { return "end of input" }
    let b = bytes[offset]
    switch b {
    case UInt8(ascii: "\n"): return "'\\n'"
    case UInt8(ascii: "\r"): return "'\\r'"
    case UInt8(ascii: "\t"): return "'\\t'"
    case UInt8(ascii: "'"): return "\"'\""
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(b)))'"
    case 0..<0x20, 0x7F: return "control character U+\(hex(UInt32(b), width: 4))"
    default:
      let length = UTF8Validation.sequenceLength(at: offset, in: bytes)
      guard length > 0 else { return "byte 0x\(hex(UInt32(b), width: 2))" }
      let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
      return "'\(scalar)'"
    }
  }

  static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }
}

/// Options for `JSON(parsing:options:)`.
public struct JSONParsingOptions: Hashable, Sendable {
  /// The deepest nesting of arrays and objects accepted; deeper input is a
  /// `JSONParseError` of kind `.depthLimitExceeded`. The default is 512.
  ///
  /// The parser never recurses, so any limit is safe for parsing itself; the limit
  /// protects the decoders that a program runs on the result.
  public var maximumDepth: Int

  /// Creates options.
  /// - Parameter maximumDepth: The deepest nesting accepted. Defaults to 512.
  public init(maximumDepth: Int = 512) {
    self.maximumDepth = maximumDepth
  }

  /// The defaults: a depth limit of 512.
  public static let `default` = JSONParsingOptions()
}
