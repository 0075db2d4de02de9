import ArgonautFoundation
import CorpusModels
import Foundation

/// `Codable` on the corpus models: `ArgonautJSONDecoder` against `JSONDecoder`
/// (parsing included), and `ArgonautJSONEncoder` against `JSONEncoder`, A/B
/// interleaved in this process. Throughput counts the bytes of the original document.
struct CodableResult: Codable {
  var document: String
  var model: String
  var decode: Comparison
  var encode: Comparison
}

enum CodableBenchmark {
  static func measure(_ documents: [Document], rounds: Int) -> [CodableResult] {
    documents.compactMap { document in
      switch document.name {
      case "twitter.json": return measureModel(Twitter.self, document, rounds: rounds)
      case "citm_catalog.json": return measureModel(CitmCatalog.self, document, rounds: rounds)
      case "canada.json": return measureModel(FeatureCollection.self, document, rounds: rounds)
      default: return nil
      }
    }
  }

  static func measureModel<Model: Codable & Equatable>(
    _ type: Model.Type, _ document: Document, rounds: Int
  ) -> CodableResult {
    FileHandle.standardError.write(Data("measuring Codable \(document.name)…\n".utf8))
    let data = document.data
    let model = try! JSONDecoder().decode(Model.self, from: data)
    guard try! ArgonautJSONDecoder().decode(Model.self, from: data) == model,
      try! ArgonautJSONDecoder().decode(Model.self, from: ArgonautJSONEncoder().encode(model)) == model
    else {
      fatalError("\(document.name): ArgonautJSONDecoder/Encoder and Foundation disagree")
    }
    let decode = compare(
      rounds: rounds, { consume(try! ArgonautJSONDecoder().decode(Model.self, from: data)) },
      { consume(try! JSONDecoder().decode(Model.self, from: data)) })
    let encode = compare(
      rounds: rounds, { consume(try! ArgonautJSONEncoder().encode(model)) },
      { consume(try! JSONEncoder().encode(model)) })
    let bytes = document.bytes.count
    return CodableResult(
      document: document.name, model: "\(Model.self)", decode: Comparison(bytes: bytes, decode),
      encode: Comparison(bytes: bytes, encode))
  }

  /// A tight loop of `ArgonautJSONDecoder` (`decode`) or `ArgonautJSONEncoder`
  /// (`encode`) on one corpus model, for a profiler:
  ///   perf record .build/release/ArgonautBenchmarks --codable-profile canada.json encode 50
  static func profile(document name: String, direction: String, iterations: Int) -> Never {
    guard let document = Documents.corpus().first(where: { $0.name == name }) else {
      fatalError("\(name) is not in ../shared/corpora/bench")
    }
    func loop<Model: Codable>(_ type: Model.Type) {
      let data = document.data
      if direction == "encode" {
        let model = try! JSONDecoder().decode(Model.self, from: data)
        for _ in 0..<iterations { consume(try! ArgonautJSONEncoder().encode(model)) }
      } else {
        for _ in 0..<iterations { consume(try! ArgonautJSONDecoder().decode(Model.self, from: data)) }
      }
    }
    switch name {
    case "twitter.json": loop(Twitter.self)
    case "citm_catalog.json": loop(CitmCatalog.self)
    default: loop(FeatureCollection.self)
    }
    exit(0)
  }

  static func printTable(_ results: [CodableResult]) {
    guard !results.isEmpty else { return }
    print(
      "\nCodable: ArgonautJSONDecoder against JSONDecoder, ArgonautJSONEncoder against JSONEncoder (MB/s of the document)"
    )
    for r in results {
      let name = r.document.padding(toLength: 30, withPad: " ", startingAt: 0)
      let figures = String(
        format: "decode %6.0f vs %6.0f MB/s %6.2f×   encode %6.0f vs %6.0f MB/s %6.2f×",
        r.decode.argonaut.median, r.decode.foundation.median, r.decode.ratio,
        r.encode.argonaut.median, r.encode.foundation.median, r.encode.ratio)
      print("  \(name) \(figures)")
    }
  }
}
