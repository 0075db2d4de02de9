/// The figures for one document.
struct DocumentFigures {
  let name: String
  let bytes: Int
  /// Median seconds per operation, by work, then by engine.
  var seconds: [Work: [Engine: Double]] = [:]
  /// Peak memory growth while parsing, by engine.
  var peakBytes: [Engine: Int] = [:]

  /// Argonaut's speed relative to `peer`: the peer's time over Argonaut's (above 1: Argonaut is faster).
  func ratio(_ work: Work, against peer: Engine) -> Double? {
    guard let ours = seconds[work]?[.argonaut], let theirs = seconds[work]?[peer], ours > 0 else { return nil }
    return theirs / ours
  }

  func megabytesPerSecond(_ work: Work, _ engine: Engine) -> Double? {
    seconds[work]?[engine].map { Double(bytes) / $0 / 1e6 }
  }
}

/// Prints the figures as Markdown tables, as the README shows them.
enum Report {
  static let peers: [Engine] = [.rapidjson, .simdjson]

  static func printTables(_ figures: [DocumentFigures], works: [Work]) {
    print(
      "Argonaut's speed relative to each peer (the peer's CPU time over Argonaut's; above 1× Argonaut is faster):\n")
    var header = "| Document | Size |"
    var rule = "|---|---:|"
    for work in works {
      for peer in peers {
        header += " \(work.title) / \(peer == .rapidjson ? "RapidJSON" : "simdjson") |"
        rule += "---:|"
      }
    }
    print(header)
    print(rule)
    for document in figures {
      var row = "| \(document.name) | \(size(document.bytes)) |"
      for work in works {
        for peer in peers { row += " \(format(document.ratio(work, against: peer), suffix: "×")) |" }
      }
      print(row)
    }
    if figures.count > 1 {
      var row = "| **range** | |"
      for work in works {
        for peer in peers {
          let ratios = figures.compactMap { $0.ratio(work, against: peer) }
          row += ratios.isEmpty ? " |" : " \(format(ratios.min(), suffix: ""))–\(format(ratios.max(), suffix: "×")) |"
        }
      }
      print(row)
    }

    print("\nThroughput, MB/s (Argonaut / simdjson / RapidJSON):\n")
    header = "| Document |"
    rule = "|---|"
    for work in works {
      header += " \(work.title) |"
      rule += "---:|"
    }
    print(header)
    print(rule)
    for document in figures {
      var row = "| \(document.name) |"
      for work in works {
        let speeds = Engine.allCases.map { format(document.megabytesPerSecond(work, $0), suffix: "", digits: 0) }
        row += " \(speeds.joined(separator: " / ")) |"
      }
      print(row)
    }

    guard figures.contains(where: { !$0.peakBytes.isEmpty }) else { return }
    print("\nPeak memory growth while parsing, × the file size:\n")
    print("| Document | Argonaut | simdjson | RapidJSON |")
    print("|---|---:|---:|---:|")
    for document in figures {
      let cells = Engine.allCases.map { engine in
        format(document.peakBytes[engine].map { Double($0) / Double(document.bytes) }, suffix: "×")
      }
      print("| \(document.name) | \(cells.joined(separator: " | ")) |")
    }
  }

  static func size(_ bytes: Int) -> String {
    bytes >= 1_000_000 ? "\(format(Double(bytes) / 1e6, suffix: "")) MB" : "\(bytes / 1000) kB"
  }

  static func format(_ value: Double?, suffix: String, digits: Int = 2) -> String {
    guard let value, value.isFinite else { return "–" }
    let scaled = (value * pow10(digits)).rounded() / pow10(digits)
    // A positive value too small to show is "<0.01", not a row of zeros or digits.
    if scaled == 0 && value > 0 { return "<" + format(1 / pow10(digits), suffix: suffix, digits: digits) }
    var text = digits == 0 ? String(Int(scaled)) : String(scaled)
    if digits > 0, let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text + suffix
  }

  private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { value, _ in value * 10 } }
}
