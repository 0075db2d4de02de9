import Testing

@testable import Argonaut

/// The scanner's inline escape path (`JSONScanner.commonEscapeLength`) accepts
/// exactly the escapes RFC 8259 allows, and every rejected escape is reported at
/// the same byte as by the full path, near the end of the input or far from it.
@Suite("String escapes")
struct StringEscapeTests {
  /// Parses `["<text>"<padding>]` and returns the error, or nil.
  static func parseError(_ text: String, padding: Int) -> JSONParseError? {
    do {
      _ = try JSON(parsing: "[\"" + text + "\"" + String(repeating: " ", count: padding) + "]")
      return nil
    } catch {
      return error
    }
  }

  @Test("Every valid escape parses to its value, with and without room for the inline path")
  func validEscapes() throws {
    let cases: [(String, String)] = [
      (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\n"#, "\n"),
      (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u0041"#, "A"), (#"\u00e9"#, "é"), (#"\u00E9"#, "é"), (#"\uFFFF"#, "\u{FFFF}"),
      (#"\uD7FF"#, "\u{D7FF}"), (#"\uE000"#, "\u{E000}"), (#"\ud83d\ude80"#, "🚀"), (#"\uD800\uDC00"#, "\u{10000}"),
      (#"\uDBFF\uDFFF"#, "\u{10FFFF}"), (#"\uaBcD"#, "\u{ABCD}"),
    ]
    for (escape, value) in cases {
      for padding in [0, 20] {
        let json = try JSON(parsing: "[\"" + escape + "\"" + String(repeating: " ", count: padding) + "]")
        #expect(json == [JSON(stringLiteral: value)], "\(escape) padded by \(padding)")
        let inside = try JSON(parsing: "[\"ab" + escape + "cd\"" + String(repeating: " ", count: padding) + "]")
        #expect(inside == [JSON(stringLiteral: "ab" + value + "cd")], "\(escape) inside text")
      }
    }
  }

  @Test("Every invalid escape fails at the same byte, with and without room for the inline path")
  func invalidEscapes() {
    // The escape starts at offset 2 (after `["`); the expected offset of the error.
    let cases: [(String, Int)] = [
      (#"\x"#, 3), (#"\U0041"#, 3), (#"\u"#, 4), (#"\u004"#, 7), (#"\uG041"#, 4), (#"\u0G41"#, 5),
      (#"\u00G1"#, 6), (#"\u004G"#, 7), (#"\u004 "#, 7), (#"\uDC00"#, 2), (#"\uDFFF"#, 2), (#"\uD800"#, 8),
      (#"\uD800x"#, 8), (#"\uD800\n"#, 8), (#"\uD800\u0041"#, 8), (#"\uD800\uD800"#, 8), (#"\uD800\uE000"#, 8),
      (#"\uD800\uDG00"#, 11), (#"\uD800\uDC0"#, 13), (#"\uDBFF\u"#, 10), (#"\uD800\uDC0x"#, 13),
    ]
    for (escape, offset) in cases {
      for padding in [0, 20] {
        let error = Self.parseError(escape, padding: padding)
        #expect(error?.kind == .invalidString, "\(escape) padded by \(padding)")
        #expect(error?.offset == offset, "\(escape) padded by \(padding)")
      }
    }
  }
}
