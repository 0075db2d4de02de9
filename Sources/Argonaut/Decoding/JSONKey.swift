/// Where a decoder finds a value: a key, `"userName"`, or a key path,
/// `["user", "profile", "name"]`.
///
/// `String` and `[String]` conform; the decoding operators and `JSON.decode(_:as:)`
/// take either. It is one protocol rather than two overloads of every operator
/// because the compiler type-checks one generic overload far faster: an 80-field
/// `build` call takes a fraction of the time.
///
/// Other types are not meant to conform: its requirements are the library's own.
public protocol JSONKey: Sendable {
  /// Decodes the value this key locates in `json` with `decoder`, with the key in the
  /// error's path.
  func decodeValue<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T>

  /// Decodes the value this key locates in `json` with `decoder`, or gives `nil` when a
  /// key is missing or a value is `null`.
  func decodeValueIfPresent<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T?>

  /// `error` as seen from the value that holds this key: the key goes in front of its path.
  func prefixing(_ error: DecodeError) -> DecodeError
}

extension String: JSONKey {
  /// The member for this key of an object.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeValue<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T> {
    guard case .object(let object) = json else { return .failure(.typeMismatch(expected: "Object", found: json)) }
    guard object.root >= 0 else { return decodeBuiltValue(in: object, with: decoder) }
    // The value is made from the tape position, not through the subscript, which
    // keeps an extra reference to the document around the lookup.
    guard let position = ObjectKeys.position(of: self, inObjectAt: object.root, document: object.storage) else {
      return .failure(.missingKey(self))
    }
    return decoder(JSON(object.storage, at: position)).prefixingPath(.key(self))
  }

  /// The member for this key of an object, or `nil` when missing or `null`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeValueIfPresent<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T?> {
    guard case .object(let object) = json else { return .failure(.typeMismatch(expected: "Object", found: json)) }
    guard object.root >= 0 else { return decodeBuiltValueIfPresent(in: object, with: decoder) }
    guard let position = ObjectKeys.position(of: self, inObjectAt: object.root, document: object.storage),
      Tape.tag(object.storage.tape[position]) != .null
    else { return .success(nil) }
    return decoder(JSON(object.storage, at: position)).map(Optional.some).prefixingPath(.key(self))
  }

  /// `decodeValue(in:with:)` for a built object, on its tape. Out of line, so that
  /// the inlinable path neither grows nor recurses.
  @usableFromInline
  func decodeBuiltValue<T>(in object: JSONObject, with decoder: (JSON) -> Decoded<T>) -> Decoded<T> {
    decodeValue(in: .object(object.onTape), with: decoder)
  }

  /// `decodeValueIfPresent(in:with:)` for a built object, on its tape.
  @usableFromInline
  func decodeBuiltValueIfPresent<T>(in object: JSONObject, with decoder: (JSON) -> Decoded<T>) -> Decoded<T?> {
    decodeValueIfPresent(in: .object(object.onTape), with: decoder)
  }

  /// `error`, with this key in front of its path.
  #if !DEBUG
    @inlinable
  #endif
  public func prefixing(_ error: DecodeError) -> DecodeError {
    error.prefixed(by: .key(self))
  }
}

extension Array: JSONKey where Element == String {
  /// The value at the end of this key path.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeValue<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T> {
    switch json.member(at: self, nullIsAbsent: false) {
    case .found(let value): return decoder(value).prefixingPath(self)
    case .absent(let error), .failed(let error): return .failure(error)
    }
  }

  /// The value at the end of this key path, or `nil` when a key is missing or a
  /// value along the path is `null`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeValueIfPresent<T>(in json: JSON, with decoder: (JSON) -> Decoded<T>) -> Decoded<T?> {
    switch json.member(at: self, nullIsAbsent: true) {
    case .found(let value): return decoder(value).map(Optional.some).prefixingPath(self)
    case .absent: return .success(nil)
    case .failed(let error): return .failure(error)
    }
  }

  /// `error`, with this key in front of its path.
  #if !DEBUG
    @inlinable
  #endif
  public func prefixing(_ error: DecodeError) -> DecodeError {
    reversed().reduce(error) { $0.prefixed(by: .key($1)) }
  }
}
