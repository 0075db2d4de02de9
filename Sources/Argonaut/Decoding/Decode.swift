// The free `decode` functions: the entry points from a `JSON` value, from text, or
// from bytes.

/// Decodes `json` as `T`, chosen by the context.
///
/// ```swift
/// let user: Decoded<User> = decode(json)
/// let users: Decoded<[User]> = decode(json)   // a root array
/// ```
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(_ json: JSON) -> Decoded<T> where T.DecodedType == T {
  T.decode(json)
}

/// Decodes `json` as `T`, or returns `nil`, dropping the error.
///
/// ```swift
/// let user: User? = decode(json)
/// ```
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(_ json: JSON) -> T? where T.DecodedType == T {
  T.decode(json).value
}

/// Decodes the value at `rootKey` of the object `json`.
///
/// ```swift
/// let user: Decoded<User> = decode(json, rootKey: "user")
/// ```
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(_ json: JSON, rootKey: String) -> Decoded<T> where T.DecodedType == T {
  json.decode(rootKey)
}

/// Decodes the value at `rootKey` of the object `json`, or returns `nil`.
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(_ json: JSON, rootKey: String) -> T? where T.DecodedType == T {
  json.decode(rootKey, as: T.self).value
}

/// Parses `text` and decodes it as `T`. A parse error becomes a `.custom` failure
/// whose message is the `JSONParseError` text (`line 1, column 9: expected …`).
///
/// ```swift
/// let user: Decoded<User> = decode(parsing: #"{"userName": "ada", "email": "ada@example.com"}"#)
/// ```
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(parsing text: String) -> Decoded<T> where T.DecodedType == T {
  parsed { () throws(JSONParseError) in try JSON(parsing: text) }.flatMap(T.decode)
}

/// Parses `text` and decodes the value at `rootKey`.
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable>(parsing text: String, rootKey: String) -> Decoded<T> where T.DecodedType == T {
  parsed { () throws(JSONParseError) in try JSON(parsing: text) }.flatMap { $0.decode(rootKey) }
}

/// Parses UTF-8 `bytes` (such as `[UInt8]` or `Data`) and decodes them as `T`.
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable, Bytes: Collection<UInt8>>(parsing bytes: Bytes) -> Decoded<T>
where T.DecodedType == T {
  parsed { () throws(JSONParseError) in try JSON(parsing: bytes) }.flatMap(T.decode)
}

/// Parses UTF-8 `bytes` and decodes the value at `rootKey`.
#if !DEBUG
  @inlinable
#endif
public func decode<T: Decodable, Bytes: Collection<UInt8>>(parsing bytes: Bytes, rootKey: String) -> Decoded<T>
where T.DecodedType == T {
  parsed { () throws(JSONParseError) in try JSON(parsing: bytes) }.flatMap { $0.decode(rootKey) }
}

/// Runs `parse`, turning a parse error into a `.custom` decode failure.
@usableFromInline
func parsed(_ parse: () throws(JSONParseError) -> JSON) -> Decoded<JSON> {
  do {
    return .success(try parse())
  } catch {
    return .failure(.custom(error.description))
  }
}
