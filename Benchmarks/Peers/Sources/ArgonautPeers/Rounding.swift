import Argonaut
import Foundation
import PeerShims

/// How exactly each library reads numbers: every number of a document as a `Double`,
/// from Argonaut and from RapidJSON with its default flags (which the walk uses), each
/// compared with RapidJSON's `kParseFullPrecisionFlag`, which rounds correctly.
enum Rounding {
  struct Counts {
    var numbers = 0
    /// Numbers that RapidJSON's default reading gives other than correctly rounded.
    var rapidJSONDefault = 0
    /// Numbers that Argonaut gives other than correctly rounded.
    var argonaut = 0
  }

  static func counts(of bytes: [UInt8]) -> Counts? {
    var argonaut: [Double] = []
    guard let json = try? JSON(parsing: bytes) else { return nil }
    collect(json, into: &argonaut)
    guard let fast = rapidJSONDoubles(bytes, fullPrecision: false, count: argonaut.count),
      let exact = rapidJSONDoubles(bytes, fullPrecision: true, count: argonaut.count),
      fast.count == argonaut.count && exact.count == argonaut.count
    else { return nil }
    var counts = Counts(numbers: argonaut.count)
    for index in argonaut.indices {
      if fast[index].bitPattern != exact[index].bitPattern { counts.rapidJSONDefault += 1 }
      if argonaut[index].bitPattern != exact[index].bitPattern { counts.argonaut += 1 }
    }
    return counts
  }

  static func collect(_ json: JSON, into doubles: inout [Double]) {
    switch json {
    case .object(let object): for (_, value) in object { collect(value, into: &doubles) }
    case .array(let array): for element in array { collect(element, into: &doubles) }
    case .number(let number): doubles.append(number.doubleValue)
    case .string, .bool, .null: break
    }
  }

  static func rapidJSONDoubles(_ bytes: [UInt8], fullPrecision: Bool, count: Int) -> [Double]? {
    var doubles = [Double](repeating: 0, count: count)
    let found = bytes.withUnsafeBufferPointer { text in
      doubles.withUnsafeMutableBufferPointer { out in
        peer_rapidjson_doubles(text.baseAddress, text.count, fullPrecision ? 1 : 0, out.baseAddress, out.count)
      }
    }
    return found == count ? doubles : nil
  }

  /// Prints, for each document with numbers, how many each library misrounds, and
  /// Argonaut's walk against RapidJSON's when both read numbers exactly.
  static func printReport(_ documents: [Document], rounds: Int) {
    print("Numbers read other than correctly rounded (against RapidJSON's kParseFullPrecisionFlag),")
    print("and the walk against RapidJSON's with that flag (medians of \(rounds) interleaved rounds):\n")
    print("| Document | Numbers | RapidJSON, default flags | Argonaut | Walk / RapidJSON (full precision) |")
    print("|---|---:|---:|---:|---:|")
    for document in documents {
      guard let counts = counts(of: document.bytes) else {
        print("| \(document.name) | (the libraries disagree on the numbers) | | |")
        continue
      }
      guard counts.numbers > 0 else { continue }
      let share = Double(counts.rapidJSONDefault) / Double(counts.numbers) * 100
      let argonaut = Contender(.argonaut, bytes: document.bytes)
      let rapidJSON = Contender(.rapidjson, bytes: document.bytes)
      let medians = interleavedMedians(
        rounds: rounds, targetSeconds: 0.05,
        [{ blackHole(argonaut.walk()) }, { blackHole(rapidJSON.walkWithFullPrecision()) }])
      print(
        "| \(document.name) | \(counts.numbers) | \(counts.rapidJSONDefault) (\(String(format: "%.1f", share))%) "
          + "| \(counts.argonaut) | \(String(format: "%.2f", medians[1] / medians[0]))× |"
      )
    }
  }
}
