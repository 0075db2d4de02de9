import Argonaut
import Foundation
import Testing

@testable import ArgonautGenerate

/// Documents as they are published: JSON or YAML whatever the file is called, and split
/// over files by relative `$ref`s (fixtures in `OpenAPI/inputs`).
@Suite("OpenAPI input: JSON or YAML, split over files")
struct OpenAPIInputTests {
  static let inputs = OpenAPIFixtures.directory.appendingPathComponent("inputs")

  /// The document at `path` (under `inputs`), read as `argonaut-generate openapi` reads it.
  static func document(_ path: String) throws -> OpenAPIDocument {
    let url = inputs.appendingPathComponent(path)
    return try OpenAPIDocument(bytes: [UInt8](Data(contentsOf: url)), name: url.lastPathComponent, path: url.path)
  }

  /// The document `text`, as if it were the file `name` in `inputs`.
  static func document(yaml text: String, name: String = "api.yaml") throws(OpenAPIError) -> OpenAPIDocument {
    try OpenAPIDocument(bytes: Array(text.utf8), name: name, path: inputs.appendingPathComponent(name).path)
  }

  /// The message of the error reading `text` as the file `name` in `inputs`.
  static func error(_ text: String, name: String = "api.yaml") -> String? {
    do {
      _ = try document(yaml: text, name: name)
      return nil
    } catch {
      return error.description
    }
  }

  static func generate(_ document: OpenAPIDocument) -> OpenAPIGenerator.Output {
    OpenAPIGenerator(options: .init(sourceName: "openapi")).generate(document)
  }

  @Test("JSON or YAML by content: a YAML file named .json and a JSON file named .yaml")
  func byContent() throws {
    let yamlBytes = try Data(contentsOf: Self.inputs.appendingPathComponent("editions/written-in-yaml.json"))
    let jsonBytes = try Data(contentsOf: Self.inputs.appendingPathComponent("editions/written-in-json.yaml"))
    #expect(yamlBytes.first == UInt8(ascii: "#") && jsonBytes.first == UInt8(ascii: "{"))
    let yaml = try Self.document("editions/written-in-yaml.json")
    let json = try Self.document("editions/written-in-json.yaml")
    #expect(yaml.version == "3.0.3" && json.version == "3.0.3")
    #expect(yaml.root == json.root)
    #expect(yaml.root["tags"]?[0]?["description"] == "Pets, folded over two lines.\n")
  }

  @Test("The JSON and YAML editions of one document give the same files")
  func sameOutput() throws {
    let yaml = Self.generate(try Self.document("editions/written-in-yaml.json"))
    let json = Self.generate(try Self.document("editions/written-in-json.yaml"))
    #expect(yaml.files.map(\.name) == ["Models.swift", "PetsService.swift"])
    #expect(yaml.files.map(\.name) == json.files.map(\.name))
    for (left, right) in zip(yaml.files, json.files) { #expect(left.contents == right.contents, "\(left.name)") }
    #expect(yaml.diagnostics.isEmpty && json.diagnostics.isEmpty)
  }

  @Test("A document split over 5 files in 2 folders: nested relative $refs, a cycle across files, a path item")
  func split() throws {
    let document = try Self.document("split/openapi.yaml")
    // The root's own components first (Pet takes the place of its $ref), then the
    // schemas brought in, under their own names, in the order they were met.
    #expect(document.root["components"]?["schemas"]?.objectValue?.keys == ["Pet", "Error", "Owner", "tag", "Address"])
    #expect(
      document.root["components"]?["schemas"]?["Owner"]?["properties"]?["pets"]?["items"]?["$ref"]
        == "#/components/schemas/Pet")
    #expect(document.root["paths"]?["/pets/{petId}"]?["get"]?["operationId"] == "getPet")
    let output = Self.generate(document)
    #expect(output.diagnostics.isEmpty)
    #expect(output.counts == (5, 1, 2))
    let models = OpenAPIFixtures.file("Models.swift", in: output)
    for (source, declaration) in [
      ("schemas/pet.yaml#/Pet", "public struct Pet: Sendable {"),
      ("#/components/schemas/Error", "public struct ErrorModel: Sendable {"),
      ("schemas/owner.json#/Owner", "public struct Owner: Sendable {"),
      ("schemas/tag.yaml", "public struct Tag: Sendable {"),
      ("schemas/owner.json#/Address", "public struct Address: Sendable {"),
    ] {
      #expect(models.contains("/// From `\(source)`.\n\(declaration)"), "\(source)")
    }
    // Pet → Owner → Pet across two files: the cycle is broken as within one document.
    #expect(models.contains("  private let _favorite: Indirect<Pet?>\n"))
    let service = OpenAPIFixtures.file("PetsService.swift", in: output)
    #expect(service.contains("  /// From `paths.yaml#/PetById/get`.\n  public func getPet(petId: Int)"))
    #expect(service.contains("  /// From `#/paths/~1pets/get`.\n  public func listPets()"))
    #expect(service.contains("-> Resource<Pet> {"))
  }

  @Test("A discriminator's mapping to another file points at the schema brought in")
  func discriminatorMapping() throws {
    let document = try Self.document(
      yaml: """
        openapi: 3.1.0
        paths: {}
        components:
          schemas:
            Animal:
              oneOf: [{$ref: 'split/schemas/pet.yaml#/Pet'}]
              discriminator: {propertyName: kind, mapping: {pet: 'split/schemas/pet.yaml#/Pet', other: Other}}
        """)
    let animal = document.root["components"]?["schemas"]?["Animal"]
    #expect(animal?["oneOf"]?[0]?["$ref"] == "#/components/schemas/Pet")
    #expect(animal?["discriminator"]?["mapping"] == ["pet": "#/components/schemas/Pet", "other": "Other"])
    #expect(
      document.source(of: "#/components/schemas/Pet/properties/id") == "split/schemas/pet.yaml#/Pet/properties/id")
  }

  @Test("A missing file, a missing pointer, a remote $ref and a cycle of non-schemas are errors that say where")
  func referenceErrors() {
    func schema(_ reference: String) -> String {
      "openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: {properties: {b: {$ref: '\(reference)'}}}\n"
    }
    #expect(
      Self.error(schema("split/schemas/nope.yaml#/Nope"))
        == "api.yaml#/components/schemas/A/properties/b: $ref split/schemas/nope.yaml#/Nope: "
        + "cannot read split/schemas/nope.yaml: No such file or directory")
    #expect(
      Self.error(schema("split/schemas/pet.yaml#/Pett"))
        == "api.yaml#/components/schemas/A/properties/b: $ref split/schemas/pet.yaml#/Pett: "
        + "split/schemas/pet.yaml has no #/Pett")
    #expect(
      Self.error(schema("https://example.com/pet.yaml#/Pet"))?.hasPrefix(
        "api.yaml#/components/schemas/A/properties/b: $ref https://example.com/pet.yaml#/Pet is remote: ") == true)
    #expect(
      Self.error(schema("split/schemas/pet.yaml#Pet"))
        == "api.yaml#/components/schemas/A/properties/b: $ref split/schemas/pet.yaml#Pet: "
        + "only JSON pointers (#/…) are followed, not anchors")
    #expect(
      Self.error("openapi: 3.1.0\npaths:\n  /a: {$ref: 'split/paths.yaml#/NoSuchPath'}\n")
        == "api.yaml#/paths/~1a: $ref split/paths.yaml#/NoSuchPath: split/paths.yaml has no #/NoSuchPath")
    #expect(
      Self.error("openapi: 3.1.0\npaths:\n  /a: {$ref: 'errors/cycle.yaml#/A'}\n")
        == "errors/cycle.yaml#/B: $ref #/A: a cycle of $refs that are not schemas")
  }

  @Test("A YAML syntax error gives the file, line and column, in the document or in a file it refers to")
  func yamlErrors() {
    #expect(
      Self.error("openapi: 3.1.0\ninfo:\n  title: [unclosed\n  version: 1\n")
        == "api.yaml: line 4, column 3: expected an indented continuation of the flow collection, found 'v'")
    #expect(
      Self.error("openapi: 3.1.0\npaths: {}\ncomponents: {schemas: {A: {$ref: 'errors/broken.yaml#/Broken'}}}\n")
        == "errors/broken.yaml: line 5, column 5: expected an indented continuation of the flow collection, found 'a'")
    // JSON that is not YAML either is reported as JSON, whatever the file is called;
    // JSON that YAML reads (a trailing comma) is read.
    let missingComma = Self.error("{\"openapi\": \"3.1.0\" \"paths\": {}}")
    #expect(missingComma == "api.yaml: not JSON: line 1, column 21: expected ',' or '}', found '\"'")
    #expect(Self.error("{\"openapi\": \"3.1.0\", \"paths\": {},}") == nil)
    // A byte order mark is skipped.
    #expect(Self.error("\u{FEFF}openapi: 3.0.0\npaths: {}\n") == nil)
  }

  @Test("argonaut-generate openapi reads a split YAML document, and fails with 65 on a missing file")
  func commandLine() async throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-input-\(UUID())")
    defer { try? FileManager.default.removeItem(at: output) }
    let run = try await CommandLineTests.run([
      "openapi", Self.inputs.appendingPathComponent("split/openapi.yaml").path, "--output", output.path,
    ])
    #expect(run.status == 0)
    #expect(run.error.hasSuffix("5 models, 1 services, 2 operations; 0 warnings\n"))
    let models = try String(contentsOf: output.appendingPathComponent("Models.swift"), encoding: .utf8)
    #expect(models.hasPrefix("// Generated by argonaut-generate openapi from openapi.yaml (OpenAPI 3.1.0).\n"))
    let missing = try await CommandLineTests.run([
      "openapi", Self.inputs.appendingPathComponent("errors/missing.yaml").path, "--output", output.path,
    ])
    #expect(missing.status == 65)
    #expect(
      missing.error
        == "argonaut-generate: missing.yaml#/paths/~1a/get/responses/200/content/application~1json/schema: "
        + "$ref ../split/schemas/pets.yaml#/Pet: cannot read ../split/schemas/pets.yaml: No such file or directory\n")
  }

  @Test("Paths: normalized, relative to the document's folder, remote or not")
  func paths() {
    #expect(FilePath.normalized("./a/b/../c//d.yaml") == "a/c/d.yaml")
    #expect(FilePath.normalized("../x/./y.json") == "../x/y.json")
    #expect(FilePath.normalized("/a/../../b") == "/b")
    #expect(FilePath.directory(of: "openapi.yaml") == "." && FilePath.directory(of: "/openapi.yaml") == "/")
    #expect(FilePath.relative("docs/schemas/pet.yaml", from: "docs") == "schemas/pet.yaml")
    #expect(FilePath.relative("shared/error.yaml", from: "docs/api") == "../../shared/error.yaml")
    #expect(FilePath.relative("pet.yaml", from: ".") == "pet.yaml")
    #expect(FilePath.isRemote("https://example.com/a.yaml") && FilePath.isRemote("//example.com/a.yaml"))
    #expect(!FilePath.isRemote("schemas/pet.yaml") && !FilePath.isRemote(":odd.yaml"))
  }
}
