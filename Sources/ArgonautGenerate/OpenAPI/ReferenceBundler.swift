import Argonaut

/// Brings a document split over files into one: each relative `$ref` (`schemas/pet.yaml#/Pet`,
/// `./common.json#/components/schemas/Error`, `other.yaml`) is read from the file it
/// names, relative to the file that holds the `$ref`, in JSON or YAML.
///
/// - A schema from another file joins `components/schemas` under its own name (the last
///   token of its pointer, or the file's name without its extension for a whole file;
///   `Pet2`, `Pet3`… when the name is taken), and the `$ref` points there. A component
///   of the document that is only a `$ref` to another file takes that schema's place
///   under its own name. So a cycle across files is a cycle of local `$ref`s, which the
///   translators already handle.
/// - Anything else (a path item, a parameter, a response…) is copied where its `$ref`
///   was; a cycle of those is an error.
/// - Inside the other files, `$ref`s are followed the same way, relative to each file;
///   one that points back into the document becomes a local `$ref`.
///
/// Every part brought in is recorded with where it came from, for the generated `From`
/// comments (``OpenAPIDocument/source(of:)``). Examples, defaults, enums and `x-`
/// extensions are values, not schemas: they are left as they are.
struct ReferenceBundler {
  /// A JSON pointer (`/a/b`, `""` for the whole file) in a file (a normalized path).
  struct Location: Hashable {
    var file: String
    var pointer: String
  }

  /// What a value is, which says what its `$ref` and its members mean.
  enum Context {
    /// A schema: a `$ref` names a schema, its keywords hold subschemas.
    case schema
    /// An object or array whose every member is a schema (`properties`, `allOf`…).
    case schemas
    /// Any other part of the document (paths, operations, parameters…).
    case other
    /// A value to leave as it is (`example`, `default`, `enum`, `x-…`).
    case value
  }

  /// The document's normalized path.
  private let rootFile: String
  /// The document's name in messages, such as `openapi.yaml`.
  private let rootName: String
  /// The document's folder, which the paths in messages and comments are relative to.
  private let rootDirectory: String
  /// The files read so far, by normalized path.
  private var files: [String: JSON] = [:]
  /// The local pointer (`#/components/schemas/Pet`) of each schema brought in.
  private var hoisted: [Location: String] = [:]
  /// The schemas brought in and not yet copied, in the order they were named.
  private var pending: [(location: Location, name: String)] = []
  /// The names taken in `components/schemas`.
  private var names: Set<String> = []
  /// The schemas brought in, in order, to append to `components/schemas`.
  private var added: [(String, JSON)] = []
  /// The root's components that are only a `$ref` to another file and take its place.
  private var replaced: [String: Location] = [:]
  /// The non-schema references being copied, to stop a cycle of them.
  private var inProgress: Set<Location> = []
  /// Where each part brought in came from, by local pointer.
  private var origins: [String: String] = [:]

  private static let schemasPointer = "#/components/schemas"

  /// `root` (the document named `name`, at `path`) with every relative `$ref` to another
  /// file followed, and where each part brought in came from.
  ///
  /// - Throws: ``OpenAPIError`` for a remote `$ref`, a file that cannot be read or parsed,
  ///   a pointer that is not in its file, or a cycle of non-schema references.
  static func bundle(_ root: JSON, name: String, path: String?) throws(OpenAPIError) -> (
    root: JSON, origins: [String: String]
  ) {
    guard Self.hasExternalReference(root) else { return (root, [:]) }
    let rootFile = FilePath.normalized(path.flatMap { $0 == "-" ? nil : $0 } ?? name)
    var bundler = ReferenceBundler(rootFile: rootFile, rootName: name)
    bundler.files[rootFile] = root
    return try bundler.run(root)
  }

  private init(rootFile: String, rootName: String) {
    self.rootFile = rootFile
    self.rootName = rootName
    self.rootDirectory = FilePath.directory(of: rootFile)
  }

  private mutating func run(_ root: JSON) throws(OpenAPIError) -> (
    root: JSON, origins: [String: String]
  ) {
    // The root's own components keep their names; one that is only a `$ref` to another
    // file becomes that schema.
    let components = root["components"]?["schemas"]?.members ?? []
    for (key, _) in components { names.insert(key) }
    for (key, schema) in components {
      guard case .object(let object) = schema, object.count == 1, let reference = schema["$ref"]?.stringValue,
        !reference.hasPrefix("#")
      else { continue }
      let pointer = JSONPointer.appending(key, to: Self.schemasPointer)
      let target = try locate(reference, from: Location(file: rootFile, pointer: String(pointer.dropFirst())))
      guard target.file != rootFile, hoisted[target] == nil else { continue }
      hoisted[target] = pointer
      replaced[key] = target
    }
    var bundled =
      try walk(root, at: Location(file: rootFile, pointer: ""), local: "#", context: .other) ?? root
    while !pending.isEmpty {
      let (location, key) = pending.removeFirst()
      let local = JSONPointer.appending(key, to: Self.schemasPointer)
      let schema = try read(location, reference: "", from: nil)
      added.append((key, try walk(schema, at: location, local: local, context: .schema) ?? schema))
      origins[local] = display(location)
    }
    if !added.isEmpty {
      let components = bundled["components"] ?? [:]
      let schemas = JSON.object(JSONObject((components["schemas"]?.members ?? []) + added))
      bundled = Self.setting("components", to: Self.setting("schemas", to: schemas, in: components), in: bundled)
    }
    return (bundled, origins)
  }

  // MARK: Walking

  /// `value` (at `location` in its file, at `local` in the bundled document) with its
  /// references to other files followed; `nil` when nothing changes.
  private mutating func walk(_ value: JSON, at location: Location, local: String, context: Context)
    throws(OpenAPIError) -> JSON?
  {
    switch value {
    case .object(let object):
      if location.file == rootFile, context == .schema, let key = Self.componentKey(local),
        let target = replaced.removeValue(forKey: key)
      {
        // A component of the root that is only a `$ref` to another file: that schema, here.
        let schema = try read(target, reference: value["$ref"]?.stringValue ?? "", from: location)
        origins[local] = display(target)
        return try walk(schema, at: target, local: local, context: .schema) ?? schema
      }
      if context != .schemas && context != .value, let reference = object["$ref"]?.stringValue {
        return try followed(reference, in: value, at: location, local: local, context: context)
      }
      return try members(object.map { ($0.key, $0.value) }, at: location, local: local, context: context)
    case .array(let array):
      guard context != .value else { return nil }
      let elementContext: Context = context == .schemas || context == .schema ? .schema : .other
      var changed = false
      var elements: [JSON] = []
      for (offset, element) in array.enumerated() {
        let token = "\(offset)"
        let walked = try walk(
          element, at: Self.appending(token, to: location), local: JSONPointer.appending(token, to: local),
          context: elementContext)
        changed = changed || walked != nil
        elements.append(walked ?? element)
      }
      return changed ? .array(JSONArray(elements)) : nil
    default:
      return nil
    }
  }

  /// The members of an object walked, each in the context its key gives; `nil` when
  /// nothing changes.
  private mutating func members(
    _ members: [(key: String, value: JSON)], at location: Location, local: String, context: Context
  ) throws(OpenAPIError) -> JSON? {
    var changed = false
    var walked: [(String, JSON)] = []
    for (key, member) in members {
      let memberLocation = Self.appending(key, to: location)
      let memberLocal = JSONPointer.appending(key, to: local)
      let memberContext = Self.context(of: key, in: context)
      var result: JSON?
      if context == .schema, key == "discriminator" {
        result = try discriminator(member, at: memberLocation)
      } else if context == .schema, key == "$ref", let reference = member.stringValue {
        result = try schemaReference(reference, at: location).map(JSON.string)
      } else {
        result = try walk(member, at: memberLocation, local: memberLocal, context: memberContext)
      }
      changed = changed || result != nil
      walked.append((key, result ?? member))
    }
    return changed ? .object(JSONObject(walked)) : nil
  }

  /// What a member named `key` of a value in `context` is.
  private static func context(of key: String, in context: Context) -> Context {
    if key.hasPrefix("x-") && (context == .schema || context == .other) { return .value }
    switch context {
    case .value: return .value
    case .schemas: return .schema
    case .schema:
      switch key {
      case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "allOf", "anyOf", "oneOf",
        "prefixItems":
        return .schemas
      case "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema":
        return .schema
      case "example", "examples", "default", "enum", "const": return .value
      default: return .other
      }
    case .other:
      switch key {
      case "schema": return .schema
      case "schemas": return .schemas
      case "example", "examples", "default", "enum": return .value
      default: return .other
      }
    }
  }

  /// An object with a `$ref`: a local `$ref` for a schema, the value it names for
  /// anything else; `nil` when it stays as it is.
  private mutating func followed(
    _ reference: String, in object: JSON, at location: Location, local: String, context: Context
  ) throws(OpenAPIError) -> JSON? {
    if context == .schema {
      // A schema's other keywords stay beside its `$ref` (3.1 allows them).
      return try members(object.members, at: location, local: local, context: .schema)
    }
    if location.file == rootFile && reference.hasPrefix("#") { return nil }
    let target = try locate(reference, from: location)
    if target.file == rootFile {
      return .object(JSONObject(object.members.map { $0.key == "$ref" ? ($0.key, .string("#" + target.pointer)) : $0 }))
    }
    guard inProgress.insert(target).inserted else {
      throw OpenAPIError(
        description: "\(display(location)): $ref \(reference): a cycle of $refs that are not schemas")
    }
    defer { inProgress.remove(target) }
    let value = try read(target, reference: reference, from: location)
    origins[local] = display(target)
    return try walk(value, at: target, local: local, context: context) ?? value
  }

  /// The local `$ref` that replaces a schema's `reference`; `nil` when it stays.
  private mutating func schemaReference(_ reference: String, at location: Location) throws(OpenAPIError) -> String? {
    if location.file == rootFile && reference.hasPrefix("#") { return nil }
    let target = try locate(reference, from: location)
    if target.file == rootFile { return "#" + target.pointer }
    if let pointer = hoisted[target] { return pointer }
    _ = try read(target, reference: reference, from: location)  // fails here, naming the `$ref`
    let key = uniqueName(for: target)
    let pointer = JSONPointer.appending(key, to: Self.schemasPointer)
    hoisted[target] = pointer
    pending.append((target, key))
    return pointer
  }

  /// A discriminator with the references of its `mapping` followed; `nil` when it stays.
  /// A mapping value with a `#` or a `.json`, `.yaml` or `.yml` file is a reference;
  /// anything else is a schema's name.
  private mutating func discriminator(_ value: JSON, at location: Location) throws(OpenAPIError) -> JSON? {
    guard let mapping = value["mapping"], case .object = mapping else { return nil }
    var changed = false
    var entries: [(String, JSON)] = []
    for (tag, target) in mapping.members {
      guard let reference = target.stringValue, reference.hasPrefix("#") || Self.isFileReference(reference),
        let local = try schemaReference(reference, at: Self.appending(tag, to: Self.appending("mapping", to: location)))
      else {
        entries.append((tag, target))
        continue
      }
      changed = true
      entries.append((tag, .string(local)))
    }
    guard changed else { return nil }
    return .object(
      JSONObject(value.members.map { $0.key == "mapping" ? ("mapping", .object(JSONObject(entries))) : $0 }))
  }

  // MARK: Files and pointers

  /// Where `reference`, found at `location`, points.
  private func locate(_ reference: String, from location: Location) throws(OpenAPIError) -> Location {
    let hash = reference.firstIndex(of: "#")
    let filePart = String(reference[..<(hash ?? reference.endIndex)])
    let fragment = hash.map { String(reference[reference.index(after: $0)...]) } ?? ""
    if FilePath.isRemote(filePart) {
      throw OpenAPIError(
        description: """
          \(display(location)): $ref \(reference) is remote: only files next to the document are read \
          (download it, and refer to the copy with a relative path)
          """)
    }
    guard fragment.isEmpty || fragment.hasPrefix("/") else {
      throw OpenAPIError(
        description: "\(display(location)): $ref \(reference): only JSON pointers (#/…) are followed, not anchors")
    }
    let pointer = JSONPointer.tokens(of: "#" + fragment).map { tokens in
      tokens.reduce("") { JSONPointer.appending($1, to: $0) }
    }
    let file =
      filePart.isEmpty
      ? location.file
      : FilePath.normalized(
        FilePath.joining(JSONPointer.percentDecoded(filePart), to: FilePath.directory(of: location.file)))
    return Location(file: file, pointer: pointer ?? fragment)
  }

  /// The value at `location`, reading its file if needed. `reference` and `source`
  /// (the `$ref` and where it is) are for the message.
  private mutating func read(_ location: Location, reference: String, from source: Location?)
    throws(OpenAPIError) -> JSON
  {
    let fileName = FilePath.relative(location.file, from: rootDirectory)
    let place = source.map { "\(display($0)): $ref \(reference)" } ?? display(location)
    let file: JSON
    if let known = files[location.file] {
      file = known
    } else {
      let bytes: [UInt8]
      do {
        bytes = try InputFile.bytes(at: location.file)
      } catch {
        let reason = error.description.dropFirst(location.file.count + 2)
        throw OpenAPIError(description: "\(place): cannot read \(fileName): \(reason)")
      }
      file = try OpenAPIDocument.parse(bytes, name: fileName)
      files[location.file] = file
    }
    var value = file
    for token in JSONPointer.tokens(of: "#" + location.pointer) ?? [] {
      guard let next = value[token] ?? Int(token).flatMap({ value[$0] }) else {
        throw OpenAPIError(description: "\(place): \(fileName) has no #\(location.pointer)")
      }
      value = next
    }
    return value
  }

  /// A key for `location`'s schema in `components/schemas`: its own name when free.
  private mutating func uniqueName(for location: Location) -> String {
    let tokens = JSONPointer.tokens(of: "#" + location.pointer) ?? []
    let base =
      tokens.last { Int($0) == nil && !$0.isEmpty }
      ?? Arguments.stem(Arguments.baseName(location.file))
    var name = base
    var number = 2
    while names.contains(name) {
      name = "\(base)\(number)"
      number += 1
    }
    names.insert(name)
    return name
  }

  /// `file#/pointer`, with the file relative to the document's folder; the document's
  /// own pointers as `#/pointer`.
  private func display(_ location: Location) -> String {
    let file = location.file == rootFile ? rootName : FilePath.relative(location.file, from: rootDirectory)
    return "\(file)#\(location.pointer)"
  }

  /// `object` with `key` set to `value`, in its place, or last when it is new.
  private static func setting(_ key: String, to value: JSON, in object: JSON) -> JSON {
    var members = object.members
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      members.append((key, value))
    }
    return .object(JSONObject(members.map { ($0.key, $0.value) }))
  }

  private static func appending(_ token: String, to location: Location) -> Location {
    Location(file: location.file, pointer: JSONPointer.appending(token, to: location.pointer))
  }

  /// The key of `#/components/schemas/KEY`, or `nil`.
  private static func componentKey(_ local: String) -> String? {
    guard local.hasPrefix(schemasPointer + "/"), let tokens = JSONPointer.tokens(of: local), tokens.count == 3 else {
      return nil
    }
    return tokens[2]
  }

  /// Whether a discriminator's mapping value names a schema in another file (rather
  /// than a local pointer or a schema's name).
  private static func isFileReference(_ value: String) -> Bool {
    !value.hasPrefix("#") && (value.contains("#") || [".json", ".yaml", ".yml"].contains(where: value.hasSuffix))
  }

  /// Whether `value` holds a `$ref` (or a discriminator mapping) to another file, at any depth.
  private static func hasExternalReference(_ value: JSON) -> Bool {
    switch value {
    case .object(let object):
      for (key, member) in object {
        if key == "$ref", let reference = member.stringValue, !reference.hasPrefix("#") { return true }
        if key == "mapping", member.members.contains(where: { isFileReference($0.value.stringValue ?? "#") }) {
          return true
        }
        if hasExternalReference(member) { return true }
      }
      return false
    case .array(let array): return array.contains(where: hasExternalReference)
    default: return false
    }
  }
}

/// Paths as strings, `/`-separated, as the C library takes them.
enum FilePath {
  /// The folder of `path`: `.` for a bare file name.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` read from `directory`: itself when absolute.
  static func joining(_ path: String, to directory: String) -> String {
    path.hasPrefix("/") ? path : directory + "/" + path
  }

  /// `path` without `.` and empty segments, and with `..` applied where it can be.
  static func normalized(_ path: String) -> String {
    let isAbsolute = path.hasPrefix("/")
    var segments: [Substring] = []
    for segment in path.split(separator: "/") where segment != "." {
      if segment == "..", let last = segments.last, last != ".." {
        segments.removeLast()
      } else if segment == "..", isAbsolute {
        continue
      } else {
        segments.append(segment)
      }
    }
    let joined = segments.joined(separator: "/")
    return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// `path` relative to `directory` when both are relative or both absolute; else `path`.
  static func relative(_ path: String, from directory: String) -> String {
    guard path.hasPrefix("/") == directory.hasPrefix("/") else { return path }
    let target = path.split(separator: "/").filter { $0 != "." }
    let base = directory.split(separator: "/").filter { $0 != "." }
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    guard !base[common...].contains("..") else { return path }
    return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init))
      .joined(separator: "/")
  }

  /// Whether a `$ref`'s file part is a URL (`https://…`, `//host/…`) rather than a path.
  static func isRemote(_ filePart: String) -> Bool {
    if filePart.hasPrefix("//") { return true }
    guard let colon = filePart.firstIndex(of: ":"), colon != filePart.startIndex else { return false }
    let scheme = filePart[..<colon]
    return scheme.first!.isLetter
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
  }
}

extension OpenAPIDocument {
  /// `services` with each operation's pointer where the document's files have it.
  func traced(_ services: [ServiceDeclaration]) -> [ServiceDeclaration] {
    guard !origins.isEmpty else { return services }
    return services.map { service in
      var service = service
      for index in service.operations.indices {
        service.operations[index].pointer = source(of: service.operations[index].pointer)
      }
      return service
    }
  }

  /// Sets each declaration's pointer where the document's files have it; no diagnostics.
  func trace(_ declarations: inout [ModelDeclaration]) -> [OpenAPIDiagnostic] {
    guard !origins.isEmpty else { return [] }
    for index in declarations.indices { declarations[index].pointer = source(of: declarations[index].pointer) }
    return []
  }

  /// `diagnostics` with each pointer where the document's files have it.
  func traced(_ diagnostics: [OpenAPIDiagnostic]) -> [OpenAPIDiagnostic] {
    guard !origins.isEmpty else { return diagnostics }
    return diagnostics.map { OpenAPIDiagnostic(pointer: source(of: $0.pointer), message: $0.message) }
  }
}
