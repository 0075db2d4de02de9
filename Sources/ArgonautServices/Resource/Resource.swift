import Argonaut
import Foundation

/// A request, and how to turn its response into a `Value`: what a service loads.
///
/// ```swift
/// let user = Resource<User>(Request(.get, "/users/{id}", pathParameters: ["id": "42"]))
/// let avatar = Resource<Data>(Request(.get, "/avatars/42.png"), parse: { response in response.body })
/// let rateLimit = Resource<[String: String]>(Request(.head, "/rate_limit"), parse: .headers)
///
/// let value = try await anyService.load(user)        // any Service, whatever its Model
/// ```
///
/// A resource is a value: describing one sends nothing. Any ``Service`` loads it with
/// ``Service/load(_:)``, with the same deadline, cancellation, status check and
/// redaction as `getRequest`, so one service class can return a `User`, an avatar's
/// bytes and rate-limit headers from different methods.
///
/// When a response arrives, the service checks its status against the request's
/// accepted statuses (the configuration's, 2xx by default), runs the configuration's
/// validators, then the resource's ``validators``, then the parse step. An error the
/// parse step throws becomes a ``ServiceError`` that names the request, redacted: a
/// ``ServiceError`` keeps its kind, any other error is a ``ServiceError/Kind/parseFailed``.
///
/// A resource that accepts other statuses sees them in its parse step:
///
/// ```swift
/// let maybeUser = Resource<User?>(
///   Request(.get, "/users/{id}", pathParameters: ["id": "42"], acceptedStatusCodes: [200, 404]),
///   parse: { response in response.statusCode == 404 ? nil : try ResponseParser<User>.decoding().parse(response) })
/// ```
public struct Resource<Value>: Sendable {
  /// The request that loads the resource.
  public var request: Request
  /// Checks of the response that run before the parse step, after the
  /// configuration's own.
  public var validators: [ResponseValidator]
  /// Statuses accepted besides the request's (or the configuration's): see ``accepting(_:)``.
  var alsoAccepted: Set<Int> = []
  /// What a response becomes: the value, or another resource to load (after `flatMap`).
  let finish: @Sendable (HTTPResponse) throws(ServiceError) -> Step

  /// What the parse step made of a response.
  enum Step {
    /// The value: loading ends here.
    case value(Value)
    /// Another resource to load, whose value is the value: `flatMap`'s second request.
    case load(Resource<Value>)
  }

  init(
    request: Request, validators: [ResponseValidator],
    finish: @escaping @Sendable (HTTPResponse) throws(ServiceError) -> Step
  ) {
    self.request = request
    self.validators = validators
    self.finish = finish
  }

  /// A resource whose response `parse` turns into a value.
  ///
  /// ```swift
  /// let avatar = Resource<Data>(Request(.get, "/avatars/42.png"), parse: { response in response.body })
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request that loads the resource.
  ///   - validators: Checks of the response, run before `parse`.
  ///   - parse: Makes the value from the response. An error it throws fails the load:
  ///     a ``ServiceError`` keeps its kind, any other error becomes a
  ///     ``ServiceError/Kind/parseFailed`` error.
  public init(
    _ request: Request, validators: [ResponseValidator] = [],
    parse: @escaping @Sendable (HTTPResponse) throws -> Value
  ) {
    self.init(request, validators: validators, parse: ResponseParser(parse))
  }

  /// A resource whose response a ready-made parser turns into a value.
  ///
  /// ```swift
  /// let page = Resource<String>(Request(.get, "/about"), parse: .text)
  /// let avatar = Resource<Data>(Request(.get, "/avatars/42.png"), parse: .image)
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request that loads the resource.
  ///   - validators: Checks of the response, run after the parser's own.
  ///   - parser: The parser, such as ``ResponseParser/text`` or ``ResponseParser/image``.
  public init(_ request: Request, validators: [ResponseValidator] = [], parse parser: ResponseParser<Value>) {
    let parse = parser.parse
    self.init(request: request, validators: parser.validators + validators) { response throws(ServiceError) in
      do {
        return .value(try parse(response))
      } catch let error as ServiceError {
        throw error
      } catch {
        throw .parseFailed(error, valueName: String(describing: Value.self), response: response)
      }
    }
  }

  /// This resource with `validator` added after its validators.
  ///
  /// ```swift
  /// let events = Resource<[Event]>(Request(.get, "/events")).validated(by: .contentType("application/json"))
  /// ```
  public func validated(by validator: ResponseValidator) -> Resource {
    var copy = self
    copy.validators.append(validator)
    return copy
  }

  /// This resource, accepting `statusCodes` besides the statuses that its request
  /// (or else the configuration) accepts: the parse step sees them.
  ///
  /// ```swift
  /// let cached = resource.accepting([304])
  /// ```
  public func accepting(_ statusCodes: Set<Int>) -> Resource {
    var copy = self
    copy.alsoAccepted.formUnion(statusCodes)
    return copy
  }

  /// The request as sent in `configuration`: accepting ``accepting(_:)``'s statuses too.
  func request(in configuration: ServiceConfiguration) -> Request {
    guard !alsoAccepted.isEmpty else { return request }
    var request = self.request
    request.acceptedStatusCodes = (request.acceptedStatusCodes ?? configuration.acceptedStatusCodes).union(alsoAccepted)
    return request
  }
}

// See `ResponseParser.decoding(_:)` for `SendableMetatype`.
#if compiler(>=6.2)
  extension Resource where Value: Argonaut.Decodable & SendableMetatype, Value.DecodedType == Value {
    /// A resource whose body decodes as `Value` with Argonaut's `Decodable`.
    ///
    /// ```swift
    /// let user = Resource<User>(Request(.get, "/users/{id}", pathParameters: ["id": "42"]))
    /// ```
    ///
    /// A body that is not JSON fails with ``ServiceError/Kind/invalidJSON``; JSON that
    /// `Value` does not decode fails with ``ServiceError/Kind/decodingFailed``.
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .decoding(Value.self))
    }
  }
#else
  extension Resource where Value: Argonaut.Decodable, Value.DecodedType == Value {
    /// A resource whose body decodes as `Value` with Argonaut's `Decodable`.
    ///
    /// ```swift
    /// let user = Resource<User>(Request(.get, "/users/{id}", pathParameters: ["id": "42"]))
    /// ```
    ///
    /// A body that is not JSON fails with ``ServiceError/Kind/invalidJSON``; JSON that
    /// `Value` does not decode fails with ``ServiceError/Kind/decodingFailed``.
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .decoding(Value.self))
    }
  }
#endif

extension Resource: CustomStringConvertible {
  /// The value's type and the request, such as `Resource<User>(GET /users/{id})`.
  public var description: String { "Resource<\(Value.self)>(\(request))" }
}
