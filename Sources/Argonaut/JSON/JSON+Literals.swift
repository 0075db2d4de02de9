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
  public init(stringLiteral value: String) {
    self = .string(value)
  }

  public init(integerLiteral value: Int) {
    self = .number(JSONNumber(value))
  }

  public init(floatLiteral value: Double) {
    self = .number(JSONNumber(floatLiteral: value))
  }

  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }

  public init(arrayLiteral elements: JSON...) {
    self = .array(JSONArray(elements))
  }

  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(JSONObject(elements))
  }
}
