/// The members of a JSON object: a view onto a parsed document, or the members of an
/// object built in Swift.
///
/// A built object (a dictionary literal, `encode()`, `init(_:)`) keeps its members as
/// they are, and serializing it writes each of them once, however deep the nesting;
/// reading it makes a tape of it on first use. Either way it reads, compares, hashes
/// and prints the same.
///
/// Keys keep their document order and are unique: when a document repeats a key,
/// the last value wins, at the position of the first occurrence. It is a
/// `Collection` of `(key: String, value: JSON)` pairs.
///
/// ```swift
/// let json = try JSON(parsing: #"{"name": "Ada", "age": 36}"#)
/// if case .object(let person) = json {
///   person["name"]                    // .string("Ada")
///   person.keys                       // ["name", "age"]
/// }
/// let built: JSONObject = ["name": "Ada", "age": 36]
/// ```
///
/// Looking up a key compares its UTF-8 bytes with each key in turn, without hashing
/// or materializing keys; strings are compared by Unicode scalars. Objects of more
/// than 64 members build a hash index of their keys on their first lookup, so that
/// looking up each of *n* keys costs O(*n*) in total. The index is seeded per process
/// (no document can flood it) and safe to build from several tasks at once.
public struct JSONObject: Sendable {
  /// The `JSONDocument` whose tape holds the object at `root`, or, when `root` is
  /// negative, the `BuiltObject` of an object built in Swift (see `BuiltStorage`).
  @usableFromInline let storage: JSONDocument
  @usableFromInline let root: Int

  @inlinable
  package init(document: JSONDocument, index: Int) {
    self.storage = document
    self.root = index
  }

  init(built: BuiltObject) {
    self.storage = built
    self.root = -1
  }

  /// The document that holds the object; for a built object, its tape, made on first use.
  @inlinable
  package var document: JSONDocument {
    root >= 0 ? storage : builtDocument
  }

  /// The object's header on `document`'s tape.
  @inlinable
  package var index: Int { root >= 0 ? root : 0 }

  /// The members of a built object, or `nil` for an object on a tape.
  @inlinable
  var built: BuiltObject? { root < 0 ? unsafeDowncast(storage, to: BuiltObject.self) : nil }

  @usableFromInline
  var builtDocument: JSONDocument { unsafeDowncast(storage, to: BuiltObject.self).tapeDocument }

  /// This object on a tape: for a built object, its tape's (made on first use). The
  /// inlinable members check `root` and forward a built object here, so that their
  /// common path reads the stored reference as a parsed object always has.
  @usableFromInline
  var onTape: JSONObject { root >= 0 ? self : JSONObject(document: builtDocument, index: 0) }

  // The members below for built storage, out of line: the inlinable members stay
  // small and do not recurse, so that they inline as they did.

  @usableFromInline
  var builtEndIndex: Index { onTape.endIndex }

  @usableFromInline
  func builtIndex(after i: Index) -> Index { onTape.index(after: i) }

  @usableFromInline
  func builtElement(at position: Index) -> (key: String, value: JSON) { onTape[position] }

  @usableFromInline
  func builtIterator() -> Iterator { onTape.makeIterator() }

  @usableFromInline
  var builtIsEmpty: Bool { onTape.isEmpty }

  /// `self[key]` for a built object.
  @usableFromInline
  func builtValue(forKey key: String) -> JSON? { onTape[key] }

  /// Creates an object from key-value pairs, in order; for a repeated key, the last
  /// value wins.
  ///
  /// The members are kept as they are, not written: serializing the object writes
  /// each of them once, however deeply built objects and arrays nest.
  public init<Members: Sequence<(String, JSON)>>(_ members: Members) {
    self.init(members: Array(members))
  }

  /// An object of `members`, kept as they are: what a dictionary literal builds.
  @usableFromInline
  init(members: [(String, JSON)]) {
    let (unique, depth) = BuiltObject.unique(members)
    let built = BuiltObject(members: unique, depth: depth)
    if depth > BuiltStorage.maximumDepth {
      self.init(document: built.tapeDocument, index: 0)
    } else {
      self.init(built: built)
    }
  }

  /// Creates an object from a dictionary, with its keys in sorted order.
  public init(_ dictionary: [String: JSON]) {
    self.init(dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.lazy.map { ($0.key, $0.value) })
  }

  /// An empty object.
  public init() {
    self.init(EmptyCollection<(String, JSON)>())
  }

  /// The value for `key`, or `nil` when the object has no such key.
  ///
  /// - Complexity: O(*n*) in the number of members for objects of up to 64 members,
  ///   comparing bytes only. Wider objects build a hash index of their keys on the
  ///   first lookup, in O(*n*); each lookup after that takes O(1) expected time.
  @inlinable
  public subscript(key: String) -> JSON? {
    guard root >= 0 else { return builtValue(forKey: key) }
    guard let position = ObjectKeys.position(of: key, inObjectAt: root, document: storage) else { return nil }
    return JSON(storage, at: position)
  }

  /// The tape position of the value for `key`; `comparisons` counts the keys
  /// compared, so that tests can check the cost of lookups without timing them.
  @inlinable
  func position(of key: String, comparisons: inout Int) -> Int? {
    var key = key
    return key.withUTF8 { key in
      document.withUnsafeBuffers { tape, bytes in
        if Tape.storedCount(tape[index]) > ObjectKeyIndex.minimumCount {
          return ObjectKeys.findIndexed(
            key, inObjectAt: index, document: document, tape: tape, bytes: bytes, comparisons: &comparisons)
        }
        return ObjectKeys.find(key, inObjectAt: index, tape: tape, bytes: bytes, comparisons: &comparisons)
      }
    }
  }

  /// The keys, in document order.
  public var keys: [String] { map(\.key) }
}

extension JSONObject: Collection {
  /// A position in a `JSONObject`.
  public struct Index: Comparable, Hashable, Sendable {
    @usableFromInline let position: Int
    @inlinable init(position: Int) { self.position = position }
    /// Whether `lhs` comes before `rhs`.
    @inlinable public static func < (lhs: Index, rhs: Index) -> Bool { lhs.position < rhs.position }
  }

  /// The position of the first element.
  @inlinable public var startIndex: Index { Index(position: index + 1) }

  /// The position after the last element.
  @inlinable public var endIndex: Index {
    guard root >= 0 else { return builtEndIndex }
    return Index(position: root + Tape.span(storage.tape[root]))
  }

  /// The position after `i`.
  @inlinable
  public func index(after i: Index) -> Index {
    guard root >= 0 else { return builtIndex(after: i) }
    return Index(position: i.position + 1 + Tape.span(storage.tape[i.position + 1]))
  }

  /// The element at `position`.
  @inlinable
  public subscript(position: Index) -> (key: String, value: JSON) {
    guard root >= 0 else { return builtElement(at: position) }
    return (
      key: StringText.string(storage.tape[position.position], in: storage),
      value: JSON(storage, at: position.position + 1)
    )
  }

  /// Returns an iterator over the members, in document order.
  @inlinable @inline(__always)
  public func makeIterator() -> Iterator {
    guard root >= 0 else { return builtIterator() }
    return Iterator(document: storage, position: root + 1, end: root + Tape.span(storage.tape[root]))
  }

  /// An iterator over the members of a `JSONObject`, which reads the document's tape
  /// directly. Keys and string values are made from the document's text without
  /// touching its reference count.
  public struct Iterator: IteratorProtocol, Sendable {
    @usableFromInline let document: JSONDocument
    @usableFromInline var position: Int
    @usableFromInline let end: Int

    @inlinable
    init(document: JSONDocument, position: Int, end: Int) {
      self.document = document
      self.position = position
      self.end = end
    }

    /// The next member, or `nil` after the last one.
    @inlinable @inline(__always)
    public mutating func next() -> (key: String, value: JSON)? {
      guard position < end else { return nil }
      let tape = document.tape
      let key = StringText.string(tape[position], in: document)
      let entry = tape[position &+ 1]
      let value = JSON.value(entry, at: position &+ 1, of: document)
      position &+= 1 &+ Tape.span(entry)
      return (key, value)
    }
  }

  /// The number of members. O(1) below 2^28 members, which the tape stores; O(*n*) above.
  public var count: Int {
    Tape.count(at: index, in: document.tape)
  }

  /// Whether there is no element.
  @inlinable public var isEmpty: Bool {
    guard root >= 0 else { return builtIsEmpty }
    return Tape.span(storage.tape[root]) == 1
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a dictionary literal, keys in order; for a repeated key, the last value wins.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init(members: elements)
  }
}
