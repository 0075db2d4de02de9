import Argonaut

extension JSONArray {
  /// The element at `offset`, as `[JSON]`'s subscript gives it: for decoders that
  /// matched Argo's `.array(let a)` and read `a[0]`.
  ///
  /// ```swift
  /// case .array(let pair) where pair.count == 2:
  ///   return curry(Point.init) <^> Double.decode(pair[0]) <*> Double.decode(pair[1])
  /// ```
  ///
  /// Like `Array`'s subscript, it stops the program when `offset` is out of range, so
  /// check `count` first; `element(at:)` returns `nil` instead.
  ///
  /// - Parameter offset: The element's position, from 0.
  /// - Complexity: O(1) when no element is an object or an array; otherwise O(*offset*).
  public subscript(offset: Int) -> JSON {
    guard let element = element(at: offset) else {
      preconditionFailure("JSONArray index \(offset) out of range (count \(count))")
    }
    return element
  }
}
