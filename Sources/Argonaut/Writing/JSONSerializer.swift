/// Writes `JSON` values as text, compact or pretty, to a `String` or to bytes.
///
/// ```swift
/// let json: JSON = ["name": "Ada", "tags": ["math", "engines"]]
/// JSONSerializer.compact.string(from: json)   // {"name":"Ada","tags":["math","engines"]}
/// print(JSONSerializer.pretty.string(from: json))
/// // {
/// //   "name": "Ada",
/// //   "tags": [
/// //     "math",
/// //     "engines"
/// //   ]
/// // }
/// let bytes = JSONSerializer(sortsKeys: true).bytes(from: json)
/// ```
///
/// Output is RFC 8259 JSON that parses back to an equal value. Strings built in
/// Swift escape the quote, the backslash and control characters, and write `/` and
/// non-ASCII text as is; strings from a parsed document keep the escapes they were
/// written with (`"\u00e9"` stays `"\u00e9"`), since they are copied, not re-encoded.
/// Numbers keep their original digits.
///
/// Printing never recurses and never fails, whatever the depth. Pretty output indents
/// each level up to 64 levels deep; deeper lines are indented as at level 64, so the
/// text stays linear in the size of the value (indenting a document 100,000 levels
/// deep in full would take 20 GB).
public struct JSONSerializer: Hashable, Sendable {
  /// Whether to break lines and indent nested values.
  public var isPretty: Bool
  /// Spaces per nesting level when pretty; negative values count as 0, and values
  /// above 16 as 16.
  public var indentWidth: Int
  /// Whether to write object keys in ascending order of their UTF-8 bytes, rather
  /// than in document order.
  public var sortsKeys: Bool

  /// Creates a serializer.
  /// - Parameters:
  ///   - isPretty: Whether to break lines and indent. Defaults to `false`.
  ///   - indentWidth: Spaces per level when pretty, from 0 to 16. Defaults to 2.
  ///   - sortsKeys: Whether to sort object keys. Defaults to `false`.
  public init(isPretty: Bool = false, indentWidth: Int = 2, sortsKeys: Bool = false) {
    self.isPretty = isPretty
    self.indentWidth = Swift.max(0, indentWidth)
    self.sortsKeys = sortsKeys
  }

  /// One line, no spaces, keys in document order.
  public static let compact = JSONSerializer()
  /// Two-space indentation, keys in document order.
  public static let pretty = JSONSerializer(isPretty: true)

  /// The JSON text of `json`.
  /// - Complexity: O(*n*) in the size of the value.
  public func string(from json: JSON) -> String {
    String(decoding: bytes(from: json), as: UTF8.self)
  }

  /// The UTF-8 JSON text of `json`.
  /// - Complexity: O(*n*) in the size of the value.
  public func bytes(from json: JSON) -> [UInt8] {
    var writer = JSONWriter(format: self)
    writer.write(json)
    return writer.output
  }
}

extension JSON: CustomStringConvertible {
  /// The compact JSON text of the value.
  public var description: String { JSONSerializer.compact.string(from: self) }

  /// The JSON text of the value.
  ///
  /// ```swift
  /// json.serialized()                  // compact
  /// json.serialized(.pretty)           // indented
  /// ```
  public func serialized(_ serializer: JSONSerializer = .compact) -> String {
    serializer.string(from: self)
  }
}

extension JSONObject: CustomStringConvertible {
  /// The compact JSON text of the object.
  public var description: String { JSON.object(self).description }
}

extension JSONArray: CustomStringConvertible {
  /// The compact JSON text of the array.
  public var description: String { JSON.array(self).description }
}
