import Foundation

// Loading resources: on every service, whatever its `Model`.

extension Service {
  /// Loads `resource` and returns its value.
  ///
  /// ```swift
  /// let user = try await anyService.load(Resource<User>(Request(.get, "/users/{id}", pathParameters: ["id": "42"])))
  /// ```
  ///
  /// The load has the deadline, cancellation, status check and redaction of
  /// `getRequest`: cancelling the calling task ends it with a
  /// ``ServiceError/Kind/cancelled`` error.
  ///
  /// - Parameter resource: The resource.
  /// - Returns: The value that the resource's parse step made.
  /// - Throws: ``ServiceError``: the kinds of `getRequest`, and those of validators
  ///   and parse steps (``ServiceError/Kind/parseFailed``,
  ///   ``ServiceError/Kind/unacceptableContentType``, ``ServiceError/Kind/validationFailed``).
  public func load<Value>(_ resource: Resource<Value>) async throws(ServiceError) -> Value {
    try await ResourceLoader.load(resource, in: configuration).response.value
  }

  /// Loads `resource` and returns its value with the response's status and headers.
  ///
  /// ```swift
  /// let response = try await github.loadResponse(events)
  /// let remaining = response.header("X-RateLimit-Remaining").flatMap(Int.init)
  /// ```
  ///
  /// - Parameter resource: The resource.
  /// - Returns: The value, the status code and the header fields.
  /// - Throws: ``ServiceError``, as ``load(_:)``.
  public func loadResponse<Value>(_ resource: Resource<Value>) async throws(ServiceError) -> Response<Value> {
    try await ResourceLoader.load(resource, in: configuration).response
  }

  /// Loads `resource` and hands its value, or the error, to `completion`.
  ///
  /// ```swift
  /// let call = anyService.load(user) { result in print(result) }
  /// call.cancel()   // the completion runs once, with a `.cancelled` error
  /// ```
  ///
  /// - Parameters:
  ///   - resource: The resource.
  ///   - completion: Runs exactly once, on the configuration's callback queue: with
  ///     the value, the error, or a ``ServiceError/Kind/cancelled`` error after
  ///     ``ServiceTask/cancel()``.
  /// - Returns: A handle that can cancel the load.
  @discardableResult
  public func load<Value: Sendable>(
    _ resource: Resource<Value>, completion: @escaping @Sendable (Result<Value, ServiceError>) -> Void
  ) -> ServiceTask {
    loadResponse(resource) { result in completion(result.map(\.value)) }
  }

  /// Loads `resource` and hands its value, status and headers, or the error, to
  /// `completion`.
  ///
  /// - Parameters:
  ///   - resource: The resource.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the load.
  @discardableResult
  public func loadResponse<Value: Sendable>(
    _ resource: Resource<Value>, completion: @escaping @Sendable (Result<Response<Value>, ServiceError>) -> Void
  ) -> ServiceTask {
    let configuration = self.configuration
    let request = resource.request
    return ServiceTask.run(
      on: configuration.callbackQueue,
      cancellation: { .cancelled(request, try? request.resolved(in: configuration)) },
      operation: { () async throws(ServiceError) in try await ResourceLoader.load(resource, in: configuration).response
      },
      completion: completion)
  }
}
