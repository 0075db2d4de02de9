import Argonaut

/// Argo 5's subscripts: decoding with `json["key"]` in place of `json <| "key"`.
///
/// ```swift
/// extension User: Decodable {
///   static func decode(_ json: JSON) -> Decoded<User> {
///     curry(User.init)
///       <^> json["id"]
///       <*> json["company", "name"]      // a key path
///       <*> json[optional: "email"]      // nil when missing or null
///   }
/// }
/// ```
///
/// They take their type from the context, so they only apply where a `Decoded` is
/// expected. Elsewhere, `json["user"]` is still the plain accessor that returns a
/// `JSON?`, and `json["user"]?["name"]` keeps working.
///
/// They live in this separate module, `ArgonautCompatibility`, because a generic
/// subscript on `JSON` makes every plain `json["key"]` slower to type-check (about
/// 1.7× in a file of accessors). Code that does not import it keeps the fast path.
///
/// One difference from Argo: `json[optional: …]` gives `nil` only when a key is
/// missing or a value is `null`. A value of the wrong type along the way, such as a
/// string where an object should be, is a failure, as with `<|?`.
extension JSON {
  /// Decodes the value at a key, or at a key path given as several keys. Argo 5's
  /// spelling of `json <| "key"` and `json <| ["a", "b"]`.
  @inlinable
  public subscript<T: Decodable>(_ key: String, _ more: String...) -> Decoded<T> where T.DecodedType == T {
    more.isEmpty ? decode(key) : decode([key] + more)
  }

  /// Decodes the value at a key or key path, or `nil` when a key is missing or a value
  /// is `null`. Argo 5's spelling of `json <|? "key"`.
  @inlinable
  public subscript<T: Decodable>(optional key: String, _ more: String...) -> Decoded<T?> where T.DecodedType == T {
    more.isEmpty ? decodeIfPresent(key) : decodeIfPresent([key] + more)
  }
}
