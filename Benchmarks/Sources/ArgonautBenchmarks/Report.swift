import Foundation

/// Throughput in MB/s (10^6 bytes per second): median, slowest and fastest round.
struct Throughput: Codable {
  var median: Double
  var min: Double
  var max: Double

  init(bytes: Int, _ samples: Samples) {
    median = Double(bytes) / samples.median / 1e6
    min = Double(bytes) / samples.max / 1e6
    max = Double(bytes) / samples.min / 1e6
  }
}

/// Argonaut against Foundation on one task.
struct Comparison: Codable {
  var argonaut: Throughput
  var foundation: Throughput
  /// Argonaut's median throughput over Foundation's: above 1 is faster.
  var ratio: Double

  init(bytes: Int, _ samples: (Samples, Samples)) {
    argonaut = Throughput(bytes: bytes, samples.0)
    foundation = Throughput(bytes: bytes, samples.1)
    ratio = argonaut.median / foundation.median
  }
}

struct DocumentResult: Codable {
  var document: String
  var bytes: Int
  var model: String?
  /// `JSON(parsing:)` against `JSONSerialization.jsonObject(with:)`.
  var parse: Comparison
  /// Parse and decode into models against `JSONDecoder`, where models exist.
  var decode: Comparison?
  /// `JSONSerializer.compact.bytes(from:)` against `JSONSerialization.data(withJSONObject:)`.
  var serialize: Comparison
  /// Growth of the peak resident set while parsing, in bytes.
  var argonautPeakBytes: Int?
  var foundationPeakBytes: Int?
}

struct Report: Codable {
  var machine: String
  var date: String
  var rounds: Int
  var results: [DocumentResult]
  var compileTime: CompileTime?
  /// Encoding corpus models to bytes against `JSONEncoder`.
  var encoding: [EncodingResult] = []
  /// ArgonautJSONDecoder/Encoder against JSONDecoder/Encoder on the corpus models.
  var codable: [CodableResult] = []

  func printTable() {
    func cell(_ text: String, _ width: Int) -> String {
      text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
    func mbps(_ t: Throughput) -> String { String(format: "%.0f", t.median) }
    func spread(_ t: Throughput) -> String { String(format: "%.0f–%.0f", t.min, t.max) }
    func ratio(_ r: Double) -> String { String(format: "%.2f×", r) }
    print("Machine: \(machine); \(rounds) rounds per measurement, process CPU time, A/B interleaved.")
    print("MB/s are medians (min–max over rounds). × is Argonaut's throughput over Foundation's.\n")
    let header = [
      cell("document", 18), cell("size", 9), cell("parse", 7), cell("(min–max)", 11), cell("JSONSer.", 9), cell("×", 7),
      cell("decode", 7), cell("JSONDec.", 9), cell("×", 7), cell("write ×", 8), cell("peak/size", 10),
    ].joined(separator: " ")
    print(header)
    print(String(repeating: "-", count: header.count))
    for r in results {
      let peak = r.argonautPeakBytes.map { String(format: "%.2f×", Double($0) / Double(r.bytes)) } ?? "n/a"
      print(
        [
          cell(r.document, 18), cell(String(format: "%.2f MB", Double(r.bytes) / 1e6), 9),
          cell(mbps(r.parse.argonaut), 7), cell(spread(r.parse.argonaut), 11), cell(mbps(r.parse.foundation), 9),
          cell(ratio(r.parse.ratio), 7),
          cell(r.decode.map { mbps($0.argonaut) } ?? "-", 7), cell(r.decode.map { mbps($0.foundation) } ?? "-", 9),
          cell(r.decode.map { ratio($0.ratio) } ?? "-", 7),
          cell(ratio(r.serialize.ratio), 8), cell(peak, 10),
        ].joined(separator: " "))
    }
    if let compileTime {
      print("")
      if let seconds = compileTime.coreCleanDebugBuildSeconds {
        print(String(format: "Clean debug build of the core module (curry 1…20 included): %.1f s", seconds))
      }
      if let ms = compileTime.twentyFieldDecoderTypeCheckMilliseconds {
        print(String(format: "Type-checking a 20-field curry(T.init) <^> … <*> … decoder: %.0f ms", ms))
      }
      compileTime.printWideDecoders()
      let warnings = compileTime.twentyFieldDecoderWarnings + compileTime.buildWarnings
      print("Warnings with -warn-long-expression-type-checking=200: \(warnings.count)")
      for warning in warnings { print("  \(warning)") }
    }
  }
}
