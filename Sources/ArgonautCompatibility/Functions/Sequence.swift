import Argonaut

// Argo 5's `sequence`: all of a collection's `Decoded` values, or the first failure.

/// The values of an array of `Decoded` values, or the first failure: Argo 5's `sequence`.
///
/// ```swift
/// let ids: Decoded<[Int]> = sequence([Int.decode(1), Int.decode(2)])  // success([1, 2])
/// ```
///
/// As in Argo, the result is the first failure alone, in array order; `[T].decode(_:)`
/// and `<||` report every failing element, each with its index in the path.
///
/// - Parameter decoded: The values to combine.
/// - Returns: `.success` with every value in order, or the first `.failure`.
/// - Complexity: O(*n*).
public func sequence<T>(_ decoded: [Decoded<T>]) -> Decoded<[T]> {
  var values: [T] = []
  values.reserveCapacity(decoded.count)
  for element in decoded {
    switch element {
    case .success(let value): values.append(value)
    case .failure(let error): return .failure(error)
    }
  }
  return .success(values)
}

/// The values of a dictionary of `Decoded` values under the same keys, or a failure:
/// Argo 5's `sequence`.
///
/// ```swift
/// let ages: Decoded<[String: Int]> = sequence(["ada": Int.decode(36)])  // success(["ada": 36])
/// ```
///
/// As in Argo, the result is the first failure met in the dictionary's own (unspecified)
/// order; `[String: T].decode(_:)` reports every failing member with its key.
///
/// - Parameter decoded: The values to combine.
/// - Returns: `.success` with every value under its key, or a `.failure`.
/// - Complexity: O(*n*).
public func sequence<Key, Value>(_ decoded: [Key: Decoded<Value>]) -> Decoded<[Key: Value]> {
  var values: [Key: Value] = Dictionary(minimumCapacity: decoded.count)
  for (key, element) in decoded {
    switch element {
    case .success(let value): values[key] = value
    case .failure(let error): return .failure(error)
    }
  }
  return .success(values)
}
