/// A location in a JSON document: the keys and array indices from the root.
///
/// Its description is the familiar dotted form, `posts[1].postDate`; a key that is
/// not a plain identifier is quoted, as in `users["first name"]`. The root is
/// `(root)`.
///
/// ```swift
/// let path: JSONPath = ["posts", 1, "postDate"]
/// print(path)  // posts[1].postDate
/// ```
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// One step of a path.
  public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A member of an object.
    case key(String)
    /// An element of an array.
    case index(Int)

    /// A key, from a string literal: `"posts"`.
    public init(stringLiteral value: String) { self = .key(value) }
    /// An array index, from an integer literal: `1`.
    public init(integerLiteral value: Int) { self = .index(value) }
  }

  /// The steps from the root, outermost first.
  public var components: [Component]

  /// Creates a path from its steps, outermost first.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// Creates a value from an array literal, elements in order.
  public init(arrayLiteral elements: Component...) {
    self.components = elements
  }

  /// Whether this is the root.
  public var isRoot: Bool { components.isEmpty }

  /// This path with `component` put in front, as an error leaves a nested value.
  public func prefixed(by component: Component) -> JSONPath {
    JSONPath([component] + components)
  }

  /// This path with `component` appended.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The text form, as it prints.
  public var description: String {
    guard !components.isEmpty else { return "(root)" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where JSONPath.isIdentifier(key):
        text += text.isEmpty ? key : "." + key
      case .key(let key):
        text += "[\(JSON.string(key))]"
      }
    }
    return text
  }

  /// Whether `key` can be shown bare: ASCII letters, digits, `_` and `$`, not starting with a digit.
  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
    return key.utf8.allSatisfy { c in
      switch c {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        return true
      default:
        return false
      }
    }
  }
}
