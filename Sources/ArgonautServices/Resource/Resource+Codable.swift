import Argonaut
import ArgonautFoundation
import Foundation

// Resources of `Codable` values: without `parse:`, the body decodes with
// `ArgonautJSONDecoder`. A value that is also Argonaut-`Decodable` decodes with
// Argonaut's decoder, through the more specific extension below, so that
// `Resource<Both>(request)` is never ambiguous. See `ResponseParser.decoding(_:)`
// for `SendableMetatype`.

#if compiler(>=6.2)
  extension ResponseParser where Value: Swift.Decodable & SendableMetatype {
    /// Decodes the body as the `Codable` `Value` with `decoder`.
    ///
    /// ```swift
    /// let forecast = Resource(Request(.get, "/forecast"), parse: .codable(Forecast.self))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, with its strategies; a default one when omitted.
    /// - Returns: The parser.
    /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON`` or
    ///   ``ServiceError/Kind/decodingFailed``, whose ``ServiceError/decodeError`` has
    ///   the `DecodingError`'s path.
    public static func codable(
      _ type: Value.Type = Value.self, decoder: ArgonautJSONDecoder = ArgonautJSONDecoder()
    ) -> ResponseParser {
      ResponseParser { response in try decodeCodableBody(of: response, with: decoder) }
    }
  }

  extension Resource where Value: Swift.Decodable & SendableMetatype {
    /// A resource whose body decodes as the `Codable` `Value` with `ArgonautJSONDecoder`.
    ///
    /// ```swift
    /// let forecast = Resource<Forecast>(Request(.get, "/forecast"))   // Forecast: Codable
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .codable(Value.self))
    }
  }

  extension Resource
  where Value: Argonaut.Decodable & Swift.Decodable & SendableMetatype, Value.DecodedType == Value {
    /// A resource whose body decodes as `Value` with its Argonaut decoder, for a
    /// value that is also `Codable`.
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .decoding(Value.self))
    }
  }
#else
  extension ResponseParser where Value: Swift.Decodable {
    /// Decodes the body as the `Codable` `Value` with `decoder`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, with its strategies; a default one when omitted.
    /// - Returns: The parser.
    public static func codable(
      _ type: Value.Type = Value.self, decoder: ArgonautJSONDecoder = ArgonautJSONDecoder()
    ) -> ResponseParser {
      ResponseParser { response in try decodeCodableBody(of: response, with: decoder) }
    }
  }

  extension Resource where Value: Swift.Decodable {
    /// A resource whose body decodes as the `Codable` `Value` with ``ArgonautJSONDecoder``.
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .codable(Value.self))
    }
  }

  extension Resource where Value: Argonaut.Decodable & Swift.Decodable, Value.DecodedType == Value {
    /// A resource whose body decodes as `Value` with its Argonaut decoder, for a
    /// value that is also `Codable`.
    ///
    /// - Parameters:
    ///   - request: The request that loads the resource.
    ///   - validators: Checks of the response, run before decoding.
    public init(_ request: Request, validators: [ResponseValidator] = []) {
      self.init(request, validators: validators, parse: .decoding(Value.self))
    }
  }
#endif

/// The body of `response` decoded as the `Codable` `Model` with `decoder`.
private func decodeCodableBody<Model: Swift.Decodable>(
  of response: HTTPResponse, with decoder: ArgonautJSONDecoder
) throws(ServiceError) -> Model {
  let json: JSON
  do throws(JSONParseError) {
    json = try response.json()
  } catch {
    throw ServiceError.invalidJSON(error, response: response)
  }
  do {
    return try decoder.decode(Model.self, from: json)
  } catch let error as DecodingError {
    throw ServiceError.decodingFailed(DecodeError(error), modelName: String(describing: Model.self), response: response)
  } catch {
    throw ServiceError.decodingFailed(
      .custom("\(error)"), modelName: String(describing: Model.self), response: response)
  }
}
