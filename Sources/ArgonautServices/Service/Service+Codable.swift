import Argonaut
import ArgonautFoundation
import Foundation

// Services whose `Model` is a `Codable` model: `getRequest` and `send` decode the
// body with `ArgonautJSONDecoder`. A model that is also Argonaut-`Decodable` uses
// Argonaut's decoder, through the third extension, which is more specific than both.

extension Service where Model: Swift.Decodable {
  /// Sends a `GET` request and decodes the response as the `Codable` `Model`, with
  /// ``ArgonautJSONDecoder``.
  ///
  /// ```swift
  /// final class WeatherService: Service {
  ///   typealias Model = Forecast   // Forecast: Codable
  ///   func forecast(city: String) async throws(ServiceError) -> Forecast {
  ///     try await getRequest(url: "/forecast", parameters: ["city": city], headers: nil)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func getRequest(
    url: String, parameters: [String: String]?, headers: [String: String]?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.get, url, parameters, headers, nil), completion: completion)
  }

  /// Sends a `GET` request and decodes the response as the `Codable` `Model`, with
  /// ``ArgonautJSONDecoder``.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``; a decoding failure carries the `DecodingError`
  ///   as a ``DecodeError`` with the same path.
  public func getRequest(url: String, parameters: [String: String]?, headers: [String: String]?)
    async throws(ServiceError) -> Model
  {
    try await send(.withJSONBody(.get, url, parameters, headers, nil))
  }

  /// Sends `request` and decodes the response as the `Codable` `Model`, with
  /// `ArgonautJSONDecoder`.
  ///
  /// - Parameter request: The request.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func send(_ request: Request) async throws(ServiceError) -> Model {
    try await Pipeline.run(request, in: configuration).codableDecoded(as: Model.self)
  }

  /// Sends `request`, and hands the `Codable` model, decoded with
  /// `ArgonautJSONDecoder`, or the error, to `completion`.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func send(
    _ request: Request, completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    ServiceTask.start(request, in: configuration) { result in
      completion(
        result.flatMap { exchange in
          Result { () throws(ServiceError) in try exchange.codableDecoded(as: Self.Model.self) }
        })
    }
  }
}

extension Service where Model: Swift.Decodable & Decodable, Model.DecodedType == Model {
  // A model that is both `Codable` and Argonaut-`Decodable`: its hand-written
  // decoder wins, and these, being more specific, keep calls unambiguous.

  /// Sends a `GET` request and decodes the response with `Model`'s Argonaut decoder.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func getRequest(
    url: String, parameters: [String: String]?, headers: [String: String]?,
    completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    send(.withJSONBody(.get, url, parameters, headers, nil), completion: completion)
  }

  /// Sends a `GET` request and decodes the response with `Model`'s Argonaut decoder.
  ///
  /// - Parameters:
  ///   - url: An absolute URL, or a path relative to the environment's base URL.
  ///   - parameters: Query parameters, unencoded; sent sorted by name.
  ///   - headers: Header fields.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func getRequest(url: String, parameters: [String: String]?, headers: [String: String]?)
    async throws(ServiceError) -> Model
  {
    try await send(.withJSONBody(.get, url, parameters, headers, nil))
  }

  /// Sends `request` and decodes the response with `Model`'s Argonaut decoder.
  ///
  /// - Parameter request: The request.
  /// - Returns: The decoded model.
  /// - Throws: ``ServiceError``.
  public func send(_ request: Request) async throws(ServiceError) -> Model {
    try await Pipeline.run(request, in: configuration).decoded(as: Model.self)
  }

  /// Sends `request`, and hands the model decoded by its Argonaut decoder, or the
  /// error, to `completion`.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - completion: Runs exactly once, on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func send(
    _ request: Request, completion: @escaping @Sendable (Result<Model, ServiceError>) -> Void
  ) -> ServiceTask {
    ServiceTask.start(request, in: configuration) { result in
      completion(
        result.flatMap { exchange in Result { () throws(ServiceError) in try exchange.decoded(as: Self.Model.self) } })
    }
  }
}

extension Exchange {
  /// The body decoded as the `Codable` `Model` with ``ArgonautJSONDecoder``.
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON`` or ``ServiceError/Kind/decodingFailed``.
  func codableDecoded<Model: Swift.Decodable>(as model: Model.Type) throws(ServiceError) -> Model {
    let json: JSON
    do {
      json = try response.json()
    } catch {
      throw ServiceError(.invalidJSON(error), request: request, response: response)
    }
    do {
      return try ArgonautJSONDecoder().decode(Model.self, from: json)
    } catch let error as DecodingError {
      throw ServiceError(
        .decodingFailed(DecodeError(error), modelName: String(describing: Model.self)), request: request,
        response: response)
    } catch {
      throw ServiceError(
        .decodingFailed(.custom("\(error)"), modelName: String(describing: Model.self)), request: request,
        response: response)
    }
  }
}
