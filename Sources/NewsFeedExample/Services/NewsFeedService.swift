import Argonaut
import ArgonautServices

/// Reads news feeds: the news feed API's `/newsFeed` domain.
///
/// ```swift
/// let feed = try await NewsFeedService().newsFeed(userId: "ada")
/// for post in feed.posts { print(post.datePosted, post.title) }
/// ```
///
/// The class declares nothing but its `Model` and its methods: the environment and
/// transport come from `ServiceConfiguration/current`.
public final class NewsFeedService: Service {
  /// The model that `getRequest` decodes.
  public typealias Model = NewsFeed

  /// Creates the service.
  public init() {}

  /// Fetches a user's feed with `GET /newsFeed?userId=…`.
  ///
  /// - Parameters:
  ///   - userId: The user whose feed to fetch, such as `ada`.
  ///   - completion: Runs exactly once with the feed or the error, on the
  ///     configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func newsFeed(
    userId: String, completion: @escaping @Sendable (Result<NewsFeed, ServiceError>) -> Void
  ) -> ServiceTask {
    getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil, completion: completion)
  }

  /// Fetches a user's feed with `GET /newsFeed?userId=…`.
  ///
  /// - Parameter userId: The user whose feed to fetch, such as `ada`.
  /// - Returns: The feed.
  /// - Throws: `ServiceError`.
  public func newsFeed(userId: String) async throws(ServiceError) -> NewsFeed {
    try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
  }
}
