import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// Schemas to Swift types: ``SchemaTranslator`` and ``IndirectionPass``.
@Suite("OpenAPI schemas", .offThePool)
struct OpenAPISchemaTests {
  /// The declarations of a document whose only schemas are `schemas` (a JSON object's members).
  private func declarations(_ schemas: String, version: String = "3.1.0") throws -> [ModelDeclaration] {
    let text = "{\"openapi\": \"\(version)\", \"paths\": {}, \"components\": {\"schemas\": {\(schemas)}}}"
    let document = try OpenAPIDocument(bytes: Array(text.utf8), name: "test.json")
    var translator = SchemaTranslator(document: document)
    translator.translateComponents()
    translator.updateDeclarations(IndirectionPass.run)
    return translator.declarations
  }

  private func properties(_ declaration: ModelDeclaration?) -> [String: ModelDeclaration.Property] {
    guard case .structure(let properties)? = declaration?.kind else { return [:] }
    return Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })
  }

  @Test("nullable in all three spellings, required or not")
  func nullable() throws {
    let found = try declarations(
      """
      "A": {"type": "object", "required": ["n30", "n31", "any", "plain"], "properties": {
        "n30": {"type": "string", "nullable": true},
        "n31": {"type": ["integer", "null"]},
        "any": {"anyOf": [{"type": "number"}, {"type": "null"}]},
        "plain": {"type": "boolean"},
        "loose": {"type": "string"}}}
      """)
    let members = properties(found.first)
    #expect(members["n30"]?.type == .optional(.string) && members["n30"]?.isRequired == true)
    #expect(members["n31"]?.type == .optional(.int))
    #expect(members["any"]?.type == .optional(.double))
    #expect(members["plain"]?.type == .bool)
    #expect(members["loose"]?.type == .optional(.string) && members["loose"]?.isRequired == false)
  }

  @Test("optional and nullable, in all three spellings: three states; required or not nullable: plain T?")
  func optionalNullable() throws {
    let text = """
      {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {
        "A": {"type": "object", "required": ["id", "kept"], "properties": {
          "id": {"type": "integer"},
          "n30": {"type": "string", "nullable": true},
          "n31": {"type": ["integer", "null"]},
          "any": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
          "kept": {"type": ["string", "null"]},
          "loose": {"type": "string"}}}}}}
      """
    let models = OpenAPIFixtures.file("Models.swift", in: try OpenAPIFixtures.generate(json: text))
    #expect(models.contains("  @Nullable public var n30: String?\n"))
    #expect(models.contains("  @Nullable public var n31: Int?\n"))
    #expect(models.contains("  @Nullable public var `any`: [String]?\n"))
    #expect(models.contains("  public let kept: String?\n"))
    #expect(models.contains("  public let loose: String?\n"))
    #expect(models.contains("    n30: String? = nil,\n"))
    #expect(models.contains("    _ n30: Nullable<String>,\n    _ n31: Nullable<Int>,\n"))
    #expect(models.contains("    _ `any`: Nullable<[String]>,\n"))
    #expect(models.contains("    self._n30 = n30\n"))
    #expect(models.contains("      A.init(_:_:_:_:_:_:),\n"))
    #expect(models.contains("      j.decodeNullable(\"n30\"),\n"))
    #expect(models.contains("    self._any = `any`\n"))
    #expect(models.contains("      j <|? \"kept\",\n"))
    #expect(models.contains("    if let value = self._n31.encodeIfPresent() { members.append((\"n31\", value)) }\n"))
    #expect(models.contains("    members.append((\"kept\", self.kept.encode()))\n"))
    #expect(models.contains("    if let value = self.loose { members.append((\"loose\", value.encode())) }\n"))
  }

  @Test("formats: date-time, uuid, uri, int64, int32, number")
  func formats() throws {
    let members = properties(
      try declarations(
        """
        "F": {"type": "object", "required": ["a", "b", "c", "d", "e", "f", "g"], "properties": {
          "a": {"type": "string", "format": "date-time"}, "b": {"type": "string", "format": "uuid"},
          "c": {"type": "string", "format": "uri"}, "d": {"type": "integer", "format": "int64"},
          "e": {"type": "integer", "format": "int32"}, "f": {"type": "number"}, "g": {"type": "string", "format": "date"}}}
        """
      ).first)
    #expect(
      members.mapValues(\.type.swift) == [
        "a": "Date", "b": "UUID", "c": "URL", "d": "Int64", "e": "Int32", "f": "Double", "g": "String",
      ])
  }

  @Test("string enums: cases in lower camel case, escaped, never `unknown`")
  func enums() throws {
    let found = try declarations(
      "\"Color\": {\"type\": \"string\", \"enum\": [\"light-blue\", \"unknown\", \"default\", \"2x\"]}")
    guard case .stringEnum(let cases)? = found.first?.kind else {
      Issue.record("not an enum: \(found)")
      return
    }
    #expect(cases.map(\.name) == ["lightBlue", "unknown2", "`default`", "_2x"])
    #expect(cases.map(\.value) == ["light-blue", "unknown", "default", "2x"])
  }

  @Test("allOf merges the properties and the required keys of every part")
  func allOf() throws {
    let found = try declarations(
      """
      "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
      "Post": {"allOf": [{"$ref": "#/components/schemas/Base"},
        {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}, "id": {"type": "integer"}}}]}
      """)
    let post = properties(found.first { $0.name == "Post" })
    #expect(post["id"]?.type == .int && post["text"]?.type == .string)
  }

  @Test("additionalProperties: a map of the value's type; an object without properties: [String: JSON]")
  func maps() throws {
    let members = properties(
      try declarations(
        """
        "M": {"type": "object", "required": ["a", "b"], "properties": {
          "a": {"type": "object", "additionalProperties": {"type": "integer"}}, "b": {"type": "object"}}}
        """
      ).first)
    #expect(members["a"]?.type == .map(.int) && members["b"]?.type == .map(.json))
  }

  @Test("a discriminator without a mapping takes each variant's schema name as its tag")
  func unions() throws {
    let found = try declarations(
      """
      "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
              "discriminator": {"propertyName": "kind", "mapping": {"doggo": "#/components/schemas/Dog"}}},
      "Cat": {"type": "object", "properties": {"kind": {"type": "string"}}},
      "Dog": {"type": "object", "properties": {"kind": {"type": "string"}}}
      """)
    guard case .union(let union)? = found.first(where: { $0.name == "Pet" })?.kind else {
      Issue.record("not a union: \(found)")
      return
    }
    #expect(union.propertyName == "kind")
    #expect(union.variants.map(\.tags) == [["Cat"], ["doggo"]])
    #expect(union.variants.map(\.typeName) == ["Cat", "Dog"])
  }

  @Test("without a mapping entry, a variant's tag is the one value its discriminator allows, else its schema name")
  func impliedTags() throws {
    let found = try declarations(
      """
      "Message": {"oneOf": [{"$ref": "#/components/schemas/UserMessage"},
                            {"$ref": "#/components/schemas/ToolMessage"},
                            {"$ref": "#/components/schemas/SystemMessage"},
                            {"$ref": "#/components/schemas/Other"},
                            {"title": "Developer", "allOf": [{"$ref": "#/components/schemas/Base"},
                              {"type": "object", "properties": {"role": {"enum": ["developer"]}}}]}],
                  "discriminator": {"propertyName": "role", "mapping": {"sys": "#/components/schemas/SystemMessage"}}},
      "UserMessage": {"type": "object", "properties": {"role": {"type": "string", "enum": ["user"]}}},
      "ToolMessage": {"allOf": [{"$ref": "#/components/schemas/Base"},
                                {"type": "object", "properties": {"role": {"const": "tool"}}}]},
      "SystemMessage": {"type": "object", "properties": {"role": {"type": "string", "enum": ["system"]}}},
      "Other": {"type": "object", "properties": {"role": {"type": "string", "enum": ["a", "b"]}}},
      "Base": {"type": "object", "properties": {"id": {"type": "string"}}}
      """)
    guard case .union(let union)? = found.first(where: { $0.name == "Message" })?.kind else {
      Issue.record("not a union: \(found)")
      return
    }
    #expect(union.variants.map(\.tags) == [["user"], ["tool"], ["sys"], ["Other"], ["developer"]])
    #expect(union.variants.map(\.name) == ["user", "tool", "sys", "other", "developer"])
  }

  @Test("oneOf/anyOf without a discriminator: one case per variant, scalars and arrays included, never JSON")
  func untaggedUnions() throws {
    let found = try declarations(
      """
      "Content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
                            {"type": "integer"}, {"type": "null"}]},
      "Stop": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}},
                         {"$ref": "#/components/schemas/Part"}, {"type": "object", "title": "Extra",
                          "properties": {"a": {"type": "number"}}}]},
      "Part": {"type": "object", "properties": {"text": {"type": "string"}}}
      """)
    guard case .oneOf(let content)? = found.first(where: { $0.name == "Content" })?.kind,
      case .oneOf(let stop)? = found.first(where: { $0.name == "Stop" })?.kind
    else {
      Issue.record("not unions: \(found)")
      return
    }
    #expect(content.map(\.name) == ["string", "partArray", "int"])
    #expect(content.map(\.type) == [.string, .array(.named("Part")), .int])
    #expect(stop.map(\.name) == ["string", "stringArray", "part", "extra"])
    #expect(stop.map(\.type.swift) == ["String", "[String]", "Part", "Extra"])
  }

  @Test("a discriminator value that two variants allow selects the first; the other is tagged with its type's name")
  func repeatedTags() throws {
    let document = """
      {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {
        "Item": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}],
                 "discriminator": {"propertyName": "type"}},
        "A": {"type": "object", "properties": {"type": {"const": "message"}}},
        "B": {"type": "object", "properties": {"type": {"enum": ["message"]}}}}}}
      """
    var translator = SchemaTranslator(document: try OpenAPIDocument(bytes: Array(document.utf8), name: "t.json"))
    translator.translateComponents()
    guard case .union(let union)? = translator.declaration(named: "Item")?.kind else {
      Issue.record("not a union")
      return
    }
    #expect(union.variants.map(\.tags) == [["message"], ["B"]])
    #expect(
      translator.diagnostics.map(\.description) == [
        "warning: #/components/schemas/Item/oneOf/1: discriminator value \"message\" already selects an earlier variant: this one is tagged \"B\""
      ])
  }

  @Test("cycles through structures are broken with indirect storage; arrays need none")
  func cycles() throws {
    let found = try declarations(
      """
      "Node": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Link"},
        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
      "Link": {"type": "object", "properties": {"node": {"$ref": "#/components/schemas/Node"}}},
      "Leaf": {"type": "object", "properties": {"node": {"$ref": "#/components/schemas/Node"}}}
      """)
    #expect(properties(found.first { $0.name == "Node" })["next"]?.isIndirect == true)
    #expect(properties(found.first { $0.name == "Node" })["children"]?.isIndirect == false)
    #expect(properties(found.first { $0.name == "Link" })["node"]?.isIndirect == true)
    #expect(properties(found.first { $0.name == "Leaf" })["node"]?.isIndirect == false)
  }

  @Test("a schema named Nullable does not hide the wrapper")
  func schemaNamedNullable() throws {
    let text = """
      {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {
        "Nullable": {"type": "object", "properties": {"bio": {"type": ["string", "null"]}}}}}}
      """
    let models = OpenAPIFixtures.file("Models.swift", in: try OpenAPIFixtures.generate(json: text))
    #expect(!models.contains("struct Nullable:"))
    #expect(models.contains("  @Nullable public var bio: String?\n"))
  }

  @Test("an optional, nullable property behind a reference stays a plain T? (no @Nullable)")
  func indirectNullable() throws {
    let text = """
      {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {
        "Category": {"type": "object", "properties": {
          "parent": {"anyOf": [{"$ref": "#/components/schemas/Category"}, {"type": "null"}]}}}}}}
      """
    let models = OpenAPIFixtures.file("Models.swift", in: try OpenAPIFixtures.generate(json: text))
    #expect(models.contains("  public var parent: Category? { _parent.value }\n"))
    #expect(!models.contains("@Nullable"))
    #expect(models.contains("      j <|? \"parent\"\n"))
  }

  @Test("a cycle of required properties, which no finite JSON has, gets one optional property and a warning")
  func requiredCycles() throws {
    let schemas = """
      "Node": {"type": "object", "required": ["name", "next"],
        "properties": {"name": {"type": "string"}, "next": {"$ref": "#/components/schemas/Node"}}},
      "A": {"type": "object", "required": ["b"], "properties": {"b": {"$ref": "#/components/schemas/B"}}},
      "B": {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/components/schemas/AliasOfA"}}},
      "AliasOfA": {"$ref": "#/components/schemas/A"},
      "Tree": {"type": "object", "required": ["parent", "children"],
        "properties": {"parent": {"anyOf": [{"$ref": "#/components/schemas/Tree"}, {"type": "null"}]},
          "children": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}}
      """
    let found = try declarations(schemas)
    let node = properties(found.first { $0.name == "Node" })
    #expect(node["next"]?.type == .optional(.named("Node")))
    #expect(node["next"]?.isRequired == false)
    #expect(node["next"]?.isIndirect == true)
    #expect(node["name"]?.type == .string, "the other properties stay required")
    let a = properties(found.first { $0.name == "A" })
    let b = properties(found.first { $0.name == "B" })
    #expect([a["b"]?.type.isOptional, b["a"]?.type.isOptional].filter { $0 == true }.count == 1, "one per cycle")
    // A nullable parent and an array of children close no required cycle.
    let tree = properties(found.first { $0.name == "Tree" })
    #expect(tree["parent"]?.isRequired == true)
    #expect(tree["children"]?.type == .array(.named("Tree")))

    let text = "{\"openapi\": \"3.1.0\", \"paths\": {}, \"components\": {\"schemas\": {\(schemas)}}}"
    var translator = SchemaTranslator(document: try OpenAPIDocument(bytes: Array(text.utf8), name: "test.json"))
    translator.translateComponents()
    translator.updateDeclarations(IndirectionPass.run)
    let warnings = translator.diagnostics.map(\.description).filter { $0.contains("contain itself") }
    #expect(warnings.count == 2)
    #expect(warnings.contains { $0.hasPrefix("warning: #/components/schemas/Node/properties/next: ") })
  }

  @Test("names: reserved ones get Model, taken ones a number, odd ones are made safe")
  func names() throws {
    let found = try declarations(
      """
      "Error": {"type": "string"}, "error": {"type": "integer"}, "user-profile.v2": {"type": "boolean"},
      "2fa": {"type": "string"}, "class": {"type": "string"}
      """)
    #expect(found.map(\.name) == ["ErrorModel", "ErrorModel2", "UserProfileV2", "Type2fa", "Class"])
  }
}
