/// A transport stopped reading a response whose body is bigger than the request's
/// ``HTTPRequest/maximumResponseSize``; the service turns it into a
/// ``ServiceError`` of kind ``ServiceError/Kind/responseTooLarge``.
struct ResponseTooLarge: Error, Sendable {
  /// The limit, in bytes.
  let limit: Int
  /// The `Content-Length` the server declared, when it declared one above the limit.
  let declaredLength: Int64?
}
