import Argonaut

/// Translates JSON Schemas (OpenAPI's dialect) into ``APIType``s and
/// ``ModelDeclaration``s.
///
/// Every schema of `components/schemas` is named before any is translated, so a
/// `$ref` is just a name and cycles cost nothing here (``IndirectionPass`` breaks
/// them afterwards). Inline schemas that need a declaration are named from their
/// place (`Pet` + `owner` → `PetOwner`). Each pointer is translated once.
struct SchemaTranslator: Sendable {
  let document: OpenAPIDocument
  var naming = APINaming()
  /// The declarations, in the order they were made.
  private(set) var declarations: [ModelDeclaration] = []
  private(set) var diagnostics: [OpenAPIDiagnostic] = []
  /// The Swift name of each component schema, by pointer.
  private var componentNames: [String: String] = [:]
  /// The component schemas that are nullable: a `$ref` to one is optional.
  private var nullableComponents: Set<String> = []
  /// The type of each schema translated, by pointer.
  private var translated: [String: APIType] = [:]
  /// References being translated, to stop a cycle of non-component references.
  private var inProgress: Set<String> = []
  /// The multipart structures made, by the pointer of their schema.
  private var multipartForms: [String: APIType] = [:]
  /// The index of each declaration, by Swift name.
  private var declarationIndex: [String: Int] = [:]

  static let componentsPointer = "#/components/schemas"

  /// Names every component schema of `document`, after `reservedNames`.
  init(document: OpenAPIDocument, reservedNames: [String] = []) {
    self.document = document
    for name in reservedNames { _ = naming.claim(name) }
    for (key, schema) in document.root["components"]?["schemas"]?.members ?? [] {
      let pointer = JSONPointer.appending(key, to: Self.componentsPointer)
      componentNames[pointer] = naming.typeName(for: key)
      if isNullable(schema) { nullableComponents.insert(pointer) }
    }
  }

  /// Translates every component schema, in document order.
  mutating func translateComponents() {
    for (key, schema) in document.root["components"]?["schemas"]?.members ?? [] {
      let pointer = JSONPointer.appending(key, to: Self.componentsPointer)
      let name = componentNames[pointer]!
      let type: APIType
      if let reference = schema["$ref"]?.stringValue {
        type = referenced(reference, at: pointer, name: key, nullable: false)
      } else {
        type = nonNullType(of: schema, at: pointer, name: key, declaredAs: name)
      }
      if type != .named(name) {
        declare(name, pointer: pointer, schema: schema, kind: .alias(type.wrapped))
      }
    }
  }

  /// Adds a diagnostic.
  mutating func warn(_ pointer: String, _ message: String) {
    diagnostics.append(OpenAPIDiagnostic(pointer: pointer, message: message))
  }

  /// The Swift type of `schema`, found at `pointer`; `name` names any declaration it needs.
  mutating func type(of schema: JSON, at pointer: String, name: String) -> APIType {
    if let known = translated[pointer] { return known }
    guard case .object = schema else { return .json }
    let type: APIType
    if let reference = schema["$ref"]?.stringValue {
      type = referenced(reference, at: pointer, name: name, nullable: isNullable(schema))
    } else {
      let base = nonNullType(of: schema, at: pointer, name: name, declaredAs: nil)
      type = isNullable(schema) ? base.optional : base
    }
    translated[pointer] = type
    return type
  }

  private mutating func referenced(_ reference: String, at pointer: String, name: String, nullable: Bool) -> APIType {
    if let component = componentNames[reference] {
      let type = APIType.named(component)
      return nullable || nullableComponents.contains(reference) ? type.optional : type
    }
    guard let target = document.resolve(reference) else {
      warn(pointer, "$ref \(reference) is not in this document (only local references are followed): typed as JSON")
      return .json
    }
    guard !inProgress.contains(reference) else {
      warn(pointer, "$ref \(reference) refers to itself outside components/schemas: typed as JSON")
      return .json
    }
    inProgress.insert(reference)
    defer { inProgress.remove(reference) }
    let last = JSONPointer.tokens(of: reference)?.last ?? name
    let type = self.type(of: target, at: reference, name: Int(last) == nil ? last : name)
    return nullable ? type.optional : type
  }

  /// Whether `schema` allows `null`: 3.0's `nullable`, 3.1's `type: [X, "null"]`,
  /// `anyOf`/`oneOf` with a `{type: null}` member, or `null` among the `enum` values.
  func isNullable(_ schema: JSON) -> Bool {
    if schema["nullable"]?.boolValue == true { return true }
    if schema["type"]?.elements.contains(where: { $0.stringValue == "null" }) == true { return true }
    if schema["type"]?.stringValue == "null" { return true }
    for key in ["anyOf", "oneOf"] where schema[key]?.elements.contains(where: isNullSchema) == true {
      return true
    }
    return schema["enum"]?.elements.contains(where: \.isNull) == true
  }

  private func isNullSchema(_ schema: JSON) -> Bool {
    schema["type"]?.stringValue == "null" || (schema["enum"]?.elements.allSatisfy(\.isNull) ?? false)
  }

  /// The type of `schema` ignoring nullability. `declaredAs` is the name a component
  /// takes when it needs a declaration.
  private mutating func nonNullType(
    of schema: JSON, at pointer: String, name: String, declaredAs fixedName: String?
  ) -> APIType {
    if let parts = schema["allOf"]?.elements, !parts.isEmpty {
      if parts.count == 1 && schema["properties"] == nil && fixedName == nil {
        return type(of: parts[0], at: JSONPointer.appending("0", to: pointer + "/allOf"), name: name)
      }
      return structure(schema, at: pointer, name: name, declaredAs: fixedName)
    }
    for key in ["oneOf", "anyOf"] {
      guard let variants = schema[key]?.elements, !variants.isEmpty else { continue }
      let listPointer = pointer + "/" + key
      let nonNull = variants.enumerated().filter { !isNullSchema($0.element) }
      if schema["discriminator"] != nil {
        if let union = union(nonNull, at: listPointer, discriminator: schema["discriminator"]!, name: name) {
          return declare(fixedName ?? naming.typeName(for: name), pointer: pointer, schema: schema, kind: .union(union))
        }
        return .json
      }
      if nonNull.count == 1 {
        let only = nonNull[0]
        return type(of: only.element, at: JSONPointer.appending("\(only.offset)", to: listPointer), name: name).wrapped
      }
      if nonNull.isEmpty { return .json }
      return oneOf(nonNull, at: listPointer, schema: schema, pointer: pointer, name: name, declaredAs: fixedName)
    }
    if let values = schema["enum"]?.elements, !values.isEmpty {
      let strings = values.compactMap(\.stringValue)
      if !strings.isEmpty && strings.count == values.filter({ !$0.isNull }).count {
        let cases = enumCases(strings)
        return declare(
          fixedName ?? naming.typeName(for: name), pointer: pointer, schema: schema, kind: .stringEnum(cases))
      }
    }
    if schema["const"]?.stringValue != nil { return .string }
    let types = typeNames(schema)
    guard types.count <= 1 else {
      warn(pointer, "type \(types) (several types): typed as JSON")
      return .json
    }
    switch types.first {
    case "string": return stringType(format: schema["format"]?.stringValue)
    case "integer":
      switch schema["format"]?.stringValue {
      case "int64": return .int64
      case "int32": return .int32
      default: return .int
      }
    case "number": return .double
    case "boolean": return .bool
    case "array":
      guard let items = schema["items"] else { return .array(.json) }
      return .array(type(of: items, at: pointer + "/items", name: name + " item"))
    case "object", nil:
      if let properties = schema["properties"]?.members, !properties.isEmpty {
        return structure(schema, at: pointer, name: name, declaredAs: fixedName)
      }
      if let additional = schema["additionalProperties"], case .object = additional {
        return .map(type(of: additional, at: pointer + "/additionalProperties", name: name + " value"))
      }
      return types.first == nil ? .json : .map(.json)
    case "null": return .json
    case let other?:
      warn(pointer, "unknown type \"\(other)\": typed as JSON")
      return .json
    }
  }

  /// The `type` names without `null`: one for `type: string`, several for `type: [string, integer]`.
  private func typeNames(_ schema: JSON) -> [String] {
    if let single = schema["type"]?.stringValue { return single == "null" ? ["null"] : [single] }
    let names = schema["type"]?.elements.compactMap(\.stringValue).filter { $0 != "null" } ?? []
    if names.isEmpty, schema["type"] != nil { return ["null"] }
    return names
  }

  private func stringType(format: String?) -> APIType {
    switch format {
    case "date-time": .date
    case "uuid": .uuid
    case "uri", "url": .url
    default: .string
    }
  }

  private func enumCases(_ values: [String]) -> [ModelDeclaration.EnumCase] {
    var unique: [String] = []
    for value in values where !unique.contains(value) { unique.append(value) }
    let names = APINaming.memberNames(for: unique, reserved: ["unknown", "rawValue"])
    return zip(names, unique).map { ModelDeclaration.EnumCase(name: $0, value: $1) }
  }

  @discardableResult
  private mutating func declare(
    _ swiftName: String, pointer: String, schema: JSON, kind: ModelDeclaration.Kind
  ) -> APIType {
    let summary = APINaming.summary(schema["description"]?.stringValue)
    declarationIndex[swiftName] = declarations.count
    declarations.append(ModelDeclaration(name: swiftName, pointer: pointer, summary: summary, kind: kind))
    return .named(swiftName)
  }

  // MARK: Structures

  /// A property as collected from a schema and the parts of its `allOf`.
  private struct Collected {
    var key: String
    var schema: JSON
    var pointer: String
  }

  private mutating func structure(
    _ schema: JSON, at pointer: String, name: String, declaredAs fixedName: String?
  ) -> APIType {
    var collected: [Collected] = []
    var required: Set<String> = []
    var visited: Set<String> = []
    collect(schema, at: pointer, into: &collected, required: &required, visited: &visited)
    guard !collected.isEmpty else { return .map(.json) }
    let swiftName = fixedName ?? naming.typeName(for: name)
    // Declared before its members, so a parent comes before its inline children.
    let index = declarations.count
    declare(swiftName, pointer: pointer, schema: schema, kind: .structure([]))
    let names = APINaming.memberNames(for: collected.map(\.key))
    var properties: [ModelDeclaration.Property] = []
    for (member, propertyName) in zip(collected, names) {
      let type = self.type(of: member.schema, at: member.pointer, name: swiftName + " " + member.key)
      let isRequired = required.contains(member.key)
      properties.append(
        ModelDeclaration.Property(
          name: propertyName, key: member.key, type: isRequired ? type : type.optional, isRequired: isRequired,
          isNullable: !isRequired && type.isOptional,
          summary: APINaming.summary(member.schema["description"]?.stringValue)))
    }
    declarations[index].kind = .structure(properties)
    return .named(swiftName)
  }

  /// The properties of `schema` and of every part of its `allOf`, in order; a later
  /// definition of a key replaces an earlier one in place.
  private mutating func collect(
    _ schema: JSON, at pointer: String, into collected: inout [Collected], required: inout Set<String>,
    visited: inout Set<String>
  ) {
    guard visited.insert(pointer).inserted else { return }
    for (offset, part) in (schema["allOf"]?.elements ?? []).enumerated() {
      let partPointer = JSONPointer.appending("\(offset)", to: pointer + "/allOf")
      guard let (resolved, resolvedPointer) = document.dereferenced(part, at: partPointer) else {
        warn(partPointer, "$ref that cannot be followed: its properties are left out")
        continue
      }
      if resolved["oneOf"] != nil || resolved["anyOf"] != nil {
        warn(resolvedPointer, "oneOf/anyOf inside allOf: its properties are left out")
      }
      collect(resolved, at: resolvedPointer, into: &collected, required: &required, visited: &visited)
    }
    for (key, property) in schema["properties"]?.members ?? [] {
      let member = Collected(
        key: key, schema: property, pointer: JSONPointer.appending(key, to: pointer + "/properties"))
      if let existing = collected.firstIndex(where: { $0.key == key }) {
        collected[existing] = member
      } else {
        collected.append(member)
      }
    }
    for key in schema["required"]?.elements.compactMap(\.stringValue) ?? [] { required.insert(key) }
  }

  // MARK: Multipart bodies

  /// The structure of a `multipart/form-data` body whose schema is at `pointer`: its
  /// properties (with `allOf` merged), where a binary one (`format: binary` in 3.0,
  /// `contentMediaType` in 3.1) or an array of them is a `MultipartFile`. `nil`, with
  /// nothing declared, when the schema (after `$ref`s) has no properties.
  ///
  /// One declaration per schema, named `name` for an inline schema and after the
  /// component (`CreateFileRequest` → `CreateFileRequestForm`) for a `$ref`: the
  /// component's own structure stays the JSON model.
  mutating func multipartForm(of schema: JSON, at pointer: String, name: String) -> APIType? {
    guard let (resolved, resolvedPointer) = document.dereferenced(schema, at: pointer) else { return nil }
    if let known = multipartForms[resolvedPointer] { return known }
    var collected: [Collected] = []
    var required: Set<String> = []
    var visited: Set<String> = []
    collect(resolved, at: resolvedPointer, into: &collected, required: &required, visited: &visited)
    guard !collected.isEmpty else { return nil }
    let swiftName =
      componentNames[resolvedPointer].map { naming.typeName(for: $0 + " form") } ?? naming.typeName(for: name)
    let index = declarations.count
    declare(swiftName, pointer: resolvedPointer, schema: resolved, kind: .multipartForm([]))
    let type = APIType.named(swiftName)
    multipartForms[resolvedPointer] = type
    let names = APINaming.memberNames(for: collected.map(\.key))
    var properties: [ModelDeclaration.Property] = []
    for (member, propertyName) in zip(collected, names) {
      let memberSchema = nonNullVariant(
        document.dereferenced(member.schema, at: member.pointer)?.value ?? member.schema)
      let propertyType: APIType
      if isBinary(memberSchema) {
        propertyType = .file
      } else if typeNames(memberSchema) == ["array"], let items = memberSchema["items"],
        isBinary(nonNullVariant(document.dereferenced(items, at: member.pointer + "/items")?.value ?? items))
      {
        propertyType = .array(.file)
      } else {
        propertyType = self.type(of: member.schema, at: member.pointer, name: swiftName + " " + member.key)
      }
      let isRequired = required.contains(member.key)
      properties.append(
        ModelDeclaration.Property(
          name: propertyName, key: member.key, type: isRequired ? propertyType : propertyType.optional,
          isRequired: isRequired, summary: APINaming.summary(member.schema["description"]?.stringValue)))
    }
    declarations[index].kind = .multipartForm(properties)
    return type
  }

  /// The one schema of an `anyOf`/`oneOf` that has one besides `{type: null}` (FastAPI's
  /// `Optional[UploadFile]`), or `schema` itself.
  private func nonNullVariant(_ schema: JSON) -> JSON {
    for key in ["anyOf", "oneOf"] {
      let variants = (schema[key]?.elements ?? []).filter { !isNullSchema($0) }
      if variants.count == 1, schema[key]!.elements.count == 2 {
        return document.dereferenced(variants[0], at: "")?.value ?? variants[0]
      }
    }
    return schema
  }

  /// Whether `schema` describes a file's bytes: `format: binary` (3.0) or
  /// `contentMediaType` (3.1), on a string or without a type.
  private func isBinary(_ schema: JSON) -> Bool {
    guard typeNames(schema).allSatisfy({ $0 == "string" }) else { return false }
    return schema["format"]?.stringValue == "binary" || schema["contentMediaType"] != nil
  }

  // MARK: Unions without a discriminator

  /// An enumeration with one case per variant of a `oneOf`/`anyOf` without a
  /// discriminator, named from each variant's type (`string`, `int`, `stringArray`,
  /// `cat`); decoding keeps the first variant, in document order, that decodes.
  private mutating func oneOf(
    _ variants: [(offset: Int, element: JSON)], at listPointer: String, schema: JSON, pointer: String,
    name: String, declaredAs fixedName: String?
  ) -> APIType {
    let swiftName = fixedName ?? naming.typeName(for: name)
    let index = declarations.count
    declare(swiftName, pointer: pointer, schema: schema, kind: .oneOf([]))
    var types: [APIType] = []
    for (offset, variant) in variants {
      let variantPointer = JSONPointer.appending("\(offset)", to: listPointer)
      let title = variant["title"]?.stringValue
      types.append(type(of: variant, at: variantPointer, name: title ?? "\(swiftName) \(offset + 1)").wrapped)
    }
    let names = APINaming.memberNames(for: types.map(Self.caseText), reserved: ["init"])
    declarations[index].kind = .oneOf(zip(names, types).map { ModelDeclaration.UntaggedVariant(name: $0, type: $1) })
    return .named(swiftName)
  }

  /// The words a variant's case is named from: `String` → `string`, `[Cat]` → `cat array`.
  private static func caseText(_ type: APIType) -> String {
    switch type {
    case .string: "string"
    case .bool: "bool"
    case .int, .int32, .int64: "int"
    case .double: "double"
    case .date: "date"
    case .uuid: "uuid"
    case .url: "url"
    case .data: "data"
    case .file: "file"
    case .json: "json"
    case .array(let element): caseText(element.wrapped) + " array"
    case .map(let value): caseText(value.wrapped) + " map"
    case .named(let name): name
    case .optional(let wrapped): caseText(wrapped)
    }
  }

  // MARK: Unions

  private mutating func union(
    _ variants: [(offset: Int, element: JSON)], at pointer: String, discriminator: JSON, name: String
  ) -> ModelDeclaration.Union? {
    guard let propertyName = discriminator["propertyName"]?.stringValue else {
      warn(pointer, "discriminator without a propertyName: typed as JSON")
      return nil
    }
    let mapping = (discriminator["mapping"]?.members ?? []).compactMap { entry in
      entry.value.stringValue.map { (tag: entry.key, reference: $0.hasPrefix("#") ? $0 : "#/components/schemas/" + $0) }
    }
    var found: [(tags: [String], typeName: String)] = []
    var pointers: [String] = []
    for (offset, variant) in variants {
      let variantPointer = JSONPointer.appending("\(offset)", to: pointer)
      var tags: [String]
      if let reference = variant["$ref"]?.stringValue {
        tags = mapping.filter { $0.reference == reference }.map(\.tag)
        if tags.isEmpty, let implied = impliedTag(of: variant, propertyName: propertyName, at: variantPointer) {
          tags = [implied]
        }
        if tags.isEmpty, let last = JSONPointer.tokens(of: reference)?.last { tags = [last] }
      } else {
        let property = variant["properties"]?[propertyName]
        tags =
          (property?["enum"]?.elements.compactMap(\.stringValue) ?? [])
          + [property?["const"]?.stringValue].compactMap { $0 }
        if tags.isEmpty, let implied = impliedTag(of: variant, propertyName: propertyName, at: variantPointer) {
          tags = [implied]
        }
      }
      guard let first = tags.first else {
        warn(variantPointer, "variant without a discriminator value for \"\(propertyName)\": left out of the union")
        continue
      }
      let type = self.type(of: variant, at: variantPointer, name: name + " " + first)
      guard case .named(let typeName) = type.wrapped else {
        warn(variantPointer, "variant \"\(first)\" is not an object schema: left out of the union")
        continue
      }
      found.append((tags, typeName))
      pointers.append(variantPointer)
    }
    // A tag selects one variant: the first that has it (a `switch` with a repeated
    // literal would not compile cleanly). A variant left without one is tagged with its
    // type's name, which the document never sends.
    var used: Set<String> = []
    for index in found.indices {
      let tags = found[index].tags.filter { used.insert($0).inserted }
      if tags.isEmpty {
        warn(
          pointers[index],
          "discriminator value \"\(found[index].tags[0])\" already selects an earlier variant: "
            + "this one is tagged \"\(found[index].typeName)\"")
        used.insert(found[index].typeName)
        found[index].tags = [found[index].typeName]
      } else {
        found[index].tags = tags
      }
    }
    guard !found.isEmpty else {
      warn(pointer, "no variant of the union could be translated: typed as JSON")
      return nil
    }
    let names = APINaming.memberNames(for: found.map { $0.tags[0] })
    return ModelDeclaration.Union(
      propertyName: propertyName,
      variants: zip(names, found).map { ModelDeclaration.Variant(name: $0, tags: $1.tags, typeName: $1.typeName) })
  }

  /// The one value that `schema`'s discriminator property allows (`enum: [user]` or
  /// `const: user`), looking through `$ref`s and `allOf` parts; `nil` when it allows
  /// none or several. With no `mapping` entry, this is the variant's tag (OpenAI's
  /// `role`); without it, the schema's name is (OpenAPI's default).
  private func impliedTag(of schema: JSON, propertyName: String, at pointer: String, depth: Int = 0) -> String? {
    guard depth < 8, let (resolved, resolvedPointer) = document.dereferenced(schema, at: pointer) else { return nil }
    if let property = resolved["properties"]?[propertyName],
      let (value, _) = document.dereferenced(property, at: resolvedPointer)
    {
      if let constant = value["const"]?.stringValue { return constant }
      let values = value["enum"]?.elements.compactMap(\.stringValue) ?? []
      return values.count == 1 ? values[0] : nil
    }
    for (offset, part) in (resolved["allOf"]?.elements ?? []).enumerated() {
      let partPointer = JSONPointer.appending("\(offset)", to: resolvedPointer + "/allOf")
      if let tag = impliedTag(of: part, propertyName: propertyName, at: partPointer, depth: depth + 1) { return tag }
    }
    return nil
  }

  /// The declaration named `name`, once made.
  func declaration(named name: String) -> ModelDeclaration? {
    declarationIndex[name].map { declarations[$0] }
  }

  /// The declarations after `transform`: the indirection pass rewrites them in place.
  mutating func updateDeclarations(_ transform: (inout [ModelDeclaration]) -> [OpenAPIDiagnostic]) {
    diagnostics += transform(&declarations)
  }
}
