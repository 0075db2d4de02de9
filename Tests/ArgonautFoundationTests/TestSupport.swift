import Foundation
import Testing

/// Paths to the shared corpora beside the package root (`../shared`).
enum Corpus {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  static let testSuite = shared.appendingPathComponent("corpora/JSONTestSuite/test_parsing")
  static let bench = shared.appendingPathComponent("corpora/bench")

  static var hasTestSuite: Bool { FileManager.default.fileExists(atPath: testSuite.path) }
  static var hasBench: Bool { FileManager.default.fileExists(atPath: bench.path) }

  /// The JSONTestSuite file names starting with `prefix`, sorted; empty when absent.
  static func testSuiteFiles(prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: testSuite.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func testSuiteData(_ name: String) throws -> Data {
    try Data(contentsOf: testSuite.appendingPathComponent(name))
  }

  static func benchData(_ name: String) throws -> Data {
    try Data(contentsOf: bench.appendingPathComponent(name))
  }
}

/// Any JSON value, decoded through `Codable` alone, for comparing decoders.
///
/// Numbers are tried as `Int64`, then `UInt64`, then `Double`, so both decoders'
/// integer and floating-point paths are exercised.
indirect enum GenericValue: Codable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([GenericValue])
  case object([String: GenericValue])

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var object: [String: GenericValue] = [:]
      for key in container.allKeys { object[key.stringValue] = try container.decode(GenericValue.self, forKey: key) }
      self = .object(object)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var array: [GenericValue] = []
      while !container.isAtEnd { array.append(try container.decode(GenericValue.self)) }
      self = .array(array)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(UInt64.self) {
      self = .unsigned(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .unsigned(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .double(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try container.encode(value, forKey: AnyKey(stringValue: key)) }
    }
  }
}

/// A `DecodingError` reduced to what the decoders must agree on: its case, the
/// type or key it names, and its coding path.
struct ErrorShape: Equatable, CustomStringConvertible {
  var kind: String
  var subject: String
  var path: [String]

  init(_ error: any Error) {
    guard let error = error as? DecodingError else {
      self.init(kind: "not a DecodingError: \(type(of: error))", subject: "\(error)", path: [])
      return
    }
    switch error {
    case .typeMismatch(let type, let context):
      self.init(kind: "typeMismatch", subject: "\(type)", path: context.codingPath.map(ErrorShape.name))
    case .valueNotFound(let type, let context):
      self.init(kind: "valueNotFound", subject: "\(type)", path: context.codingPath.map(ErrorShape.name))
    case .keyNotFound(let key, let context):
      self.init(kind: "keyNotFound", subject: key.stringValue, path: context.codingPath.map(ErrorShape.name))
    case .dataCorrupted(let context):
      self.init(kind: "dataCorrupted", subject: "", path: context.codingPath.map(ErrorShape.name))
    @unknown default:
      self.init(kind: "unknown", subject: "\(error)", path: [])
    }
  }

  init(kind: String, subject: String, path: [String]) {
    self.kind = kind
    self.subject = subject
    self.path = path
  }

  static func name(_ key: any CodingKey) -> String {
    key.intValue.map { "[\($0)]" } ?? key.stringValue
  }

  var description: String { "\(kind)(\(subject)) at \(path.joined(separator: "."))" }
}

/// The error `body` throws, as an `ErrorShape`; `nil` when it does not throw.
func errorShape(_ body: () throws -> Void) -> ErrorShape? {
  do {
    try body()
    return nil
  } catch {
    return ErrorShape(error)
  }
}
