import Argonaut

// Argo 5's operators that the core does not declare: `-<<` (flat map, flipped), `??`
// with a default on `Decoded`, and `+` on `DecodeError`.
//
// `??` and `+` add one overload each to operators that the standard library declares,
// so every `??` and `+` in a module that imports this one has one more candidate to
// consider when it is type-checked.

/// Runes' precedence for `-<<`: right-associative, the lowest of the decoding operators.
precedencegroup MonadicPrecedenceRight {
  associativity: right
  lowerThan: LogicalDisjunctionPrecedence
  higherThan: AssignmentPrecedence
}

infix operator -<< : MonadicPrecedenceRight

/// Flat map with the function first: `validate -<< j <| "age"`. Argo 5's flipped `>>-`,
/// an alias of `Decoded.flatMap(_:)`.
///
/// - Parameters:
///   - transform: The next step, called with the value when `value` succeeded.
///   - value: The value to continue from.
/// - Returns: `transform`'s result, or `value`'s failure.
public func -<< <T, U>(transform: (T) -> Decoded<U>, value: Decoded<T>) -> Decoded<U> {
  value.flatMap(transform)
}

/// The value, or `defaultValue` when decoding failed: Argo 5's `??` on `Decoded`.
///
/// ```swift
/// let retries: Int = json["retries"] ?? 3
/// ```
///
/// Any failure gives the default, a wrong type as much as a missing key. To default a
/// missing key only, and still report a wrong type, write `(j <|? "retries").map { $0 ?? 3 }`.
///
/// - Parameters:
///   - decoded: The decoded value.
///   - defaultValue: The value to use when `decoded` failed; evaluated only then.
/// - Returns: `decoded`'s value, or `defaultValue`.
public func ?? <T>(decoded: Decoded<T>, defaultValue: @autoclosure () -> T) -> T {
  switch decoded {
  case .success(let value): return value
  case .failure: return defaultValue()
  }
}

/// Both errors as one `.multiple` error, as Argo 5's `+` combines them.
///
/// ```swift
/// DecodeError.missingKey("a") + .missingKey("b")  // .multiple([.missingKey("a"), .missingKey("b")])
/// ```
///
/// As in Argo, a `.multiple` on the left is extended with the right-hand error, and
/// otherwise a `.multiple` on the right gets the left-hand error in front; a right-hand
/// `.multiple` added to a left-hand one is nested, not merged. `combined(with:)`, which
/// `Decoded.apply(_:)` uses, flattens both sides instead.
///
/// - Parameters:
///   - lhs: The first error.
///   - rhs: The second error.
/// - Returns: A `.multiple` error holding both.
public func + (lhs: DecodeError, rhs: DecodeError) -> DecodeError {
  switch (lhs, rhs) {
  case (.multiple(let errors), let error): return .multiple(errors + [error])
  case (let error, .multiple(let errors)): return .multiple([error] + errors)
  case (let first, let second): return .multiple([first, second])
  }
}
