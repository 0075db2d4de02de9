import Argonaut

/// YAML 1.2's core schema: which JSON value a scalar is, by its tag, or by its text
/// when it is plain and untagged.
enum CoreSchema {
  static let prefix = "tag:yaml.org,2002:"

  static func resolve(_ text: String, style: ScalarStyle, tag: String?, at mark: Mark) throws(YAMLParseError) -> JSON {
    guard let tag else {
      return style == .plain ? try resolvePlain(text, at: mark) : .string(text)
    }
    guard tag.hasPrefix(prefix) else { return .string(text) }
    let name = tag.dropFirst(prefix.count)
    switch name {
    case "str": return .string(text)
    case "null":
      guard isNull(text) else { throw unrepresentable(text, as: "null", at: mark) }
      return .null
    case "bool":
      guard let value = bool(text) else { throw unrepresentable(text, as: "a boolean", at: mark) }
      return .bool(value)
    case "int":
      guard let number = try integer(text, at: mark) else { throw unrepresentable(text, as: "an integer", at: mark) }
      return .number(number)
    case "float":
      if let number = try integerOrFloat(text, at: mark) { return .number(number) }
      throw unrepresentable(text, as: "a number", at: mark)
    case "map", "seq":
      throw YAMLParseError(
        .unrepresentable, at: mark, expected: name == "map" ? "a mapping for '!!map'" : "a sequence for '!!seq'",
        found: "a scalar")
    default:
      return .string(text)
    }
  }

  static func checkCollectionTag(_ tag: String?, isMapping: Bool, at mark: Mark) throws(YAMLParseError) {
    guard let tag, tag.hasPrefix(prefix) else { return }
    let name = tag.dropFirst(prefix.count)
    let allowed = isMapping ? ["map", "omap", "set"] : ["seq", "omap", "pairs"]
    if allowed.contains(String(name)) { return }
    switch name {
    case "str", "null", "bool", "int", "float", "map", "seq":
      throw YAMLParseError(
        .unrepresentable, at: mark, expected: "a scalar for '!!\(name)'", found: isMapping ? "a mapping" : "a sequence")
    default: return
    }
  }

  static func resolvePlain(_ text: String, at mark: Mark) throws(YAMLParseError) -> JSON {
    guard let first = text.utf8.first else { return .null }
    switch first {
    case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
      if isNull(text) { return .null }
    case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
      if let value = bool(text) { return .bool(value) }
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
      if let number = try integerOrFloat(text, at: mark) { return .number(number) }
    default: break
    }
    return .string(text)
  }

  static func isNull(_ text: String) -> Bool {
    text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
  }

  static func bool(_ text: String) -> Bool? {
    switch text {
    case "true", "True", "TRUE": return true
    case "false", "False", "FALSE": return false
    default: return nil
    }
  }

  static func unrepresentable(_ text: String, as what: String, at mark: Mark) -> YAMLParseError {
    YAMLParseError(.unrepresentable, at: mark, expected: what, found: "'\(text)'")
  }

  static func number(_ text: String, at mark: Mark) throws(YAMLParseError) -> JSONNumber {
    guard let number = JSONNumber(text) else {
      throw YAMLParseError(.unrepresentable, at: mark, expected: "a number", found: "'\(text)'")
    }
    return number
  }

  static func integerOrFloat(_ text: String, at mark: Mark) throws(YAMLParseError) -> JSONNumber? {
    if let number = try integer(text, at: mark) { return number }
    return try float(text, at: mark)
  }

  /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, as a JSON number (in decimal).
  static func integer(_ text: String, at mark: Mark) throws(YAMLParseError) -> JSONNumber? {
    let bytes = Array(text.utf8)
    if bytes.count > 2 && bytes[0] == UInt8(ascii: "0") {
      let radix: Int? =
        switch bytes[1] {
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "x"): 16
        default: nil
        }
      if let radix {
        guard let digits = NumberText.decimal(fromDigits: bytes[2...], radix: radix) else { return nil }
        return try number(digits, at: mark)
      }
    }
    var body = bytes[...]
    var sign = ""
    if let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      sign = first == UInt8(ascii: "-") ? "-" : ""
      body = body.dropFirst()
    }
    guard !body.isEmpty, body.allSatisfy(Byte.isDigit) else { return nil }
    return try number(sign + NumberText.withoutLeadingZeros(body), at: mark)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, as a JSON number; `.inf`
  /// and `.nan` throw, since JSON cannot hold them.
  static func float(_ text: String, at mark: Mark) throws(YAMLParseError) -> JSONNumber? {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
      throw YAMLParseError(.unrepresentable, at: mark, expected: "a value JSON can hold", found: "'\(text)'")
    default: break
    }
    guard let normalized = NumberText.jsonFloat(Array(text.utf8)) else { return nil }
    return try number(normalized, at: mark)
  }
}
