import Argonaut
import Foundation

// The benchmark program. Build and run it in release:
//
//     swift run -c release ArgonautBenchmarks [--rounds N] [--quick] [--only NAME,…]
//                                             [--output FILE] [--skip-compile-time]
//     swift run -c release ArgonautBenchmarks --profile DOCUMENT [ITERATIONS]
//     swift run -c release ArgonautBenchmarks --codable-only [--rounds N] [--only NAME,…]
//     swift run -c release ArgonautBenchmarks --strategies [--rounds N]
//     swift run -c release ArgonautBenchmarks --strategy-profile iso8601|secondsSince1970|twitter decode|encode [N]
//     swift run -c release ArgonautBenchmarks --streams [--rounds N] [--lines-only]
//     swift run -c release ArgonautBenchmarks --streams-profile parser|read|events|lines|array [N] [STREAM]
//     swift run -c release ArgonautBenchmarks --encoding-only [--rounds N]
//     swift run -c release ArgonautBenchmarks --encoding-profile DOCUMENT [ITERATIONS]
//     swift run -c release ArgonautBenchmarks --yaml DOC.yaml DOC.json [--rounds N]
//
// For each document it measures, A/B interleaved on process CPU time:
// - parsing: `JSON(parsing:)` against `JSONSerialization.jsonObject(with:)`;
// - parsing and decoding into models: Argonaut against `JSONDecoder`;
// - writing: `JSONSerializer.compact.bytes(from:)` against `JSONSerialization.data(withJSONObject:)`;
// - encoding models to bytes: `encode()` + `JSONSerializer` against `JSONEncoder` (corpus models);
// - `Codable`: ArgonautJSONDecoder/Encoder against JSONDecoder/Encoder on the corpus models, and
//   with snake_case keys, dates, URLs and base64 data on generated GitHub events
//   (`--only github-events`), and on twitter.json with `.convertFromSnakeCase` and
//   `.convertToSnakeCase` (`--only twitter-snake`; `--strategies` runs these cases alone);
// - the peak memory growth while parsing, in a child process.
// With --yaml, only `JSON(yaml:)` on a YAML document against `JSON(parsing:)` on its JSON
// edition (paths given at run time, such as OpenAI's openapi.yaml and openapi.json).
// Then it prints a table and writes it as JSON (default `.build/benchmarks/latest.json`).

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--memory-probe", arguments.count == 3 {
  Memory.probe(path: arguments[1], engine: arguments[2])
}
if arguments.first == "--download-probe", arguments.count == 3, let port = Int(arguments[1]),
  let bytes = Int(arguments[2])
{
  StreamsBenchmark.downloadProbe(port: port, bytes: bytes)
}
if arguments.first == "--profile", arguments.count >= 2 {
  // A tight loop of Argonaut's parse + decode (or parse alone) for a profiler:
  //   valgrind --tool=callgrind .build/release/ArgonautBenchmarks --profile twitter.json 20
  Profile.run(document: arguments[1], iterations: arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20)
}

func option(_ name: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}
let quick = arguments.contains("--quick")
let rounds = option("--rounds", in: arguments).flatMap(Int.init) ?? (quick ? 5 : 15)
let only = option("--only", in: arguments).map { Set($0.split(separator: ",").map(String.init)) }
let output = option("--output", in: arguments) ?? ".build/benchmarks/latest.json"

#if DEBUG
  print("warning: this is a debug build; run `swift run -c release ArgonautBenchmarks` for real figures.\n")
#endif

if let index = arguments.firstIndex(of: "--yaml"), index + 2 < arguments.count {
  YAMLBenchmark.run(yamlPath: arguments[index + 1], jsonPath: arguments[index + 2], rounds: rounds)
}

if arguments.first == "--codable-profile", arguments.count >= 3 {
  CodableBenchmark.profile(
    document: arguments[1], direction: arguments[2], iterations: arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
}
if arguments.first == "--strategy-profile", arguments.count >= 3 {
  StrategyBenchmark.profile(
    dates: arguments[1], direction: arguments[2], iterations: arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
}
if arguments.first == "--streams-profile", arguments.count >= 2 {
  // A tight loop of the SSE parser alone ("parser"), the parser with the events' data and
  // id read ("read"), or events(_:) ("events"), over one of
  // the event streams (0: token events, 1: OpenAI-style, 2: Anthropic-style), for a profiler;
  // or of the JSON Lines case through lines(_:as:) ("lines") or as one array ("array").
  StreamsBenchmark.profile(
    path: arguments[1], iterations: arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20,
    stream: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0)
}
if arguments.contains("--streams") {
  // Only the streams: SSE parsing speed, JSON Lines against one array, the same loops
  // on the main actor against off it, a 256 MiB download's peak memory growth (with
  // the fault server, in a child process).
  StreamsBenchmark.start(rounds: rounds, linesOnly: arguments.contains("--lines-only"))
}
if arguments.first == "--encoding-profile", arguments.count >= 2 {
  // A tight loop of encode() + JSONSerializer.compact, for a profiler.
  EncodingBenchmark.profile(
    document: arguments[1], iterations: arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20)
}
if arguments.contains("--encoding-only") {
  // Only encode() + JSONSerializer.compact against JSONEncoder, on the corpus models.
  EncodingBenchmark.printTable(EncodingBenchmark.measure(Documents.corpus(), rounds: rounds))
  exit(0)
}
if arguments.contains("--strategies") {
  // Only the strategy cases: key conversion, dates, URLs and data, against Foundation.
  CodableBenchmark.printTable(StrategyBenchmark.measure(rounds: rounds, only: only))
  exit(0)
}
if arguments.contains("--codable-only") {
  // Only ArgonautJSONDecoder/Encoder against JSONDecoder/Encoder, on the corpus models
  // and on the strategy cases.
  var corpus = Documents.corpus()
  if let only { corpus = corpus.filter { only.contains($0.name) } }
  CodableBenchmark.printTable(
    CodableBenchmark.measure(corpus, rounds: rounds) + StrategyBenchmark.measure(rounds: rounds, only: only))
  exit(0)
}

var documents = Documents.corpus()
if !quick {
  documents += Documents.generatedNames.map(Documents.generated)
} else if documents.isEmpty {
  print("note: ../shared/corpora/bench is absent; --quick measures two generated documents instead.\n")
  documents = ["numbers", "unicode-keys"].map(Documents.generated)
}
if Documents.corpus().isEmpty && !quick {
  print("note: ../shared/corpora/bench is absent; measuring generated documents only.\n")
}
if let only { documents = documents.filter { only.contains($0.name) } }

var results: [DocumentResult] = []
for document in documents {
  let bytes = document.bytes
  let data = document.data
  FileHandle.standardError.write(Data("measuring \(document.name)…\n".utf8))
  let parse = compare(
    rounds: rounds, { consume(try! JSON(parsing: bytes)) },
    { consume(try! JSONSerialization.jsonObject(with: data)) })
  let `case` = Case(document)
  let decode = `case`.decode.map { compare(rounds: rounds, $0.argonaut, $0.foundation) }
  let json = try! JSON(parsing: bytes)
  let object = try! JSONSerialization.jsonObject(with: data)
  let serialize = compare(
    rounds: rounds, { consume(JSONSerializer.compact.bytes(from: json)) },
    { consume(try! JSONSerialization.data(withJSONObject: object)) })
  results.append(
    DocumentResult(
      document: document.name, bytes: bytes.count, model: `case`.modelName,
      parse: Comparison(bytes: bytes.count, parse),
      decode: decode.map { Comparison(bytes: bytes.count, $0) },
      serialize: Comparison(bytes: bytes.count, serialize),
      argonautPeakBytes: Memory.peakGrowth(of: document, engine: "argonaut"),
      foundationPeakBytes: Memory.peakGrowth(of: document, engine: "foundation")))
}

let encoding = EncodingBenchmark.measure(documents, rounds: rounds)
let codable =
  CodableBenchmark.measure(documents, rounds: rounds) + StrategyBenchmark.measure(rounds: rounds, only: only)
let compileTime = arguments.contains("--skip-compile-time") || quick ? nil : CompileTime.measure()
let cpu =
  (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
  .split(separator: "\n").first { $0.hasPrefix("model name") }?
  .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
let report = Report(
  machine: "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores",
  date: ISO8601DateFormatter().string(from: Date()), rounds: rounds, results: results, compileTime: compileTime,
  encoding: encoding, codable: codable)
print("")
report.printTable()
EncodingBenchmark.printTable(encoding)
CodableBenchmark.printTable(codable)

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
let url = URL(fileURLWithPath: output)
try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
try encoder.encode(report).write(to: url)
print("\nwrote \(output)")
