/// A type that can be decoded from `JSON`, by hand, in the style of Argo.
///
/// ```swift
/// struct User { let userName: String; let email: String; let fullName: String? }
///
/// extension User: Decodable {
///   static func decode(_ j: JSON) -> Decoded<User> {
///     curry(User.init)
///       <^> j <| "userName"
///       <*> j <| "email"
///       <*> j <|? "fullName"
///   }
/// }
/// ```
///
/// In a file that imports both Foundation and Argonaut, `Decodable` names this
/// protocol: a module's own declarations shadow the standard library's
/// `Swift.Decodable`, which stays available as `Swift.Decodable` (and `Codable`
/// keeps its meaning).
///
/// `String`, `Bool`, every fixed-width integer, `Double`, `Float`, `Optional`,
/// `Array`, `[String: T]` and `JSON` conform. So does any `RawRepresentable` type
/// whose raw value conforms, once it declares it: `extension Role: Decodable {}`.
public protocol Decodable {
  /// The type that `decode` produces; `Self` unless you say otherwise.
  associatedtype DecodedType = Self

  /// Decodes a value from `json`, or says why it cannot.
  static func decode(_ json: JSON) -> Decoded<DecodedType>
}

// The standard library's types, decoded strictly: no conversion between kinds, and
// no lossy number conversion.

extension String: Decodable {
  /// Decodes a JSON string; any other value is a type mismatch.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<String> {
    guard case .string(let value) = json else { return .failure(.typeMismatch(expected: "String", found: json)) }
    return .success(value)
  }
}

extension Bool: Decodable {
  /// Decodes `true` and `false` only; numbers and strings are mismatches.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Bool> {
    guard case .bool(let value) = json else { return .failure(.typeMismatch(expected: "Bool", found: json)) }
    return .success(value)
  }
}

extension Decodable where Self: FixedWidthInteger, DecodedType == Self {
  /// Decodes an integer exactly: `3.7` is not an `Int`, `300` is not a `UInt8`;
  /// `1e2` is 100.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Self> {
    if case .number(let number) = json, let value = number.integer(as: Self.self) { return .success(value) }
    return .failure(.typeMismatch(expected: "\(Self.self)", found: json))
  }
}

extension Int: Decodable {}
extension Int8: Decodable {}
extension Int16: Decodable {}
extension Int32: Decodable {}
extension Int64: Decodable {}
extension UInt: Decodable {}
extension UInt8: Decodable {}
extension UInt16: Decodable {}
extension UInt32: Decodable {}
extension UInt64: Decodable {}

extension Double: Decodable {
  /// Decodes the correctly rounded value; a number beyond `Double`'s range, such as
  /// `1e400`, fails.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Double> {
    if case .number(let number) = json {
      let value = number.doubleValue
      if value.isFinite { return .success(value) }
    }
    return .failure(.typeMismatch(expected: "Double", found: json))
  }
}

extension Float: Decodable {
  /// Decodes the correctly rounded value; a number beyond `Float`'s range fails.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Float> {
    if case .number(let number) = json {
      let value = number.floatValue
      if value.isFinite { return .success(value) }
    }
    return .failure(.typeMismatch(expected: "Float", found: json))
  }
}

extension JSON: Decodable {
  /// Any value decodes as itself.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<JSON> {
    .success(json)
  }
}

extension Optional: Decodable where Wrapped: Decodable, Wrapped.DecodedType == Wrapped {
  /// `null` decodes as `nil`; any other value must decode as `Wrapped`.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Wrapped?> {
    if case .null = json { return .success(nil) }
    return Wrapped.decode(json).map(Optional.some)
  }
}

extension Array: Decodable where Element: Decodable, Element.DecodedType == Element {
  /// Decodes every element. Each failing element is reported with its index.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<[Element]> {
    guard case .array(let array) = json else { return .failure(.typeMismatch(expected: "Array", found: json)) }
    var elements: [Element] = []
    elements.reserveCapacity(array.count)
    var errors: [DecodeError] = []
    for element in array {
      switch Element.decode(element) {
      case .success(let value): elements.append(value)
      case .failure(let error): errors.append(error.prefixed(by: .index(elements.count + errors.count)))
      }
    }
    return errors.isEmpty ? .success(elements) : .failure(errors.count == 1 ? errors[0] : .multiple(errors))
  }
}

extension Dictionary: Decodable where Key == String, Value: Decodable, Value.DecodedType == Value {
  /// Decodes every member of an object. Each failing member is reported with its key.
  ///
  /// JSON keys differ when their Unicode scalars differ, but `String ==` equates
  /// canonically equivalent spellings, such as `"caf\u00e9"` (é as one scalar, NFC)
  /// and `"cafe\u0301"` (e and a combining accent, NFD). A dictionary cannot hold
  /// both, so an object with two such keys fails, naming both, rather than losing one:
  ///
  /// ```text
  /// café: keys "caf\u{E9}" and "cafe\u{301}" are equal as Swift strings; [String: Int] cannot hold both
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<[String: Value]> {
    guard case .object(let object) = json else { return .failure(.typeMismatch(expected: "Object", found: json)) }
    var members: [String: Value] = [:]
    members.reserveCapacity(object.count)
    var errors: [DecodeError] = []
    for (key, value) in object {
      switch Value.decode(value) {
      case .success(let value):
        // The object's keys are distinct, so an equal key already here is another
        // spelling of this one.
        if let earlier = members.index(forKey: key) {
          errors.append(.keyCollision(members[earlier].key, key, in: "[String: \(Value.self)]"))
        } else {
          members[key] = value
        }
      case .failure(let error): errors.append(error.prefixed(by: .key(key)))
      }
    }
    return errors.isEmpty ? .success(members) : .failure(errors.count == 1 ? errors[0] : .multiple(errors))
  }
}

extension Decodable
where
  Self: RawRepresentable, RawValue: Decodable, RawValue.DecodedType == RawValue,
  DecodedType == Self
{
  /// Decodes the raw value and looks up the case; an unknown raw value fails,
  /// naming it: `expected Role, found string "superuser"`.
  ///
  /// ```swift
  /// enum Role: String { case admin, member }
  /// extension Role: Decodable {}
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(_ json: JSON) -> Decoded<Self> {
    if case .success(let raw) = RawValue.decode(json), let value = Self(rawValue: raw) { return .success(value) }
    return .failure(.typeMismatch(expected: "\(Self.self)", found: json))
  }
}
