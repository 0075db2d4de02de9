import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// Paths and helpers for the OpenAPI suites.
enum OpenAPIFixtures {
  static let directory = GeneratorFixtures.packageRoot.appendingPathComponent("Tests/ArgonautGenerateTests/OpenAPI")

  /// The documents' names, without `.json`, sorted.
  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Whether `name` is generated with `--access internal` (keep in step with
  /// Scripts/generate-openapi-goldens.sh).
  static func isPublic(_ name: String) -> Bool { !name.hasPrefix("internal") }

  /// What `argonaut-generate openapi NAME.json` writes.
  static func generate(_ name: String) throws -> OpenAPIGenerator.Output {
    let url = directory.appendingPathComponent("\(name).json")
    let document = try OpenAPIDocument(bytes: [UInt8](Data(contentsOf: url)), name: "\(name).json")
    return OpenAPIGenerator(options: .init(isPublic: isPublic(name), sourceName: "\(name).json")).generate(document)
  }

  /// The output for a literal document.
  static func generate(json text: String, isPublic: Bool = true) throws -> OpenAPIGenerator.Output {
    let document = try OpenAPIDocument(bytes: Array(text.utf8), name: "test.json")
    return OpenAPIGenerator(options: .init(isPublic: isPublic, sourceName: "test.json")).generate(document)
  }

  /// The contents of one generated file.
  static func file(_ name: String, in output: OpenAPIGenerator.Output) -> String {
    output.files.first { $0.name == name }?.contents ?? ""
  }
}

/// `argonaut-generate openapi`'s output, checked in: `OpenAPI/NAME/*.swift` is what it
/// writes for `OpenAPI/NAME.json`. Scripts/openapi-check.sh compiles the same output in
/// Swift 6 mode; after a deliberate change, Scripts/generate-openapi-goldens.sh rewrites
/// the goldens (review the diff).
@Suite("OpenAPI golden files", .offThePool)
struct OpenAPIGoldenTests {
  @Test("the documents are there")
  func documentsExist() {
    #expect(OpenAPIFixtures.names == ["features", "internal-v31", "streams"])
  }

  @Test("the generator writes each golden file exactly, and no other", arguments: OpenAPIFixtures.names)
  func golden(name: String) throws {
    let output = try OpenAPIFixtures.generate(name)
    let folder = OpenAPIFixtures.directory.appendingPathComponent(name)
    let expectedNames = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(output.files.map(\.name).sorted() == expectedNames)
    for file in output.files {
      let expected = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
      #expect(
        file.contents == expected,
        "OpenAPI/\(name)/\(file.name) is stale: run Scripts/generate-openapi-goldens.sh and review the diff")
    }
  }

  @Test("the same document gives the same code", arguments: OpenAPIFixtures.names)
  func deterministic(name: String) throws {
    let first = try OpenAPIFixtures.generate(name)
    let second = try OpenAPIFixtures.generate(name)
    #expect(first.files.map(\.name) == second.files.map(\.name))
    #expect(first.files.map(\.contents) == second.files.map(\.contents))
  }

  @Test("one service class per tag, named as the contract says; untagged operations in DefaultService")
  func servicesPerTag() throws {
    let output = try OpenAPIFixtures.generate("features")
    #expect(
      output.files.map(\.name) == [
        "Models.swift", "UsersService.swift", "NewsFeedService.swift", "DefaultService.swift",
      ])
    let users = OpenAPIFixtures.file("UsersService.swift", in: output)
    #expect(users.contains("public final class UsersService: Service {"))
    #expect(users.contains("  public init(configuration: ServiceConfiguration) {"))
    let feed = OpenAPIFixtures.file("NewsFeedService.swift", in: output)
    #expect(feed.contains("/// The operations tagged `news feed`: Posts in the feed.\n"))
    // The first tag decides: `post` is tagged ["news feed", "users"].
    #expect(feed.contains("public func post(body: PostBody) async throws(ServiceError) -> Post {"))
    #expect(!users.contains("func post("))
  }

  @Test("methods: path parameters first, then query and header ones in document order, then body")
  func methodShape() throws {
    let users = OpenAPIFixtures.file("UsersService.swift", in: try OpenAPIFixtures.generate("features"))
    #expect(
      users.contains(
        """
          public func getUser(
            userId: Int64,
            xRequestId: UUID? = nil,
            expand: [Color]? = nil,
            ids: [Int]? = nil,
            `default`: Bool? = nil
          ) async throws(ServiceError) -> User {
        """))
    #expect(users.contains("public func deleteUser(userId: Int64) async throws(ServiceError) {"))
    #expect(users.contains("public func deleteUserResource(userId: Int64) -> Resource<Void> {"))
    // form + explode: one item per element; explode: false: commas.
    #expect(users.contains("if let expand { queryItems += expand.map { QueryItem(\"expand\", $0.rawValue) } }"))
    #expect(
      users.contains(
        "if let ids { queryItems.append(QueryItem(\"ids\", ids.map { String($0) }.joined(separator: \",\"))) }"))
    #expect(users.contains("if let xRequestId { headerFields[\"x-request-id\"] = xRequestId.uuidString }"))
    #expect(users.contains("pathParameters: [\"user-id\": String(userId)]"))
    let defaults = OpenAPIFixtures.file("DefaultService.swift", in: try OpenAPIFixtures.generate("features"))
    #expect(defaults.contains("public func uploadResource(body: Data? = nil) -> Resource<Data> {"))
    #expect(defaults.contains("body: body.map { .data($0, contentType: \"application/octet-stream\") }"))
  }
}
