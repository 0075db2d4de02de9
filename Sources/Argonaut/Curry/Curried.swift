/// A function of one argument, as a nominal type.
///
/// `curry` returns nested `Curried` values rather than nested closures: nested
/// function types make the compiler's work grow exponentially with arity, while
/// this wrapper keeps `curry` for 20 arguments cheap to build and to type-check.
/// From five arguments on, the values that `curry` makes share one frame for the
/// arguments received so far, so an applicative chain of *n* fields allocates once,
/// not *n* times.
/// Call it like a function: `curry(f)(a)(b)`.
public struct Curried<Argument, Output> {
  @usableFromInline let function: (Argument) -> Output

  /// Wraps `function`.
  #if !DEBUG
    @inlinable
  #endif
  public init(_ function: @escaping (Argument) -> Output) {
    self.function = function
  }

  /// Applies the function to `argument`.
  #if !DEBUG
    @inlinable
  #endif
  public func callAsFunction(_ argument: Argument) -> Output {
    function(argument)
  }
}
