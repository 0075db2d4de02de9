import Argonaut
import Foundation

extension DecodeError {
  /// Argonaut's error for a `Codable` decoding failure: the same kind of problem, at
  /// the same place, as a ``JSONPath``.
  ///
  /// ```swift
  /// do { _ = try ArgonautJSONDecoder().decode(User.self, from: data) }
  /// catch let error as DecodingError { print(DecodeError(error)) }   // posts[1].title: missing key
  /// ```
  ///
  /// `keyNotFound` becomes ``DecodeError/missingKey(_:path:)``, `typeMismatch` and
  /// `valueNotFound` become ``DecodeError/typeMismatch(expected:actual:path:)``, and
  /// `dataCorrupted` becomes ``DecodeError/custom(_:path:)`` with its description.
  ///
  /// - Parameter error: The `DecodingError`.
  public init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self = .missingKey(key.stringValue, path: JSONPath(codingPath: context.codingPath))
    case .typeMismatch(let type, let context):
      self = .typeMismatch(
        expected: "\(type)", actual: DecodeError.found(in: context.debugDescription),
        path: JSONPath(codingPath: context.codingPath))
    case .valueNotFound(let type, let context):
      self = .typeMismatch(expected: "\(type)", actual: "null", path: JSONPath(codingPath: context.codingPath))
    case .dataCorrupted(let context):
      self = .custom(context.debugDescription, path: JSONPath(codingPath: context.codingPath))
    @unknown default:
      self = .custom("\(error)")
    }
  }

  /// The JSON type named in "Expected to decode Int but found string instead.".
  static func found(in description: String) -> String {
    guard let start = description.range(of: "but found "), let end = description.range(of: " instead.") else {
      return "another type"
    }
    return String(description[start.upperBound..<end.lowerBound])
  }
}

extension JSONPath {
  /// The path of a `Codable` coding path: array indices from integer keys, member names otherwise.
  ///
  /// - Parameter codingPath: The coding path.
  public init(codingPath: [any CodingKey]) {
    self.init(codingPath.map { key in key.intValue.map(Component.index) ?? .key(key.stringValue) })
  }
}
