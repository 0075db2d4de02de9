import Argonaut
import ArgonautTestSupport
import Testing

@Suite("LossyArray", .offThePool)
struct LossyArrayTests {
  struct Post: Equatable, Decodable {
    let id: Int
    let title: String

    static func decode(_ j: JSON) -> Decoded<Post> {
      build(Post.init, j <| "id", j <| "title")
    }
  }

  struct Feed: Equatable {
    let posts: [Post]
  }

  static let json: JSON = [
    "feed": [
      "posts": [
        ["id": 1, "title": "first"],
        ["id": 2],
        ["id": "3", "title": 3],
        ["id": 4, "title": "last"],
      ]
    ]
  ]

  @Test("keeps the good elements and reports the dropped ones with their paths")
  func keepsAndReports() throws {
    let posts = try Self.json.decodeLossyArray(["feed", "posts"], of: Post.self).get()
    #expect(posts.elements == [Post(id: 1, title: "first"), Post(id: 4, title: "last")])
    #expect(
      posts.dropped.map(\.description) == [
        "feed.posts[1].title: missing key",
        #"feed.posts[2].id: expected Int, found string "3""#,
        "feed.posts[2].title: expected String, found number 3",
      ])
    #expect(posts.count == 2 && posts.map(\.id) == [1, 4])
  }

  @Test("in a build call, as the plain array")
  func inBuild() throws {
    let feed = try #require(Self.json["feed"])
    let decoded = build(Feed.init, feed.decodeLossyArray("posts").map(\.elements))
    #expect(try decoded.get().posts.map(\.title) == ["first", "last"])
  }

  @Test("fails only when the value is not an array, or the key is missing")
  func failures() {
    let json: JSON = ["posts": ["id": 1]]
    #expect(
      json.decodeLossyArray("posts", of: Post.self).error?.description
        == #"posts: expected Array, found object {"id":1}"#)
    #expect(json.decodeLossyArray("other", of: Post.self).error == .missingKey("other"))
    #expect(
      JSON.array([]).decodeLossyArray("x", of: Post.self).error?.description
        == "(root): expected Object, found array []")
  }

  @Test("decodes as a model's field, with paths from the array")
  func asAField() throws {
    let lossy = try LossyArray<Int>.decode([1, "two", 3]).get()
    #expect(
      lossy
        == LossyArray(elements: [1, 3], dropped: [.typeMismatch(expected: "Int", actual: #"string "two""#, path: [1])]))
  }
}
