import Argonaut
import ArgonautYAML
import Testing

/// The five scalar styles, with folding, escapes, chomping and indentation indicators.
@Suite struct ScalarStyleTests {
  @Test(
    "Each style reads its text",
    arguments: [
      ("a: plain text\n", "plain text"),
      ("a: plain\n  folded\n\n  lines\n", "plain folded\nlines"),
      ("a: 'it''s'\n", "it's"),
      ("a: 'one\n  two'\n", "one two"),
      ("a: \"tab\\tquote\\\"slash\\\\\"\n", "tab\tquote\"slash\\"),
      (
        "a: \"\\x41\\u00e9\\U0001F600\\N\\_\\L\\P\\0\\a\\b\\e\\f\\r\\v\\/\\ \"\n",
        "A\u{E9}\u{1F600}\u{85}\u{A0}\u{2028}\u{2029}\u{0}\u{7}\u{8}\u{1B}\u{C}\r\u{B}/ "
      ),
      ("a: \"line \\\n  joined\"\n", "line joined"),
      ("a: |\n  one\n  two\n", "one\ntwo\n"),
      ("a: >\n  one\n  two\n\n  three\n", "one two\nthree\n"),
      ("a: >\n  one\n    indented\n  two\n", "one\n  indented\ntwo\n"),
      ("a: |-\n  text\n\n", "text"),
      ("a: |+\n  text\n\n", "text\n\n"),
      ("a: |\n  text\n\n\n", "text\n"),
      ("a: |2\n    two more\n", "  two more\n"),
      ("a: >-2\n   x\n", " x"),
      ("a: |  # a comment\n  x\n", "x\n"),
    ])
  func styles(yaml: String, expected: String) throws {
    #expect(try JSON(yaml: yaml) == ["a": .string(expected)])
  }

  @Test("A bad escape is an error that names it")
  func badEscape() {
    #expect(throws: YAMLParseError.self) { try JSON(yaml: "a: \"\\q\"") }
    do {
      _ = try JSON(yaml: "a: \"x\\q\"")
    } catch {
      #expect(error.description == "line 1, column 6: expected an escape sequence, found '\\q'")
    }
    do {
      _ = try JSON(yaml: "a: \"\\u12G4\"")
    } catch {
      #expect(error.description == "line 1, column 9: expected 4 hexadecimal digits in the escape sequence, found 'G'")
    }
  }

  @Test("An unclosed quoted scalar is an error")
  func unclosedQuote() {
    do {
      _ = try JSON(yaml: "a: \"open\n  b: 1\n")
      Issue.record("accepted")
    } catch {
      #expect(
        error.description
          == "line 3, column 1: expected the closing '\"' of the scalar started at line 1, found end of input")
    }
  }

  @Test("An indentation indicator of 0 is an error")
  func zeroIndentation() {
    #expect(throws: YAMLParseError.self) { try JSON(yaml: "a: |0\n  x\n") }
  }
}
