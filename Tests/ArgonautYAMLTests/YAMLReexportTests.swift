import ArgonautYAML
import Testing

/// `import ArgonautYAML` alone is enough to read YAML into `JSON` and decode it with
/// Argonaut's decoders and operators: this file imports nothing else of the package.
@Suite("import ArgonautYAML brings the core")
struct YAMLReexportTests {
  struct Pet: Decodable, Equatable {
    let name: String
    let tags: [String]

    static func decode(_ j: JSON) -> Decoded<Pet> {
      curry(Pet.init) <^> j <| "name" <*> j <|| "tags"
    }
  }

  @Test("A YAML document decodes into a model with the operators")
  func decodes() throws {
    let json: JSON = try JSON(yaml: "name: Rex\ntags: [good, dog]\n")
    let pet: Decoded<Pet> = decode(json)
    #expect(pet.value == Pet(name: "Rex", tags: ["good", "dog"]))
    #expect(try JSON.documents(yaml: "--- 1\n--- two\n") == [1, "two"])
  }
}
