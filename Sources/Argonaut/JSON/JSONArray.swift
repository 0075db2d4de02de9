/// The elements of a JSON array: a view onto a parsed document, or the elements of an
/// array built in Swift (kept as they are, as for `JSONObject`).
///
/// It is a `Collection` of `JSON` values in document order. Iterating is O(1) per
/// element; `count` is O(1) (below 2^28 elements, then counted).
///
/// ```swift
/// let json = try JSON(parsing: "[1, 2, 3]")
/// if case .array(let numbers) = json {
///   numbers.count                                    // 3
///   numbers.compactMap { $0.intValue }.reduce(0, +)  // 6
/// }
/// let built: JSONArray = ["a", 1, true]
/// ```
public struct JSONArray: Sendable {
  /// The `JSONDocument` whose tape holds the array at `root`, or, when `root` is
  /// negative, the `BuiltArray` of an array built in Swift (see `BuiltStorage`).
  @usableFromInline let storage: JSONDocument
  @usableFromInline let root: Int

  @inlinable
  package init(document: JSONDocument, index: Int) {
    self.storage = document
    self.root = index
  }

  init(built: BuiltArray) {
    self.storage = built
    self.root = -1
  }

  /// The document that holds the array; for a built array, its tape, made on first use.
  @inlinable
  package var document: JSONDocument {
    root >= 0 ? storage : builtDocument
  }

  /// The array's header on `document`'s tape.
  @inlinable
  package var index: Int { root >= 0 ? root : 0 }

  /// The elements of a built array, or `nil` for an array on a tape.
  @inlinable
  var built: BuiltArray? { root < 0 ? unsafeDowncast(storage, to: BuiltArray.self) : nil }

  @usableFromInline
  var builtDocument: JSONDocument { unsafeDowncast(storage, to: BuiltArray.self).tapeDocument }

  /// This array on a tape: for a built array, its tape's (made on first use), as for
  /// `JSONObject.onTape`.
  @usableFromInline
  var onTape: JSONArray { root >= 0 ? self : JSONArray(document: builtDocument, index: 0) }

  // The members below for built storage, out of line: the inlinable members stay
  // small and do not recurse, so that they inline as they did.

  @usableFromInline
  var builtEndIndex: Index { onTape.endIndex }

  @usableFromInline
  func builtIndex(after i: Index) -> Index { onTape.index(after: i) }

  @usableFromInline
  func builtElement(at position: Index) -> JSON { onTape[position] }

  @usableFromInline
  func builtIterator() -> Iterator { onTape.makeIterator() }

  @usableFromInline
  var builtIsEmpty: Bool { onTape.isEmpty }

  /// Creates an array of `elements`.
  ///
  /// The elements are kept as they are, not written: serializing the array writes
  /// each of them once, however deeply built objects and arrays nest.
  public init<Elements: Sequence<JSON>>(_ elements: Elements) {
    self.init(elements: Array(elements))
  }

  /// An array of `elements`, kept as they are: what `encode()` builds.
  @usableFromInline
  init(elements: [JSON]) {
    let built = BuiltArray(elements: elements)
    if built.depth > BuiltStorage.maximumDepth {
      self.init(document: built.tapeDocument, index: 0)
    } else {
      self.init(built: built)
    }
  }

  /// An empty array.
  public init() {
    self.init(EmptyCollection<JSON>())
  }

  /// Returns the element at `offset`, or `nil` when it is out of range.
  ///
  /// - Complexity: O(1) when no element is a container; otherwise O(*offset*).
  public func element(at offset: Int) -> JSON? {
    guard offset >= 0 else { return nil }
    let document = document
    let entry = document.tape[index]
    let span = Tape.span(entry)
    let count = Tape.storedCount(entry)
    if count < Tape.maxCount && span == count + 1 {
      return offset < count ? JSON(document, at: index + 1 + offset) : nil
    }
    var i = startIndex
    for _ in 0..<offset {
      guard i != endIndex else { return nil }
      formIndex(after: &i)
    }
    return i == endIndex ? nil : self[i]
  }
}

extension JSONArray: Collection {
  /// A position in a `JSONArray`.
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
    return Index(position: i.position + Tape.span(storage.tape[i.position]))
  }

  /// The element at `position`.
  @inlinable
  public subscript(position: Index) -> JSON {
    guard root >= 0 else { return builtElement(at: position) }
    return JSON(storage, at: position.position)
  }

  /// Returns an iterator over the elements, in document order.
  @inlinable @inline(__always)
  public func makeIterator() -> Iterator {
    guard root >= 0 else { return builtIterator() }
    return Iterator(document: storage, position: root + 1, end: root + Tape.span(storage.tape[root]))
  }

  /// An iterator over the elements of a `JSONArray`, which reads the document's tape
  /// directly.
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

    /// The next element, or `nil` after the last one.
    @inlinable @inline(__always)
    public mutating func next() -> JSON? {
      guard position < end else { return nil }
      let element = JSON(document, at: position)
      position &+= Tape.span(document.tape[position])
      return element
    }
  }

  /// The number of elements. O(1) below 2^28 elements, which the tape stores; O(*n*) above.
  public var count: Int {
    Tape.count(at: index, in: document.tape)
  }

  /// Whether there is no element.
  @inlinable public var isEmpty: Bool {
    guard root >= 0 else { return builtIsEmpty }
    return Tape.span(storage.tape[root]) == 1
  }
}

extension JSONArray: ExpressibleByArrayLiteral {
  /// Creates a value from an array literal, elements in order.
  public init(arrayLiteral elements: JSON...) {
    self.init(elements: elements)
  }
}
