import Argonaut

/// An OpenAPI 3.0 or 3.1 document, read with Argonaut's own parser.
///
/// The document stays a `JSON` value: the translators read the few fields they need
/// and follow `$ref`s with ``resolve(_:)``.
struct OpenAPIDocument: Sendable {
  /// The whole document.
  let root: JSON
  /// The `openapi` field, such as `3.1.0`.
  let version: String

  /// Reads `bytes`, which must be an OpenAPI 3 document in JSON.
  ///
  /// - Throws: ``OpenAPIError`` for YAML (with how to convert it), text that is not
  ///   JSON, Swagger 2 and other versions.
  init(bytes: [UInt8], name: String) throws(OpenAPIError) {
    let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    let looksLikeYAML = name.hasSuffix(".yaml") || name.hasSuffix(".yml") || (firstByte != nil && firstByte != 0x7B)
    do {
      root = try JSON(parsing: bytes)
    } catch {
      if looksLikeYAML { throw OpenAPIDocument.yamlError(name) }
      throw OpenAPIError(description: "\(name): not JSON: \(error)")
    }
    guard case .object = root else {
      throw OpenAPIError(description: "\(name): expected an OpenAPI document (a JSON object), found \(root.kindName)")
    }
    if let swagger = root["swagger"]?.stringValue {
      throw OpenAPIError(
        description:
          "\(name): Swagger \(swagger) is not supported: convert it to OpenAPI 3 first (for example with swagger2openapi)"
      )
    }
    guard let version = root["openapi"]?.stringValue else {
      throw OpenAPIError(description: "\(name): no \"openapi\" field: not an OpenAPI document")
    }
    guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
      throw OpenAPIError(description: "\(name): OpenAPI \(version) is not supported: expected 3.0 or 3.1")
    }
    self.version = version
  }

  /// The error for a YAML document, which says how to convert it.
  static func yamlError(_ name: String) -> OpenAPIError {
    OpenAPIError(
      description: """
        \(name): this looks like YAML; argonaut-generate reads OpenAPI documents in JSON only. Convert it first, \
        for example: python3 -c 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)' \
        < \(name) > openapi.json (or: yq -o=json \(name) > openapi.json)
        """)
  }

  /// The value at a local `$ref` such as `#/components/schemas/Pet`, or `nil`.
  func resolve(_ reference: String) -> JSON? {
    guard let tokens = JSONPointer.tokens(of: reference) else { return nil }
    var value = root
    for token in tokens {
      switch value {
      case .object(let object):
        guard let next = object[token] else { return nil }
        value = next
      case .array(let array):
        let elements = Array(array)
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        value = elements[index]
      default: return nil
      }
    }
    return value
  }

  /// `value` with `$ref`s followed (up to a bound, so a cycle of references ends),
  /// and the pointer where it was found.
  func dereferenced(_ value: JSON, at pointer: String) -> (value: JSON, pointer: String)? {
    var current = (value: value, pointer: pointer)
    for _ in 0..<32 {
      guard let reference = current.value["$ref"]?.stringValue else { return current }
      guard let target = resolve(reference) else { return nil }
      current = (target, reference)
    }
    return nil
  }
}

extension JSON {
  /// `object`, `array`, `string`…: what a message says was found.
  var kindName: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// The members of an object in document order; empty for anything else.
  var members: [(key: String, value: JSON)] {
    guard case .object(let object) = self else { return [] }
    return object.map { ($0.key, $0.value) }
  }

  /// The elements of an array; empty for anything else.
  var elements: [JSON] {
    guard case .array(let array) = self else { return [] }
    return Array(array)
  }
}
