import Foundation

/// A document to benchmark: the corpus files, and generated documents that stress
/// what the corpus lacks.
struct Document {
  let name: String
  let bytes: [UInt8]
  var data: Data { Data(bytes) }
}

enum Documents {
  static let corpusNames = ["twitter.json", "citm_catalog.json", "canada.json"]

  /// `../shared/corpora/bench`, found from the working directory or this file.
  static func corpusDirectory() -> URL? {
    let candidates = [
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("../shared/corpora/bench"),
      URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../../shared/corpora/bench"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.standardized.path) }?.standardized
  }

  static func corpus() -> [Document] {
    guard let directory = corpusDirectory() else { return [] }
    return corpusNames.compactMap { name in
      (try? Data(contentsOf: directory.appendingPathComponent(name))).map { Document(name: name, bytes: [UInt8]($0)) }
    }
  }

  static let generatedNames = [
    "strings-plain", "strings-escaped", "deep-nesting", "integers", "numbers", "wide-object", "unicode-keys",
  ]

  /// A deterministic generated document of about 2 MB.
  static func generated(_ name: String) -> Document {
    var random = SplitMix64(seed: 42)
    var text = ""
    switch name {
    case "strings-plain":
      let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa"]
      let strings = (0..<2_000).map { _ in
        (0..<160).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
      }
      text = "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    case "strings-escaped":
      let pieces = [
        "plain text ", "\\n", "\\\"quoted\\\" ", "tab\\t", "\\u00e9t\\u00e9 ", "\\ud83d\\ude80", "\\\\", "path\\/to ",
      ]
      let strings = (0..<2_000).map { _ in (0..<110).map { _ in pieces.randomElement(using: &random)! }.joined() }
      text = "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    case "deep-nesting":
      // Trees 200 levels deep: each node has an id, a name and its children.
      var node = "[]"
      for level in (0..<200).reversed() {
        node = #"{"id":\#(level),"name":"node \#(level)","children":[\#(node)]}"#
      }
      text = "[" + Array(repeating: node, count: 160).joined(separator: ",") + "]"
    case "integers":
      text =
        "[" + (0..<500_000).map { _ in String(Int.random(in: 0..<1000, using: &random)) }.joined(separator: ",") + "]"
    case "numbers":
      text =
        "["
        + (0..<100_000).map { _ in
          let value =
            Double.random(in: -1e6...1e6, using: &random) * pow(10, Double(Int.random(in: -20...20, using: &random)))
          return "\(value)"
        }.joined(separator: ",") + "]"
    case "wide-object":
      text =
        "{" + (0..<80_000).map { "\"key_\($0)\":\(Int.random(in: 0..<100_000, using: &random))" }.joined(separator: ",")
        + "}"
    case "unicode-keys":
      let keys = ["名前", "年齢", "都市", "Größe", "città", "ключ", "🚀launch", "日本語のキー"]
      let objects = (0..<12_000).map { i in
        "{" + keys.map { "\"\($0)\":\"値\(i)\"" }.joined(separator: ",") + "}"
      }
      text = "[" + objects.joined(separator: ",") + "]"
    default:
      fatalError("unknown generated document \(name)")
    }
    return Document(name: name, bytes: Array(text.utf8))
  }
}

/// A small, fast, seedable generator (SplitMix64), so generated documents repeat.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
