/// A Swift type in the generated code, before names are chosen.
///
/// Structures are referred to by their index in ``TypeGraph/structures``.
indirect enum TypeRef: Hashable, Sendable {
  /// No value seen (the elements of empty arrays, a key only ever `null`): `JSON`.
  case unknown
  /// Values whose kinds conflict: `JSON`.
  case json
  /// `Bool`.
  case bool
  /// `String`.
  case string
  /// `Double`.
  case double
  /// `Int`, `Int64` or `UInt64`.
  case integer(IntegerRange)
  /// `[Element]`.
  case array(TypeRef)
  /// `[String: Value]`.
  case dictionary(TypeRef)
  /// A generated structure.
  case structure(Int)
  /// `Wrapped?`.
  case optional(TypeRef)

  /// `self?`, unless it is optional already.
  var optional: TypeRef {
    if case .optional = self { self } else { .optional(self) }
  }

  /// The type without its outer `?`.
  var wrapped: TypeRef {
    if case .optional(let wrapped) = self { wrapped } else { self }
  }

  /// Whether the type is written `JSON`.
  var isJSON: Bool {
    switch self {
    case .unknown, .json: true
    default: false
    }
  }

  /// Whether the type is `T?`.
  var isOptional: Bool {
    if case .optional = self { true } else { false }
  }

  /// The narrowest type holding the values of both, or `nil` when they conflict.
  ///
  /// Merging two structures that describe the same shape found at different places
  /// uses this: their members must unify without turning into `JSON`. `unknown`
  /// unifies with anything.
  func merged(with other: TypeRef) -> TypeRef? {
    switch (self, other) {
    case (.optional(let a), _):
      return a.merged(with: other.wrapped)?.optional
    case (_, .optional(let b)):
      return merged(with: b)?.optional
    case (.unknown, let type), (let type, .unknown):
      return type
    case (.integer(let a), .integer(let b)):
      let range = a.union(b)
      return range.fitsOneType ? .integer(range) : nil
    case (.integer(let range), .double), (.double, .integer(let range)):
      return range.exceedsDouble ? nil : .double
    case (.array(let a), .array(let b)):
      return a.merged(with: b).map(TypeRef.array)
    case (.dictionary(let a), .dictionary(let b)):
      return a.merged(with: b).map(TypeRef.dictionary)
    default:
      return self == other ? self : nil
    }
  }
}
