import Argonaut
import Foundation

/// How a response becomes a value: a parse step, and the validators it needs.
///
/// The ready-made parsers cover what most APIs send:
///
/// | Parser | Value | Reads |
/// |---|---|---|
/// | ``decoding(_:)`` | a `Decodable` model | the body, as JSON |
/// | ``json`` | `JSON` | the body, as JSON |
/// | ``data`` | `Data` | the body, as is |
/// | ``text`` | `String` | the body, in the charset of its `Content-Type` |
/// | ``image`` | `Data` | the body, when the `Content-Type` is `image/*` |
/// | ``headers`` | `[String: String]` | the header fields only |
/// | ``nothing`` | `Void` | nothing: for `204 No Content` |
///
/// ```swift
/// let about = Resource<String>(Request(.get, "/about"), parse: .text)
/// let remaining = Resource<Int?>(Request(.get, "/rate_limit"), parse: .headers.map { $0["X-RateLimit-Remaining"].flatMap(Int.init) })
/// ```
public struct ResponseParser<Value>: Sendable {
  /// Makes the value from the response.
  public let parse: @Sendable (HTTPResponse) throws -> Value
  /// Checks that run before ``parse``, such as the image parser's content type check.
  public let validators: [ResponseValidator]

  /// A parser that runs `parse`, after `validators`.
  /// - Parameters:
  ///   - validators: Checks of the response, run first.
  ///   - parse: Makes the value from the response; it may throw any error.
  public init(validators: [ResponseValidator] = [], _ parse: @escaping @Sendable (HTTPResponse) throws -> Value) {
    self.parse = parse
    self.validators = validators
  }

  /// A parser whose value is `transform` of this one's.
  ///
  /// ```swift
  /// let remaining = ResponseParser.headers.map { headers in headers["X-RateLimit-Remaining"].flatMap(Int.init) }
  /// ```
  public func map<NewValue>(
    _ transform: @escaping @Sendable (Value) throws -> NewValue
  ) -> ResponseParser<NewValue> {
    let parse = self.parse
    return ResponseParser<NewValue>(validators: validators) { response in try transform(parse(response)) }
  }
}

extension ResponseParser {
  // `SendableMetatype` (Swift 6.2) says that `Value`'s conformance may be used from any
  // thread, as the parse step is; every type whose conformance is not isolated to an
  // actor has it. Older compilers neither know the protocol nor need it.
  #if compiler(>=6.2)
    /// Decodes the body with Argonaut's `Decodable`.
    ///
    /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON`` or
    ///   ``ServiceError/Kind/decodingFailed``.
    public static func decoding(_ type: Value.Type = Value.self) -> ResponseParser
    where Value: Argonaut.Decodable & SendableMetatype, Value.DecodedType == Value {
      ResponseParser { response in try decodeBody(of: response) }
    }
  #else
    /// Decodes the body with Argonaut's `Decodable`.
    ///
    /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON`` or
    ///   ``ServiceError/Kind/decodingFailed``.
    public static func decoding(_ type: Value.Type = Value.self) -> ResponseParser
    where Value: Argonaut.Decodable, Value.DecodedType == Value {
      ResponseParser { response in try decodeBody(of: response) }
    }
  #endif
}

/// The body of `response` decoded as `Model`, the type the caller expects.
private func decodeBody<Model: Argonaut.Decodable>(
  of response: HTTPResponse
) throws(ServiceError) -> Model where Model.DecodedType == Model {
  let json: JSON
  do throws(JSONParseError) {
    json = try response.json()
  } catch {
    throw ServiceError.invalidJSON(error, response: response)
  }
  switch Model.decode(json) {
  case .success(let value):
    return value
  case .failure(let error):
    throw ServiceError.decodingFailed(error, modelName: String(describing: Model.self), response: response)
  }
}

extension ResponseParser where Value == JSON {
  /// The body as a `JSON` value.
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON``.
  public static var json: ResponseParser<JSON> {
    ResponseParser { response in
      do throws(JSONParseError) {
        return try response.json()
      } catch {
        throw ServiceError.invalidJSON(error, response: response)
      }
    }
  }
}

extension ResponseParser where Value == Data {
  /// The body, as it arrived.
  public static var data: ResponseParser<Data> {
    ResponseParser { response in response.body }
  }

  /// The body of an image: the `Content-Type` must be `image/*`.
  ///
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/unacceptableContentType``
  ///   for any other content type, such as the `text/html` of an error page.
  public static var image: ResponseParser<Data> {
    ResponseParser(validators: [.contentType("image/*")]) { response in response.body }
  }
}

extension ResponseParser where Value == String {
  /// The body as text, in the charset that the `Content-Type` names (UTF-8 when it
  /// names none).
  ///
  /// Understood charsets: `utf-8`, `us-ascii`, `iso-8859-1` (`latin1`),
  /// `windows-1252`, `utf-16`, `utf-16le`, `utf-16be`.
  ///
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/parseFailed`` for another
  ///   charset, or for bytes that are not valid in the charset.
  public static var text: ResponseParser<String> {
    ResponseParser { response in try TextDecoding.text(of: response) }
  }
}

extension ResponseParser where Value == [String: String] {
  /// The header fields; the body is ignored. Look fields up case-insensitively with
  /// ``Response/header(_:)``, or read them from this dictionary as they arrived.
  public static var headers: ResponseParser<[String: String]> {
    ResponseParser { response in response.headers }
  }
}

extension ResponseParser where Value == Void {
  /// Nothing: for responses such as `204 No Content`, whose body, if any, is ignored.
  public static var nothing: ResponseParser<Void> {
    ResponseParser { _ in () }
  }
}
