import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// The renderer's output, checked in: `Goldens/NAME.swift` is what
/// `argonaut-generate [OPTIONS] Goldens/NAME.json` prints. After a deliberate change,
/// `Scripts/generate-goldens.sh` rewrites them; review the diff.
@Suite("Golden files", .offThePool)
struct GoldenTests {
  @Test("the goldens are all there")
  func goldensExist() {
    #expect(GeneratorFixtures.goldenNames.count >= 10)
  }

  @Test("the generator prints each golden file exactly", arguments: GeneratorFixtures.goldenNames)
  func golden(name: String) throws {
    let input = GeneratorFixtures.goldens.appendingPathComponent("\(name).json")
    let expected = try String(
      contentsOf: GeneratorFixtures.goldens.appendingPathComponent("\(name).swift"), encoding: .utf8)
    let actual = try GeneratorFixtures.generate(GeneratorFixtures.goldenArguments(name), files: [input])
    #expect(actual == expected, "Goldens/\(name).swift is stale: run Scripts/generate-goldens.sh and review the diff")
  }

  @Test("the output is deterministic", arguments: GeneratorFixtures.goldenNames)
  func deterministic(name: String) throws {
    let input = GeneratorFixtures.goldens.appendingPathComponent("\(name).json")
    let first = try GeneratorFixtures.generate([], files: [input])
    #expect(try GeneratorFixtures.generate([], files: [input]) == first)
  }

  @Test("the 60-field record is decoded in runs of 20, the narrow ones with curry")
  func wideRecords() throws {
    let wide = try String(
      contentsOf: GeneratorFixtures.goldens.appendingPathComponent("wide-record.swift"), encoding: .utf8)
    #expect(wide.contains("    build(\n      assemble,\n      decodePart0(j),\n"))
    #expect(wide.contains("  private static func assemble(_ p0: Part0, _ p1: Part1, _ p2: Part2) -> WideRecord {\n"))
    #expect(wide.contains("  private static func decodePart2(_ j: JSON) -> Decoded<"))
    #expect(!wide.contains("decodePart3"))
    #expect(wide.components(separatedBy: "\n      j.decode").count == 61)
    let narrow = try String(
      contentsOf: GeneratorFixtures.readmeExample.appendingPathComponent("ReadmeUser.swift"), encoding: .utf8)
    #expect(narrow.contains("    curry(ReadmeUser.init)\n      <^> j <| \"id\"\n"))
  }

  @Test("the README's example is what the generator prints")
  func readmeExample() throws {
    let input = GeneratorFixtures.readmeExample.appendingPathComponent("readme-user.json")
    let expected = try String(
      contentsOf: GeneratorFixtures.readmeExample.appendingPathComponent("ReadmeUser.swift"), encoding: .utf8)
    #expect(try GeneratorFixtures.generate([], files: [input]) == expected)
  }

  @Test("every line fits in 120 columns and no line ends in a space", arguments: GeneratorFixtures.goldenNames)
  func layout(name: String) throws {
    let text = try String(
      contentsOf: GeneratorFixtures.goldens.appendingPathComponent("\(name).swift"), encoding: .utf8)
    for line in text.split(separator: "\n") {
      #expect(line.count <= 120 && !line.hasSuffix(" "), "\(name).swift: \(line)")
    }
    #expect(text.hasSuffix("}\n") || text.hasSuffix("]\n"))
  }
}
