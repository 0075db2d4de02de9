import Argonaut
import Foundation

extension JSON: Codable {
  /// Decodes any JSON value. From ``ArgonautJSONDecoder`` it is a view onto the
  /// parsed document, with every number exact; from another decoder it is rebuilt
  /// value by value (numbers as `Int64`, `UInt64` or `Double`).
  ///
  /// ```swift
  /// struct Event: Codable { let name: String; let payload: JSON }
  /// ```
  public init(from decoder: any Swift.Decoder) throws {
    if let tape = decoder as? TapeDecoder {
      self = tape.index >= 0 ? JSON(tape.document, at: tape.index) : .null
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .number(JSONNumber(value))
    } else if let value = try? container.decode(UInt64.self) {
      self = .number(JSONNumber(value))
    } else if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
      self = .number(number)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let values = try? container.decode([JSON].self) {
      self = .array(JSONArray(values))
    } else if let members = try? container.decode([String: JSON].self) {
      self = .object(JSONObject(members))
    } else {
      throw DecodingError.typeMismatch(
        JSON.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected a JSON value."))
    }
  }

  /// Encodes the value. ``ArgonautJSONEncoder`` writes its text as is; another
  /// encoder gets its parts (a number as `Int64`, `UInt64` or `Double`, an object as
  /// a `[String: JSON]`, whose keys key strategies leave alone).
  public func encode(to encoder: any Swift.Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .number(let number):
      if let value = number.integer(as: Int64.self) {
        try container.encode(value)
      } else if let value = number.integer(as: UInt64.self) {
        try container.encode(value)
      } else {
        try container.encode(number.doubleValue)
      }
    case .array(let values): try container.encode(Array(values))
    case .object(let members):
      try container.encode(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
    }
  }

  /// Decodes a `Codable` value out of this JSON value, reading its tape directly.
  ///
  /// ```swift
  /// let meta = try json["meta"]?.decode(as: Meta.self)   // Meta: Codable
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder, with its strategies; a default one when omitted.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, with the path of the failure.
  public func decode<T: Swift.Decodable>(
    as type: T.Type, using decoder: ArgonautJSONDecoder = ArgonautJSONDecoder()
  ) throws -> T {
    try decoder.decode(type, from: self)
  }
}

extension ArgonautJSONEncoder {
  /// Encodes `value` as a `JSON` value.
  ///
  /// ```swift
  /// let json = try ArgonautJSONEncoder().encodeJSON(settings)   // settings: Codable
  /// ```
  ///
  /// - Parameter value: The value.
  /// - Returns: The JSON value.
  /// - Throws: `EncodingError.invalidValue`.
  public func encodeJSON<T: Swift.Encodable>(_ value: T) throws -> JSON {
    try JSON(parsing: encodeToBytes(value))
  }
}
