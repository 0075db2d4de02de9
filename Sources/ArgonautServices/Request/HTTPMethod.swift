/// An HTTP request method, such as `GET` or `POST`.
///
/// ```swift
/// let request = Request(.post, "/login", body: .json(["userName": "ada"]))
/// let custom = HTTPMethod(rawValue: "PROPFIND")
/// ```
///
/// The raw value is always uppercase.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The method's name, uppercase, such as `GET`.
  public let rawValue: String

  /// Creates a method from its name; the name is uppercased.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// Creates a method from a literal name, such as `"PROPFIND"`.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// The method's name, such as `GET`.
  public var description: String { rawValue }

  /// `GET`: reads a resource.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `POST`: creates a resource, or performs an action such as a login.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`: replaces a resource.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: changes part of a resource.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`: removes a resource.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `HEAD`: like `GET`, without the body.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `OPTIONS`: asks which methods a resource supports.
  public static let options = HTTPMethod(rawValue: "OPTIONS")
}
