import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// What cannot be translated is reported with its JSON pointer, and the rest still goes out.
@Suite("OpenAPI diagnostics", .offThePool)
struct OpenAPIDiagnosticsTests {
  @Test("every construct left out of features.json is named, with its pointer")
  func features() throws {
    let output = try OpenAPIFixtures.generate("features")
    #expect(
      output.diagnostics.map(\.description) == [
        "warning: #/paths/~1users~1{user-id}/get/parameters/4: cookie parameters are not supported: the parameter \"session\" is left out",
        "warning: #/paths/~1users~1{user-id}/get/parameters/5: a query parameter of type GetUserFilter cannot be written as text: the parameter \"filter\" is left out",
        "warning: #/paths/~1messages/patch/requestBody/content/application~1x-www-form-urlencoded/schema/properties/Extra: a form field of type UpdateMessageBodyExtra has no text form: written as its JSON",
        "warning: #/components/schemas/Tree: a type that contains only itself: typed as JSON",
        "warning: #/components/schemas/Chain/properties/next: a required property through which Chain must contain itself without end: no finite JSON value has it; typed as optional",
      ])
    #expect(OpenAPIFixtures.file("DefaultService.swift", in: output).contains("func uploadForm(body: UploadFormBody)"))
  }

  @Test("a required parameter that cannot be sent leaves its operation out")
  func requiredCookie() throws {
    let output = try OpenAPIFixtures.generate(
      json: """
        {"openapi": "3.0.0", "paths": {"/a": {"get": {"operationId": "a", "parameters": [
          {"name": "s", "in": "cookie", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "none"}}}}}}
        """)
    #expect(
      output.diagnostics.map(\.description) == [
        "warning: #/paths/~1a/get/parameters/0: cookie parameters are not supported: the operation is left out"
      ])
    #expect(output.files.map(\.name) == ["Models.swift"])
  }

  @Test("Swagger 2, other versions, non-objects and broken JSON are typed errors")
  func unsupportedDocuments() {
    func error(_ text: String) -> String? {
      do {
        _ = try OpenAPIDocument(bytes: Array(text.utf8), name: "d.json")
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error("{\"swagger\": \"2.0\"}")?.hasPrefix("d.json: Swagger 2.0 is not supported: convert it to OpenAPI 3")
        == true)
    #expect(error("{\"openapi\": \"4.0.0\"}") == "d.json: OpenAPI 4.0.0 is not supported: expected 3.0 or 3.1")
    #expect(error("{\"info\": {}}") == "d.json: no \"openapi\" field: not an OpenAPI document")
    #expect(error("[1]") == "d.json: expected an OpenAPI document (a JSON object), found an array")
    #expect(error("{\"openapi\": ")?.hasPrefix("d.json: not JSON: line 1, column") == true)
  }

  @Test("the openapi subcommand's arguments")
  func arguments() throws {
    let parsed = try OpenAPIArguments(parsing: ["api.json", "--output", "Sources/API", "--access", "internal"])
    #expect(parsed.document == "api.json" && parsed.output == "Sources/API" && !parsed.isPublic)
    #expect(try OpenAPIArguments(parsing: ["api.json", "--output=Out"]).isPublic)
    #expect(throws: Arguments.UsageError(description: "--output DIR is required")) {
      try OpenAPIArguments(parsing: ["api.json"])
    }
    #expect(throws: Arguments.UsageError(description: "--access private: expected public or internal")) {
      try OpenAPIArguments(parsing: ["api.json", "--output", "o", "--access", "private"])
    }
  }

  @Test("names from the contract: tags, operation ids, parameter labels")
  func naming() {
    #expect(APINaming.serviceName(forTag: "users") == "UsersService")
    #expect(APINaming.serviceName(forTag: "news feed") == "NewsFeedService")
    #expect(APINaming.serviceName(forTag: nil) == "DefaultService")
    #expect(APINaming.methodName(for: "get_user") == "getUser")
    #expect(APINaming.memberNames(for: ["x-request-id"]) == ["xRequestId"])
    #expect(APINaming.methodName(method: "get", path: "/pets/{id}") == "getPetsId")
  }
}
