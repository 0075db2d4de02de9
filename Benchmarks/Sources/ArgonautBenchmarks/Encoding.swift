import Argonaut
import CorpusModels
import Foundation

/// Encoding models into bytes: `encode()` then `JSONSerializer.compact`, against
/// `JSONEncoder().encode(_:)`, on the corpus models. Throughput counts the bytes of
/// the original document.
struct EncodingResult: Codable {
  var document: String
  var model: String
  var comparison: Comparison
}

enum EncodingBenchmark {
  static func measure(_ documents: [Document], rounds: Int) -> [EncodingResult] {
    documents.compactMap { document in
      switch document.name {
      case "twitter.json": return measureModel(Twitter.self, document, rounds: rounds)
      case "citm_catalog.json": return measureModel(CitmCatalog.self, document, rounds: rounds)
      case "canada.json": return measureModel(FeatureCollection.self, document, rounds: rounds)
      default: return nil
      }
    }
  }

  static func measureModel<Model: Argonaut.Decodable & JSONEncodable & Swift.Encodable>(
    _ type: Model.Type, _ document: Document, rounds: Int
  ) -> EncodingResult where Model.DecodedType == Model {
    FileHandle.standardError.write(Data("measuring encoding \(document.name)…\n".utf8))
    let model = try! Model.decode(JSON(parsing: document.bytes)).get()
    // Both must write the same model before anything is timed (JSONEncoder leaves out
    // the keys of nil values, which encode() writes as null): each output decodes to a
    // model that encode() writes as the same bytes.
    let ours = JSONSerializer.compact.bytes(from: model.encode())
    func rewritten(_ bytes: [UInt8]) -> [UInt8] {
      JSONSerializer.compact.bytes(from: try! Model.decode(JSON(parsing: bytes)).get().encode())
    }
    precondition(rewritten(ours) == ours, "encode() does not round-trip \(document.name)")
    precondition(
      rewritten(Array(try! JSONEncoder().encode(model))) == ours,
      "encode() and JSONEncoder disagree on \(document.name)")
    let samples = compare(
      rounds: rounds, { consume(JSONSerializer.compact.bytes(from: model.encode())) },
      { consume(try! JSONEncoder().encode(model)) })
    return EncodingResult(
      document: document.name, model: "\(Model.self)", comparison: Comparison(bytes: document.bytes.count, samples))
  }

  /// Runs `encode()` + `JSONSerializer.compact` on `document`'s model in a loop, for a profiler.
  static func profile(document name: String, iterations: Int) -> Never {
    guard let document = Documents.corpus().first(where: { $0.name == name }) else {
      print("no corpus document named \(name)")
      exit(1)
    }
    func loop<Model: Argonaut.Decodable & JSONEncodable>(_ type: Model.Type) where Model.DecodedType == Model {
      let model = try! Model.decode(JSON(parsing: document.bytes)).get()
      for _ in 0..<iterations { consume(JSONSerializer.compact.bytes(from: model.encode())) }
    }
    switch name {
    case "twitter.json": loop(Twitter.self)
    case "citm_catalog.json": loop(CitmCatalog.self)
    default: loop(FeatureCollection.self)
    }
    exit(0)
  }

  static func printTable(_ results: [EncodingResult]) {
    guard !results.isEmpty else { return }
    print("\nEncoding models to bytes: encode() + JSONSerializer.compact against JSONEncoder (MB/s of the document)")
    for r in results {
      let name = r.document.padding(toLength: 18, withPad: " ", startingAt: 0)
      let figures = String(
        format: "%8.0f MB/s  JSONEncoder %6.0f MB/s  %6.2f×", r.comparison.argonaut.median,
        r.comparison.foundation.median, r.comparison.ratio)
      print("  \(name) \(figures)")
    }
  }
}
