import Argonaut
import Testing

// The models of the original article, decoded exactly as it wrote them.

private struct User: Equatable {
  let userName: String
  let email: String
  let fullName: String?
}

extension User: Decodable {
  static func decode(_ j: JSON) -> Decoded<User> {
    curry(User.init)
      <^> j <| "userName"
      <*> j <| "email"
      <*> j <|? "fullName"
  }
}

private struct NewsFeedPost: Equatable {
  let title: String
  let datePosted: String
  let headline: String
}

extension NewsFeedPost: Decodable {
  static func decode(_ j: JSON) -> Decoded<NewsFeedPost> {
    curry(NewsFeedPost.init)
      <^> j <| "title"
      <*> j <| "postDate"
      <*> j <| "headline"
  }
}

private struct NewsFeed: Equatable {
  let posts: [NewsFeedPost]
}

extension NewsFeed: Decodable {
  static func decode(_ j: JSON) -> Decoded<NewsFeed> {
    curry(NewsFeed.init) <^> j <|| "posts"
  }
}

@Suite("The article's models")
struct ArticleModelsTests {
  @Test("a user with and without the optional full name")
  func user() throws {
    let json = try JSON(parsing: #"{"userName": "ada", "email": "ada@example.com", "fullName": "Ada Lovelace"}"#)
    #expect(User.decode(json) == .success(User(userName: "ada", email: "ada@example.com", fullName: "Ada Lovelace")))
    let short: User? = decode(try JSON(parsing: #"{"userName": "bob", "email": "bob@example.com"}"#))
    #expect(short == User(userName: "bob", email: "bob@example.com", fullName: nil))
    let users: Decoded<[User]> = decode(parsing: #"[{"userName": "a", "email": "e"}, {"userName": "b", "email": "f"}]"#)
    #expect(users.value?.map(\.userName) == ["a", "b"])
    let wrapped: Decoded<User> = decode(parsing: #"{"user": {"userName": "c", "email": "g"}}"#, rootKey: "user")
    #expect(wrapped.value?.userName == "c")
  }

  @Test("a news feed reads datePosted from postDate")
  func newsFeed() throws {
    let text = #"{"posts": [{"title": "Hello", "postDate": "2026-11-22", "headline": "First"}]}"#
    #expect(
      try NewsFeed.decode(JSON(parsing: text))
        == .success(NewsFeed(posts: [NewsFeedPost(title: "Hello", datePosted: "2026-11-22", headline: "First")])))
  }

  @Test("a broken feed reports every problem with its path")
  func brokenFeed() throws {
    let text = #"{"posts": [{"title": "ok", "postDate": "d", "headline": "h"}, {"title": 3, "headline": "h"}]}"#
    #expect(
      try NewsFeed.decode(JSON(parsing: text)).error?.description == """
        posts[1].title: expected String, found number 3
        posts[1].postDate: missing key
        """)
  }
}
