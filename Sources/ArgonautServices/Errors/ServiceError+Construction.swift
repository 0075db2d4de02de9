import Argonaut
import Foundation

// Public construction of every kind, for code outside the library that must fail the
// way the library does: a resource's parse step, a validator, a middleware or a
// transport. The error keeps the library's wording and its redaction.

extension ServiceError {
  /// An error of the given reason, before or after the service attaches a request.
  init(_ reason: Reason, request: HTTPRequest?, response: HTTPResponse?) {
    if let request {
      self.init(reason, request: request, response: response)
    } else {
      self.init(reason, method: .get, target: "", request: nil, response: response)
    }
  }

  /// This error with `request` attached, and `response` too unless it has one: what a
  /// service does to an error thrown by a parse step or a validator.
  func attaching(_ request: HTTPRequest, _ response: HTTPResponse?) -> ServiceError {
    if self.request != nil { return self }
    var attached = ServiceError(reason, request: request, response: self.response ?? response)
    attached.attempts = attempts
    attached.sentRequests = sentRequests
    return attached
  }

  /// A request that cannot be sent.
  ///
  /// ```swift
  /// throw ServiceError.invalidRequest("the page size must be at most 100")
  /// ```
  ///
  /// - Parameters:
  ///   - message: What is wrong, such as `unfilled placeholder {id} in /users/{id}`.
  ///   - request: The request; leave it out in a parse step or a validator, and the
  ///     service attaches the request it sent.
  public static func invalidRequest(_ message: String, request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.invalidRequest(message), request: request, response: nil)
  }

  /// No response arrived: `error` is the transport's own error.
  public static func transportFailure(_ error: any Error, request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.transportFailure(error), request: request, response: nil)
  }

  /// The deadline `duration` passed before the response arrived.
  public static func timeout(after duration: Duration, request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.timeout(duration), request: request, response: nil)
  }

  /// The call was cancelled.
  public static func cancelled(request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.cancelled, request: request, response: nil)
  }

  /// The status of `response` is not an accepted one.
  public static func unacceptableStatus(_ response: HTTPResponse, request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.unacceptableStatus, request: request, response: response)
  }

  /// The body of `response` is not JSON.
  public static func invalidJSON(
    _ error: JSONParseError, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.invalidJSON(error), request: request, response: response)
  }

  /// The body is JSON, but `modelName`'s decoder rejected it.
  ///
  /// ```swift
  /// case .failure(let error): throw ServiceError.decodingFailed(error, modelName: "User", response: response)
  /// ```
  public static func decodingFailed(
    _ error: DecodeError, modelName: String, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.decodingFailed(error, modelName: modelName), request: request, response: response)
  }

  /// A parse step could not make a `valueName` of the response: `error` says why.
  ///
  /// A parse step may also throw any other error; the service wraps it in this kind.
  public static func parseFailed(
    _ error: any Error, valueName: String, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.parseFailed(error, valueName: valueName), request: request, response: response)
  }

  /// The `Content-Type` of `response` is none of `expected`, such as `["image/*"]`.
  public static func unacceptableContentType(
    expected: [String], response: HTTPResponse, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.unacceptableContentType(expected: expected), request: request, response: response)
  }

  /// The response's body grew past `limit` bytes, such as a transport's own cap.
  public static func responseTooLarge(limit: Int, request: HTTPRequest? = nil) -> ServiceError {
    ServiceError(.responseTooLarge(limit: limit), request: request, response: nil)
  }

  /// A validator rejected `response`, for the reason `message`.
  ///
  /// ```swift
  /// throw ServiceError.validationFailed("the rate limit is exhausted", response: response)
  /// ```
  public static func validationFailed(
    _ message: String, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.validationFailed(message), request: request, response: response)
  }

  /// The `Link` header of `response` does not parse, for the reason `message`.
  public static func invalidLink(
    _ message: String, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.invalidLink(message), request: request, response: response)
  }

  /// The next page, at `url`, was already loaded: following it would loop forever.
  public static func paginationLoop(
    revisiting url: URL, response: HTTPResponse? = nil, request: HTTPRequest? = nil
  ) -> ServiceError {
    ServiceError(.paginationLoop(url.absoluteString), request: request, response: response)
  }
}
