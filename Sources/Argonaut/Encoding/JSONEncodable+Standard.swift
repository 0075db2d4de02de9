// The standard library's types as JSON. Numbers are written exactly, so decoding
// what was encoded gives the same value back.

extension String: JSONEncodable {
  /// A JSON string.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON { .string(self) }
}

extension Bool: JSONEncodable {
  /// `true` or `false`.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON { .bool(self) }
}

extension JSONEncodable where Self: FixedWidthInteger {
  /// The exact number, every digit kept.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON { .number(JSONNumber(self)) }
}

extension Int: JSONEncodable {}
extension Int8: JSONEncodable {}
extension Int16: JSONEncodable {}
extension Int32: JSONEncodable {}
extension Int64: JSONEncodable {}
extension UInt: JSONEncodable {}
extension UInt8: JSONEncodable {}
extension UInt16: JSONEncodable {}
extension UInt32: JSONEncodable {}
extension UInt64: JSONEncodable {}

extension Double: JSONEncodable {
  /// The shortest number that reads back as this value.
  ///
  /// JSON has no infinities and no NaN: those encode as `null`, as JavaScript's
  /// `JSON.stringify` does. Check `isFinite` first where that matters.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON {
    guard let number = JSONNumber(self) else { return .null }
    return .number(number)
  }
}

extension Float: JSONEncodable {
  /// The shortest number that reads back as this value; infinities and NaN encode as
  /// `null`, as for `Double`.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON {
    guard let number = JSONNumber(self) else { return .null }
    return .number(number)
  }
}

extension JSON: JSONEncodable {
  /// The value itself.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON { self }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
  /// The wrapped value, or `null` for `nil`.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON {
    guard let self else { return .null }
    return self.encode()
  }
}

extension Optional where Wrapped: JSONEncodable {
  /// The wrapped value, or `nil` for `nil`: with `JSON(omittingNil:)`, a member
  /// that is left out rather than sent as `null`.
  #if !DEBUG
    @inlinable
  #endif
  public func encodeIfPresent() -> JSON? {
    map { $0.encode() }
  }
}

extension Array: JSONEncodable where Element: JSONEncodable {
  /// An array of the encoded elements, in order.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON {
    .array(JSONArray(elements: map { $0.encode() }))
  }
}

extension Dictionary: JSONEncodable where Key == String, Value: JSONEncodable {
  /// An object of the encoded values, with its keys sorted (by their UTF-8 bytes), so
  /// that the output is the same on every run.
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON {
    .object(JSONObject(mapValues { $0.encode() }))
  }
}

extension RawRepresentable where RawValue: JSONEncodable {
  /// Unavailable until the type declares `JSONEncodable`: the one-line conformance
  /// then gives the raw value.
  ///
  /// ```swift
  /// enum State: String, Codable { case open, closed }
  /// extension State: JSONEncodable {}   // enough: encode() is the raw value
  /// ```
  ///
  /// Without the declaration, calling `encode()` on such a type names this fix
  /// instead of pointing at `Encodable.encode(to:)`.
  @available(
    *, unavailable,
    message: "declare the conformance, and encode() gives the raw value: extension <YourType>: JSONEncodable {}"
  )
  public func encode() -> JSON { rawValue.encode() }
}

extension JSONEncodable where Self: RawRepresentable, RawValue: JSONEncodable {
  /// The raw value.
  ///
  /// ```swift
  /// enum Role: String { case admin, member }
  /// extension Role: JSONEncodable {}
  /// Role.admin.encode()  // "admin"
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func encode() -> JSON { rawValue.encode() }
}
