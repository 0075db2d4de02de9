/// Decodes a model of any width: calls `initializer` with every decoded value, or
/// fails with every failure among them.
///
/// `curry` stops at 20 arguments; `build` has no limit, and it type-checks fast
/// (an 80-field call in tens of milliseconds).
///
/// ```swift
/// extension TwitterUser: Decodable {
///   static func decode(_ j: JSON) -> Decoded<TwitterUser> {
///     build(
///       TwitterUser.init,
///       j <| "id", j <| "id_str", j <| "name", j <|? "url", j <|| "withheld_in_countries")
///   }
/// }
/// ```
///
/// It is the applicative chain `curry(f) <^> a <*> b <*> …` in one call, with the
/// same result: when decoding fails, every failing argument is reported, in order,
/// each with its path, such as `id: missing key` and `url: expected String, found number 1`.
/// The named methods work as well as the operators:
/// `build(User.init, j.decode("userName"), j.decodeIfPresent("fullName"))`.
///
/// - Parameters:
///   - initializer: A function of any number of arguments, usually a memberwise
///     initializer such as `User.init`.
///   - decoded: One decoded value per argument of `initializer`, in order.
/// - Returns: The model, or a failure that lists every failing argument.
#if !DEBUG
  @inlinable
#endif
public func build<each Argument, Model>(
  _ initializer: (repeat each Argument) -> Model, _ decoded: repeat Decoded<each Argument>
) -> Decoded<Model> {
  var failures: [DecodeError] = []
  for value in repeat each decoded {
    if case .failure(let error) = value { failures.append(error) }
  }
  switch failures.count {
  case 0: return .success(initializer(repeat (each decoded).succeededValue))
  case 1: return .failure(failures[0])
  default: return .failure(.multiple(failures.flatMap(\.errors)))
  }
}

extension Decoded {
  /// The value of a decoded value known to be a success.
  @usableFromInline
  var succeededValue: T {
    guard case .success(let value) = self else { preconditionFailure("build checked every value first") }
    return value
  }
}
