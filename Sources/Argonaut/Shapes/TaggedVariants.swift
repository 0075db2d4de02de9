extension JSON {
  /// Decodes one of several shapes, chosen by a string field such as `"type"`: the
  /// polymorphic objects of event feeds and activity streams.
  ///
  /// ```swift
  /// enum GitHubEvent {
  ///   case push(PushEvent), issues(IssuesEvent), unknown(type: String)
  /// }
  ///
  /// extension GitHubEvent: Decodable {
  ///   static func decode(_ j: JSON) -> Decoded<GitHubEvent> {
  ///     j.decode(
  ///       taggedBy: "type",
  ///       [
  ///         "PushEvent": { PushEvent.decode($0).map(GitHubEvent.push) },
  ///         "IssuesEvent": { IssuesEvent.decode($0).map(GitHubEvent.issues) },
  ///       ],
  ///       unknown: { type, _ in .success(.unknown(type: type)) })
  ///   }
  /// }
  /// ```
  ///
  /// Each variant's decoder gets this whole value, so its errors have paths from here
  /// (`payload.commits[0].sha: missing key`). Without `unknown`, a tag that no variant
  /// claims fails at the tag: `type: expected IssuesEvent or PushEvent, found string "ForkEvent"`.
  ///
  /// - Parameters:
  ///   - key: The member that names the shape.
  ///   - variants: A decoder for each value of the tag.
  ///   - unknown: What to make of any other tag, given the tag and this value; `nil`
  ///     makes an unknown tag a failure.
  /// - Returns: The variant's result; a failure when the tag is missing or not a string.
  public func decode<T>(
    taggedBy key: String, _ variants: [String: (JSON) -> Decoded<T>],
    unknown: ((_ tag: String, _ json: JSON) -> Decoded<T>)? = nil
  ) -> Decoded<T> {
    decode(key, as: String.self).flatMap { tag in
      if let variant = variants[tag] { return variant(self) }
      if let unknown { return unknown(tag, self) }
      let names = variants.keys.sorted()
      let expected =
        names.count <= 1 ? names.first ?? "no tag" : names.dropLast().joined(separator: ", ") + " or " + names.last!
      return .failure(DecodeError.typeMismatch(expected: expected, found: .string(tag)).prefixed(by: .key(key)))
    }
  }
}
