/// The result of decoding: a value, or a `DecodeError` that says what went wrong
/// and where.
///
/// ```swift
/// let user: Decoded<User> = decode(json)
/// switch user {
/// case .success(let user): print(user.userName)
/// case .failure(let error): print(error)  // e.g. email: missing key
/// }
/// let name = try user.get().userName
/// ```
public enum Decoded<T> {
  /// Decoding produced a value.
  case success(T)
  /// Decoding failed.
  case failure(DecodeError)
}

extension Decoded: Sendable where T: Sendable {}
extension Decoded: Equatable where T: Equatable {}

extension Decoded {
  /// The value, or `nil` on failure.
  #if !DEBUG
    @inlinable
  #endif
  public var value: T? {
    guard case .success(let value) = self else { return nil }
    return value
  }

  /// The error, or `nil` on success.
  #if !DEBUG
    @inlinable
  #endif
  public var error: DecodeError? {
    guard case .failure(let error) = self else { return nil }
    return error
  }

  /// The value.
  /// - Throws: The `DecodeError` on failure.
  #if !DEBUG
    @inlinable
  #endif
  public func get() throws(DecodeError) -> T {
    switch self {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }

  /// Wraps a `Result`.
  #if !DEBUG
    @inlinable
  #endif
  public init(_ result: Result<T, DecodeError>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// This value as a `Result`.
  #if !DEBUG
    @inlinable
  #endif
  public var result: Result<T, DecodeError> {
    switch self {
    case .success(let value): return .success(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// A failure with a `.custom` error.
  #if !DEBUG
    @inlinable
  #endif
  public static func customError(_ message: String) -> Decoded<T> {
    .failure(.custom(message))
  }

  /// The value, or a `.custom` failure with `message` when it is `nil`.
  #if !DEBUG
    @inlinable
  #endif
  public static func fromOptional(_ value: T?, orFailWith message: @autoclosure () -> String) -> Decoded<T> {
    guard let value else { return .failure(.custom(message())) }
    return .success(value)
  }

  /// On failure, puts `component` in front of the error's path. Free on success.
  #if !DEBUG
    @inlinable
  #endif
  public func prefixingPath(_ component: JSONPath.Component) -> Decoded<T> {
    guard case .failure(let error) = self else { return self }
    return .failure(error.prefixed(by: component))
  }
}

extension Result where Failure == DecodeError {
  /// Converts a `Decoded` value.
  #if !DEBUG
    @inlinable
  #endif
  public init(_ decoded: Decoded<Success>) {
    self = decoded.result
  }
}

// MARK: - Functor, applicative, alternative and monad

extension Decoded {
  /// Transforms the value; a failure passes through. Aliased by `<^>`.
  ///
  /// ```swift
  /// let length = name.map { $0.count }
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func map<U>(_ transform: (T) -> U) -> Decoded<U> {
    switch self {
    case .success(let value): return .success(transform(value))
    case .failure(let error): return .failure(error)
    }
  }

  /// Applies a curried function to the value; a failure passes through. Aliased by
  /// `<^>` for the first argument of `curry(T.init)`.
  #if !DEBUG
    @inlinable
  #endif
  public func map<U>(_ transform: Curried<T, U>) -> Decoded<U> {
    switch self {
    case .success(let value): return .success(transform(value))
    case .failure(let error): return .failure(error)
    }
  }

  /// Applies the decoded curried function `transform` to this value. When both
  /// fail, both errors are kept, so a chain reports every failing field. Aliased by
  /// `<*>`: `f <*> x` is `x.apply(f)`.
  #if !DEBUG
    @inlinable
  #endif
  public func apply<U>(_ transform: Decoded<Curried<T, U>>) -> Decoded<U> {
    // Nested switches rather than one over the pair `(transform, self)`: the pair
    // would copy both values (a closure context and the decoded value) on every step.
    switch transform {
    case .success(let f):
      switch self {
      case .success(let value): return .success(f(value))
      case .failure(let error): return .failure(error)
      }
    case .failure(let first):
      guard case .failure(let second) = self else { return .failure(first) }
      return .failure(first.combined(with: second))
    }
  }

  /// Applies a decoded plain function to this value, keeping both errors when both
  /// fail. The operator `<*>` takes the curried form only, which keeps long chains
  /// fast to type-check.
  #if !DEBUG
    @inlinable
  #endif
  public func apply<U>(_ transform: Decoded<(T) -> U>) -> Decoded<U> {
    apply(transform.map { f in Curried(f) })
  }

  /// Continues with a decoder that depends on the value; a failure passes through.
  /// Aliased by `>>-`.
  ///
  /// ```swift
  /// let kind = j.decode("type", as: String.self).flatMap { type in
  ///   type == "photo" ? Photo.decode(j).map(Post.photo) : Text.decode(j).map(Post.text)
  /// }
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func flatMap<U>(_ transform: (T) -> Decoded<U>) -> Decoded<U> {
    switch self {
    case .success(let value): return transform(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// This value if it succeeded, otherwise `other`. Aliased by `<|>`.
  ///
  /// ```swift
  /// let name = j.decode("displayName", as: String.self).or(j.decode("userName"))
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func or(_ other: @autoclosure () -> Decoded<T>) -> Decoded<T> {
    guard case .failure = self else { return self }
    return other()
  }
}

/// A decoded value that is always a success. In applicative chains:
/// `pure(curry(User.init)) <*> j <| "name"`, or as a fallback: `j <| "role" <|> pure(.member)`.
#if !DEBUG
  @inlinable
#endif
public func pure<T>(_ value: T) -> Decoded<T> {
  .success(value)
}
