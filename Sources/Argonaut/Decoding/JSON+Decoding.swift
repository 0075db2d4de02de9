/// Decoding the members of an object: the named methods behind `<|`, `<|?`, `<||`
/// and `<||?`.
///
/// ```swift
/// let name: Decoded<String> = j.decode("userName")               // j <| "userName"
/// let city: Decoded<String?> = j.decodeIfPresent(["address", "city"])  // j <|? ["address", "city"]
/// let tags: Decoded<[String]> = j.decodeArray("tags")            // j <|| "tags"
/// ```
///
/// A failure's path starts at this value: a type mismatch inside `"address"` reads
/// `address.city: expected String, found number 12`.
extension JSON {
  /// Decodes the value at `key`: a key such as `"userName"`, or a key path such as
  /// `["user", "profile", "name"]`. Aliased by `<|`.
  ///
  /// The type can be given in place, which reads well at the start of a `flatMap`:
  /// `j.decode("type", as: String.self).flatMap { type in … }`.
  #if !DEBUG
    @inlinable
  #endif
  public func decode<T: Decodable>(_ key: some JSONKey, as type: T.Type = T.self) -> Decoded<T>
  where T.DecodedType == T {
    key.decodeValue(in: self, with: T.decode)
  }

  /// Decodes the value at `key` (a key or a key path), or `nil` when a key is missing
  /// or a value along the way is `null`; a present value of the wrong type still
  /// fails. Aliased by `<|?`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeIfPresent<T: Decodable>(_ key: some JSONKey, as type: T.Type = T.self) -> Decoded<T?>
  where T.DecodedType == T {
    key.decodeValueIfPresent(in: self, with: T.decode)
  }

  /// Decodes the array at `key` (a key or a key path). Aliased by `<||`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeArray<T: Decodable>(_ key: some JSONKey, of type: T.Type = T.self) -> Decoded<[T]>
  where T.DecodedType == T {
    key.decodeValue(in: self, with: { [T].decode($0) })
  }

  /// Decodes the array at `key` (a key or a key path), or `nil` when a key is missing
  /// or a value along the way is `null`. Aliased by `<||?`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeArrayIfPresent<T: Decodable>(_ key: some JSONKey, of type: T.Type = T.self) -> Decoded<[T]?>
  where T.DecodedType == T {
    key.decodeValueIfPresent(in: self, with: { [T].decode($0) })
  }

  /// Decodes the value at `key` (a key or a key path) with a decoder of your own, such
  /// as `Int64.decode(numericString:)`, with the key in the error's path.
  ///
  /// ```swift
  /// let id = j.decode("id_str", using: Int64.decode(numericString:))
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func decode<T>(_ key: some JSONKey, using decoder: (JSON) -> Decoded<T>) -> Decoded<T> {
    key.decodeValue(in: self, with: decoder)
  }

  /// Decodes the value at `key` with a decoder of your own, or gives `nil` when a key
  /// is missing or a value is `null`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeIfPresent<T>(_ key: some JSONKey, using decoder: (JSON) -> Decoded<T>) -> Decoded<T?> {
    key.decodeValueIfPresent(in: self, with: decoder)
  }
}

/// The outcome of following a key path.
@usableFromInline
enum KeyPathLookup {
  case found(JSON)
  /// A key is missing, or (when `null` counts as absent) a value is `null`.
  case absent(DecodeError)
  /// A value along the path is not an object.
  case failed(DecodeError)
}

extension JSON {
  /// Follows `keys` from this value.
  @usableFromInline
  func member(at keys: [String], nullIsAbsent: Bool) -> KeyPathLookup {
    var current = self
    var path = JSONPath()
    for key in keys {
      if nullIsAbsent && current.isNull { return .absent(.missingKey(key, path: path)) }
      guard case .object(let object) = current else {
        return .failed(.typeMismatch(expected: "Object", found: current).prefixed(path))
      }
      guard let next = object[key] else { return .absent(.missingKey(key, path: path)) }
      current = next
      path = path.appending(.key(key))
    }
    if nullIsAbsent && current.isNull, let last = keys.last {
      return .absent(.missingKey(last, path: JSONPath(path.components.dropLast())))
    }
    return .found(current)
  }
}

extension DecodeError {
  /// This error with `path` put in front of its own.
  func prefixed(_ path: JSONPath) -> DecodeError {
    path.components.reversed().reduce(self) { $0.prefixed(by: $1) }
  }
}

extension Decoded {
  /// On failure, puts the key path `keys` in front of the error's path.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  func prefixingPath(_ keys: [String]) -> Decoded<T> {
    guard case .failure(let error) = self else { return self }
    return .failure(keys.reversed().reduce(error) { $0.prefixed(by: .key($1)) })
  }
}
