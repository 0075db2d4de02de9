/// What inference knows about the values seen at one place of the samples.
///
/// The first stage of the pipeline (infer → unify → name → render) describes each
/// sample as a `Shape`, then merges the shapes of every sample and every array
/// element found at the same place with ``Shape/unified(with:)``. A shape is
/// positional: it knows nothing about Swift types or names yet.
struct Shape: Equatable, Sendable {
  /// The kind of the non-null values seen here.
  var kind: Kind
  /// Whether `null` was seen here.
  var isNullable: Bool

  init(_ kind: Kind, isNullable: Bool = false) {
    self.kind = kind
    self.isNullable = isNullable
  }

  /// The kinds of value a place can hold.
  indirect enum Kind: Equatable, Sendable {
    /// No non-null value seen: the elements of empty arrays, or a key only ever `null`.
    case nothing
    /// `true` or `false`.
    case bool
    /// Integers written without a fraction or an exponent, that one Swift integer type holds.
    case integer(IntegerRange)
    /// Numbers with a fraction or an exponent, with integers that a `Double` holds exactly.
    case double
    /// Strings.
    case string
    /// Arrays, with the shape of all their elements together.
    case array(Shape)
    /// Objects, member by member.
    case object(ObjectShape)
    /// Objects used as dictionaries: keys that are data, values of one shape.
    case map(Shape)
    /// Values whose kinds conflict, such as a string here and an object there, and
    /// numbers that no Swift number type holds exactly (integers beyond 64 bits, a
    /// negative integer beside one above `Int64.max`, an integer beyond 2^53 beside
    /// a fraction): `JSON` keeps them as they are.
    case conflict
  }

  /// The shape of a place never seen, which unifies with anything.
  static let nothing = Shape(.nothing)
}

/// How wide the integers seen at one place are.
struct IntegerRange: Hashable, Sendable {
  /// The narrowest Swift integer type that holds every value.
  enum Width: Int, Comparable, Sendable {
    /// Every value fits `Int32`, so `Int` holds it on every platform.
    case int
    /// Some value needs 64 bits with a sign.
    case int64
    /// Some value is above `Int64.max`, and none is negative.
    case uint64

    static func < (lhs: Width, rhs: Width) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The narrowest width that holds every value.
  var width: Width
  /// Whether some value is negative.
  var hasNegative: Bool
  /// Whether some value is beyond 2^53 in magnitude, where a `Double` no longer holds
  /// every integer: such integers never widen to `Double`.
  var exceedsDouble = false

  /// The range of both.
  func union(_ other: IntegerRange) -> IntegerRange {
    IntegerRange(
      width: max(width, other.width), hasNegative: hasNegative || other.hasNegative,
      exceedsDouble: exceedsDouble || other.exceedsDouble)
  }

  /// Whether one Swift integer type holds every value: not when some are negative
  /// and some above `Int64.max`.
  var fitsOneType: Bool { !(width == .uint64 && hasNegative) }
}

/// The members seen in the objects at one place, in first-seen order.
struct ObjectShape: Equatable, Sendable {
  /// One member: its key, the shape of its values, and how many objects had it.
  struct Field: Equatable, Sendable {
    var key: String
    var shape: Shape
    var presence: Int
  }

  /// The members, in the order their keys were first seen.
  private(set) var fields: [Field] = []
  /// How many objects were merged into this shape.
  private(set) var count: Int = 0
  private var positions: [String: Int] = [:]

  init() {}

  /// The keys, in first-seen order.
  var keys: [String] { fields.map(\.key) }

  /// Whether `field` is missing from some of the objects.
  func isSometimesMissing(_ field: Field) -> Bool { field.presence < count }

  /// Adds the members of one more object, or of `count` more objects already merged.
  mutating func merge(_ members: [Field], objectCount: Int) {
    for member in members {
      if let position = positions[member.key] {
        fields[position].shape = fields[position].shape.unified(with: member.shape)
        fields[position].presence += member.presence
      } else {
        positions[member.key] = fields.count
        fields.append(member)
      }
    }
    count += objectCount
  }

  /// The shape of both `self` and `other`, member by member.
  func unified(with other: ObjectShape) -> ObjectShape {
    var result = self
    result.merge(other.fields, objectCount: other.count)
    return result
  }

  static func == (lhs: ObjectShape, rhs: ObjectShape) -> Bool {
    lhs.fields == rhs.fields && lhs.count == rhs.count
  }
}
