// The decoding operators. Each one is a one-line alias of a named method, so code
// that prefers names loses nothing.
//
// Precedence, tightest first, as in Argo and Runes:
//
//     <|  <|?  <||  <||?     DecodingPrecedence      look up a key
//     <^>  <*>               ApplicativePrecedence   map, apply
//     <|>                    AlternativePrecedence   fall back
//     >>-                    MonadicPrecedenceLeft   flat map
//
// so `curry(User.init) <^> j <| "name" <*> (j <| "nick" <|> j <| "name")` and
// `j <|| ["entities", "hashtags"] >>- validate` need no further parentheses.
// Map and apply also bind tighter than comparisons: `f <^> x == y` compares the result.

precedencegroup MonadicPrecedenceLeft {
  associativity: left
  lowerThan: LogicalDisjunctionPrecedence
  higherThan: AssignmentPrecedence
}

precedencegroup AlternativePrecedence {
  associativity: left
  higherThan: LogicalConjunctionPrecedence
  lowerThan: ComparisonPrecedence
}

precedencegroup ApplicativePrecedence {
  associativity: left
  higherThan: AlternativePrecedence, ComparisonPrecedence
  lowerThan: NilCoalescingPrecedence
}

precedencegroup DecodingPrecedence {
  associativity: left
  higherThan: ApplicativePrecedence
  lowerThan: NilCoalescingPrecedence
}

infix operator <^> : ApplicativePrecedence
infix operator <*> : ApplicativePrecedence
infix operator <|> : AlternativePrecedence
infix operator >>- : MonadicPrecedenceLeft
infix operator <| : DecodingPrecedence
infix operator <|? : DecodingPrecedence
infix operator <|| : DecodingPrecedence
infix operator <||? : DecodingPrecedence

// MARK: - Functor and applicative

/// Map: `curry(User.init) <^> j <| "name"`. Alias of `Decoded.map(_:)`.
#if !DEBUG
  @inlinable
#endif
public func <^> <T, U>(transform: Curried<T, U>, value: Decoded<T>) -> Decoded<U> { value.map(transform) }

/// Map with a plain function: `String.count <^> name`. Alias of `Decoded.map(_:)`.
#if !DEBUG
  @inlinable
#endif
public func <^> <T, U>(transform: (T) -> U, value: Decoded<T>) -> Decoded<U> { value.map(transform) }

/// Apply, accumulating every failure. Alias of `Decoded.apply(_:)`.
///
/// There is deliberately one overload: a second one makes long chains slow to
/// type-check. For plain (uncurried) functions, call `apply` by name.
#if !DEBUG
  @inlinable
#endif
public func <*> <T, U>(transform: Decoded<Curried<T, U>>, value: Decoded<T>) -> Decoded<U> {
  value.apply(transform)
}

// MARK: - Alternative and monad

/// Fallback: the left value if it succeeded, else the right. Alias of `Decoded.or(_:)`.
#if !DEBUG
  @inlinable
#endif
public func <|> <T>(lhs: Decoded<T>, rhs: @autoclosure () -> Decoded<T>) -> Decoded<T> { lhs.or(rhs()) }

/// Flat map. Alias of `Decoded.flatMap(_:)`.
#if !DEBUG
  @inlinable
#endif
public func >>- <T, U>(value: Decoded<T>, transform: (T) -> Decoded<U>) -> Decoded<U> { value.flatMap(transform) }

// MARK: - Keys
//
// One generic overload per operator, over `JSONKey` (a `String` key or a `[String]`
// path): two overloads each make wide decoders several times slower to type-check.

/// The value at a key or key path. Alias of `JSON.decode(_:as:)`.
#if !DEBUG
  @inlinable
#endif
public func <| <T: Decodable>(json: JSON, key: some JSONKey) -> Decoded<T> where T.DecodedType == T {
  json.decode(key)
}

/// The value at a key or key path, or `nil` when a key is missing or a value is
/// `null`. Alias of `JSON.decodeIfPresent(_:as:)`.
#if !DEBUG
  @inlinable
#endif
public func <|? <T: Decodable>(json: JSON, key: some JSONKey) -> Decoded<T?> where T.DecodedType == T {
  json.decodeIfPresent(key)
}

/// The array at a key or key path. Alias of `JSON.decodeArray(_:of:)`.
#if !DEBUG
  @inlinable
#endif
public func <|| <T: Decodable>(json: JSON, key: some JSONKey) -> Decoded<[T]> where T.DecodedType == T {
  json.decodeArray(key)
}

/// The array at a key or key path, or `nil`. Alias of `JSON.decodeArrayIfPresent(_:of:)`.
#if !DEBUG
  @inlinable
#endif
public func <||? <T: Decodable>(json: JSON, key: some JSONKey) -> Decoded<[T]?> where T.DecodedType == T {
  json.decodeArrayIfPresent(key)
}
