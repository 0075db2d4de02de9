import Argonaut

// Argo 5's free functions over a `JSON` value.

/// The `JSON` value at `key` of an object: Argo 5's `decodedJSON(_:forKey:)`.
///
/// ```swift
/// let name: Decoded<JSON> = decodedJSON(json, forKey: "name")
/// ```
///
/// As in Argo, a `null` value counts as missing. The errors have Argonaut's wording
/// and a path: `name: missing key`, `(root): expected Object, found array [1]`.
///
/// - Parameters:
///   - json: The object to look in.
///   - key: The key to look up.
/// - Returns: The value, `.missingKey(key)` when the key is missing or its value is
///   `null`, or a type mismatch when `json` is not an object.
public func decodedJSON(_ json: JSON, forKey key: String) -> Decoded<JSON> {
  guard case .object(let object) = json else { return .failure(.typeMismatch(expected: "Object", found: json)) }
  guard let value = object[key], !value.isNull else { return .failure(.missingKey(key)) }
  return .success(value)
}

/// Decodes an array of `T`: Argo 5.0's `decodeArray(_:)`, the same as `[T].decode(json)`.
///
/// ```swift
/// let tags: Decoded<[String]> = decodeArray(json)
/// ```
///
/// - Parameter json: The array to decode.
/// - Returns: The elements, or every failing element's error.
public func decodeArray<T: Decodable>(_ json: JSON) -> Decoded<[T]> where T.DecodedType == T {
  [T].decode(json)
}

/// Decodes an object of `T` values: Argo 5.0's `decodeObject(_:)`, the same as
/// `[String: T].decode(json)`.
///
/// ```swift
/// let counts: Decoded<[String: Int]> = decodeObject(json)
/// ```
///
/// - Parameter json: The object to decode.
/// - Returns: The members, or every failing member's error.
public func decodeObject<T: Decodable>(_ json: JSON) -> Decoded<[String: T]> where T.DecodedType == T {
  [String: T].decode(json)
}
