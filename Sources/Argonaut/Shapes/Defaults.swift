extension JSON {
  /// Decodes the value at `key` (a key or a key path), or gives `defaultValue` when a
  /// key is missing or the value is `null`. A present value of the wrong type still
  /// fails: a default hides absence, not bad data.
  ///
  /// ```swift
  /// build(Settings.init, j <| "name", j.decode("theme", default: Theme.light), j.decode("tags", default: []))
  /// ```
  ///
  /// It is short for `j <|? "theme"` mapped with `?? .light`. Unlike
  /// `j <| "theme" <|> pure(.light)`, it does not swallow a mismatch.
  #if !DEBUG
    @inlinable
  #endif
  public func decode<T: Decodable>(_ key: some JSONKey, default defaultValue: @autoclosure () -> T) -> Decoded<T>
  where T.DecodedType == T {
    key.decodeValueIfPresent(in: self, with: T.decode).map { $0 ?? defaultValue() }
  }
}
