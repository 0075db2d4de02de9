import Argonaut
import ArgonautTestSupport
import Testing

@Suite("JSONParseError", .offThePool)
struct JSONParseErrorTests {
  static let cases: [(String, String)] = [
    (#"{"a": [1, 2,]}"#, "line 1, column 13: expected a value, found ']'"),
    ("{\n  \"a\": 1,\n  \"b\": }", "line 3, column 8: expected a value, found '}'"),
    ("", "line 1, column 1: expected a value, found end of input"),
    ("   \n  ", "line 2, column 3: expected a value, found end of input"),
    ("[1 2]", "line 1, column 4: expected ',' or ']', found '2'"),
    (#"{"a" 1}"#, "line 1, column 6: expected ':', found '1'"),
    ("{1:2}", "line 1, column 2: expected a string key or '}', found '1'"),
    (#"{"a":1,}"#, "line 1, column 8: expected a string key, found '}'"),
    (#"{"a":1 "b":2}"#, "line 1, column 8: expected ',' or '}', found '\"'"),
    ("[1] x", "line 1, column 5: expected end of input, found 'x'"),
    ("01", "line 1, column 2: expected no digit after a leading 0, found '1'"),
    ("[-007]", "line 1, column 4: expected no digit after a leading 0, found '0'"),
    ("-", "line 1, column 2: expected a digit, found end of input"),
    ("-x", "line 1, column 2: expected a digit, found 'x'"),
    ("1.", "line 1, column 3: expected a digit after '.', found end of input"),
    ("1.e5", "line 1, column 3: expected a digit after '.', found 'e'"),
    ("1e+", "line 1, column 4: expected a digit in the exponent, found end of input"),
    (".5", "line 1, column 1: expected a value, found '.'"),
    ("tru", "line 1, column 4: expected 'e' in 'true', found end of input"),
    ("nul1", "line 1, column 4: expected 'l' in 'null', found '1'"),
    ("True", "line 1, column 1: expected a value, found 'T'"),
    (#""abc"#, "line 1, column 5: expected '\"' to close the string, found end of input"),
    ("\"a\tb\"", "line 1, column 3: expected '\"' or an escaped control character, found '\\t'"),
    ("\"a\nb\"", "line 1, column 3: expected '\"' or an escaped control character, found '\\n'"),
    (#""\x""#, "line 1, column 3: expected an escape character (\", \\, /, b, f, n, r, t or u), found 'x'"),
    (#""\u12G4""#, "line 1, column 6: expected a hexadecimal digit, found 'G'"),
    (
      #""\uDC00""#,
      "line 1, column 2: expected a high surrogate (\\uD800-\\uDBFF) before a low surrogate, found '\\uDC00'"
    ),
    (#""\uD83D""#, "line 1, column 8: expected a low surrogate escape after \\uD83D, found '\"'"),
    (#""\uD83D\u0041""#, "line 1, column 8: expected a low surrogate (\\uDC00-\\uDFFF), found '\\u0041'"),
    (#"["é", x]"#, "line 1, column 7: expected a value, found 'x'"),
    ("[\u{1}]", "line 1, column 2: expected a value, found control character U+0001"),
    ("[é]", "line 1, column 2: expected a value, found 'é'"),
    ("{'a': 1}", "line 1, column 2: expected a string key or '}', found \"'\""),
  ]

  @Test("descriptions read like compiler diagnostics", arguments: cases)
  func exactDescription(_ input: String, _ expected: String) {
    #expect(throws: JSONParseError.self) { try JSON(parsing: input) }
    do {
      _ = try JSON(parsing: input)
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test("the error carries offset, line, column, expected, found and kind")
  func fields() throws {
    let error = try #require(throws: JSONParseError.self) { try JSON(parsing: "{\n  \"a\": tru }") }
    #expect(error.offset == 12)
    #expect(error.line == 2)
    #expect(error.column == 11)
    #expect(error.expected == "'e' in 'true'")
    #expect(error.found == "' '")
    #expect(error.kind == .unexpectedCharacter)
  }

  @Test("invalid UTF-8 is reported as a byte")
  func invalidUTF8() throws {
    let error = try #require(throws: JSONParseError.self) { try JSON(parsing: [0x22, 0x61, 0xFF, 0x22] as [UInt8]) }
    #expect(error.description == "line 1, column 3: expected well-formed UTF-8, found byte 0xFF")
    #expect(error.kind == .invalidUTF8)
  }

  @Test("invalid UTF-8 inside a run of valid multi-byte text is found where it is")
  func invalidUTF8InRun() throws {
    // "日本語" then an overlong encoding of '/', then a surrogate encoded in UTF-8.
    let valid = Array("\"日本語ßé🚀".utf8)
    let overlong = try #require(throws: JSONParseError.self) { try JSON(parsing: valid + [0xC0, 0xAF, 0x22]) }
    #expect(overlong.offset == valid.count)
    #expect(overlong.column == 8)
    let surrogate = try #require(throws: JSONParseError.self) { try JSON(parsing: valid + [0xED, 0xA0, 0x80, 0x22]) }
    #expect(surrogate.description == "line 1, column 8: expected well-formed UTF-8, found byte 0xED")
    let truncated = try #require(throws: JSONParseError.self) { try JSON(parsing: valid + [0xE6, 0x97]) }
    #expect(truncated.kind == .invalidUTF8)
    #expect(try JSON(parsing: valid + [0x22]) == .string("日本語ßé🚀"))
  }

  @Test("kinds distinguish numbers, strings and nesting")
  func kinds() throws {
    #expect(try #require(throws: JSONParseError.self) { try JSON(parsing: "-") }.kind == .invalidNumber)
    #expect(try #require(throws: JSONParseError.self) { try JSON(parsing: #""\q""#) }.kind == .invalidString)
    let deep = String(repeating: "[", count: 3)
    let options = JSONParsingOptions(maximumDepth: 2)
    #expect(
      try #require(throws: JSONParseError.self) { try JSON(parsing: deep, options: options) }.kind
        == .depthLimitExceeded)
  }
}
