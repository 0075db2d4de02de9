import Argonaut
import Foundation

// The peer benchmark: Argonaut against simdjson and RapidJSON. See --help.

let help = """
  ArgonautPeers: Argonaut against simdjson and RapidJSON (install them with install-peers.sh).

  usage: swift run -c release ArgonautPeers [options]
    --rounds N        interleaved rounds per measurement (default 7; medians are reported)
    --quick           3 rounds, and only the corpus (or two generated documents without it)
    --only A,B        only these documents (file or generated names)
    --work W,...      only these kinds of work: parse, walk, walk-values, write (default: all)
    --no-memory       skip the peak memory probes
    --list            list the documents and exit
  --rounding        count the numbers each library reads other than correctly rounded, and exit

  For a profiler, a tight loop of one library's work on one document:
    ArgonautPeers --profile argonaut|simdjson|rapidjson parse|walk|walk-values|write DOCUMENT [ITERATIONS]
    valgrind --tool=callgrind .build/release/ArgonautPeers --profile argonaut walk canada.json 10

  The corpus is read from ../shared/corpora/bench beside the repository (or $ARGONAUT_CORPUS);
  without it, only generated documents are measured.
  """

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

if arguments.contains("--help") || arguments.contains("-h") {
  print(help)
  exit(0)
}
if arguments.first == "--memory-probe", arguments.count == 3, let engine = Engine(rawValue: arguments[2]) {
  Memory.probe(path: arguments[1], engine: engine)
}

func document(named name: String) -> Document {
  Documents.peerCorpus().first { $0.name == name } ?? Documents.generated(name)
}

if arguments.first == "--profile", arguments.count >= 4 {
  guard let engine = Engine(rawValue: arguments[1]), let work = Work(rawValue: arguments[2]) else {
    print(help)
    exit(2)
  }
  let contender = Contender(engine, bytes: document(named: arguments[3]).bytes)
  if work == .write { contender.prepareWrite() }
  let iterations = arguments.count > 4 ? Int(arguments[4]) ?? 10 : 10
  for _ in 0..<iterations { contender.run(work) }
  exit(0)
}

#if DEBUG
  print("warning: this is a debug build; use `swift run -c release ArgonautPeers` for real figures.\n")
#endif

let quick = arguments.contains("--quick")
let rounds = option("--rounds").flatMap(Int.init) ?? (quick ? 3 : 7)
let works = option("--work").map { $0.split(separator: ",").compactMap { Work(rawValue: String($0)) } } ?? Work.allCases
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }

var documents = Documents.peerCorpus()
if documents.isEmpty {
  print("note: the corpus (../shared/corpora/bench) is absent; measuring generated documents only.\n")
  if quick { documents = ["numbers", "unicode-keys"].map(Documents.generated) }
}
if !quick { documents += Documents.generatedNames.map(Documents.generated) }
if let only { documents = documents.filter { only.contains($0.name) } }
if arguments.contains("--list") {
  for document in documents { print(document.name, document.bytes.count) }
  exit(0)
}
if arguments.contains("--rounding") {
  Rounding.printReport(documents, rounds: rounds)
  exit(0)
}

var figures: [DocumentFigures] = []
for document in documents {
  FileHandle.standardError.write(Data("measuring \(document.name)…\n".utf8))
  let contenders = Engine.allCases.map { Contender($0, bytes: document.bytes) }
  // The libraries must see the same document before their speed means anything.
  let summaries = contenders.map { $0.walk() } + [contenders[0].walkValues()]
  let walkers = contenders.map(\.engine.title) + ["Argonaut (values)"]
  for (walker, summary) in zip(walkers, summaries) where !summary.agrees(with: summaries[0]) {
    print("warning: \(document.name): \(walker) saw \(summary), Argonaut saw \(summaries[0])")
  }
  var result = DocumentFigures(name: document.name, bytes: document.bytes.count)
  for work in works {
    if work == .write { for contender in contenders { contender.prepareWrite() } }
    let medians = interleavedMedians(
      rounds: rounds, targetSeconds: 0.05, contenders.map { contender in { contender.run(work) } })
    result.seconds[work] = Dictionary(uniqueKeysWithValues: zip(Engine.allCases, medians))
  }
  if !arguments.contains("--no-memory") {
    for engine in Engine.allCases { result.peakBytes[engine] = Memory.peakGrowth(of: document.bytes, engine: engine) }
  }
  figures.append(result)
}

let cpu =
  (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
  .split(separator: "\n").first { $0.hasPrefix("model name") }?
  .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
print("\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores; medians of \(rounds) interleaved rounds.\n")
Report.printTables(figures, works: works)
