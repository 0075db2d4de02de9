import Argonaut
import ArgonautYAML
import Testing

/// Block and flow collections, complex keys, comments, documents and directives.
@Suite struct CollectionTests {
  @Test("Block mappings and sequences nest by indentation")
  func blockCollections() throws {
    let json = try JSON(
      yaml: """
        # a comment
        name: Ada   # trailing comment
        languages:
          - en
          - fr
        nested:
          deeper:
            - [1, 2]
            - {k: v}
        indentless:
        - a
        - b
        """)
    let expected: JSON = [
      "name": "Ada", "languages": ["en", "fr"], "nested": ["deeper": [[1, 2], ["k": "v"]]],
      "indentless": ["a", "b"],
    ]
    #expect(json == expected)
  }

  @Test("Flow collections, empty values and JSON-like keys")
  func flowCollections() throws {
    #expect(
      try JSON(yaml: "{a: [1, {b: c}], d: , \"e\":f, g}") == ["a": [1, ["b": "c"]], "d": .null, "e": "f", "g": .null])
    #expect(try JSON(yaml: "[a: 1, b]") == [["a": 1], "b"])
    #expect(try JSON(yaml: "[]") == [])
    #expect(try JSON(yaml: "{}") == [:])
  }

  @Test("Members keep their order")
  func order() throws {
    let json = try JSON(yaml: "z: 1\na: 2\nm: 3\n")
    #expect(json.objectValue?.keys == ["z", "a", "m"])
  }

  @Test("'? ' complex keys are read when they are scalars")
  func complexScalarKeys() throws {
    #expect(try JSON(yaml: "? a\n: 1\n? |\n  block key\n: 2\n") == ["a": 1, "block key\n": 2])
  }

  @Test(
    "A collection as a key is an error",
    arguments: [
      ("? [a, b]\n: 1\n", "line 1, column 3: expected a scalar key, found a sequence"),
      ("? {a: b}\n: 1\n", "line 1, column 3: expected a scalar key, found a mapping"),
      ("{[a]: 1}", "line 1, column 2: expected a scalar key, found a sequence"),
    ])
  func nonScalarKey(yaml: String, message: String) {
    do {
      _ = try JSON(yaml: yaml)
      Issue.record("accepted")
    } catch {
      #expect(error.description == message)
      #expect(error.kind == .unrepresentable)
    }
  }

  @Test(
    "A duplicate key is an error at the second key",
    arguments: [
      ("a: 1\nb: 2\na: 3\n", "line 3, column 1: expected a unique key, found a second 'a'"),
      ("{x: 1, x: 2}", "line 1, column 8: expected a unique key, found a second 'x'"),
      ("outer:\n  k: 1\n  'k': 2\n", "line 3, column 3: expected a unique key, found a second 'k'"),
    ])
  func duplicateKey(yaml: String, message: String) {
    do {
      _ = try JSON(yaml: yaml)
      Issue.record("accepted")
    } catch {
      #expect(error.description == message)
      #expect(error.kind == .duplicateKey)
    }
  }

  @Test("A stream holds documents; JSON(yaml:) wants one")
  func documents() throws {
    let yaml = "%YAML 1.2\n--- 1\n...\n--- two\n---\n- 3\n"
    #expect(try JSON.documents(yaml: yaml) == [1, "two", [3]])
    #expect(try JSON.documents(yaml: "") == [])
    #expect(try JSON.documents(yaml: "# only a comment\n") == [])
    #expect(try JSON(yaml: "") == .null)
    #expect(try JSON(yaml: "---\n...\n") == .null)
    do {
      _ = try JSON(yaml: yaml)
      Issue.record("accepted")
    } catch {
      #expect(error.description == "line 4, column 1: expected one document, found a second document")
    }
  }

  @Test("A byte order mark and CRLF line breaks are read")
  func bomAndCRLF() throws {
    #expect(try JSON(yaml: "\u{FEFF}a: 1\r\nb: |\r\n  x\r\n") == ["a": 1, "b": "x\n"])
  }

  @Test(
    "Syntax errors say where and what was expected",
    arguments: [
      ("a: [1, 2\n", "line 2, column 1: expected ',' or ']', found end of input"),
      ("a: {b: 1\n", "line 2, column 1: expected ',' or '}', found end of input"),
      ("[1, 2", "line 2, column 1: expected ',' or ']', found end of input"),
      ("a: 1 #ok\nb: \"x\"#no\n", "line 2, column 7: expected whitespace before a comment, found '#'"),
      ("a:\n\tb: 1\n", "line 2, column 1: expected indentation with spaces, found a tab"),
      ("- a\n-\t- b\n", "line 2, column 2: expected indentation with spaces, found a tab"),
      ("a: 1\n b: 2\n", "line 2, column 3: expected a value, found ':' (a mapping value where none may start)"),
      ("key: value\nnext\n", "line 2, column 1: expected ':' after the key, found end of input"),
      ("a: 1\n]\n", "line 2, column 1: expected a value, found ']' outside a flow collection"),
      ("%YAML 2.0\n---\n", "line 1, column 1: expected YAML version 1.x, found '%YAML'"),
      ("!x!y z\n", "line 1, column 1: expected a %TAG directive for the handle '!x!', found tag '!x!y'"),
      ("a: b\u{1}\n", "line 1, column 5: expected a printable character, found control character U+0001"),
    ])
  func syntaxErrors(yaml: String, message: String) {
    do {
      _ = try JSON.documents(yaml: yaml)
      Issue.record("accepted: \(yaml)")
    } catch {
      #expect(error.description == message)
      #expect(
        error.description
          == "line \(error.line), column \(error.column): expected \(error.expected), found \(error.found)")
    }
  }

  @Test("Nesting deeper than the limit is an error, not a stack overflow")
  func depthLimit() {
    let flow = String(repeating: "[", count: 10_000)
    let block = (0..<2_000).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
    for yaml in [flow, block] {
      do {
        _ = try JSON(yaml: yaml)
        Issue.record("accepted")
      } catch {
        #expect(error.kind == .depthLimitExceeded)
      }
    }
  }
}
