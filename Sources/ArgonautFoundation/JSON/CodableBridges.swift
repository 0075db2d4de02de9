import Argonaut
import Foundation

/// A `Codable` model that hand-written Argonaut decoders can read, through
/// ``ArgonautJSONDecoder``.
///
/// ```swift
/// struct Settings: Codable, DecodesWithCodable { let theme: String }
///
/// extension Account: Decodable {
///   static func decode(_ j: JSON) -> Decoded<Account> {
///     curry(Account.init) <^> j <| "id" <*> j <| "settings"   // Settings through Codable
///   }
/// }
/// ```
///
/// A failure becomes a `DecodeError` with the path inside the value; the
/// operators prefix it with the path outside.
public protocol DecodesWithCodable: Argonaut.Decodable, Swift.Decodable where DecodedType == Self {}

extension DecodesWithCodable {
  /// Decodes the value with ``ArgonautJSONDecoder``.
  public static func decode(_ json: JSON) -> Decoded<Self> {
    do {
      return .success(try ArgonautJSONDecoder().decode(Self.self, from: json))
    } catch let error as DecodingError {
      return .failure(DecodeError(error))
    } catch {
      return .failure(.custom("\(error)"))
    }
  }
}

/// A model decoded by its hand-written Argonaut decoder that `Codable` models can
/// hold: its `init(from:)` reads a `JSON` value and runs `decode(_:)`.
///
/// ```swift
/// extension Account: DecodesWithArgonaut {}   // Account: Argonaut.Decodable
/// struct Session: Codable { let token: String; let account: Account }
/// ```
///
/// A failure throws `DecodingError.dataCorrupted` at the value's coding path, with
/// the `DecodeError` as its description.
public protocol DecodesWithArgonaut: Argonaut.Decodable, Swift.Decodable where DecodedType == Self {}

extension DecodesWithArgonaut {
  /// Reads a `JSON` value and decodes it with `decode(_:)`.
  public init(from decoder: any Swift.Decoder) throws {
    let json = try JSON(from: decoder)
    switch Self.decode(json) {
    case .success(let value):
      self = value
    case .failure(let error):
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
    }
  }
}
