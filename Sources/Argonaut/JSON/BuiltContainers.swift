/// The materialized storage of objects and arrays built in Swift (from literals, by
/// `encode()`, or with `JSONObject(_:)` and `JSONArray(_:)`).
///
/// A built container keeps its members as `JSON` values, so building a model nested
/// *d* levels deep writes nothing until the whole value is serialized, and then
/// writes each byte once. Readers that need a tape (lookups, iteration, decoding,
/// equality, hashing, walks) get one made on first use and kept (`document`): the
/// compact text of the container, parsed as a builder used to parse it. So every
/// reader sees the same values whichever storage a container has.
///
/// Built containers nest at most `maximumDepth` levels: a deeper one is written into
/// a tape at once, which is flat. Releasing, writing and comparing built values
/// therefore recurse a bounded number of levels, whatever the depth of the value.
enum BuiltStorage {
  /// The deepest nesting of built containers; deeper ones are stored as a tape.
  static let maximumDepth = 32

  /// The built depth of `value`: 0 for scalars and parsed containers.
  @inline(__always)
  static func depth(of value: JSON) -> Int {
    switch value {
    case .object(let object): object.built?.depth ?? 0
    case .array(let array): array.built?.depth ?? 0
    default: 0
    }
  }

  /// Writes `body`'s output as a document and parses it, as builders always have:
  /// numbers keep their text.
  static func document(_ body: (inout JSONWriter) -> Void) -> JSONDocument {
    var writer = JSONWriter(format: .compact)
    body(&writer)
    return writer.parsedDocument()
  }
}

/// The members of a built object: unique keys, in the order first written, each
/// with the last value written for it.
///
/// A `JSONDocument` without text or tape, so that `JSONObject` keeps one concrete
/// reference. It inherits `@unchecked Sendable`: `members` and `depth` are constants;
/// the one mutable property, `materialized`, is read and written only under
/// `DocumentLocks.withLock(for:)`, and once set it never changes.
@usableFromInline
final class BuiltObject: JSONDocument, @unchecked Sendable {
  let members: ContiguousArray<BuiltMember>
  /// 1 + the deepest built member.
  let depth: Int
  private var materialized: JSONDocument?

  init(members: ContiguousArray<BuiltMember>, depth: Int) {
    self.members = members
    self.depth = depth
    super.init(bytes: [])
  }

  /// The object as a tape, made on first use.
  @usableFromInline
  var tapeDocument: JSONDocument {
    if let existing = DocumentLocks.withLock(for: self, { materialized }) { return existing }
    let made = BuiltStorage.document { $0.writeBuilt(self) }
    return DocumentLocks.withLock(for: self) {
      if let existing = materialized { return existing }
      materialized = made
      return made
    }
  }

  /// Members with unique keys: for a repeated key (compared by UTF-8 bytes, as in a
  /// parsed document), the last value at the first position.
  static func unique(
    _ members: some Sequence<(String, JSON)>
  ) -> (members: ContiguousArray<BuiltMember>, depth: Int) {
    var unique = ContiguousArray<BuiltMember>()
    unique.reserveCapacity(members.underestimatedCount)
    var depth = 0
    var positions: [UTF8Key: Int]?
    for (key, value) in members {
      depth = Swift.max(depth, BuiltStorage.depth(of: value))
      if let existing = position(of: key, in: unique, positions: &positions) {
        unique[existing].value = value
      } else {
        positions?[UTF8Key(key)] = unique.count
        unique.append(BuiltMember(key: key, value: value))
      }
    }
    // Replacing a deep value leaves `depth` an upper bound, which is all it needs to be.
    return (unique, depth &+ 1)
  }

  /// Objects up to this wide look for a repeated key member by member.
  static let pairwiseLimit = 24

  /// The position of `key` in `members`, comparing lengths first; past
  /// `pairwiseLimit` members, through a table made on first need.
  @inline(__always)
  private static func position(
    of key: String, in members: ContiguousArray<BuiltMember>, positions: inout [UTF8Key: Int]?
  ) -> Int? {
    if positions == nil {
      if members.count < pairwiseLimit {
        let length = key.utf8.count
        for i in members.indices where members[i].key.utf8.count == length {
          if members[i].key.utf8.elementsEqual(key.utf8) { return i }
        }
        return nil
      }
      var table = [UTF8Key: Int](minimumCapacity: members.count * 2)
      for i in members.indices { table[UTF8Key(members[i].key)] = i }
      positions = table
    }
    return positions?[UTF8Key(key)]
  }
}

/// The elements of a built array.
///
/// A `JSONDocument` without text or tape, as `BuiltObject` is; `materialized` is its
/// only mutable property, guarded by `DocumentLocks.withLock(for:)` and set once.
@usableFromInline
final class BuiltArray: JSONDocument, @unchecked Sendable {
  let elements: [JSON]
  /// 1 + the deepest built element.
  let depth: Int
  private var materialized: JSONDocument?

  init(elements: [JSON]) {
    self.elements = elements
    var depth = 0
    for element in elements { depth = Swift.max(depth, BuiltStorage.depth(of: element)) }
    self.depth = depth &+ 1
    super.init(bytes: [])
  }

  /// The array as a tape, made on first use.
  @usableFromInline
  var tapeDocument: JSONDocument {
    if let existing = DocumentLocks.withLock(for: self, { materialized }) { return existing }
    let made = BuiltStorage.document { $0.writeBuilt(self) }
    return DocumentLocks.withLock(for: self) {
      if let existing = materialized { return existing }
      materialized = made
      return made
    }
  }
}

/// A member of a built object. A struct rather than a tuple: arrays of it are
/// destroyed by specialized code, arrays of tuples through their generic metadata.
struct BuiltMember {
  var key: String
  var value: JSON
}

/// A key compared and hashed by its UTF-8 bytes, as JSON compares keys (Swift's
/// `String` compares by canonical equivalence).
struct UTF8Key: Hashable {
  let string: String

  init(_ string: String) { self.string = string }

  static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
    lhs.string.utf8.count == rhs.string.utf8.count && lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
