/// The third stage of the pipeline: a unique, deterministic name for every
/// structure and for every stored property.
///
/// Structures are named in pre-order from the root, following members in document
/// order, so parents are named before their children. A structure takes its name
/// from the key where it is first found, singular when it is the element of an
/// array or the value of a map (`statuses` → `Status`). The root takes the name the
/// user chose. When a name is taken, the parent's name goes in front
/// (`RetweetedStatusUser`); when that is taken too, a number goes after.
struct Naming: Sendable {
  /// The structures in the order they are written: the root's first, then pre-order.
  private(set) var order: [Int] = []
  /// The name of each structure, by index.
  private(set) var typeNames: [Int: String] = [:]
  /// The property name of each member of each structure, by structure index.
  private(set) var propertyNames: [Int: [String]] = [:]
  /// Where each structure was first found, such as `statuses[].user`, by index.
  private(set) var paths: [Int: String] = [:]
  /// The name of a type alias for a root that is not a structure, or of an array or
  /// a map of structures: `nil` when the root needs no alias.
  private(set) var rootAlias: String?

  private var taken: Set<String>

  /// Names every structure of `graph`, calling the root `rootName`.
  ///
  /// A root array of structures names its elements `rootName`, as before. Any other
  /// root that is not a structure gets a type alias called `rootName`: a root map of
  /// structures is `typealias Rooms = [String: Room]`, its values named in the
  /// singular (or `RootValue` when the singular is the same word).
  init(graph: TypeGraph, rootName: String) {
    taken = Naming.reservedTypeNames
    var elementName = rootName
    if !Naming.isStructureOrArrayOfStructures(graph.root) {
      rootAlias = rootName
      taken.insert(rootName)
      let singular = Singularize.singular(rootName)
      elementName = singular == rootName ? rootName + "Value" : singular
    }
    let context = Context(graph: graph, rootName: elementName)
    visit(graph.root, key: nil, isElement: false, parent: nil, path: "", context: context)
  }

  /// Whether the generated types name the root themselves: a structure, or arrays of them.
  private static func isStructureOrArrayOfStructures(_ type: TypeRef) -> Bool {
    switch type {
    case .structure: true
    case .optional(let wrapped), .array(let wrapped): isStructureOrArrayOfStructures(wrapped)
    default: false
    }
  }

  private struct Context {
    let graph: TypeGraph
    /// The name of the structure at the root, or of the root's elements or values.
    let rootName: String
  }

  private mutating func visit(
    _ type: TypeRef, key: String?, isElement: Bool, parent: String?, path: String, context: Context
  ) {
    switch type {
    case .optional(let wrapped):
      visit(wrapped, key: key, isElement: isElement, parent: parent, path: path, context: context)
    case .array(let element):
      visit(element, key: key, isElement: true, parent: parent, path: path + "[]", context: context)
    case .dictionary(let element):
      visit(element, key: key, isElement: true, parent: parent, path: path + "[*]", context: context)
    case .structure(let index):
      guard typeNames[index] == nil else { return }
      let base: String
      if let key {
        base = Identifiers.typeName(for: isElement ? Singularize.singular(key) : key) ?? "Element"
      } else {
        base = context.rootName
      }
      let name = unique(base, parent: parent)
      typeNames[index] = name
      order.append(index)
      paths[index] = path
      let members = context.graph.structures[index].members
      propertyNames[index] = Naming.propertyNames(for: members.map(\.key))
      for member in members {
        let memberPath = path.isEmpty ? Naming.pathComponent(member.key) : path + "." + Naming.pathComponent(member.key)
        visit(member.type, key: member.key, isElement: false, parent: name, path: memberPath, context: context)
      }
    case .unknown, .json, .bool, .string, .double, .integer:
      break
    }
  }

  private mutating func unique(_ base: String, parent: String?) -> String {
    var candidates = [base]
    if let parent { candidates.append(parent + base) }
    for candidate in candidates where !taken.contains(candidate) {
      taken.insert(candidate)
      return candidate
    }
    let stem = candidates.last!
    var number = 2
    while taken.contains("\(stem)\(number)") { number += 1 }
    taken.insert("\(stem)\(number)")
    return "\(stem)\(number)"
  }

  /// `key` as written in a path: as it is when it is a plain name, quoted otherwise.
  static func pathComponent(_ key: String) -> String {
    let plain =
      !key.isEmpty
      && key.utf8.allSatisfy {
        (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) || $0 == 0x5F || $0 == 0x2D
      }
    return plain ? key : Identifiers.stringLiteral(key)
  }

  /// Unique property names for `keys`, in order: `user_name` and `userName` give
  /// `userName` and `userName2`.
  static func propertyNames(for keys: [String]) -> [String] {
    var used: Set<String> = []
    return keys.map { key in
      let name = Identifiers.unescaped(Identifiers.propertyName(for: key))
      var candidate = name
      var number = 2
      while used.contains(candidate) {
        candidate = "\(name)\(number)"
        number += 1
      }
      used.insert(candidate)
      return Identifiers.escaped(candidate)
    }
  }

  /// Names a generated type must not take: the standard library's and Argonaut's
  /// types that the generated code uses, and names Swift treats specially.
  static let reservedTypeNames: Set<String> = [
    "Any", "AnyObject", "Argonaut", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date",
    "Decimal", "Decodable",
    "DecodeError", "Decoded", "Decoder", "Dictionary", "Double", "Element", "Encodable", "Encoder", "Equatable",
    "Error", "Float", "Hashable", "Int", "Int16", "Int32", "Int64", "Int8", "JSON", "JSONArray", "JSONEncodable",
    "JSONNumber", "JSONObject", "Key", "Never", "Optional", "Protocol", "Result", "Self", "Sendable", "Set",
    "String", "Substring", "Type", "UInt", "UInt16", "UInt32", "UInt64", "UInt8", "URL", "UUID", "Value", "Void",
  ]
}
