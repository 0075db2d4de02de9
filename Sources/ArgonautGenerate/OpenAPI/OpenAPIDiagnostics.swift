/// What the generator could not translate fully: each says where (a JSON pointer
/// into the document) and what it did instead.
///
/// ```
/// warning: #/components/schemas/Shape/oneOf: oneOf without a discriminator: typed as JSON
/// ```
struct OpenAPIDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The JSON pointer of the schema, parameter or operation, such as `#/paths/~1pets/get`.
  var pointer: String
  /// What was skipped or simplified, and why.
  var message: String

  var description: String { "warning: \(pointer): \(message)" }
}

/// A document the generator cannot read at all: not JSON, YAML, not OpenAPI 3.
struct OpenAPIError: Error, Equatable, CustomStringConvertible {
  var description: String
}

/// JSON pointers (RFC 6901) in the `#/a/b` form that `$ref` uses.
enum JSONPointer {
  /// `pointer` with `token` appended, escaped: `~` as `~0`, `/` as `~1`.
  static func appending(_ token: String, to pointer: String) -> String {
    pointer + "/" + token.replacing("~", with: "~0").replacing("/", with: "~1")
  }

  /// The unescaped tokens of `pointer`, without the leading `#`; `nil` when it is not
  /// a pointer into this document.
  static func tokens(of pointer: String) -> [String]? {
    guard pointer == "#" || pointer.hasPrefix("#/") else { return nil }
    return pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
      percentDecoded(String($0)).replacing("~1", with: "/").replacing("~0", with: "~")
    }.filter { _ in pointer != "#" }
  }

  /// `text` with `%XX` escapes decoded, as in a URI fragment.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == 0x25, utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
