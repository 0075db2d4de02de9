import Argonaut

/// The body of the news feed API's error responses.
///
/// ```json
/// {"error": "invalid credentials"}
/// ```
///
/// A `ServiceError` keeps the body of an unacceptable response; decode it with
/// `error.decodeBody(as: APIError.self)`:
///
/// ```swift
/// catch let error where error.statusCode == 401 {
///   print(error.decodeBody(as: APIError.self)?.value?.message ?? "unauthorized")
/// }
/// ```
public struct APIError: Hashable, Sendable {
  /// What the server said went wrong.
  public let message: String

  /// Creates an error body.
  public init(message: String) {
    self.message = message
  }
}

extension APIError: Decodable {
  /// Decodes `{"error": message}`.
  public static func decode(_ j: JSON) -> Decoded<APIError> {
    APIError.init <^> j <| "error"
  }
}
