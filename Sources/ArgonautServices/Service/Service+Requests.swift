import Argonaut

// The request methods: `getRequest` (the protocol's requirements) and `postRequest`,
// `putRequest`, `patchRequest` and `deleteRequest`, each in a completion and an async form.

extension Service where Model: Decodable, Model.DecodedType == Model {
  /// Sends a `GET` request and decodes the response as `Model`.
  ///
  /// ```swift
  /// getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func getRequest(
    url: String, parameters: [String: String]?, headers: [String: String]?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.get, url, parameters, headers, nil), completion: completion)
  }

  /// Sends a `GET` request and decodes the response as `Model`.
  ///
  /// ```swift
  /// let feed = try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func getRequest(url: String, parameters: [String: String]?, headers: [String: String]?)
    async throws(ServiceError) -> Model
  {
    try await send(.withJSONBody(.get, url, parameters, headers, nil))
  }

  /// Sends a `POST` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// postRequest(url: "/login", body: ["userName": .string(userName), "password": .string(password)]) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func postRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.post, url, parameters, headers, body), completion: completion)
  }

  /// Sends a `POST` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// let result = try await postRequest(url: "/login", body: ["userName": .string(userName), "password": .string(password)])
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func postRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.post, url, parameters, headers, body))
  }

  /// Sends a `PUT` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// putRequest(url: "/posts/7", body: ["title": "New title"]) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func putRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.put, url, parameters, headers, body), completion: completion)
  }

  /// Sends a `PUT` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// let result = try await putRequest(url: "/posts/7", body: ["title": "New title"])
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func putRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.put, url, parameters, headers, body))
  }

  /// Sends a `PATCH` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// patchRequest(url: "/posts/7", body: ["title": "New title"]) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func patchRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.patch, url, parameters, headers, body), completion: completion)
  }

  /// Sends a `PATCH` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// let result = try await patchRequest(url: "/posts/7", body: ["title": "New title"])
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func patchRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON?
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.patch, url, parameters, headers, body))
  }

  /// Sends a `DELETE` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// deleteRequest(url: "/posts/7", body: ["title": "New title"]) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func deleteRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON? = nil,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.delete, url, parameters, headers, body), completion: completion)
  }

  /// Sends a `DELETE` request with a JSON body and decodes the response as `Model`.
  ///
  /// ```swift
  /// let result = try await deleteRequest(url: "/posts/7", body: ["title": "New title"])
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - body: The JSON body, sent as `application/json`; `nil` sends none.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func deleteRequest(
    url: String, parameters: [String: String]? = nil, headers: [String: String]? = nil, body: JSON? = nil
  ) async throws(ServiceError) -> Model {
    try await send(.withJSONBody(.delete, url, parameters, headers, body))
  }
}

extension Request {
  /// The request that the request methods send: optional parameters and headers,
  /// and an optional JSON body.
  static func withJSONBody(
    _ method: HTTPMethod, _ url: String, _ parameters: [String: String]?, _ headers: [String: String]?, _ body: JSON?
  ) -> Request {
    Request(method, url, parameters: parameters, headers: headers ?? [:], body: body.map(RequestBody.json))
  }
}
