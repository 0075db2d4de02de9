/// Why a decoder failed, and where.
///
/// Built and matched as in Argo. Every case also carries the path from the root of
/// the document to the failing value; the decoding operators fill it in as an error
/// leaves each key and index, so a decoder never has to.
///
/// ```swift
/// switch error {
/// case .typeMismatch(let expected, let actual, let path): ...
/// case .missingKey(let key, let path): ...
/// case .custom(let message, _): ...
/// case .multiple(let errors): ...
/// }
/// let mine = DecodeError.custom("postDate is in the future")
/// ```
///
/// The description has one line per failure, path first:
///
/// ```text
/// posts[1].postDate: missing key
/// user.age: expected Int, found string "12"
/// ```
public enum DecodeError: Error, Hashable, Sendable {
  /// A value of the wrong kind or range. `actual` is a short rendering of what was
  /// found, such as `number 3.7` or `string "12"`.
  case typeMismatch(expected: String, actual: String, path: JSONPath = JSONPath())
  /// An object lacked `key`. `path` locates the object; `DecodeError.path` includes the key.
  case missingKey(_ key: String, path: JSONPath = JSONPath())
  /// A failure a decoder reports in its own words.
  case custom(_ message: String, path: JSONPath = JSONPath())
  /// Several failures, such as every failing field of one applicative chain.
  case multiple(_ errors: [DecodeError])
}

extension DecodeError {
  /// A type mismatch that describes the JSON value found.
  ///
  /// ```swift
  /// return .failure(.typeMismatch(expected: "ISO 8601 date", found: json))
  /// ```
  public static func typeMismatch(expected: String, found json: JSON) -> DecodeError {
    .typeMismatch(expected: expected, actual: JSON.shortDescription(of: json))
  }

  /// The path from the root to the failing value. For `missingKey` it ends with the
  /// missing key; for `multiple` it is the root (each error has its own).
  public var path: JSONPath {
    switch self {
    case .typeMismatch(_, _, let path), .custom(_, let path): return path
    case .missingKey(let key, let path): return path.appending(.key(key))
    case .multiple: return JSONPath()
    }
  }

  /// The failures in this error, with `multiple` flattened.
  public var errors: [DecodeError] {
    guard case .multiple(let errors) = self else { return [self] }
    return errors.flatMap(\.errors)
  }

  /// This error as seen from one level up: `component` is put in front of its path.
  public func prefixed(by component: JSONPath.Component) -> DecodeError {
    switch self {
    case .typeMismatch(let expected, let actual, let path):
      return .typeMismatch(expected: expected, actual: actual, path: path.prefixed(by: component))
    case .missingKey(let key, let path): return .missingKey(key, path: path.prefixed(by: component))
    case .custom(let message, let path): return .custom(message, path: path.prefixed(by: component))
    case .multiple(let errors): return .multiple(errors.map { $0.prefixed(by: component) })
    }
  }

  /// Two object keys that differ in their Unicode scalars but are equal as Swift
  /// strings (canonically equivalent), which a `[String: V]` cannot both hold. The
  /// path ends with the later key; the message spells both out, scalar by scalar.
  @usableFromInline
  static func keyCollision(_ earlier: String, _ later: String, in type: String) -> DecodeError {
    .custom(
      "keys \(scalarLiteral(earlier)) and \(scalarLiteral(later)) are equal as Swift strings; \(type) cannot hold both",
      path: JSONPath().appending(.key(later)))
  }

  /// `text` as a Swift string literal in which every scalar outside printable ASCII
  /// is escaped, so that spellings which render alike read differently.
  static func scalarLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": literal += "\\\(scalar)"
      case " "..."~": literal.unicodeScalars.append(scalar)
      default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return literal + "\""
  }

  /// This error and `other` as one; used by `apply` to accumulate failures.
  public func combined(with other: DecodeError) -> DecodeError {
    .multiple(errors + other.errors)
  }
}

extension DecodeError: CustomStringConvertible {
  /// One line per failure: `path: message`.
  public var description: String {
    errors.map { error in
      switch error {
      case .typeMismatch(let expected, let actual, _): return "\(error.path): expected \(expected), found \(actual)"
      case .missingKey: return "\(error.path): missing key"
      case .custom(let message, _): return "\(error.path): \(message)"
      case .multiple: return ""  // flattened away by `errors`
      }
    }.joined(separator: "\n")
  }
}

extension JSON {
  /// The longest rendering of a found value inside an error, in characters.
  static let shortDescriptionLimit = 40

  /// What an error says it found: the kind and a truncated rendering, such as
  /// `number 12`, `string "12"` or `object {"id":1,…}`.
  static func shortDescription(of json: JSON) -> String {
    let kind: String
    switch json {
    case .object: kind = "object"
    case .array: kind = "array"
    case .string: kind = "string"
    case .number: kind = "number"
    case .bool: kind = "bool"
    case .null: return "null"
    }
    var writer = JSONWriter(format: .compact)
    writer.byteLimit = shortDescriptionLimit * 4
    if case .string(let string) = json {
      writer.writeString(String(string.prefix(shortDescriptionLimit)))  // not the whole of a huge string
    } else {
      writer.write(json)
    }
    let text = String(decoding: writer.output, as: UTF8.self)
    guard text.count > shortDescriptionLimit else { return "\(kind) \(text)" }
    return "\(kind) \(text.prefix(shortDescriptionLimit - 1))…"
  }
}
