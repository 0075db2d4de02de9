import ArgonautTestSupport
import Foundation
import Testing

/// The README's promises about how the project is run. Its Swift blocks, and those of
/// the DocC articles, are type-checked by `Scripts/snippets-check.sh` in CI.
@Suite("README", .offThePool)
struct ReadmeTests {
  @Test("the README gives the two commands, and CI runs them")
  func commands() throws {
    let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let ci = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    for command in ["Playgrounds/run", "swift test"] {
      #expect(readme.contains(command))
      #expect(ci.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command })
    }
  }

  @Test("CI type-checks the documentation's code and the import combinations")
  func documentationChecks() throws {
    let ci = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    let lines = ci.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("Scripts/snippets-check.sh"))
    #expect(lines.contains("Scripts/imports-check.sh"))
  }

  @Test("the README stays one page, and names streams and OpenAPI in its opening list")
  func onePage() throws {
    let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 320)
    let opening = readme.components(separatedBy: "\n## ").first ?? ""
    #expect(opening.contains("Streams"))
    #expect(opening.contains("OpenAPI"))
  }
}
