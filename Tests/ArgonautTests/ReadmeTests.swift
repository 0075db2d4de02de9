import ArgonautTestSupport
import Foundation
import Testing

/// Every Swift snippet in README.md must be compiled: it must appear, line for
/// line (ignoring indentation), in a playground or a test file. The one exception
/// is the manifest fragment, which starts with `// Package.swift`.
@Suite("README", .offThePool)
struct ReadmeTests {
  static func normalized(_ text: some StringProtocol) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  static func swiftSnippets(in readme: String) -> [String] {
    var snippets: [String] = []
    var current: [Substring]?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        snippets.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return snippets
  }

  static func compiledSources() throws -> [String] {
    var sources: [String] = []
    for folder in ["Playgrounds", "Tests"] {
      let root = Corpus.packageRoot.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", file.lastPathComponent != "ReadmeTests.swift" else { continue }
        sources.append(try String(contentsOf: file, encoding: .utf8))
      }
    }
    return sources
  }

  static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
  }

  @Test("every Swift snippet in the README is part of a playground or a test")
  func snippetsAreCompiled() throws {
    let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let snippets = Self.swiftSnippets(in: readme).filter { !$0.hasPrefix("// Package.swift") }
    #expect(snippets.count >= 10)
    let sources = try Self.compiledSources().map(Self.normalized)
    for snippet in snippets {
      let lines = Self.normalized(snippet)
      #expect(
        sources.contains { Self.contains($0, lines) }, "README snippet not found in any playground or test:\n\(snippet)"
      )
    }
  }

  @Test("the README gives the two commands, and CI runs them")
  func commands() throws {
    let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let ci = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    for command in ["Playgrounds/run", "swift test"] {
      #expect(readme.contains(command))
      #expect(ci.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command })
    }
  }
}
