import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

/// A key absent from some samples stays absent when encoded, a `null` stays `null`,
/// and a key seen both ways keeps the two apart. `Scripts/generator-check.sh` compiles
/// the goldens and round-trips their samples exactly; these tests pin the code.
@Suite("Absent and null", .offThePool)
struct AbsentAndNullTests {
  private let samples: [JSON] = [
    ["id": 1, "absent": "a", "null": .null, "both": "b", "raw": .null, "list": ["x"]],
    ["id": 2, "null": "n", "both": .null],
    ["id": 3, "absent": "c", "null": "m", "list": .null],
  ]

  private var source: String { GeneratorFixtures.source(samples[0], samples[1], samples[2]) }

  @Test("absent: T?, looked up with <|? and left out when nil")
  func absentOnly() {
    #expect(GeneratorFixtures.members(of: "Root", in: source).contains("absent: String?"))
    #expect(source.contains("      <*> j <|? \"absent\"\n"))
    #expect(source.contains("      \"absent\": absent.encodeIfPresent(),\n"))
  }

  @Test("null: T?, written null when nil")
  func nullOnly() {
    #expect(GeneratorFixtures.members(of: "Root", in: source).contains("null: String?"))
    #expect(source.contains("      \"null\": null.encode(),\n"))
  }

  @Test("both: T??, nil when absent and .some(nil) when null, decoded by a statement of its own")
  func both() {
    let members = GeneratorFixtures.members(of: "Root", in: source)
    #expect(members.contains("both: String??"))
    #expect(members.contains("list: [String]??"))
    #expect(
      source.contains("  /// `nil` when the key is absent, `.some(nil)` when it is `null`.\n  let both: String??\n"))
    // A statement of its own: inside the operator chain, the type checker takes minutes.
    #expect(
      source.contains(
        "    let both: Decoded<String??> =\n      j[\"both\"] == nil ? .success(nil) : j.decode(\"both\", as: String?.self).map(Optional.some)\n"
      ))
    #expect(source.contains("    return curry(Root.init)\n"))
    #expect(source.contains("      <*> both\n"))
    #expect(source.contains("      \"both\": both.encodeIfPresent(),\n"))
  }

  @Test("a member both absent and null named j moves the decoder's parameter")
  func parameterName() {
    let source = GeneratorFixtures.source(["j": 1, "id": 1], ["j": .null, "id": 2], ["id": 3])
    #expect(source.contains("  static func decode(_ json: JSON) -> Decoded<Root> {\n    let j: Decoded<Int??> ="))
    #expect(source.contains("      <^> j\n      <*> json <| \"id\"\n"))
  }

  @Test("both, for a JSON value: JSON?, nil when absent, .null when null")
  func bothJSON() {
    #expect(GeneratorFixtures.members(of: "Root", in: source).contains("raw: JSON?"))
    #expect(source.contains("  /// `nil` when the key is absent, `.null` when it is `null`.\n  let raw: JSON?\n"))
    #expect(source.contains("      <*> pure(j[\"raw\"])\n"))
    #expect(source.contains("      \"raw\": raw.encodeIfPresent(),\n"))
  }

  @Test("an object whose keys are always there is a dictionary literal")
  func alwaysPresent() {
    let source = GeneratorFixtures.source(["id": 1, "note": .null])
    #expect(source.contains("    [\n      \"id\": id.encode(),\n      \"note\": note.encode(),\n    ]\n"))
    #expect(!source.contains("omittingNil"))
  }

  @Test("the JSON a model encodes keeps absent keys absent and null keys null")
  func encodedValues() throws {
    // The generated encoder's two ways, run here on the values a decoded model holds.
    let absent: String? = nil
    let null: String? = nil
    let bothAbsent: String?? = nil
    let bothNull: String?? = .some(nil)
    let encoded = JSON(omittingNil: [
      "absent": absent.encodeIfPresent(), "null": null.encode(), "bothAbsent": bothAbsent.encodeIfPresent(),
      "bothNull": bothNull.encodeIfPresent(),
    ])
    #expect(encoded == ["null": .null, "bothNull": .null])
  }
}
