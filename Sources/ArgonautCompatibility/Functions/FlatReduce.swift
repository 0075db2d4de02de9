import Argonaut

/// Reduces a sequence with a combining function that can fail, stopping at the first
/// failure: Argo 5's `flatReduce`.
///
/// ```swift
/// let city = flatReduce(["user", "address", "city"], initial: json, combine: decodedJSON)
/// ```
///
/// - Parameters:
///   - sequence: The elements to combine.
///   - initial: The starting value.
///   - combine: Combines the value so far with the next element.
/// - Returns: The final value, or the first failure; `combine` is not called after it.
/// - Complexity: O(*n*) calls of `combine` at most.
public func flatReduce<S: Sequence, U>(
  _ sequence: S, initial: U, combine: (U, S.Element) -> Decoded<U>
) -> Decoded<U> {
  var accumulated = initial
  for element in sequence {
    switch combine(accumulated, element) {
    case .success(let value): accumulated = value
    case .failure(let error): return .failure(error)
    }
  }
  return .success(accumulated)
}
