/// JSON values written as Swift literals.
///
/// ```swift
/// let user: JSON = ["userName": "ada", "age": 36, "admin": true, "tags": ["a"], "manager": .null]
/// ```
///
/// There is no `nil` literal: write `.null`, which cannot be confused with an
/// absent `JSON?`.
extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// Creates a value from a string literal.
  public init(stringLiteral value: String) {
    self = .string(value)
  }

  /// Creates a value from an integer literal, exactly.
  public init(integerLiteral value: Int) {
    self = .number(JSONNumber(value))
  }

  /// Creates a value from a floating-point literal.
  public init(floatLiteral value: Double) {
    self = .number(JSONNumber(floatLiteral: value))
  }

  /// Creates a Boolean value from a literal.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }

  /// Creates a value from an array literal, elements in order.
  public init(arrayLiteral elements: JSON...) {
    self = .array(JSONArray(elements: elements))
  }

  /// Creates an object from a dictionary literal, keys in order; for a repeated key, the last value wins.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(JSONObject(members: elements))
  }
}
