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
  /// Decodes the value at `key`. Aliased by `<|`.
  @inlinable
  public func decode<T: Decodable>(_ key: String, as type: T.Type = T.self) -> Decoded<T>
  where T.DecodedType == T {
    guard case .object(let object) = self else { return .failure(.typeMismatch(expected: "Object", found: self)) }
    guard let value = object[key] else { return .failure(.missingKey(key)) }
    return T.decode(value).prefixingPath(.key(key))
  }

  /// Decodes the value at the key path `keys`, such as `["user", "profile", "name"]`.
  /// Aliased by `<|`.
  @inlinable
  public func decode<T: Decodable>(_ keys: [String], as type: T.Type = T.self) -> Decoded<T>
  where T.DecodedType == T {
    switch member(at: keys, nullIsAbsent: false) {
    case .found(let value): return T.decode(value).prefixingPath(keys)
    case .absent(let error), .failed(let error): return .failure(error)
    }
  }

  /// Decodes the value at `key`, or `nil` when the key is missing or `null`; a
  /// present value of the wrong type still fails. Aliased by `<|?`.
  @inlinable
  public func decodeIfPresent<T: Decodable>(_ key: String, as type: T.Type = T.self) -> Decoded<T?>
  where T.DecodedType == T {
    guard case .object(let object) = self else { return .failure(.typeMismatch(expected: "Object", found: self)) }
    guard let value = object[key], !value.isNull else { return .success(nil) }
    return T.decode(value).map(Optional.some).prefixingPath(.key(key))
  }

  /// Decodes the value at the key path `keys`, or `nil` when a key is missing or a
  /// value along the path is `null`. Aliased by `<|?`.
  @inlinable
  public func decodeIfPresent<T: Decodable>(_ keys: [String], as type: T.Type = T.self) -> Decoded<T?>
  where T.DecodedType == T {
    switch member(at: keys, nullIsAbsent: true) {
    case .found(let value): return T.decode(value).map(Optional.some).prefixingPath(keys)
    case .absent: return .success(nil)
    case .failed(let error): return .failure(error)
    }
  }

  /// Decodes the array at `key`. Aliased by `<||`.
  @inlinable
  public func decodeArray<T: Decodable>(_ key: String, of type: T.Type = T.self) -> Decoded<[T]>
  where T.DecodedType == T {
    decode(key)
  }

  /// Decodes the array at the key path `keys`. Aliased by `<||`.
  @inlinable
  public func decodeArray<T: Decodable>(_ keys: [String], of type: T.Type = T.self) -> Decoded<[T]>
  where T.DecodedType == T {
    decode(keys)
  }

  /// Decodes the array at `key`, or `nil` when it is missing or `null`. Aliased by `<||?`.
  @inlinable
  public func decodeArrayIfPresent<T: Decodable>(_ key: String, of type: T.Type = T.self) -> Decoded<[T]?>
  where T.DecodedType == T {
    decodeIfPresent(key)
  }

  /// Decodes the array at the key path `keys`, or `nil` when a key is missing or a
  /// value along the path is `null`. Aliased by `<||?`.
  @inlinable
  public func decodeArrayIfPresent<T: Decodable>(_ keys: [String], of type: T.Type = T.self) -> Decoded<[T]?>
  where T.DecodedType == T {
    decodeIfPresent(keys)
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
  @inlinable
  func prefixingPath(_ keys: [String]) -> Decoded<T> {
    guard case .failure(let error) = self else { return self }
    return .failure(keys.reversed().reduce(error) { $0.prefixed(by: .key($1)) })
  }
}
