import Argonaut

/// A user of the news feed, as the API sends it after a login.
///
/// ```json
/// {"userName": "ada", "email": "ada@example.com", "fullName": "Ada Lovelace"}
/// ```
public struct User: Hashable, Sendable {
  /// The name the user logs in with.
  public let userName: String
  /// The user's email address.
  public let email: String
  /// The user's full name, when they gave one.
  public let fullName: String?

  /// Creates a user.
  public init(userName: String, email: String, fullName: String?) {
    self.userName = userName
    self.email = email
    self.fullName = fullName
  }
}

extension User: Decodable {
  /// Decodes a user; `fullName` may be missing or `null`.
  public static func decode(_ j: JSON) -> Decoded<User> {
    curry(User.init)
      <^> j <| "userName"
      <*> j <| "email"
      <*> j <|? "fullName"
  }
}
