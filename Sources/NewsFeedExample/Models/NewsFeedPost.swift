import Argonaut

/// One post of a news feed.
///
/// ```json
/// {"title": "Notes on the Analytical Engine", "postDate": "1843-09-01", "headline": "Note G"}
/// ```
///
/// The property `datePosted` is read from the key `postDate`.
public struct NewsFeedPost: Hashable, Sendable {
  /// The post's title.
  public let title: String
  /// When it was posted, as the API writes it (`1843-09-01`); from the key `postDate`.
  public let datePosted: String
  /// A one-line summary.
  public let headline: String

  /// Creates a post.
  public init(title: String, datePosted: String, headline: String) {
    self.title = title
    self.datePosted = datePosted
    self.headline = headline
  }
}

extension NewsFeedPost: Decodable {
  /// Decodes a post; every key is required.
  public static func decode(_ j: JSON) -> Decoded<NewsFeedPost> {
    curry(NewsFeedPost.init)
      <^> j <| "title"
      <*> j <| "postDate"
      <*> j <| "headline"
  }
}
