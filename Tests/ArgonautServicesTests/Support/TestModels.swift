import Argonaut

/// A post, shaped as the example server's news feed posts.
struct Post: Hashable, Sendable, Decodable {
  let title: String
  let postDate: String
  let headline: String

  static func decode(_ j: JSON) -> Decoded<Post> {
    curry(Post.init) <^> j <| "title" <*> j <| "postDate" <*> j <| "headline"
  }
}

/// A feed, shaped as the example server's news feed.
struct Feed: Hashable, Sendable, Decodable {
  let posts: [Post]

  static func decode(_ j: JSON) -> Decoded<Feed> {
    Feed.init <^> j <|| "posts"
  }
}

/// The body of the example server's error responses.
struct ErrorBody: Hashable, Sendable, Decodable {
  let error: String

  static func decode(_ j: JSON) -> Decoded<ErrorBody> {
    ErrorBody.init <^> j <| "error"
  }
}

/// A model with a secret-looking field, to check that decoding errors redact it.
struct Session: Hashable, Sendable, Decodable {
  let accessToken: String

  static func decode(_ j: JSON) -> Decoded<Session> {
    Session.init <^> j <| "accessToken"
  }
}
