import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Nesting depth", .offThePool)
struct JSONDepthTests {
  static func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  static func nestedObjects(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth) + "null" + String(repeating: "}", count: depth)
  }

  @Test("512 levels are accepted by default, 513 are not")
  func defaultLimit() throws {
    _ = try JSON(parsing: Self.nestedArrays(512))
    _ = try JSON(parsing: Self.nestedObjects(512))
    let error = try #require(throws: JSONParseError.self) { try JSON(parsing: Self.nestedArrays(513)) }
    #expect(error.description == "line 1, column 513: expected at most 512 levels of nesting, found '['")
    #expect(error.kind == .depthLimitExceeded)
    #expect(throws: JSONParseError.self) { try JSON(parsing: Self.nestedObjects(513)) }
  }

  @Test("the limit is configurable")
  func configurable() throws {
    let options = JSONParsingOptions(maximumDepth: 3)
    _ = try JSON(parsing: "[[[]]]", options: options)
    #expect(throws: JSONParseError.self) { try JSON(parsing: "[[[[]]]]", options: options) }
    #expect(JSONParsingOptions.default.maximumDepth == 512)
  }

  @Test("1,000,000 levels are an error by default, never a stack overflow")
  func millionLevelsRejected() throws {
    let error = try #require(throws: JSONParseError.self) { try JSON(parsing: Self.nestedArrays(1_000_000)) }
    #expect(error.column == 513)
  }

  /// Deep enough that any recursive parser, printer, comparison or hash would overflow
  /// a thread's stack (a few hundred bytes a frame against 512 KiB to 8 MiB), yet cheap
  /// in a debug build: this suite must not hold the test run up.
  static let deep = 100_000

  @Test("100,000 levels parse, print, compare and hash when allowed")
  func deepLevelsAllowed() throws {
    let text = Self.nestedArrays(Self.deep)
    let options = JSONParsingOptions(maximumDepth: Self.deep)
    let json = try JSON(parsing: text, options: options)
    #expect(json.description == text)
    let again = try JSON(parsing: text, options: options)
    #expect(json == again)
    #expect(json.hashValue == again.hashValue)
    let objectsText = Self.nestedObjects(Self.deep)
    let objects = try JSON(parsing: objectsText, options: options)
    #expect(objects.description == objectsText)
    #expect(objects != json)
    #expect(throws: JSONParseError.self) {
      try JSON(parsing: text, options: JSONParsingOptions(maximumDepth: Self.deep - 1))
    }
  }

  /// Two spaces per level, up to 64 levels.
  static func indent(_ depth: Int) -> String { String(repeating: "  ", count: min(depth, 64)) }

  /// The pretty text of `nestedArrays(depth)` (depth ≥ 2), one bracket a line. Lines
  /// past 64 levels are all alike, so they are repeated rather than built one by one.
  static func prettyNestedArrays(_ depth: Int) -> String {
    let shallow = 0..<min(depth - 1, 64)
    let deepLines = max(0, depth - 1 - 64)
    return shallow.map { indent($0) + "[" }.joined(separator: "\n")
      + String(repeating: "\n" + indent(64) + "[", count: deepLines)
      + "\n" + indent(depth - 1) + "[]"
      + String(repeating: "\n" + indent(64) + "]", count: deepLines)
      + shallow.reversed().map { "\n" + indent($0) + "]" }.joined()
  }

  /// The pretty text of `nestedObjects(depth)` (depth ≥ 1), one member a line.
  static func prettyNestedObjects(_ depth: Int) -> String {
    let deepLines = max(0, depth - 64)
    return "{" + (1..<min(depth, 64)).map { "\n" + indent($0) + #""a": {"# }.joined()
      + String(repeating: "\n" + indent(64) + #""a": {"#, count: deepLines)
      + "\n" + indent(depth) + #""a": null"#
      + String(repeating: "\n" + indent(64) + "}", count: deepLines)
      + (0..<min(depth, 64)).reversed().map { "\n" + indent($0) + "}" }.joined()
  }

  @Test("pretty printing 100,000 levels stays linear: indentation stops growing at 64 levels")
  func deepPrettyPrinting() throws {
    #expect(Self.prettyNestedArrays(2) == "[\n  []\n]")
    #expect(Self.prettyNestedObjects(2) == "{\n  \"a\": {\n    \"a\": null\n  }\n}")
    #expect(Self.prettyNestedObjects(1) == "{\n  \"a\": null\n}")
    let options = JSONParsingOptions(maximumDepth: Self.deep)
    // Indenting every level in full would take 10^10 spaces and abort the process;
    // clamped, each line holds at most 128 spaces, then a bracket or a member.
    for (text, expected) in [
      (Self.nestedArrays(Self.deep), Self.prettyNestedArrays(Self.deep)),
      (Self.nestedObjects(Self.deep), Self.prettyNestedObjects(Self.deep)),
    ] {
      let json = try JSON(parsing: text, options: options)
      let pretty = JSONSerializer.pretty.string(from: json)
      #expect(pretty == expected)
      #expect(pretty.utf8.count < 2 * Self.deep * (128 + 10))
      #expect(try JSON(parsing: pretty, options: options) == json)
    }
    // Around the clamp, against a line-by-line construction.
    for depth in [63, 64, 65, 66, 70] {
      let arrays =
        (0..<depth - 1).map { Self.indent($0) + "[" } + [Self.indent(depth - 1) + "[]"]
        + (0..<depth - 1).reversed().map { Self.indent($0) + "]" }
      #expect(try JSON(parsing: Self.nestedArrays(depth)).serialized(.pretty) == arrays.joined(separator: "\n"))
      let objects =
        ["{"] + (1..<depth).map { Self.indent($0) + #""a": {"# } + [Self.indent(depth) + #""a": null"#]
        + (0..<depth).reversed().map { Self.indent($0) + "}" }
      #expect(try JSON(parsing: Self.nestedObjects(depth)).serialized(.pretty) == objects.joined(separator: "\n"))
    }
    #expect(JSONSerializer.pretty.string(from: try JSON(parsing: Self.nestedArrays(3))) == "[\n  [\n    []\n  ]\n]")
  }

  @Test("an indentation width of Int.max counts as 16 spaces")
  func hugeIndentWidth() throws {
    let wide = JSONSerializer(isPretty: true, indentWidth: .max)
    let sixteen = String(repeating: " ", count: 16)
    let expected: String = "[\n\(sixteen)[\n\(sixteen)\(sixteen)1\n\(sixteen)]\n]"
    #expect(wide.string(from: [[1]]) == expected)
  }
}
