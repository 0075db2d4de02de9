import Argonaut
import ArgonautTestSupport
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

@Suite("The article's models", .offThePool)
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

/// The decoding snippets of the documentation (Argonaut.docc/WritingDecoders.md), run.
@Suite("README snippets: decoding", .offThePool)
struct ReadmeDecodingSnippets {
  @Test("the decode entry points")
  func entryPoints() throws {
    let userText = #"{"userName": "ada", "email": "ada@example.com"}"#
    let userJSON = try JSON(parsing: userText)
    let usersJSON: JSON = [userJSON, ["userName": "bob", "email": "bob@example.com"]]
    let responseJSON: JSON = ["user": userJSON]
    let one: Decoded<User> = decode(userJSON)  // or User.decode(userJSON)
    let many: Decoded<[User]> = decode(usersJSON)  // a root array: [{...}, {...}]
    let wrapped: Decoded<User> = decode(responseJSON, rootKey: "user")  // {"user": {...}}
    let maybe: User? = decode(userJSON)  // drops the error
    let fromText: Decoded<User> = decode(parsing: userText)  // a parse error becomes a DecodeError
    #expect(one.value?.userName == "ada")
    #expect(many.value?.map(\.userName) == ["ada", "bob"])
    #expect(wrapped == one)
    #expect(maybe == one.value)
    #expect(fromText == one)
    let notAnArray: Decoded<[User]> = decode(userJSON)
    #expect(
      notAnArray.error?.description
        == "(root): expected Array, found object {\"userName\":\"ada\",\"email\":\"ada@example.…")
    let broken: Decoded<User> = decode(parsing: "{1}")
    #expect(broken.error?.description == "(root): line 1, column 2: expected a string key or '}', found '1'")
  }

  @Test("the accessors")
  func accessors() throws {
    let json = try JSON(parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36}}"#)
    let name = json["user"]?["name"]?.stringValue  // "Ada"
    let french = json["user"]?["langs"]?[1]  // .string("fr")
    let age = json["user"]?["age"]?.intValue  // 36
    #expect(name == "Ada")
    #expect(french == .string("fr"))
    #expect(age == 36)
  }
}
