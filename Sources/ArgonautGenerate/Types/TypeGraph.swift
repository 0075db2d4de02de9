/// A generated structure, before names are chosen: its members, in document order.
struct Structure: Equatable, Sendable {
  /// One stored property: the JSON key it reads, the type of its values, and whether
  /// the key was missing from some objects.
  ///
  /// Absent and `null` are kept apart, so that encoding gives back what was decoded:
  /// `type` is optional when the key was `null` somewhere, and ``isSometimesAbsent``
  /// says that it was missing somewhere. The Swift type is ``declaredType``.
  struct Member: Equatable, Sendable {
    var key: String
    /// The type of the values found, optional when one of them was `null`.
    var type: TypeRef
    /// Whether some object had no such key.
    var isSometimesAbsent = false

    /// The property's Swift type: `type`; `type?` when the key was sometimes absent;
    /// and `T??` when it was both absent and `null` (`nil` is absent, `.some(nil)` is
    /// `null`), except that a `JSON` holds `null` itself: `JSON?`, `nil` when absent.
    var declaredType: TypeRef {
      guard isSometimesAbsent else { return type }
      return isAbsentOrNull && type.wrapped.isJSON ? type : .optional(type)
    }

    /// Whether the key was both missing from some objects and `null` in others.
    var isAbsentOrNull: Bool { isSometimesAbsent && type.isOptional }
  }

  var members: [Member]
}

/// The second stage of the pipeline: Swift types for a unified ``Shape``.
///
/// Each object shape becomes a ``Structure``. Objects found at different places that
/// have the same shape share one structure: the same keys (or nearly: at least
/// ``similarity`` of them in common, the others optional), and members whose types
/// unify without conflict. Structures are built bottom-up, so two objects can only
/// share a structure when their nested objects already do.
struct TypeGraph: Sendable {
  /// The type of the samples' root.
  private(set) var root: TypeRef = .unknown
  /// The structures, in the order they were first built (innermost first).
  private(set) var structures: [Structure] = []

  /// The share of keys two objects must have in common to share a structure.
  let similarity: Double

  /// Builds the types for `shape`.
  init(shape: Shape, similarity: Double = 0.75) {
    self.similarity = similarity
    root = typeRef(for: shape)
  }

  private mutating func typeRef(for shape: Shape) -> TypeRef {
    let base: TypeRef
    switch shape.kind {
    case .nothing: base = .unknown
    case .conflict: base = .json
    case .bool: base = .bool
    case .string: base = .string
    case .double: base = .double
    case .integer(let range): base = .integer(range)
    case .array(let element): base = .array(typeRef(for: element))
    case .map(let value): base = .dictionary(typeRef(for: value))
    case .object(let object):
      let members = object.fields.map { field in
        Structure.Member(
          key: field.key, type: typeRef(for: field.shape), isSometimesAbsent: object.isSometimesMissing(field))
      }
      base = .structure(add(Structure(members: members)))
    }
    return shape.isNullable ? base.optional : base
  }

  /// The index of the structure for `candidate`: an existing one it merges into, or a new one.
  private mutating func add(_ candidate: Structure) -> Int {
    // A structure inside the candidate cannot become the candidate: a struct cannot
    // contain itself (a retweet inside a tweet stays a separate type).
    let inside = descendants(of: candidate)
    for index in structures.indices where !inside.contains(index) {
      if let merged = merge(structures[index], candidate) {
        structures[index] = merged
        return index
      }
    }
    structures.append(candidate)
    return structures.count - 1
  }

  /// The structures that `structure` contains, directly or not.
  private func descendants(of structure: Structure) -> Set<Int> {
    var found: Set<Int> = []
    var pending = structure.members.map(\.type)
    while let type = pending.popLast() {
      switch type {
      case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped):
        pending.append(wrapped)
      case .structure(let index):
        if found.insert(index).inserted { pending += structures[index].members.map(\.type) }
      case .unknown, .json, .bool, .string, .double, .integer:
        break
      }
    }
    return found
  }

  /// One structure for both, or `nil` when they are different shapes. A key that
  /// only one of them has is sometimes absent from the other's objects.
  func merge(_ lhs: Structure, _ rhs: Structure) -> Structure? {
    let rhsMembers = Dictionary(rhs.members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let lhsKeys = Set(lhs.members.map(\.key))
    let common = lhs.members.count { rhsMembers[$0.key] != nil }
    let union = lhs.members.count + rhs.members.count - common
    guard common == union || (common >= 3 && Double(common) >= similarity * Double(union)) else { return nil }
    var members: [Structure.Member] = []
    members.reserveCapacity(union)
    for member in lhs.members {
      if let other = rhsMembers[member.key] {
        guard let type = member.type.merged(with: other.type) else { return nil }
        members.append(
          Structure.Member(
            key: member.key, type: type, isSometimesAbsent: member.isSometimesAbsent || other.isSometimesAbsent))
      } else {
        members.append(Structure.Member(key: member.key, type: member.type, isSometimesAbsent: true))
      }
    }
    for member in rhs.members where !lhsKeys.contains(member.key) {
      members.append(Structure.Member(key: member.key, type: member.type, isSometimesAbsent: true))
    }
    return Structure(members: members)
  }
}
