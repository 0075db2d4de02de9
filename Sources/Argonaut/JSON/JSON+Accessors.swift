/// Quick access to the contents of a `JSON` value. Each accessor returns `nil` when
/// the value is not of the kind asked for; none of them converts between kinds.
///
/// ```swift
/// let json = try JSON(parsing: #"{"user": {"name": "Ada", "langs": ["en", "fr"], "age": 36}}"#)
/// json["user"]?["name"]?.stringValue   // "Ada"
/// json["user"]?["langs"]?[1]           // .string("fr")
/// json["user"]?["age"]?.intValue       // 36
/// json["missing"]                      // nil
/// ```
///
/// For decoding into models, with errors that say what went wrong where, use
/// `Decodable` and the decoding operators instead.
extension JSON {
  /// The member for `key` of an object.
  #if !DEBUG
    @inlinable
  #endif
  public subscript(key: String) -> JSON? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The element at `index` of an array.
  public subscript(index: Int) -> JSON? {
    guard case .array(let array) = self else { return nil }
    return array.element(at: index)
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// The exact `Int`, if this is a number that is an integer and fits.
  public var intValue: Int? {
    guard case .number(let number) = self else { return nil }
    return number.integer(as: Int.self)
  }

  /// The correctly rounded `Double`, if this is a number within `Double`'s range.
  public var doubleValue: Double? {
    guard case .number(let number) = self else { return nil }
    let value = number.doubleValue
    return value.isFinite ? value : nil
  }

  /// The members, if this is an object.
  public var objectValue: JSONObject? {
    guard case .object(let value) = self else { return nil }
    return value
  }

  /// The elements, if this is an array.
  public var arrayValue: JSONArray? {
    guard case .array(let value) = self else { return nil }
    return value
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    guard case .null = self else { return false }
    return true
  }
}
