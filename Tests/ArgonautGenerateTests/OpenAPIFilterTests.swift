import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// `--tag` and `--operation`: some operations, and what they reference.
@Suite("OpenAPI operation filters", .offThePool)
struct OpenAPIFilterTests {
  private let document = """
    {"openapi": "3.1.0",
     "paths": {
       "/pets": {"parameters": [{"$ref": "#/components/parameters/Limit"}],
         "get": {"operationId": "listPets", "tags": ["pets"],
           "responses": {"200": {"$ref": "#/components/responses/Pets"}}},
         "post": {"operationId": "createPet", "tags": ["pets", "admin"],
           "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}},
           "responses": {"204": {"description": "made"}}}},
       "/owners": {"get": {"operationId": "listOwners", "tags": ["owners"],
         "responses": {"200": {"description": "ok", "content": {"application/json": {
           "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Owner"}}}}}}}}},
     "webhooks": {"newPet": {"post": {"responses": {"200": {"description": "ok"}}}}},
     "components": {
       "parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"$ref": "#/components/schemas/Count"}}},
       "responses": {"Pets": {"description": "pets", "content": {"application/json": {
         "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}},
       "schemas": {
         "Count": {"type": "integer"},
         "Pet": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Kind"}}},
         "Kind": {"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "type",
           "mapping": {"cat": "Cat", "dog": "#/components/schemas/Dog"}}},
         "Cat": {"type": "object", "properties": {"type": {"type": "string"}}},
         "Dog": {"type": "object", "properties": {"type": {"type": "string"}}},
         "NewPet": {"type": "object", "properties": {"name": {"type": "string"}}},
         "Owner": {"type": "object", "properties": {"name": {"type": "string"}}},
         "Unused": {"type": "object", "properties": {"x": {"type": "string"}}}},
       "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}}}}
    """

  private func filtered(_ filter: OperationFilter) throws -> OpenAPIDocument {
    try filter.apply(to: OpenAPIDocument(bytes: Array(document.utf8), name: "test.json"))
  }

  @Test("--operation keeps that operation and the schemas it reaches, through $refs and mappings, transitively")
  func operation() throws {
    let document = try filtered(OperationFilter(operationIds: ["listPets"]))
    #expect(document.root["paths"]?.members.map(\.key) == ["/pets"])
    #expect(document.root["paths"]?["/pets"]?.members.map(\.key) == ["parameters", "get"])
    #expect(document.root["components"]?["schemas"]?.members.map(\.key) == ["Count", "Pet", "Kind", "Cat", "Dog"])
    #expect(document.root["components"]?["securitySchemes"]?["key"] != nil)
    #expect(document.root["webhooks"] == nil)
    let output = OpenAPIGenerator().generate(document)
    let service = OpenAPIFixtures.file("PetsService.swift", in: output)
    #expect(service.contains("func listPets(") && !service.contains("createPet"))
    #expect(output.files.map(\.name) == ["Models.swift", "PetsService.swift"])
  }

  @Test("--tag keeps every operation with that tag among its tags; filters add up")
  func tags() throws {
    let admin = try filtered(OperationFilter(tags: ["admin"]))
    #expect(admin.root["paths"]?["/pets"]?.members.map(\.key) == ["parameters", "post"])
    #expect(admin.root["components"]?["schemas"]?.members.map(\.key) == ["Count", "NewPet"])
    let both = try filtered(OperationFilter(tags: ["owners"], operationIds: ["createPet"]))
    #expect(both.root["paths"]?.members.map(\.key) == ["/pets", "/owners"])
    #expect(both.root["components"]?["schemas"]?.members.map(\.key) == ["Count", "NewPet", "Owner"])
  }

  @Test("a --tag or --operation that matches nothing is an error that names it")
  func nothing() throws {
    #expect(throws: OpenAPIError(description: "--tag pet: no operation has this tag")) {
      try filtered(OperationFilter(tags: ["pet"]))
    }
    #expect(throws: OpenAPIError(description: "--operation list_pets: no operation has this operationId")) {
      try filtered(OperationFilter(operationIds: ["listPets", "list_pets"]))
    }
  }

  @Test("--tag and --operation are repeatable, in either form")
  func arguments() throws {
    let parsed = try OpenAPIArguments(
      parsing: ["api.json", "--tag", "pets", "--output", "Out", "--tag=owners", "--operation", "getUser"])
    #expect(parsed.filter == OperationFilter(tags: ["pets", "owners"], operationIds: ["getUser"]))
    #expect(try OpenAPIArguments(parsing: ["api.json", "--output", "Out"]).filter.keepsEverything)
  }
}
