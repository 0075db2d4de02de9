import Argonaut
import Foundation

/// A drop-in replacement for Foundation's `JSONDecoder` that reads Argonaut's parsed
/// tape directly: the same strategies, the same results, the same `DecodingError`s,
/// several times faster.
///
/// ```swift
/// let decoder = ArgonautJSONDecoder()                       // was: JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let tweets = try decoder.decode([Tweet].self, from: data) // Tweet: Codable
/// ```
///
/// The strategy types are `JSONDecoder`'s own, so existing settings carry over
/// unchanged. The document is parsed once into a flat tape; containers read keys as
/// bytes and convert numbers in place, without building a tree, `Any` values or a
/// dictionary per object.
///
/// Where Argonaut deliberately differs from `JSONDecoder`:
/// - a key repeated exactly in the document keeps its **last** value, Argonaut's rule
///   everywhere (`JSONDecoder` keeps the first); keys that a key strategy maps to one
///   key keep the first, as in `JSONDecoder`;
/// - integers are exact: `1.0000000000000001` is not the integer 1 (`JSONDecoder` reads
///   it through a `Double`);
/// - a number that does not fit its type is `DecodingError.dataCorrupted` at the
///   number's own coding path, saying so (`JSONDecoder` reports an empty path and
///   "not valid JSON").
///
/// Like `JSONDecoder`, it reads UTF-16 and UTF-32 as well as UTF-8, accepts trailing
/// commas, and with ``allowsJSON5`` and ``assumesTopLevelDictionary`` reads JSON5 and
/// top-level members without braces; such input is rewritten as strict JSON first,
/// so only strict UTF-8 JSON takes the fastest path. `JSON(parsing:)` stays strict.
///
/// `@unchecked Sendable`: like `JSONDecoder`, which is also `Sendable`, its settings are
/// plain properties; configure it before sharing it across tasks. Each `decode` call
/// works on its own state.
open class ArgonautJSONDecoder: @unchecked Sendable {
  /// How keys are matched; `JSONDecoder.KeyDecodingStrategy`.
  public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
  /// How dates are read; `JSONDecoder.DateDecodingStrategy`.
  public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
  /// How data is read; `JSONDecoder.DataDecodingStrategy`.
  public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
  /// How non-JSON floating-point values are read; `JSONDecoder.NonConformingFloatDecodingStrategy`.
  public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

  /// How keys are matched. Defaults to `.useDefaultKeys`.
  open var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
  /// How dates are read. Defaults to `.deferredToDate`.
  open var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
  /// How data is read. Defaults to `.base64`.
  open var dataDecodingStrategy: DataDecodingStrategy = .base64
  /// How `"NaN"` and infinities written as strings are read. Defaults to `.throw`.
  open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
  /// Values handed to every `init(from:)` through `Decoder.userInfo`.
  open var userInfo: [CodingUserInfoKey: Any] = [:]
  /// Whether the data may be JSON5: comments, unquoted keys, single-quoted strings,
  /// trailing commas, hexadecimal numbers, `Infinity` and `NaN`. Defaults to `false`.
  ///
  /// As in `JSONDecoder`, `NaN` and the infinities read as `Double` and `Float` values
  /// whatever `nonConformingFloatDecodingStrategy` says.
  open var allowsJSON5 = false
  /// Whether the top level of the data is an object whose braces may be left out
  /// (`name: "x", size: 3` in JSON5, `"name": "x"` in JSON). Defaults to `false`.
  open var assumesTopLevelDictionary = false

  /// Creates a decoder with the default strategies.
  public init() {}

  /// The settings one `decode` call works with.
  var options: DecodingOptions {
    DecodingOptions(
      keys: keyDecodingStrategy, dates: dateDecodingStrategy, data: dataDecodingStrategy,
      nonConformingFloats: nonConformingFloatDecodingStrategy, userInfo: userInfo, json5: allowsJSON5)
  }

  /// Decodes a value of `type` from a JSON document.
  ///
  /// ```swift
  /// let feed = try ArgonautJSONDecoder().decode(Feed.self, from: data)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The document, in UTF-8, UTF-16 or UTF-32.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`; `.dataCorrupted` with the `JSONParseError` as its
  ///   underlying error when the data is not valid JSON.
  open func decode<T: Swift.Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type, fromBytes: [UInt8](data))
  }

  /// Decodes a value of `type` from a JSON document in UTF-8 bytes, without copying them.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: The document, in UTF-8.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`.
  open func decode<T: Swift.Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, fromBytes: bytes)
  }

  /// Decodes a value of `type` from a parsed `JSON` value, reading its tape directly.
  ///
  /// ```swift
  /// let meta = try ArgonautJSONDecoder().decode(Meta.self, from: json["meta"] ?? .null)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - json: The value.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`.
  open func decode<T: Swift.Decodable>(_ type: T.Type, from json: JSON) throws -> T {
    switch json {
    case .object(let object):
      return try decode(type, document: object.document, at: object.index)
    case .array(let array):
      return try decode(type, document: array.document, at: array.index)
    default:
      // A scalar has no tape of its own: give it one.
      return try decode(type, fromBytes: JSONSerializer.compact.bytes(from: json))
    }
  }

  /// Decodes a value of `type` that needs a configuration, such as a type conforming
  /// to Foundation's `DecodableWithConfiguration`, from a JSON document.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The document.
  ///   - configuration: What `init(from:configuration:)` is given.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`.
  open func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    let document = try parse([UInt8](data))
    return try withDecoder(document: document, at: 0) { decoder in
      try T(from: decoder, configuration: configuration)
    }
  }

  /// Decodes a value of `type` with the configuration that `configuration` provides.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: The document.
  ///   - configuration: The type that provides the configuration.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`.
  open func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(
    _ type: T.Type, from data: Data, configuration: C.Type
  ) throws -> T where T.DecodingConfiguration == C.DecodingConfiguration {
    try decode(type, from: data, configuration: C.decodingConfiguration)
  }

  func decode<T: Swift.Decodable>(_ type: T.Type, fromBytes bytes: [UInt8]) throws -> T {
    try decode(type, document: parse(bytes), at: 0)
  }

  /// Parses a document as `JSONDecoder` reads it: strict UTF-8 JSON directly, and
  /// anything else (UTF-16 or UTF-32, trailing commas, JSON5, a top-level dictionary
  /// without braces) rewritten as strict JSON first (see `FoundationSyntax`).
  func parse(_ bytes: [UInt8]) throws -> JSONDocument {
    var strictError: (any Error)?
    if !allowsJSON5 && !assumesTopLevelDictionary {
      do {
        return try JSON.document(parsing: bytes, options: JSONParsingOptions())
      } catch {
        strictError = error
      }
    }
    do {
      let transcoded = try bytes.withUnsafeBufferPointer { try FoundationSyntax.utf8($0) }
      if transcoded != nil { strictError = nil }
      let rewritten = try (transcoded ?? bytes).withUnsafeBufferPointer {
        try FoundationSyntax.strictJSON($0, json5: allowsJSON5, topLevelDictionary: assumesTopLevelDictionary)
      }
      return try JSON.document(parsing: rewritten, options: JSONParsingOptions())
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.",
          underlyingError: strictError ?? error))
    }
  }

  func decode<T: Swift.Decodable>(_ type: T.Type, document: JSONDocument, at index: Int) throws -> T {
    try withDecoder(document: document, at: index) { decoder in
      try decoder.unwrap(type, at: index, in: ContainerPath(depth: 0), key: nil)
    }
  }

  /// Runs `body` with the decoder of one `decode` call, at the value at `index`.
  func withDecoder<R>(document: JSONDocument, at index: Int, _ body: (TapeDecoder) throws -> R) throws -> R {
    try document.withUnsafeBuffers { tape, bytes in
      let decoder = TapeDecoder(document: document, tape: tape, bytes: bytes, options: options, index: index)
      decoder.reuseContainers()
      defer { decoder.forgetContainers() }
      return try body(decoder)
    }
  }
}

/// The settings of one `decode` call, shared by every decoder and container in it.
struct DecodingOptions {
  let keys: JSONDecoder.KeyDecodingStrategy
  let dates: JSONDecoder.DateDecodingStrategy
  let data: JSONDecoder.DataDecodingStrategy
  let nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy
  let userInfo: [CodingUserInfoKey: Any]
  /// Whether the document was JSON5, whose `NaN` and infinities the rewritten
  /// document holds as marker strings (see `FoundationSyntax`).
  let json5: Bool
  /// Whether keys are matched as they are written.
  let usesDefaultKeys: Bool
  /// Whether keys are converted by `.convertFromSnakeCase`.
  let convertsFromSnakeCase: Bool

  init(
    keys: JSONDecoder.KeyDecodingStrategy, dates: JSONDecoder.DateDecodingStrategy,
    data: JSONDecoder.DataDecodingStrategy, nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy,
    userInfo: [CodingUserInfoKey: Any], json5: Bool = false
  ) {
    self.json5 = json5
    self.keys = keys
    self.dates = dates
    self.data = data
    self.nonConformingFloats = nonConformingFloats
    self.userInfo = userInfo
    if case .useDefaultKeys = keys { usesDefaultKeys = true } else { usesDefaultKeys = false }
    if case .convertFromSnakeCase = keys { convertsFromSnakeCase = true } else { convertsFromSnakeCase = false }
  }
}
