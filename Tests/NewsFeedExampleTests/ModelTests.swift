import Argonaut
import Foundation
import NewsFeedExample
import Testing

@Suite("The example models decode as in the article")
struct ModelTests {
  @Test("A user decodes with and without its optional full name")
  func user() throws {
    let full: Decoded<User> = decode(
      parsing: #"{"userName": "ada", "email": "ada@example.com", "fullName": "Ada Lovelace"}"#)
    #expect(full.value == User(userName: "ada", email: "ada@example.com", fullName: "Ada Lovelace"))
    let missing: Decoded<User> = decode(parsing: #"{"userName": "grace", "email": "grace@example.com"}"#)
    #expect(missing.value == User(userName: "grace", email: "grace@example.com", fullName: nil))
    let null: Decoded<User> = decode(parsing: #"{"userName": "grace", "email": "grace@example.com", "fullName": null}"#)
    #expect(null.value?.fullName == nil)
  }

  @Test("A user without an email, and with a numeric name, reports both failures with their paths")
  func userErrors() {
    let user: Decoded<User> = decode(parsing: #"{"userName": 12}"#)
    #expect(user.error?.description == "userName: expected String, found number 12\nemail: missing key")
  }

  @Test("A post reads datePosted from the key postDate")
  func post() {
    let post: Decoded<NewsFeedPost> = decode(parsing: #"{"title": "T", "postDate": "2024-05-01", "headline": "H"}"#)
    #expect(post.value == NewsFeedPost(title: "T", datePosted: "2024-05-01", headline: "H"))
    let wrongKey: Decoded<NewsFeedPost> = decode(
      parsing: #"{"title": "T", "datePosted": "2024-05-01", "headline": "H"}"#)
    #expect(wrongKey.error?.description == "postDate: missing key")
  }

  @Test("A feed names the failing post by its index")
  func feedPath() {
    let feed: Decoded<NewsFeed> = decode(
      parsing: #"{"posts": [{"title": "a", "postDate": "d", "headline": "h"}, {"title": "b", "headline": "h"}]}"#)
    #expect(feed.error?.description == "posts[1].postDate: missing key")
    #expect(feed.error?.path == ["posts", 1, "postDate"])
  }

  @Test("An API error body decodes its message")
  func apiError() {
    let error: Decoded<APIError> = decode(parsing: #"{"error": "invalid credentials"}"#)
    #expect(error.value == APIError(message: "invalid credentials"))
  }
}
