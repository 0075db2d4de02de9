/// Breaks the cycles that `$ref` allows and Swift value types do not.
///
/// - A structure that holds itself, directly or through other structures (`Node.parent: Node?`),
///   keeps each property that closes such a cycle behind a reference (``ModelDeclaration/Property/isIndirect``).
///   Arrays and maps already hold their elements out of line, so they close no cycle;
///   unions are `indirect` enumerations, so they close none either. Such a property is a
///   plain `T?` even when optional and nullable: it does not keep `null` apart from absent.
/// - A type alias that refers to itself (`typealias Tree = [Tree]`) cannot be written
///   in Swift: it becomes `JSON`, with a diagnostic.
/// - A structure that must hold itself through required, non-nullable properties only
///   (`Node.next: Node`, required) has no finite JSON value, and no Swift value could
///   be made: the property that closes each such cycle becomes optional, with a
///   diagnostic.
enum IndirectionPass {
  /// Rewrites `declarations` in place; returns what it had to give up.
  static func run(_ declarations: inout [ModelDeclaration]) -> [OpenAPIDiagnostic] {
    var diagnostics: [OpenAPIDiagnostic] = []
    var index: [String: Int] = [:]
    for (offset, declaration) in declarations.enumerated() { index[declaration.name] = offset }

    // Aliases that reach themselves through aliases only.
    for offset in declarations.indices {
      guard case .alias(let type) = declarations[offset].kind else { continue }
      if aliasReaches(declarations[offset].name, from: type, declarations, index, seen: []) {
        diagnostics.append(
          OpenAPIDiagnostic(
            pointer: declarations[offset].pointer, message: "a type that contains only itself: typed as JSON"))
        declarations[offset].kind = .alias(.json)
      }
    }

    // Cycles of required properties: one property of each is made optional.
    while let (offset, number) = requiredCycle(declarations, index) {
      guard case .structure(var properties) = declarations[offset].kind else { break }
      properties[number].type = properties[number].type.optional
      properties[number].isRequired = false
      declarations[offset].kind = .structure(properties)
      diagnostics.append(
        OpenAPIDiagnostic(
          pointer: JSONPointer.appending(
            properties[number].key, to: JSONPointer.appending("properties", to: declarations[offset].pointer)),
          message:
            "a required property through which \(declarations[offset].name) must contain itself without end: "
            + "no finite JSON value has it; typed as optional"))
    }

    // The structure each property holds inline (through `?` and aliases), by structure.
    var edges: [[(property: Int, target: Int)]] = Array(repeating: [], count: declarations.count)
    for (offset, declaration) in declarations.enumerated() {
      guard case .structure(let properties) = declaration.kind else { continue }
      for (number, property) in properties.enumerated() {
        if let target = inlineStructure(property.type, declarations, index) {
          edges[offset].append((number, target))
        }
      }
    }
    var reachable: [Int: Set<Int>] = [:]
    func reach(_ start: Int) -> Set<Int> {
      if let known = reachable[start] { return known }
      var seen: Set<Int> = []
      var stack = [start]
      while let next = stack.popLast() {
        for edge in edges[next] where seen.insert(edge.target).inserted { stack.append(edge.target) }
      }
      reachable[start] = seen
      return seen
    }
    for offset in declarations.indices {
      guard case .structure(var properties) = declarations[offset].kind, !edges[offset].isEmpty else { continue }
      for edge in edges[offset] where edge.target == offset || reach(edge.target).contains(offset) {
        properties[edge.property].isIndirect = true
        // A reference holds a plain `T?`: `null` reads as absent (a known limit).
        properties[edge.property].isNullable = false
      }
      declarations[offset].kind = .structure(properties)
    }
    return diagnostics
  }

  /// A structure's property that closes a cycle of required, non-optional properties
  /// (through aliases that are not optional either), as the structure's offset and the
  /// property's number; `nil` when there is none.
  private static func requiredCycle(
    _ declarations: [ModelDeclaration], _ index: [String: Int]
  ) -> (Int, Int)? {
    var edges: [[(property: Int, target: Int)]] = Array(repeating: [], count: declarations.count)
    for (offset, declaration) in declarations.enumerated() {
      guard case .structure(let properties) = declaration.kind else { continue }
      for (number, property) in properties.enumerated() where property.isRequired {
        if let target = inlineStructure(property.type, declarations, index, throughOptionals: false) {
          edges[offset].append((number, target))
        }
      }
    }
    // Depth-first, with the path on a stack: an edge back into the path closes a cycle.
    var state = [UInt8](repeating: 0, count: declarations.count)  // 0 new, 1 on the path, 2 done
    for root in declarations.indices where state[root] == 0 && !edges[root].isEmpty {
      var stack: [(node: Int, next: Int)] = [(root, 0)]
      state[root] = 1
      while let top = stack.last {
        guard top.next < edges[top.node].count else {
          state[top.node] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = edges[top.node][top.next]
        switch state[edge.target] {
        case 1: return (top.node, edge.property)
        case 0:
          state[edge.target] = 1
          stack.append((edge.target, 0))
        default: break
        }
      }
    }
    return nil
  }

  /// The structure that `type` stores inline: itself or through aliases, and through
  /// `?` unless `throughOptionals` is `false`.
  private static func inlineStructure(
    _ type: APIType, _ declarations: [ModelDeclaration], _ index: [String: Int], throughOptionals: Bool = true
  ) -> Int? {
    var current = throughOptionals ? type.wrapped : type
    for _ in 0..<16 {
      guard case .named(let name) = current, let offset = index[name] else { return nil }
      switch declarations[offset].kind {
      case .structure: return offset
      case .alias(let target): current = throughOptionals ? target.wrapped : target
      case .stringEnum, .union, .multipartForm, .oneOf: return nil
      }
    }
    return nil
  }

  private static func aliasReaches(
    _ name: String, from type: APIType, _ declarations: [ModelDeclaration], _ index: [String: Int], seen: Set<String>
  ) -> Bool {
    switch type {
    case .named(let other):
      if other == name { return true }
      guard !seen.contains(other), let offset = index[other], case .alias(let target) = declarations[offset].kind
      else { return false }
      return aliasReaches(name, from: target, declarations, index, seen: seen.union([other]))
    case .array(let inner), .map(let inner), .optional(let inner):
      return aliasReaches(name, from: inner, declarations, index, seen: seen)
    default:
      return false
    }
  }
}
