import Argonaut

// Argo 5's `catDecoded`: the successes of a collection of `Decoded` values.

/// The values of the successes in an array of `Decoded` values, in order; the failures
/// are dropped. Argo 5's `catDecoded`.
///
/// ```swift
/// let posts: [Post] = catDecoded(feed.map(Post.decode))  // the posts that decoded
/// ```
///
/// `LossyArray` (`j <| "posts"` into a `LossyArray<Post>`) does the same at a key, and
/// keeps the errors it dropped.
///
/// - Parameter decoded: The values to filter.
/// - Returns: The successes' values.
/// - Complexity: O(*n*).
public func catDecoded<T>(_ decoded: [Decoded<T>]) -> [T] {
  decoded.compactMap(\.value)
}

/// The successes in a dictionary of `Decoded` values, under their keys; the failures are
/// dropped. Argo 5's `catDecoded`.
///
/// ```swift
/// let ages: [String: Int] = catDecoded(["ada": Int.decode(36), "bob": Int.decode("x")])  // ["ada": 36]
/// ```
///
/// - Parameter decoded: The values to filter.
/// - Returns: The successes' values under their keys.
/// - Complexity: O(*n*).
public func catDecoded<T>(_ decoded: [String: Decoded<T>]) -> [String: T] {
  decoded.compactMapValues(\.value)
}
