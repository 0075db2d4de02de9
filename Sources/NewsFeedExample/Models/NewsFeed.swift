import Argonaut

/// A user's news feed: their posts, newest first as the API sends them.
///
/// ```json
/// {"posts": [{"title": "…", "postDate": "1843-09-01", "headline": "…"}]}
/// ```
public struct NewsFeed: Hashable, Sendable {
  /// The posts, in the API's order.
  public let posts: [NewsFeedPost]

  /// Creates a news feed.
  public init(posts: [NewsFeedPost]) {
    self.posts = posts
  }
}

extension NewsFeed: Decodable {
  /// Decodes a news feed; a post that fails names its index, as in `posts[1].postDate`.
  public static func decode(_ j: JSON) -> Decoded<NewsFeed> {
    curry(NewsFeed.init)
      <^> j <|| "posts"
  }
}
