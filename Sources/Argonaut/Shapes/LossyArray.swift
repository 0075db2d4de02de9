/// An array that keeps the elements that decode and reports the ones it dropped.
///
/// Feeds and search results often hold a few elements of a shape the app does not
/// know yet. A strict `[Post]` fails as a whole; a `LossyArray<Post>` keeps every good
/// post, and says which ones it left out and why:
///
/// ```swift
/// let posts = j.decodeLossyArray("posts", of: Post.self)
/// for error in posts.value?.dropped ?? [] { print("skipped", error) }  // posts[2].title: missing key
/// build(Feed.init, j.decodeLossyArray("posts").map(\.elements))
/// ```
///
/// Decoding fails only when the value is not an array at all. The dropped errors have
/// their paths from the value that `decodeLossyArray` was called on, such as
/// `posts[2].title`. A `LossyArray` is a collection of its elements.
public struct LossyArray<Element> {
  /// The elements that decoded, in order.
  public var elements: [Element]
  /// Why each dropped element failed, with its index in the path.
  public var dropped: [DecodeError]

  /// An array of `elements`, and the errors of the ones dropped.
  public init(elements: [Element], dropped: [DecodeError] = []) {
    self.elements = elements
    self.dropped = dropped
  }
}

extension LossyArray: Sendable where Element: Sendable {}
extension LossyArray: Equatable where Element: Equatable {}
extension LossyArray: Hashable where Element: Hashable {}

extension LossyArray: RandomAccessCollection {
  /// The position of the first element.
  public var startIndex: Int { elements.startIndex }
  /// The position after the last element.
  public var endIndex: Int { elements.endIndex }
  /// The element at `position`.
  public subscript(position: Int) -> Element { elements[position] }
}

extension LossyArray: Decodable where Element: Decodable, Element.DecodedType == Element {
  /// Decodes every element that can be decoded; fails only if `json` is not an array.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<LossyArray<Element>> {
    guard case .array(let array) = json else { return .failure(.typeMismatch(expected: "Array", found: json)) }
    var result = LossyArray(elements: [])
    result.elements.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      switch Element.decode(element) {
      case .success(let value): result.elements.append(value)
      case .failure(let error): result.dropped.append(contentsOf: error.prefixed(by: .index(index)).errors)
      }
    }
    return .success(result)
  }
}

extension JSON {
  /// Decodes the array at `key` (a key or a key path), keeping the elements that
  /// decode; each dropped one is reported with its path from this value, such as
  /// `posts[2].title: missing key`.
  ///
  /// - Returns: The elements and the dropped errors, or a failure when the key is
  ///   missing or its value is not an array.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeLossyArray<T: Decodable>(_ key: some JSONKey, of type: T.Type = T.self)
    -> Decoded<LossyArray<T>> where T.DecodedType == T
  {
    key.decodeValue(in: self, with: { LossyArray<T>.decode($0) }).map { lossy in
      LossyArray(elements: lossy.elements, dropped: lossy.dropped.map(key.prefixing))
    }
  }
}
