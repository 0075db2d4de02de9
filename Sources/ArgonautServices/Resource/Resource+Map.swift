extension Resource {
  /// A resource with the same request, whose value is `transform` of this one's.
  ///
  /// ```swift
  /// let titles = feedResource.map { feed in feed.posts.map(\.title) }
  /// ```
  ///
  /// - Parameter transform: Makes the new value. An error it throws fails the load:
  ///   a ``ServiceError`` keeps its kind, any other error becomes a
  ///   ``ServiceError/Kind/parseFailed`` error.
  /// - Returns: The new resource.
  public func map<NewValue>(
    _ transform: @escaping @Sendable (Value) throws -> NewValue
  ) -> Resource<NewValue> {
    let finish = self.finish
    var mapped = Resource<NewValue>(request: request, validators: validators) { response throws(ServiceError) in
      switch try finish(response) {
      case .value(let value):
        do {
          return .value(try transform(value))
        } catch let error as ServiceError {
          throw error
        } catch {
          throw .parseFailed(error, valueName: String(describing: NewValue.self), response: response)
        }
      case .load(let next):
        return .load(next.map(transform))
      }
    }
    mapped.alsoAccepted = alsoAccepted
    return mapped
  }

  /// A resource that loads this one, then the resource that `transform` makes of its
  /// value: two requests, the second depending on the first.
  ///
  /// ```swift
  /// let avatar = userResource.flatMap { user in
  ///   Resource<Data>(Request(.get, user.avatarURL), parse: .image)
  /// }
  /// let bytes = try await service.load(avatar)   // GET /users/42, then the avatar
  /// ```
  ///
  /// Each request has the deadline, cancellation and validation of a load of its own;
  /// the ``Response`` of the whole is the last one's.
  ///
  /// - Parameter transform: Makes the second resource from the first one's value.
  /// - Returns: The combined resource.
  public func flatMap<NewValue>(
    _ transform: @escaping @Sendable (Value) -> Resource<NewValue>
  ) -> Resource<NewValue> {
    let finish = self.finish
    var chained = Resource<NewValue>(request: request, validators: validators) { response throws(ServiceError) in
      switch try finish(response) {
      case .value(let value):
        return .load(transform(value))
      case .load(let next):
        return .load(next.flatMap(transform))
      }
    }
    chained.alsoAccepted = alsoAccepted
    return chained
  }
}
