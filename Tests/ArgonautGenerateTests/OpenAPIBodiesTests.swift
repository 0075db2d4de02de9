import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// Request bodies by media type: JSON, form, multipart, and anything else as `Data`;
/// none is ever left out.
@Suite("OpenAPI request bodies", .offThePool)
struct OpenAPIBodiesTests {
  private func document(_ content: String, required: Bool = true) -> String {
    """
    {"openapi": "3.1.0", "paths": {"/a": {"post": {"operationId": "send",
      "requestBody": {"required": \(required), "content": {\(content)}},
      "responses": {"204": {"description": "none"}}}}}}
    """
  }

  @Test("a form body is a struct whose properties are fields: arrays repeat the key, explode: false joins them")
  func form() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        """
        "application/x-www-form-urlencoded": {"schema": {"type": "object", "required": ["To"], "properties": {
          "To": {"type": "string"}, "Media": {"type": "array", "items": {"type": "string"}},
          "Ids": {"type": "array", "items": {"type": "integer"}}}},
          "encoding": {"Ids": {"explode": false}}}
        """))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("public func sendResource(body: SendBody) -> Resource<Void> {"))
    #expect(service.contains("    formFields.append(QueryItem(\"To\", body.to))\n"))
    #expect(service.contains("      formFields += value.map { QueryItem(\"Media\", $0) }\n"))
    #expect(
      service.contains(
        "      formFields.append(QueryItem(\"Ids\", value.map { String($0) }.joined(separator: \",\")))\n"))
    #expect(service.contains("let request = Request(.post, \"/a\", body: .form(formFields))"))
    #expect(output.diagnostics.isEmpty)
  }

  @Test("a multipart body: binary properties (format or contentMediaType) are files, arrays of them repeat the part")
  func multipart() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(
        """
        "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
          "file": {"type": "string", "contentMediaType": "application/octet-stream"},
          "more": {"type": "array", "items": {"type": "string", "format": "binary"}},
          "note": {"type": "string"}, "meta": {"type": "object", "properties": {"a": {"type": "integer"}}}}}}
        """, required: false))
    let models = OpenAPIFixtures.file("Models.swift", in: output)
    #expect(models.contains("public struct SendBody: Sendable {\n  public var file: MultipartFile\n"))
    #expect(models.contains("  public var more: [MultipartFile]?\n"))
    #expect(models.contains("import ArgonautServices\n"))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("public func sendResource(body: SendBody? = nil) -> Resource<Void> {"))
    #expect(service.contains("      form.append(\"file\", file: body.file)\n"))
    #expect(service.contains("        for item in value { form.append(\"more\", file: item) }\n"))
    #expect(service.contains("        form.append(\"meta\", json: value.encode())\n"))
    #expect(service.contains("      requestBody = .multipart(form)\n"))
    #expect(output.diagnostics.isEmpty)
  }

  @Test("a body that cannot be a struct, or another media type, is Data: with a warning, never left out")
  func data() throws {
    let output = try OpenAPIFixtures.generate(
      json: document(#""multipart/form-data": {"schema": {"type": "object"}}"#))
    #expect(
      output.diagnostics.map(\.description) == [
        "warning: #/paths/~1a/post/requestBody/content/multipart~1form-data/schema: a multipart body that is not an object with properties: sent as Data"
      ])
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("body: .data(body, contentType: \"multipart/form-data\")"))
    let text = try OpenAPIFixtures.generate(json: document(#""text/csv": {}"#, required: false))
    #expect(text.diagnostics.isEmpty)
    #expect(OpenAPIFixtures.file("DefaultService.swift", in: text).contains("func send(body: Data? = nil)"))
  }

  @Test("properties named like the generated locals and helpers are read through self, so none is hidden")
  func locals() throws {
    let output = try OpenAPIFixtures.generate("features")
    let models = OpenAPIFixtures.file("Models.swift", in: output)
    #expect(models.contains("    members.append((\"members\", self.members.encode()))\n"))
    #expect(models.contains("    if let value = self.build { members.append((\"build\", value.encode())) }\n"))
    #expect(models.contains("    Argonaut.build(\n      Locals.init,\n"))
    #expect(!models.contains("    build("))
    let service = OpenAPIFixtures.file("DefaultService.swift", in: output)
    #expect(service.contains("    formFields.append(QueryItem(\"formFields\", value))\n"))
    #expect(service.contains("public func createMessageResource(form2: String? = nil, body: CreateMessageBody)"))
  }
}
