import Argonaut

extension Service {
  /// Sends `request` and returns the response undecoded, once its status is accepted.
  ///
  /// For endpoints whose body is not a `Model`, such as a `204 No Content`:
  ///
  /// ```swift
  /// let response = try await service.response(for: Request(.delete, "/posts/{id}", pathParameters: ["id": "7"]))
  /// ```
  ///
  /// - Parameter request: The request.
  /// - Returns: The response.
  /// - Throws: ``ServiceError``.
  public func response(for request: Request) async throws(ServiceError) -> HTTPResponse {
    try await Pipeline.run(request, in: configuration).response
  }

  /// Sends `request` and hands the response, undecoded, to `completion`.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func response(
    for request: Request, completion: @escaping @Sendable (Result<HTTPResponse, ServiceError>) -> Void
  ) -> ServiceTask {
    ServiceTask.start(request, in: configuration) { result in completion(result.map(\.response)) }
  }
}

extension Service where Model: Decodable, Model.DecodedType == Model {
  /// Sends `request` and decodes the response as `Model`.
  ///
  /// ```swift
  /// let post = try await postService.send(Request(.get, "/posts/{id}", pathParameters: ["id": "7"]))
  /// ```
  ///
  /// Cancelling the calling task ends the call with a ``ServiceError/Kind/cancelled`` error.
  ///
  /// - Parameter request: The request.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``: invalid request, transport failure, timeout,
  ///   cancellation, unacceptable status, a body that is not JSON, or a decoding failure.
  public func send(_ request: Request) async throws(ServiceError) -> Model {
    try await Pipeline.run(request, in: configuration).decoded(as: Model.self)
  }

  /// Sends `request`, and hands the decoded model, or the error, to `completion`.
  ///
  /// ```swift
  /// let call = postService.send(Request(.get, "/posts/7")) { result in print(result) }
  /// call.cancel()
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - completion: Runs exactly once, on the configuration's callback queue; the
  ///     body is decoded there too.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func send(
    _ request: Request, completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    ServiceTask.start(request, in: configuration) { result in
      completion(
        result.flatMap { exchange in Result { () throws(ServiceError) in try exchange.decoded(as: Self.Model.self) } })
    }
  }
}
