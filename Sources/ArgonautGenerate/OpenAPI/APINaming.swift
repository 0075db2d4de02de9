/// Names for what the generator declares from an OpenAPI document: unique,
/// deterministic, and made safe in one place with the generator's ``Identifiers``.
///
/// ```swift
/// APINaming.serviceName(forTag: "news feed")   // "NewsFeedService"
/// APINaming.methodName(for: "get_user")        // "getUser"
/// ```
struct APINaming: Sendable {
  /// Every type name given out, and the reserved ones.
  private var taken: Set<String>

  /// Names that no generated type may take: the standard library's and Argonaut's
  /// (as in the sample generator), the services layer's, the cycle-breaking box, and
  /// `Nullable`, the wrapper of optional, nullable properties.
  static let reservedTypeNames: Set<String> = Naming.reservedTypeNames.union([
    "Indirect", "Service", "ServiceConfiguration", "ServiceError", "Request", "Resource", "QueryItem", "HTTPMethod",
    "RequestBody", "Response", "ResponseParser", "HTTPResponse", "HTTPRequest", "Foundation", "ArgonautServices",
    "ArgonautFoundation", "URLRequest", "Model", "Duration", "Nullable",
  ])

  init() {
    taken = APINaming.reservedTypeNames
  }

  /// A new type name from `text` (a schema's name, or a place such as `createPet body`):
  /// UpperCamelCase, with `Model` after a reserved name and a number after a taken one.
  mutating func typeName(for text: String, fallback: String = "Schema") -> String {
    var base = Identifiers.typeName(for: text) ?? fallback
    if Identifiers.keywords.contains(base) || Naming.reservedTypeNames.contains(base)
      || APINaming.reservedTypeNames.contains(base)
    {
      base += "Model"
    }
    return claim(base)
  }

  /// `base`, or `base2`, `base3`… the first not taken; marked taken.
  mutating func claim(_ base: String) -> String {
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(base)\(number)"
      number += 1
    }
    taken.insert(candidate)
    return candidate
  }

  /// The service class for an operation tag: `users` → `UsersService`; `nil` (no tag) → `DefaultService`.
  static func serviceName(forTag tag: String?) -> String {
    guard let tag, let name = Identifiers.typeName(for: tag) else { return "DefaultService" }
    return name.hasSuffix("Service") ? name : name + "Service"
  }

  /// A method name from an `operationId`: `get_user` → `getUser`; keywords escaped.
  static func methodName(for operationId: String) -> String {
    Identifiers.propertyName(for: operationId)
  }

  /// A method name for an operation without an `operationId`: `GET /pets/{id}` → `getPetsId`.
  static func methodName(method: String, path: String) -> String {
    Identifiers.propertyName(for: method + " " + path)
  }

  /// Unique lowerCamelCase names for `texts`, in order, none of them in `reserved`
  /// (plain identifiers): each escaped where it is a keyword. The sample generator's
  /// ``Naming/propertyNames(for:)`` does the work, with the reserved names first.
  static func memberNames(for texts: [String], reserved: [String] = []) -> [String] {
    Array(Naming.propertyNames(for: reserved + texts).dropFirst(reserved.count))
  }

  /// The first line of a description, trimmed, for a doc comment; `nil` when empty.
  static func summary(_ text: String?) -> String? {
    guard let text else { return nil }
    let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
    let trimmed = line.trimmingSpaces()
    return trimmed.isEmpty ? nil : trimmed
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let characters = Array(self)
    guard let start = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let end = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(characters[start...end])
  }
}
