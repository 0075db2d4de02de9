import Argonaut
import Foundation

/// Why a service call failed, with the request it was making.
///
/// ```swift
/// do {
///   let user = try await UserService().login(userName: "ada", password: "wrong")
/// } catch {
///   switch error.kind {
///   case .unacceptableStatus where error.statusCode == 401: print("wrong password")
///   case .timeout, .transportFailure: print("offline? \(error)")
///   case .cancelled: break
///   default: print(error)
///   }
/// }
/// ```
///
/// The description is one line: the method, the URL (secret-looking query values
/// redacted), and the cause.
///
/// ```text
/// POST http://127.0.0.1:50123/login: unacceptable status 401 (application/json): {"error":"invalid credentials"}
/// GET http://127.0.0.1:50123/invalid-json: body is not JSON: line 1, column 35: expected a value, found '}'
/// GET http://127.0.0.1:50123/wrong-shape: could not decode NewsFeed: posts[1].postDate: missing key
/// GET http://127.0.0.1:50123/slow?ms=3000: timed out after 300 ms
/// ```
///
/// New kinds may be added in later versions, so a `switch` over ``kind`` needs a
/// `default`.
public struct ServiceError: Error, Sendable {
  /// What went wrong, as one of a growing set of kinds.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    /// The kind's name, such as `timeout`.
    public var description: String { name }

    /// The request could not be built: an unfilled placeholder, a relative URL
    /// without a base URL, an invalid URL, a timeout that is not positive.
    public static let invalidRequest = Kind("invalidRequest")
    /// No response arrived: connection refused, a DNS failure, a dropped connection.
    public static let transportFailure = Kind("transportFailure")
    /// The deadline passed before the response arrived.
    public static let timeout = Kind("timeout")
    /// The call was cancelled, through its ``ServiceTask`` or its `Task`.
    public static let cancelled = Kind("cancelled")
    /// The response's status is not an accepted one (by default, not 2xx).
    public static let unacceptableStatus = Kind("unacceptableStatus")
    /// The body is not valid JSON.
    public static let invalidJSON = Kind("invalidJSON")
    /// The body is JSON, but the model's decoder rejected it.
    public static let decodingFailed = Kind("decodingFailed")
    /// One of the library's middleware stopped the call on purpose: a token refresh
    /// failed (`AuthMiddleware/RefreshFailed`), or a `304 Not Modified` came with
    /// nothing cached (`CacheMiddleware/Failure`). ``underlyingError`` has the error.
    public static let middlewareFailure = Kind("middlewareFailure")

    // Kinds of resources (see ``Resource``): parse steps, validators and pages.

    /// A resource's parse step threw an error that is not a ``ServiceError``.
    public static let parseFailed = Kind("parseFailed")
    /// The response's `Content-Type` is not one that the resource accepts, such as
    /// `text/html` for an image.
    public static let unacceptableContentType = Kind("unacceptableContentType")
    /// A validator of the resource or of the configuration rejected the response.
    public static let validationFailed = Kind("validationFailed")
    /// A page's `Link` header does not parse (RFC 8288).
    public static let invalidLink = Kind("invalidLink")
    /// Following the pages would load a page that was already loaded.
    public static let paginationLoop = Kind("paginationLoop")
    /// The response body is bigger than the configuration's
    /// ``ServiceConfiguration/maximumResponseSize``; it was not read past the limit.
    public static let responseTooLarge = Kind("responseTooLarge")
  }

  /// The cause, with what each kind knows.
  enum Reason: Sendable {
    case invalidRequest(String)
    case transportFailure(any Error)
    case timeout(Duration)
    /// A stream's idle timeout: no bytes arrived for the duration.
    case idleTimeout(Duration)
    case cancelled
    case unacceptableStatus
    case invalidJSON(JSONParseError)
    case decodingFailed(DecodeError, modelName: String)
    case middlewareFailure(any Error)
    case parseFailed(any Error, valueName: String)
    case unacceptableContentType(expected: [String])
    case validationFailed(String)
    case invalidLink(String)
    case paginationLoop(String)
    case responseTooLarge(limit: Int)
  }

  let reason: Reason

  /// The method of the failed request.
  public let method: HTTPMethod

  /// The request as sent, or `nil` when it could not be built (``Kind/invalidRequest``).
  public let request: HTTPRequest?

  /// The response, for ``Kind/unacceptableStatus``, ``Kind/invalidJSON`` and
  /// ``Kind/decodingFailed``: its status, header fields and whole body.
  public let response: HTTPResponse?

  /// The URL, or the URL as written when no request could be built.
  let target: String

  init(_ reason: Reason, method: HTTPMethod, target: String, request: HTTPRequest?, response: HTTPResponse? = nil) {
    self.reason = reason
    self.method = method
    self.target = target
    self.request = request
    self.response = response
    self.statusCode = response?.statusCode
  }

  /// How many attempts reached the transport: more than one when a middleware such
  /// as ``RetryMiddleware`` sent the request again, zero when it was never sent. An
  /// ``AuthMiddleware`` replay with a refreshed token is part of the attempt it
  /// replays, not another. The description says so when there was more than one.
  public internal(set) var attempts = 1

  /// This error, saying that the request was sent `attempts` times.
  func after(attempts: Int) -> ServiceError {
    var error = self
    error.attempts = attempts
    return error
  }

  /// The requests as they reached the transport, after the middleware: their
  /// credentials (such as the `Authorization` that ``AuthMiddleware`` adds) are
  /// redacted by value from every text of this error, though ``request`` is the
  /// request as the service built it.
  var sentRequests: [HTTPRequest] = []

  /// This error, after `recorder`'s exchange: with its attempts and the requests it sent.
  func after(_ recorder: ExchangeRecorder) -> ServiceError {
    var error = after(attempts: recorder.attempts)
    error.sentRequests = recorder.sentRequests
    return error
  }

  /// This error with the requests that `exchange` sent, for the redactor.
  func sent(_ requests: [HTTPRequest]) -> ServiceError {
    var error = self
    if error.sentRequests.isEmpty { error.sentRequests = requests }
    return error
  }

  init(_ reason: Reason, request: HTTPRequest, response: HTTPResponse? = nil) {
    self.init(reason, method: request.method, target: request.url.absoluteString, request: request, response: response)
  }

  /// The kind of failure.
  public var kind: Kind {
    switch reason {
    case .invalidRequest: return .invalidRequest
    case .transportFailure: return .transportFailure
    case .timeout, .idleTimeout: return .timeout
    case .cancelled: return .cancelled
    case .unacceptableStatus: return .unacceptableStatus
    case .invalidJSON: return .invalidJSON
    case .decodingFailed: return .decodingFailed
    case .middlewareFailure: return .middlewareFailure
    case .parseFailed: return .parseFailed
    case .unacceptableContentType: return .unacceptableContentType
    case .validationFailed: return .validationFailed
    case .invalidLink: return .invalidLink
    case .paginationLoop: return .paginationLoop
    case .responseTooLarge: return .responseTooLarge
    }
  }

  /// The URL, with secret-looking query values and any user-info password redacted.
  public var redactedURL: String { redactor.url(target) }

  /// The response's status code, when there was a response.
  ///
  /// Stored rather than computed from ``response``: Swift 6.3's optimizer crashes
  /// ("Found ownership error") on client code such as
  /// `error.statusCode.map(String.init)` when this is an inlined `response?.statusCode`.
  public let statusCode: Int?

  /// The parse error, for ``Kind/invalidJSON``.
  public var parseError: JSONParseError? {
    if case .invalidJSON(let error) = reason { return error }
    return nil
  }

  /// The decoding error, with its path, for ``Kind/decodingFailed``.
  public var decodeError: DecodeError? {
    if case .decodingFailed(let error, _) = reason { return error }
    return nil
  }

  /// The transport's own error, for ``Kind/transportFailure``, such as a
  /// `URLError(.cannotConnectToHost)`; the middleware's error, for
  /// ``Kind/middlewareFailure``, such as an `AuthMiddleware/RefreshFailed`; the
  /// parse step's error, for ``Kind/parseFailed``.
  public var underlyingError: (any Error)? {
    switch reason {
    case .transportFailure(let error), .middlewareFailure(let error), .parseFailed(let error, _): return error
    default: return nil
    }
  }

  /// The deadline that passed, for ``Kind/timeout``: the request's `timeout`, or, for
  /// a stream, the longest wait for the next bytes (its idle timeout).
  public var timeout: Duration? {
    switch reason {
    case .timeout(let duration), .idleTimeout(let duration): return duration
    default: return nil
    }
  }

  /// Decodes the body of the response into a model of the API's own errors.
  ///
  /// ```swift
  /// struct APIError: Decodable { let error: String; static func decode(_ j: JSON) -> Decoded<APIError> { … } }
  /// if let apiError = error.decodeBody(as: APIError.self)?.value { print(apiError.error) }
  /// ```
  ///
  /// - Returns: The decoded body; `nil` when there was no response or its body is
  ///   not JSON.
  public func decodeBody<T: Decodable>(as type: T.Type = T.self) -> Decoded<T>? where T.DecodedType == T {
    guard let response, let json = try? response.json() else { return nil }
    return T.decode(json)
  }
}

extension ServiceError {
  /// The error for a request that could not be built from `request`.
  static func invalidRequest(_ message: String, _ request: Request) -> ServiceError {
    ServiceError(.invalidRequest(message), method: request.method, target: request.url, request: nil)
  }

  /// The error for a cancelled call: with the built request when there is one.
  static func cancelled(_ request: Request, _ built: HTTPRequest?) -> ServiceError {
    if let built { return ServiceError(.cancelled, request: built) }
    return ServiceError(.cancelled, method: request.method, target: request.url, request: nil)
  }
}
