/// A type that can turn itself into `JSON`: the other direction of `Decodable`.
///
/// ```swift
/// struct User { let userName: String; let email: String; let fullName: String? }
///
/// extension User: JSONEncodable {
///   func encode() -> JSON {
///     ["userName": userName.encode(), "email": email.encode(), "fullName": fullName.encode()]
///   }
/// }
/// let json = user.encode()  // {"userName":"ada","email":"ada@example.com","fullName":null}
/// ```
///
/// An object is a dictionary literal of encoded members, in the order written. To
/// leave out a member whose value is `nil`, rather than send `null`, build the object
/// with `JSON(omittingNil:)` and `Optional.encodeIfPresent()`.
///
/// `String`, `Bool`, every fixed-width integer, `Double`, `Float`, `Optional`
/// (`nil` is `null`), `Array`, `[String: T]` and `JSON` conform. So does any
/// `RawRepresentable` type whose raw value conforms, once it declares it:
/// `extension Role: JSONEncodable {}`.
///
/// Encoding then decoding gives the value back: numbers are written exactly (an
/// `Int64` keeps every digit, a `Double` its shortest form that reads back the same).
public protocol JSONEncodable {
  /// This value as `JSON`.
  func encode() -> JSON
}

extension JSON {
  /// An object built from `members`, in order, leaving out every member whose value
  /// is `nil`.
  ///
  /// ```swift
  /// func encode() -> JSON {
  ///   JSON(omittingNil: [
  ///     "userName": userName.encode(),
  ///     "fullName": fullName.encodeIfPresent(),  // left out when nil
  ///     "manager": manager.encode(),              // null when nil
  ///   ])
  /// }
  /// ```
  ///
  /// - Parameter members: Keys and values; a `nil` value leaves its key out. When a key
  ///   appears twice, the last one wins, as in a parsed document.
  public init(omittingNil members: KeyValuePairs<String, JSON?>) {
    self = .object(JSONObject(members: members.compactMap { key, value in value.map { (key, $0) } }))
  }
}
