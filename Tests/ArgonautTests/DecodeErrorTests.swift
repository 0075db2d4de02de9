import Argonaut
import ArgonautTestSupport
import Testing

/// A nested model, to see paths through objects, arrays and key paths.
private struct Feed: Decodable, Equatable {
  let posts: [Post]
  static func decode(_ j: JSON) -> Decoded<Feed> { curry(Feed.init) <^> j <|| "posts" }
}

private struct Post: Decodable, Equatable {
  let title: String
  let postDate: String
  let likes: Int
  static func decode(_ j: JSON) -> Decoded<Post> {
    curry(Post.init) <^> j <| "title" <*> j <| "postDate" <*> j <| ["stats", "likes"]
  }
}

@Suite("DecodeError", .offThePool)
struct DecodeErrorTests {
  func failure<T: Decodable>(_ type: T.Type, _ text: String) throws -> DecodeError where T.DecodedType == T {
    try #require(T.decode(try JSON(parsing: text)).error)
  }

  @Test("a missing key names its full path")
  func missingKey() throws {
    let text =
      #"{"posts": [{"title": "a", "postDate": "d", "stats": {"likes": 1}}, {"title": "b", "stats": {"likes": 2}}]}"#
    let error = try failure(Feed.self, text)
    #expect(error.description == "posts[1].postDate: missing key")
    #expect(error.path == ["posts", 1, "postDate"])
    #expect(error == .missingKey("postDate", path: ["posts", 1]))
  }

  @Test("a type mismatch says what was expected and what was found, through key paths")
  func typeMismatch() throws {
    let text = #"{"posts": [{"title": 12, "postDate": "d", "stats": {"likes": "many"}}]}"#
    let error = try failure(Feed.self, text)
    #expect(
      error.description == """
        posts[0].title: expected String, found number 12
        posts[0].stats.likes: expected Int, found string "many"
        """)
    #expect(error.errors.count == 2)
    #expect(error.errors.map(\.path) == [["posts", 0, "title"], ["posts", 0, "stats", "likes"]])
  }

  @Test("an applicative chain reports every failure, across array elements")
  func accumulation() throws {
    let text =
      #"{"posts": [{"stats": {}}, {"title": "ok", "postDate": "d", "stats": {"likes": 1}}, {"title": null, "postDate": [], "stats": 3}]}"#
    #expect(
      try failure(Feed.self, text).description == """
        posts[0].title: missing key
        posts[0].postDate: missing key
        posts[0].stats.likes: missing key
        posts[2].title: expected String, found null
        posts[2].postDate: expected String, found array []
        posts[2].stats: expected Object, found number 3
        """)
  }

  @Test("the root, odd keys and dictionary keys render clearly")
  func pathRendering() throws {
    #expect(try failure(Feed.self, "[1]").description == "(root): expected Object, found array [1]")
    #expect(
      JSONPath(["first name", 0, "a.b", "$ok", "9lives"]).description == #"["first name"][0]["a.b"].$ok["9lives"]"#)
    #expect(
      try failure([String: Int].self, #"{"a": 1, "b c": "x"}"#).description
        == #"["b c"]: expected Int, found string "x""#)
  }

  @Test("long found values are truncated")
  func truncation() throws {
    let long = String(repeating: "x", count: 100)
    let error = try failure(Int.self, "\"\(long)\"")
    #expect(error.description == "(root): expected Int, found string \"" + String(repeating: "x", count: 38) + "…")
    let big = try failure(String.self, "[" + (1...200).map(String.init).joined(separator: ",") + "]")
    #expect(big.description == "(root): expected String, found array [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16…")
  }

  @Test("custom errors are built as in Argo and gain a path as they leave a key")
  func custom() throws {
    struct Even: Decodable, Equatable {
      let value: Int
      static func decode(_ j: JSON) -> Decoded<Even> {
        Int.decode(j) >>- { $0 % 2 == 0 ? .success(Even(value: $0)) : .failure(.custom("\($0) is odd")) }
      }
    }
    let error = DecodeError.custom("message")
    #expect(error.description == "(root): message")
    let json = try JSON(parsing: #"{"n": {"m": 3}}"#)
    let decoded: Decoded<Even> = json.decode(["n", "m"])
    #expect(decoded.error?.description == "n.m: 3 is odd")
    #expect(
      DecodeError.typeMismatch(expected: "Date", found: "yesterday").description
        == #"(root): expected Date, found string "yesterday""#)
  }

  @Test("errors match as in Argo")
  func matching() throws {
    let error = try failure(Post.self, #"{"title": "t", "stats": {"likes": 1}}"#)
    guard case .missingKey(let key, let path) = error else {
      Issue.record("expected a missing key, got \(error)")
      return
    }
    #expect(key == "postDate" && path.isRoot)
    switch DecodeError.typeMismatch(expected: "Int", actual: "null") {
    case .typeMismatch(let expected, let actual, _): #expect(expected == "Int" && actual == "null")
    default: Issue.record("wrong case")
    }
  }

  @Test("parse errors surface as decode errors")
  func parseErrors() {
    let decoded: Decoded<Post> = decode(parsing: #"{"title": }"#)
    #expect(decoded.error == .custom("line 1, column 11: expected a value, found '}'"))
    let fromBytes: Decoded<[Int]> = decode(parsing: Array("[1, 2".utf8))
    #expect(fromBytes.error?.description == "(root): line 1, column 6: expected ',' or ']', found end of input")
  }
}
