/// The members of a JSON object: a view onto a parsed document.
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
  @usableFromInline let storage: any AnyObject & Sendable
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
    if _fastPath(root >= 0) { return unsafeDowncast(storage, to: JSONDocument.self) }
    return builtDocument
  }

  /// The object's header on `document`'s tape.
  @inlinable
  package var index: Int { root >= 0 ? root : 0 }

  /// The members of a built object, or `nil` for an object on a tape.
  @inlinable
  var built: BuiltObject? { root < 0 ? unsafeDowncast(storage, to: BuiltObject.self) : nil }

  @usableFromInline
  var builtDocument: JSONDocument { unsafeDowncast(storage, to: BuiltObject.self).document }

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
      self.init(document: built.document, index: 0)
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
    guard let position = ObjectKeys.position(of: key, inObjectAt: index, document: document) else { return nil }
    return JSON(document, at: position)
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
  @inlinable public var endIndex: Index { Index(position: index + Tape.span(document.tape[index])) }

  /// The position after `i`.
  @inlinable
  public func index(after i: Index) -> Index {
    Index(position: i.position + 1 + Tape.span(document.tape[i.position + 1]))
  }

  /// The element at `position`.
  @inlinable
  public subscript(position: Index) -> (key: String, value: JSON) {
    (
      key: StringText.string(document.tape[position.position], in: document),
      value: JSON(document, at: position.position + 1)
    )
  }

  /// Returns an iterator over the members, in document order.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(document: document, position: index + 1, end: index + Tape.span(document.tape[index]))
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
  @inlinable public var isEmpty: Bool { Tape.span(document.tape[index]) == 1 }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a dictionary literal, keys in order; for a repeated key, the last value wins.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init(members: elements)
  }
}
