// Argo 5's helpers on `Decoded`, for code that migrates from Argo.

extension Decoded {
  /// A failure with a `.typeMismatch` error: Argo's spelling.
  ///
  /// ```swift
  /// return .typeMismatch(expected: "ISO 8601 date", actual: text)
  /// ```
  ///
  /// - Parameters:
  ///   - expected: What the decoder wanted.
  ///   - actual: What it found; its description goes into the error.
  #if !DEBUG
    @inlinable
  #endif
  public static func typeMismatch<Actual>(expected: String, actual: Actual) -> Decoded<T> {
    .failure(.typeMismatch(expected: expected, actual: String(describing: actual)))
  }

  /// A failure with a `.missingKey` error: Argo's spelling.
  #if !DEBUG
    @inlinable
  #endif
  public static func missingKey(_ name: String) -> Decoded<T> {
    .failure(.missingKey(name))
  }

  /// The value, or a `.typeMismatch` failure when it is `nil`. Argo's spelling; the
  /// error reads `expected Int, found nil`. `fromOptional(_:orFailWith:)` says it in
  /// your own words.
  #if !DEBUG
    @inlinable
  #endif
  public static func fromOptional(_ value: T?) -> Decoded<T> {
    guard let value else { return .failure(.typeMismatch(expected: "\(T.self)", actual: "nil")) }
    return .success(value)
  }

  /// `x`'s value, or `nil` when `x` failed, whatever the failure. Argo's spelling.
  ///
  /// This drops the error, so a present value of the wrong type becomes `nil`. `<|?`
  /// and `json[optional:]` are stricter: only a missing key or `null` is `nil`.
  #if !DEBUG
    @inlinable
  #endif
  public static func optional<Value>(_ x: Decoded<Value>) -> Decoded<Value?> {
    .success(x.value)
  }

  /// The value, or throws the error. Argo's name for `get()`.
  /// - Throws: The `DecodeError` on failure.
  #if !DEBUG
    @inlinable
  #endif
  public func dematerialize() throws(DecodeError) -> T {
    try get()
  }
}

/// The result of a throwing function as a `Decoded` value. A thrown `DecodeError` is
/// kept as it is; any other error becomes a `.custom` error with its description.
///
/// ```swift
/// let date = materialize { try parseDate(text) }
/// ```
#if !DEBUG
  @inlinable
#endif
public func materialize<T>(_ function: () throws -> T) -> Decoded<T> {
  do {
    return .success(try function())
  } catch let error as DecodeError {
    return .failure(error)
  } catch {
    return .failure(.custom("\(error)"))
  }
}

extension Decoded: CustomStringConvertible {
  /// `success(value)` or `failure(error)`, with the error's paths:
  /// `failure(email: missing key)`.
  public var description: String {
    switch self {
    case .success(let value): return "success(\(value))"
    case .failure(let error): return "failure(\(error))"
    }
  }
}
