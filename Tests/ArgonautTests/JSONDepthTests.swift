import Argonaut
import Testing

@Suite("Nesting depth")
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

  @Test("1,000,000 levels parse, print, compare and hash when allowed")
  func millionLevelsAllowed() throws {
    let text = Self.nestedArrays(1_000_000)
    let options = JSONParsingOptions(maximumDepth: 1_000_000)
    let json = try JSON(parsing: text, options: options)
    #expect(json.description == text)
    let again = try JSON(parsing: text, options: options)
    #expect(json == again)
    #expect(json.hashValue == again.hashValue)
    let objects = try JSON(parsing: Self.nestedObjects(1_000_000), options: options)
    #expect(objects.description == Self.nestedObjects(1_000_000))
    #expect(objects != json)
  }
}
