extension Shape {
  /// The narrowest shape that describes the values of both `self` and `other`.
  ///
  /// - `nothing` unifies with anything, and `null` makes the result nullable.
  /// - Integers widen (`Int` → `Int64` → `UInt64`); integers and doubles give doubles.
  ///   Numbers that no Swift number type would hold exactly are a `conflict`, kept
  ///   as `JSON`: a negative integer beside one above `Int64.max`, or an integer
  ///   beyond 2^53 beside a fraction.
  /// - Arrays unify their elements; objects unify member by member, counting how
  ///   many objects had each key; maps unify their values, and absorb objects.
  /// - Any other mix is a `conflict`, which the renderer writes as `JSON`.
  func unified(with other: Shape) -> Shape {
    Shape(Shape.unify(kind, other.kind), isNullable: isNullable || other.isNullable)
  }

  private static func unify(_ lhs: Kind, _ rhs: Kind) -> Kind {
    switch (lhs, rhs) {
    case (.nothing, let kind), (let kind, .nothing): return kind
    case (.conflict, _), (_, .conflict): return .conflict
    case (.bool, .bool): return .bool
    case (.string, .string): return .string
    case (.double, .double): return .double
    case (.integer(let range), .double), (.double, .integer(let range)):
      return range.exceedsDouble ? .conflict : .double
    case (.integer(let a), .integer(let b)):
      let range = a.union(b)
      return range.fitsOneType ? .integer(range) : .conflict
    case (.array(let a), .array(let b)): return .array(a.unified(with: b))
    case (.object(let a), .object(let b)): return .object(a.unified(with: b))
    case (.map(let a), .map(let b)): return .map(a.unified(with: b))
    case (.map(let value), .object(let object)), (.object(let object), .map(let value)):
      return .map(object.fields.reduce(value) { $0.unified(with: $1.shape) })
    default: return .conflict
    }
  }
}
