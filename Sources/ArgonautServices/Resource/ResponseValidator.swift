import Foundation

/// A check of a response before it is parsed: its status, its content type, or
/// anything in its headers or body.
///
/// ```swift
/// let events = Resource<[Event]>(Request(.get, "/events"), validators: [
///   .contentType("application/json"),
///   .header("X-RateLimit-Remaining", "the rate limit is exhausted") { $0 != "0" },
/// ])
///
/// var configuration = ServiceConfiguration.current
/// configuration.validators = [.status(200...299)]      // for every load in this configuration
/// ```
///
/// A resource's validators run after the configuration's, and both after the
/// service's status check (``Request/acceptedStatusCodes``). A validator fails the
/// load with a ``ServiceError`` that names the request: `status(_:)` with
/// ``ServiceError/Kind/unacceptableStatus``, ``contentType(_:)`` with
/// ``ServiceError/Kind/unacceptableContentType``, the others with
/// ``ServiceError/Kind/validationFailed``, or with the ``ServiceError`` they throw.
public struct ResponseValidator: Sendable {
  let check: @Sendable (HTTPResponse) throws(ServiceError) -> Void

  /// A validator that runs `check`, which throws when the response is not valid.
  ///
  /// ```swift
  /// let notEmpty = ResponseValidator { response in
  ///   if response.body.isEmpty { throw ServiceError.validationFailed("the body is empty", response: response) }
  /// }
  /// ```
  ///
  /// - Parameter check: Throws a ``ServiceError`` (built with, say,
  ///   ``ServiceError/validationFailed(_:response:request:)``), or any other error,
  ///   which becomes a ``ServiceError/Kind/validationFailed`` error.
  public init(_ check: @escaping @Sendable (HTTPResponse) throws -> Void) {
    self.check = { response throws(ServiceError) in
      do {
        try check(response)
      } catch let error as ServiceError {
        throw error
      } catch {
        throw .validationFailed(String(describing: error), response: response)
      }
    }
  }

  /// A validator that accepts a response when `isValid` says so, and otherwise fails
  /// with `message`.
  ///
  /// ```swift
  /// let hasBody = ResponseValidator("the body is empty") { !$0.body.isEmpty }
  /// ```
  public init(_ message: String, _ isValid: @escaping @Sendable (HTTPResponse) -> Bool) {
    self.check = { response throws(ServiceError) in
      if !isValid(response) { throw .validationFailed(message, response: response) }
    }
  }

  /// Checks `response`.
  /// - Throws: ``ServiceError``, without the request: the service attaches it.
  public func validate(_ response: HTTPResponse) throws(ServiceError) {
    try check(response)
  }

  /// Accepts only the statuses in `statusCodes`.
  public static func status(_ statusCodes: Set<Int>) -> ResponseValidator {
    ResponseValidator(checking: { response throws(ServiceError) in
      if !statusCodes.contains(response.statusCode) { throw .unacceptableStatus(response) }
    })
  }

  /// Accepts only the statuses in `range`, such as `200...299`.
  public static func status(_ range: ClosedRange<Int>) -> ResponseValidator {
    status(Set(range))
  }

  /// Accepts only a `Content-Type` that matches one of `mediaTypes`: an exact type
  /// such as `application/json`, a type's subtypes such as `image/*`, or anything,
  /// `*/*`. Parameters such as `charset` and letter case are ignored. A response
  /// without a `Content-Type` is rejected.
  public static func contentType(_ mediaTypes: String...) -> ResponseValidator {
    let patterns = mediaTypes.map(MediaType.essence)
    return ResponseValidator(checking: { response throws(ServiceError) in
      guard let found = response.contentType.map(MediaType.essence),
        patterns.contains(where: { MediaType.matches(found, pattern: $0) })
      else {
        throw .unacceptableContentType(expected: mediaTypes, response: response)
      }
    })
  }

  /// Accepts a response whose header field `name` satisfies `isValid` (which gets
  /// `nil` when the field is absent), and otherwise fails with `message`.
  ///
  /// ```swift
  /// .header("X-RateLimit-Remaining", "the rate limit is exhausted") { $0 != "0" }
  /// ```
  public static func header(
    _ name: String, _ message: String, _ isValid: @escaping @Sendable (String?) -> Bool
  ) -> ResponseValidator {
    ResponseValidator(message) { response in isValid(response.header(name)) }
  }

  init(checking check: @escaping @Sendable (HTTPResponse) throws(ServiceError) -> Void) {
    self.check = check
  }
}

/// Media types as compared by ``ResponseValidator/contentType(_:)``.
enum MediaType {
  /// `type/subtype`, lowercased, without parameters or spaces.
  static func essence(_ contentType: String) -> String {
    let end = contentType.firstIndex(of: ";") ?? contentType.endIndex
    return contentType[..<end].trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// Whether `essence` matches `pattern`: equal, `type/*` for its type, or `*/*`.
  static func matches(_ essence: String, pattern: String) -> Bool {
    if pattern == "*/*" || pattern == essence { return true }
    guard pattern.hasSuffix("/*") else { return false }
    return essence.hasPrefix(pattern.dropLast()) && essence.count > pattern.count - 1
  }
}
