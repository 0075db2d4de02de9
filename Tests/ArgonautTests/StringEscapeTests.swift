import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The scanner's inline escape path (`JSONScanner.commonEscapeLength`) accepts
/// exactly the escapes RFC 8259 allows, and every rejected escape is reported at
/// the same byte as by the full path, near the end of the input or far from it.
@Suite("String escapes", .offThePool)
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

  /// The length the grammar gives the escape at the start of `bytes` when the inline
  /// path takes it: a one-character escape, a `\u` escape outside the surrogates, or a
  /// surrogate pair; else 0.
  static func referenceLength(_ bytes: [UInt8]) -> Int {
    func unit(at i: Int) -> UInt32? {
      var value: UInt32 = 0
      for byte in bytes[i..<i + 4] {
        guard let digit = JSONScanner.hexValue(byte) else { return nil }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    if Array(#""\/bfnrt"#.utf8).contains(bytes[1]) { return 2 }
    guard bytes[1] == UInt8(ascii: "u"), let high = unit(at: 2) else { return 0 }
    switch high {
    case 0xD800...0xDBFF:
      guard bytes[6] == UInt8(ascii: "\\"), bytes[7] == UInt8(ascii: "u"), let low = unit(at: 8) else { return 0 }
      return (0xDC00...0xDFFF).contains(low) ? 12 : 0
    case 0xDC00...0xDFFF: return 0
    default: return 6
    }
  }

  /// The inline length of the escape `bytes`, padded to the twelve bytes it may read.
  static func inlineLength(_ bytes: [UInt8]) -> Int {
    (bytes + Array(repeating: UInt8(ascii: "x"), count: 12)).withUnsafeBufferPointer {
      JSONScanner.commonEscapeLength($0.baseAddress!)
    }
  }

  @Test("The inline escape check agrees with the grammar for every byte at every position it reads")
  func inlineEscapeBytes() {
    let backslash = UInt8(ascii: "\\")
    for byte in UInt8.min...UInt8.max {
      let escape = [backslash, byte, 0x30, 0x30, 0x34, 0x31]
      #expect(Self.inlineLength(escape) == Self.referenceLength(escape + Array(repeating: 0, count: 6)), "\(byte)")
    }
    // Each digit of a unit, and each byte of a surrogate pair, replaced by every byte.
    let units = ["0041", "00e9", "D7FF", "d800", "DBFF", "DB7F", "DC00", "dfff", "E000", "FFFF", "aBcD"]
    let pairs = [#"\uD800\uDC00"#, #"\udbff\udfff"#, #"\uD83D\uDE80"#, #"\uDB00\uDCFF"#]
    let escapes = units.map { "\\u" + $0 + "zzzzzz" } + pairs
    for text in escapes {
      let bytes = Array(text.utf8)
      for position in 2..<12 {
        for byte in UInt8.min...UInt8.max {
          var changed = bytes
          changed[position] = byte
          #expect(Self.inlineLength(changed) == Self.referenceLength(changed), "\(text) with \(byte) at \(position)")
        }
      }
    }
  }
}
