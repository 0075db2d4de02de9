import Argonaut
import Foundation

@testable import ArgonautGenerate

/// Paths and helpers shared by the generator's suites.
enum GeneratorFixtures {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let goldens = packageRoot.appendingPathComponent("Tests/ArgonautGenerateTests/Goldens")
  /// The README's example: `readme-user.json` in, `ReadmeUser.swift` out, compiled into this target.
  static let readmeExample = packageRoot.appendingPathComponent("Tests/ArgonautGenerateTests/ReadmeExample")
  static let bench = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora/bench")

  /// The built `argonaut-generate`: beside the test bundle, in the same build directory.
  static let tool: URL = {
    let starts = [URL(fileURLWithPath: CommandLine.arguments[0])] + Bundle.allBundles.map(\.bundleURL)
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("argonaut-generate")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    return packageRoot.appendingPathComponent(".build/debug/argonaut-generate")
  }()

  static var hasBench: Bool { FileManager.default.fileExists(atPath: bench.path) }

  /// The golden samples' names, without `.json`, sorted.
  static var goldenNames: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// The command-line arguments each golden is generated with (besides its file).
  static func goldenArguments(_ name: String) -> [String] {
    name == "codable-account" ? ["--codable", "--access", "public"] : []
  }

  static func json(_ url: URL) throws -> JSON {
    try JSON(parsing: [UInt8](Data(contentsOf: url)))
  }

  /// What `argonaut-generate ARGUMENTS FILE…` prints.
  static func generate(_ arguments: [String], files: [URL]) throws -> String {
    let parsed = try Arguments(parsing: arguments + files.map(\.path))
    return Generator(options: parsed.options).source(for: try files.map(json))
  }

  /// The source generated for one literal sample, as `Root`.
  static func source(_ samples: JSON..., options: GeneratorOptions = GeneratorOptions()) -> String {
    Generator(options: options).source(for: samples)
  }

  /// The type graph and names for literal samples.
  static func named(_ samples: JSON..., root: String = "Root") -> (TypeGraph, Naming) {
    let graph = TypeGraph(shape: Generator(options: GeneratorOptions()).shape(for: samples))
    return (graph, Naming(graph: graph, rootName: root))
  }

  /// `struct NAME` members as `name: Type` lines, from generated source.
  static func members(of type: String, in source: String) -> [String] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasSuffix("struct \(type): Sendable {") }) else { return [] }
    return lines[(start + 1)...].prefix { $0 != "}" && !$0.isEmpty }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .map { $0.replacingOccurrences(of: "public let ", with: "").replacingOccurrences(of: "let ", with: "") }
  }
}
