/// A type that can be decoded from `JSON`, by hand, in the style of Argo.
///
/// ```swift
/// struct User { let userName: String; let email: String; let fullName: String? }
///
/// extension User: Decodable {
///   static func decode(_ j: JSON) -> Decoded<User> {
///     curry(User.init)
///       <^> j <| "userName"
///       <*> j <| "email"
///       <*> j <|? "fullName"
///   }
/// }
/// ```
///
/// In a file that imports both Foundation and Argonaut, `Decodable` names this
/// protocol: a module's own declarations shadow the standard library's
/// `Swift.Decodable`, which stays available as `Swift.Decodable` (and `Codable`
/// keeps its meaning).
///
/// `String`, `Bool`, every fixed-width integer, `Double`, `Float`, `Optional`,
/// `Array`, `[String: T]` and `JSON` conform. So does any `RawRepresentable` type
/// whose raw value conforms, once it declares it: `extension Role: Decodable {}`.
public protocol Decodable {
  /// The type that `decode` produces; `Self` unless you say otherwise.
  associatedtype DecodedType = Self

  /// Decodes a value from `json`, or says why it cannot.
  static func decode(_ json: JSON) -> Decoded<DecodedType>
}
