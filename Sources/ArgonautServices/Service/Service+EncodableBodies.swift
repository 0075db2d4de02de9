import Argonaut

// `postRequest`, `putRequest` and `patchRequest` with any `JSONEncodable` body: a
// model, an array of models, a `[String: T]`. They are disfavored overloads, so a
// `JSON` value or a `JSON` literal (`["title": "New title"]`) still picks the
// `body: JSON?` methods and keeps its key order.

extension Service where Model: Decodable, Model.DecodedType == Model {
  /// Sends a `POST` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// ```swift
  /// issueService.postRequest(url: "/issues", body: newIssue) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @_disfavoredOverload
  @discardableResult
  public func postRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.post, url, parameters, headers, body.encode()), completion: completion)
  }

  /// Sends a `POST` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// ```swift
  /// let created = try await issueService.postRequest(url: "/issues", body: newIssue)
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  @_disfavoredOverload
  public func postRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.post, url, parameters, headers, body.encode()))
  }

  /// Sends a `PUT` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @_disfavoredOverload
  @discardableResult
  public func putRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.put, url, parameters, headers, body.encode()), completion: completion)
  }

  /// Sends a `PUT` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  @_disfavoredOverload
  public func putRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.put, url, parameters, headers, body.encode()))
  }

  /// Sends a `PATCH` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @_disfavoredOverload
  @discardableResult
  public func patchRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.patch, url, parameters, headers, body.encode()), completion: completion)
  }

  /// Sends a `PATCH` request whose body is `body`, encoded as JSON, and decodes the
  /// response as `Model`.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The value sent, as `application/json`.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  @_disfavoredOverload
  public func patchRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: some JSONEncodable
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.patch, url, parameters, headers, body.encode()))
  }
}
