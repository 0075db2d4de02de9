import Argonaut
import ArgonautYAML
import Foundation

/// `--yaml DOC.yaml DOC.json`: `JSON(yaml:)` on a YAML document against `JSON(parsing:)`
/// on its JSON edition (the same value), A/B interleaved on process CPU time.
///
/// The documents come from the command line and are never committed; OpenAI's
/// `openapi.yaml` and its JSON edition are the usual pair. Each side's MB/s counts its
/// own file's bytes (YAML and JSON editions differ in size); the ratio compares the time
/// per document, which is what reading one edition or the other costs.
enum YAMLBenchmark {
  static func run(yamlPath: String, jsonPath: String, rounds: Int) -> Never {
    guard let yamlText = try? String(contentsOfFile: yamlPath, encoding: .utf8),
      let jsonData = FileManager.default.contents(atPath: jsonPath)
    else {
      print("error: cannot read \(yamlPath) or \(jsonPath)")
      exit(66)
    }
    let jsonBytes = [UInt8](jsonData)
    let yamlBytes = yamlText.utf8.count
    let fromYAML: JSON
    let fromJSON: JSON
    do {
      fromYAML = try JSON(yaml: yamlText)
      fromJSON = try JSON(parsing: jsonBytes)
    } catch {
      print("error: \(error)")
      exit(65)
    }
    print("\(yamlPath): \(yamlBytes) bytes of YAML; \(jsonPath): \(jsonBytes.count) bytes of JSON")
    print("the same value: \(fromYAML == fromJSON ? "yes" : "NO")")
    guard fromYAML == fromJSON else { exit(1) }
    let (yaml, json) = compare(
      rounds: rounds, targetSeconds: 0.2, { consume(try! JSON(yaml: yamlText)) },
      { consume(try! JSON(parsing: jsonBytes)) })
    func line(_ name: String, _ samples: Samples, _ bytes: Int) -> String {
      let milliseconds = samples.median * 1000
      let megabytes = Double(bytes) / samples.median / 1e6
      return "  \(name.padding(toLength: 34, withPad: " ", startingAt: 0))"
        + "\(String(format: "%9.1f", milliseconds)) ms  \(String(format: "%8.1f", megabytes)) MB/s"
    }
    print("\n\(rounds) rounds, medians:")
    print(line("JSON(yaml:), the YAML edition", yaml, yamlBytes))
    print(line("JSON(parsing:), the JSON edition", json, jsonBytes.count))
    print(
      "  time per document, YAML / JSON:   \(String(format: "%.1f", yaml.median / json.median))x"
        + "  (per byte: \(String(format: "%.1f", (yaml.median / Double(yamlBytes)) / (json.median / Double(jsonBytes.count))))x)"
    )
    exit(0)
  }
}
