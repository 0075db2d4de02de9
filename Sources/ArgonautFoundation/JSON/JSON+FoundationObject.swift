import Argonaut
import Foundation

/// A Foundation object that is not JSON, such as a `Date` in a `[String: Any]`.
public struct FoundationObjectError: Error, Sendable, CustomStringConvertible {
  /// Where the value is, such as `posts[1].date`.
  public let path: JSONPath
  /// The type found there.
  public let typeName: String

  /// The text form, as it prints.
  public var description: String { "\(path): \(typeName) is not a JSON value" }
}

extension JSON {
  /// Creates a JSON value from the objects `JSONSerialization` reads and writes:
  /// `[String: Any]`, `[Any]`, `String`, `NSNumber` and Swift's numbers, `Bool`, and `NSNull`.
  ///
  /// ```swift
  /// let any = try JSONSerialization.jsonObject(with: data)
  /// let json = try JSON(foundationObject: any)
  /// ```
  ///
  /// An `NSNumber` that holds a Boolean becomes `.bool`, on Apple platforms and on
  /// Linux alike; other numbers keep their exact value.
  ///
  /// - Parameter object: The object.
  /// - Throws: ``FoundationObjectError`` for anything else (a `Date`, a non-finite
  ///   number, a dictionary with non-string keys), with its path.
  public init(foundationObject object: Any) throws(FoundationObjectError) {
    self = try JSON.converting(object, at: JSONPath())
  }

  static func converting(_ object: Any, at path: JSONPath) throws(FoundationObjectError) -> JSON {
    switch object {
    case is NSNull:
      return .null
    case let number as NSNumber:
      return try converting(number, at: path)
    case let string as String:
      return .string(string)
    case let members as [String: Any]:
      var converted: [(String, JSON)] = []
      converted.reserveCapacity(members.count)
      for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
        converted.append((key, try converting(value, at: path.appending(.key(key)))))
      }
      return .object(JSONObject(converted))
    case let values as [Any]:
      var converted: [JSON] = []
      converted.reserveCapacity(values.count)
      for (index, value) in values.enumerated() {
        converted.append(try converting(value, at: path.appending(.index(index))))
      }
      return .array(JSONArray(converted))
    default:
      throw FoundationObjectError(path: path, typeName: "\(type(of: object))")
    }
  }

  /// The boolean `NSNumber`s' class: `__NSCFBoolean` on Apple platforms and on Linux.
  private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

  private static func converting(_ number: NSNumber, at path: JSONPath) throws(FoundationObjectError) -> JSON {
    if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
    if let decimal = number as? NSDecimalNumber {
      guard let exact = JSONNumber(decimal.description) else {
        throw FoundationObjectError(path: path, typeName: "NSDecimalNumber \(decimal)")
      }
      return .number(exact)
    }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "f"), UInt8(ascii: "d"):
      guard let value = JSONNumber(number.doubleValue) else {
        throw FoundationObjectError(path: path, typeName: "non-finite number \(number.doubleValue)")
      }
      return .number(value)
    case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
      return .number(JSONNumber(number.uint64Value))
    default:
      return .number(JSONNumber(number.int64Value))
    }
  }

  /// The value as the objects `JSONSerialization` works with: `[String: Any]`,
  /// `[Any]`, `String`, `NSNumber` (Booleans as Boolean `NSNumber`s) and `NSNull`.
  ///
  /// ```swift
  /// let data = try JSONSerialization.data(withJSONObject: json.foundationObject)
  /// ```
  ///
  /// Integers that fit `Int64` or `UInt64` stay exact; other numbers become `Double`s.
  public var foundationObject: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let value): return NSNumber(value: value)
    case .string(let value): return value
    case .number(let number):
      if let value = number.integer(as: Int64.self) { return NSNumber(value: value) }
      if let value = number.integer(as: UInt64.self) { return NSNumber(value: value) }
      return NSNumber(value: number.doubleValue)
    case .array(let values): return values.map(\.foundationObject)
    case .object(let members):
      var result: [String: Any] = [:]
      result.reserveCapacity(members.count)
      for (key, value) in members { result[key] = value.foundationObject }
      return result
    }
  }
}
