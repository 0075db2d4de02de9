/// Swift identifiers made from JSON keys.
///
/// ```swift
/// Identifiers.propertyName(for: "profile_image_url")  // "profileImageUrl"
/// Identifiers.typeName(for: "retweeted_status")       // "RetweetedStatus"
/// Identifiers.propertyName(for: "default")            // "`default`"
/// Identifiers.propertyName(for: "2fa")                // "_2fa"
/// ```
///
/// Keys are split into words at every character that is not an ASCII letter or
/// digit, and where lowercase turns to uppercase (`userName`, `HTTPStatus`). Other
/// characters are dropped, so identifiers are always ASCII.
enum Identifiers {
  /// The words of `key`.
  static func words(in key: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    let bytes = Array(key.utf8)
    func flush() {
      if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
      current = []
    }
    for (offset, byte) in bytes.enumerated() {
      guard isLetter(byte) || isDigit(byte) else {
        flush()
        continue
      }
      if let last = current.last, isUpper(byte) {
        let nextIsLower = offset + 1 < bytes.count && isLower(bytes[offset + 1])
        // userName → user|Name; HTTPStatus → HTTP|Status; a2B → a2|B.
        if isLower(last) || isDigit(last) || (isUpper(last) && nextIsLower) { flush() }
      }
      current.append(byte)
    }
    flush()
    return words
  }

  /// A lowerCamelCase property name for `key`, escaped where it is a keyword.
  static func propertyName(for key: String) -> String {
    // SCREAMING_SNAKE_CASE reads as words, not as acronyms: PLEYEL_PLEYEL → pleyelPleyel.
    let screaming = !key.utf8.contains { isLower($0) }
    let words = words(in: key).map { screaming ? $0.lowercased() : $0 }
    guard let first = words.first else { return "field" }
    let head = first.utf8.allSatisfy { !isLower($0) } ? first.lowercased() : lowercasingFirst(first)
    var name = head + words.dropFirst().map(uppercasingFirst).joined()
    if let initial = name.utf8.first, isDigit(initial) { name = "_" + name }
    if reservedMembers.contains(name) { name += "Value" }
    return escaped(name)
  }

  /// An UpperCamelCase type name for `key`; `nil` when the key has no letters or digits.
  static func typeName(for key: String) -> String? {
    let screaming = !key.utf8.contains { isLower($0) } && key.utf8.count > 3
    let words = words(in: key).map { screaming ? $0.lowercased() : $0 }
    guard !words.isEmpty else { return nil }
    var name = words.map(uppercasingFirst).joined()
    if let initial = name.utf8.first, isDigit(initial) { name = "Type" + name }
    return name
  }

  /// `name` in backticks when it is a Swift keyword.
  static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// `name` as an argument label in a call: keywords need no backticks there, except
  /// `inout` (Swift warns about the others).
  static func argumentLabel(_ name: String) -> String {
    let plain = unescaped(name)
    return plain == "inout" ? name : plain
  }

  /// `name` without backticks.
  static func unescaped(_ name: String) -> String {
    name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
  }

  /// `text` as the contents of a Swift string literal.
  static func stringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Swift keywords, which need backticks as property names.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "Any",
    "false", "is", "nil", "super", "throws", "true", "try", "await", "consume", "copy", "discard", "borrowing",
    "consuming", "some", "any", "package",
  ]

  /// Names a stored property may not take, even in backticks: they would clash with
  /// `self`, the initializer, or the generated `encode()` and `decode(_:)`.
  static let reservedMembers: Set<String> = ["self", "Self", "init", "encode", "decode", "Type", "Protocol", "_"]

  private static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
  private static func isLower(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
  private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func lowercasingFirst(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }
  private static func uppercasingFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
