import Argonaut

/// A small class per API domain, such as `UserService` or `NewsFeedService`, whose
/// requests decode into one `Model`.
///
/// A conforming class declares its `Model` and its own methods; the protocol's
/// default implementations build the request, send it, validate the status and
/// decode the body:
///
/// ```swift
/// final class NewsFeedService: Service {
///   typealias Model = NewsFeed
///   func newsFeed(userId: String, completion: @escaping @Sendable (Result<NewsFeed, ServiceError>) -> Void) {
///     getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil, completion: completion)
///   }
///   func newsFeed(userId: String) async throws(ServiceError) -> NewsFeed {
///     try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
///   }
/// }
/// ```
///
/// Besides `getRequest`, the defaults offer `postRequest`, `putRequest`,
/// `patchRequest` and `deleteRequest` with a JSON body, and `send(_:)` for any
/// ``Request``; each in a completion form, which returns a ``ServiceTask`` that can
/// cancel, and an async form that throws ``ServiceError``.
///
/// Where requests go and how they travel comes from ``configuration``; see
/// ``ServiceConfiguration``.
public protocol Service: Sendable {
  /// The type that responses decode into.
  associatedtype Model

  /// The environment, transport, callback queue, default timeout and accepted
  /// statuses of this service's requests.
  ///
  /// The default implementation returns ``ServiceConfiguration/current``: the
  /// defaults (``URLSessionTransport/shared``, no base URL), or whatever a caller
  /// bound with `ServiceConfiguration.$current.withValue(_:operation:)`.
  var configuration: ServiceConfiguration { get }

  /// Sends a `GET` request and decodes the response as `Model`.
  ///
  /// The default implementation sends `Request(.get, url, parameters: parameters, headers: headers ?? [:])`
  /// with `send(_:completion:)`.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  func getRequest(
    url: String, parameters: [String: String]?, headers: [String: String]?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask

  /// Sends a `GET` request and decodes the response as `Model`.
  ///
  /// The default implementation sends `Request(.get, url, parameters: parameters, headers: headers ?? [:])`
  /// with `send(_:)`. Cancelling the calling task ends the call with a
  /// ``ServiceError/Kind/cancelled`` error.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  func getRequest(url: String, parameters: [String: String]?, headers: [String: String]?)
    async throws(ServiceError) -> Model
}

extension Service {
  /// The default implementation returns ``ServiceConfiguration/current``.
  public var configuration: ServiceConfiguration { ServiceConfiguration.current }
}
