import Argonaut
import ArgonautYAML

/// An OpenAPI 3.0 or 3.1 document, in JSON or YAML, read with Argonaut's own parsers.
///
/// The document stays a `JSON` value: the translators read the few fields they need
/// and follow `$ref`s with ``resolve(_:)``. A document split over files is brought
/// into one first (``ReferenceBundler``): the schemas that relative `$ref`s name join
/// `components/schemas`, and ``source(of:)`` says which file each part came from.
struct OpenAPIDocument: Sendable {
  /// The whole document, with what other files contribute brought in (cut down by
  /// ``OperationFilter`` for `--tag` and `--operation`).
  var root: JSON
  /// The `openapi` field, such as `3.1.0`.
  let version: String
  /// Where the parts brought in from other files come from: the pointer where a part
  /// sits in ``root`` → `path/to/file.yaml#/pointer` (the path relative to the
  /// document's folder).
  let origins: [String: String]

  /// Reads `bytes`, an OpenAPI 3 document in JSON or YAML (told apart by content), and
  /// the files its relative `$ref`s name.
  ///
  /// - Parameters:
  ///   - name: The name messages give the document, such as `openapi.yaml`.
  ///   - path: The document's path, which relative `$ref`s start from; `nil` for the
  ///     current directory (standard input).
  /// - Throws: ``OpenAPIError`` for text that is neither JSON nor YAML (with its line and
  ///   column), Swagger 2 and other versions, and a `$ref` that cannot be followed to
  ///   another file (remote, missing file, missing pointer).
  init(bytes: [UInt8], name: String, path: String? = nil) throws(OpenAPIError) {
    let root = try Self.parse(bytes, name: name)
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
    let bundled = try ReferenceBundler.bundle(root, name: name, path: path)
    self.root = bundled.root
    self.origins = bundled.origins
  }

  /// The value of a JSON or YAML text, told apart by content: text that starts with `{`
  /// or `[` is read as JSON (and as YAML when it is not JSON), anything else as YAML.
  ///
  /// - Throws: ``OpenAPIError`` `NAME: line L, column C: expected …, found …`.
  static func parse(_ bytes: [UInt8], name: String) throws(OpenAPIError) -> JSON {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let text = hasByteOrderMark ? Array(bytes.dropFirst(3)) : bytes
    let firstByte = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    var jsonError: JSONParseError?
    if firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") {
      do {
        return try JSON(parsing: text)
      } catch {
        jsonError = error
      }
    }
    guard let string = String(validating: text, as: UTF8.self) else {
      if let jsonError { throw OpenAPIError(description: "\(name): not JSON: \(jsonError)") }
      throw OpenAPIError(description: "\(name): neither JSON nor YAML: not UTF-8 text")
    }
    do {
      return try JSON(yaml: string)
    } catch {
      // JSON that is broken is rarely YAML: its JSON error is the one that helps.
      if let jsonError { throw OpenAPIError(description: "\(name): not JSON: \(jsonError)") }
      throw OpenAPIError(description: "\(name): \(error)")
    }
  }

  /// `pointer` (of ``root``) where the document's own files have it: unchanged for what
  /// the document itself holds, `path/to/file.yaml#/pointer` for what another file
  /// holds. Generated declarations cite it in their `From` comment.
  func source(of pointer: String) -> String {
    guard !origins.isEmpty else { return pointer }
    var prefix = Substring(pointer)
    while true {
      if let origin = origins[String(prefix)] {
        let traced = origin + pointer.dropFirst(prefix.count)
        return traced.hasSuffix("#") ? String(traced.dropLast()) : traced
      }
      guard let slash = prefix.lastIndex(of: "/") else { return pointer }
      prefix = prefix[..<slash]
    }
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
