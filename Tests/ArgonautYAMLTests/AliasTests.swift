import Argonaut
import ArgonautYAML
import Testing

/// Anchors and aliases: expanded, and bounded.
@Suite struct AliasTests {
  @Test("An alias repeats its anchor's value")
  func expansion() throws {
    let json = try JSON(
      yaml: """
        base: &base {x: 1, y: [a, b]}
        copy: *base
        list: [&n 3, *n]
        *n : as a key
        """)
    #expect(
      json == [
        "base": ["x": 1, "y": ["a", "b"]], "copy": ["x": 1, "y": ["a", "b"]], "list": [3, 3], "3": "as a key",
      ])
  }

  @Test("An anchor can be redefined; an alias takes the latest")
  func redefinition() throws {
    #expect(try JSON(yaml: "- &a 1\n- *a\n- &a 2\n- *a\n") == [1, 1, 2, 2])
  }

  @Test("An alias to an unknown anchor is an error")
  func unknownAnchor() {
    do {
      _ = try JSON(yaml: "a: 1\nb: *missing\n")
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .unknownAlias)
      #expect(
        error.description
          == "line 2, column 4: expected an anchor '&missing' defined before the alias, found '*missing'")
    }
    // Anchors belong to their document.
    #expect(throws: YAMLParseError.self) { try JSON.documents(yaml: "--- &a 1\n--- *a\n") }
    // An alias inside its own anchor's node would be a cycle.
    #expect(throws: YAMLParseError.self) { try JSON(yaml: "&a [*a]") }
  }

  /// Nine levels of ten aliases each: 10^9 values once expanded.
  static let billionLaughs = """
    a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]
    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
    e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
    f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
    g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]
    h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]
    i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]
    """

  @Test("An alias bomb stops at the documented bound")
  func billionLaughs() {
    do {
      _ = try JSON(yaml: Self.billionLaughs)
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .aliasLimitExceeded)
      #expect(error.line == 6)  // the first alias of `f` that goes past 1,000,000
      #expect(
        error.expected == "aliases that repeat at most \(JSON.yamlAliasLimit) values in a document")
    }
  }

  @Test("Aliases up to the bound are expanded")
  func withinTheBound() throws {
    // Six levels: 10^6 values in the last line's node, but its own aliases repeat
    // 10 × 111,111 = 1,111,110 values in total, over the limit; five levels are under it.
    let five = Self.billionLaughs.split(separator: "\n").prefix(5).joined(separator: "\n")
    let json = try JSON(yaml: five)
    #expect(json["e"]?[9]?[9]?[9]?[9]?[9] == "lol")
    let six = Self.billionLaughs.split(separator: "\n").prefix(6).joined(separator: "\n")
    #expect(throws: YAMLParseError.self) { try JSON(yaml: six) }
  }
}
