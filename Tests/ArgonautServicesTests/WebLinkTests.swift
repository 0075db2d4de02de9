import Foundation
import Testing

@testable import ArgonautServices

@Suite("WebLink: Link header fields (RFC 8288)")
struct WebLinkTests {
  let base = URL(string: "https://api.example.com/v3/events?page=1")!

  @Test("Several links, each with its relations, in order")
  func severalLinks() throws {
    let links = try WebLink.parse(
      #"<https://api.example.com/v3/events?page=2>; rel="next", <https://api.example.com/v3/events?page=5>; rel="last""#,
      relativeTo: base)
    #expect(
      links.map(\.target.absoluteString) == [
        "https://api.example.com/v3/events?page=2", "https://api.example.com/v3/events?page=5",
      ])
    #expect(links.map(\.relations) == [["next"], ["last"]])
  }

  @Test("Quoted values may hold commas, semicolons and escaped quotes; a rel may hold several relations")
  func quotedParameters() throws {
    let links = try WebLink.parse(
      #"<a?x=1>; title="one, two; \"three\""; REL="Next  last"; crossorigin; type="text/html", <b>;rel=prev"#,
      relativeTo: base)
    #expect(links.count == 2)
    #expect(links[0].parameters["title"] == #"one, two; "three""#)
    #expect(links[0].relations == ["next", "last"])
    #expect(links[0].parameters["crossorigin"] == "")
    #expect(links[0].parameters["type"] == "text/html")
    #expect(links[1].relations == ["prev"])
  }

  @Test(
    "Relative targets resolve against the request's URL",
    arguments: [
      ("</v3/events?page=2>", "https://api.example.com/v3/events?page=2"),
      ("<events?page=2>", "https://api.example.com/v3/events?page=2"),
      ("<?page=2>", "https://api.example.com/v3/events?page=2"),
      ("<//cdn.example.com/x>", "https://cdn.example.com/x"),
      ("<https://other.example/p>", "https://other.example/p"),
    ])
  func relativeTargets(field: String, expected: String) throws {
    let links = try WebLink.parse(field + #"; rel="next""#, relativeTo: base)
    #expect(links.first?.target.absoluteString == expected)
  }

  @Test("Empty elements, whitespace and an empty field are allowed; the first rel wins")
  func lenientLists() throws {
    #expect(try WebLink.parse("", relativeTo: base).isEmpty)
    #expect(try WebLink.parse(" , ,", relativeTo: base).isEmpty)
    let links = try WebLink.parse(#" ,<x> ; rel = "next" ; rel=prev ,, <y>"#, relativeTo: base)
    #expect(links.map(\.relations) == [["next"], []])
  }

  @Test(
    "A field that does not parse says what was expected, and where",
    arguments: [
      ("https://a.example/x; rel=next", "expected '<' at character 1, found 'h'"),
      (#"<https://a.example/x; rel="next""#, "unclosed '<' at character 1"),
      (#"<x>; rel="next"#, "unterminated quoted string at character 10"),
      ("<x> rel=next", "expected ';' or ',' at character 5, found 'r'"),
      ("<x>; =next", "expected a parameter name at character 6, found '='"),
      ("<x>; rel=", "expected a value for 'rel' at character 10, found the end of the field"),
      (#"<x>; rel="next", http://y; rel=last"#, "expected '<' at character 18, found 'h'"),
    ])
  func malformed(field: String, message: String) {
    #expect(throws: WebLink.ParseError(description: message)) { try WebLink.parse(field, relativeTo: self.base) }
  }
}
