/// Breaks the cycles that `$ref` allows and Swift value types do not.
///
/// - A structure that holds itself, directly or through other structures (`Node.parent: Node?`),
///   keeps each property that closes such a cycle behind a reference (``ModelDeclaration/Property/isIndirect``).
///   Arrays and maps already hold their elements out of line, so they close no cycle;
///   unions are `indirect` enumerations, so they close none either.
/// - A type alias that refers to itself (`typealias Tree = [Tree]`) cannot be written
///   in Swift: it becomes `JSON`, with a diagnostic.
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
      }
      declarations[offset].kind = .structure(properties)
    }
    return diagnostics
  }

  /// The structure that `type` stores inline: itself or through `?` and aliases.
  private static func inlineStructure(
    _ type: APIType, _ declarations: [ModelDeclaration], _ index: [String: Int]
  ) -> Int? {
    var current = type.wrapped
    for _ in 0..<16 {
      guard case .named(let name) = current, let offset = index[name] else { return nil }
      switch declarations[offset].kind {
      case .structure: return offset
      case .alias(let target): current = target.wrapped
      case .stringEnum, .union: return nil
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
