import Argonaut

extension Decoded {
  /// A failure with a `.multiple` error: Argo 5's spelling.
  ///
  /// ```swift
  /// return .multipleErrors(errors: [.missingKey("id"), .missingKey("name")])
  /// ```
  ///
  /// - Parameter errors: The failures, in order.
  /// - Returns: `.failure(.multiple(errors))`.
  public static func multipleErrors(errors: [DecodeError]) -> Decoded<T> {
    .failure(.multiple(errors))
  }
}
