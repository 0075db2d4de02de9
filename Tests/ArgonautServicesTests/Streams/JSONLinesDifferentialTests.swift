import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautServices

/// `lines(_:)` and `lines(_:as:)` against a plain reading of JSON Lines, on random
/// bodies cut into random chunks: the body split into lines by hand (LF ends a line, a
/// CR just before a line's end, an LF or the body's end, is dropped, lines of spaces
/// and tabs are skipped but counted, a last line without LF counts) and each line parsed alone by `JSON(parsing:)`, stopping at
/// the first bad line. The stream parses each chunk's lines together in one pass that
/// reads past each line's end, so every line end, chunk cut and line limit is a chance
/// for the two to differ: in a value, or in the kind, line, column or offset of an error.
@Suite("JSON Lines: random bodies in random chunks against each line parsed alone", .offThePool)
struct JSONLinesDifferentialTests {
  /// What a body gives: the values, each with its text, then the error that ends it.
  struct Outcome: Equatable, CustomStringConvertible {
    var values: [JSON] = []
    var texts: [String] = []
    var error: String?

    var description: String { "\(texts) then \(error ?? "the end")" }

    mutating func append(_ value: JSON) {
      values.append(value)
      texts.append("\(value)")
    }
  }

  /// A row that fails to decode when it has the key `bad`.
  struct Row: Decodable, Sendable {
    let json: JSON

    static func fails(_ json: JSON) -> Bool {
      if case .object(let object) = json { return object["bad"] != nil }
      return false
    }

    static func decode(_ json: JSON) -> Decoded<Row> {
      fails(json) ? .failure(.custom("bad row")) : .success(Row(json: json))
    }
  }

  /// The reading by hand of `body`, with lines longer than `limit` (a CR before the LF
  /// included) too large, and rows that `Row` rejects failing when `decodesRows`.
  static func reference(_ body: [UInt8], limit: Int, decodesRows: Bool) -> Outcome {
    var outcome = Outcome()
    var number = 1
    var lineStart = 0
    while lineStart < body.count {
      let lineEnd = body[lineStart...].firstIndex(of: 0x0A) ?? body.count
      var line = Array(body[lineStart..<lineEnd])
      guard line.count <= limit else {
        outcome.error = "responseTooLarge"
        return outcome
      }
      // A CR just before the line's end (an LF, or the body's end) is dropped.
      if line.last == 0x0D { line.removeLast() }
      if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        do {
          let value = try JSON(parsing: line)
          if decodesRows && Row.fails(value) {
            outcome.error = "decodingFailed on line \(number)"
            return outcome
          }
          outcome.append(value)
        } catch {
          outcome.error = Self.describe(error.located(atLine: number, offset: lineStart))
          return outcome
        }
      }
      number += 1
      lineStart = lineEnd + 1
    }
    return outcome
  }

  static func describe(_ error: JSONParseError) -> String {
    "\(error.kind) at line \(error.line), column \(error.column), offset \(error.offset): \(error)"
  }

  /// What the stream gives for `body` in `chunks`.
  static func streamed(_ chunks: [[UInt8]], limit: Int, decodesRows: Bool) async -> Outcome {
    let memory = InMemoryTransport()
    memory.on(nil, "/export", respond: .stream(chunks.map { .bytes($0) }, contentType: "application/x-ndjson"))
    var configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory, timeout: .seconds(600))
    configuration.maximumResponseSize = limit
    return await ServiceConfiguration.$current.withValue(configuration) {
      var outcome = Outcome()
      let error: ServiceError?
      if decodesRows {
        let (rows, failure) = await collect(StreamService().lines(Request(.get, "/export"), as: Row.self))
        for row in rows { outcome.append(row.json) }
        error = failure
      } else {
        let (values, failure) = await collect(StreamService().lines(Request(.get, "/export")))
        for value in values { outcome.append(value) }
        error = failure
      }
      if let error {
        if let parseError = error.parseError {
          outcome.error = describe(parseError)
        } else if error.kind == .decodingFailed, let range = error.description.range(of: "on line ") {
          outcome.error = "decodingFailed on line \(error.description[range.upperBound...].prefix { $0.isNumber })"
        } else {
          outcome.error = "\(error.kind)"
        }
      }
      return outcome
    }
  }

  /// Lines whose last token the parser reads ahead of (numbers of every shape, literals,
  /// strings), lines that start with what would continue them, lines dense with
  /// non-ASCII text, and bad ones: invalid UTF-8, a NUL, a BOM, a cut token, nesting at
  /// the limit and one past it, duplicate keys.
  static let lines: [[UInt8]] =
    [
      "0", "7", "-1", "12.5", "1e5", "2E-3", "-0.0", "123456789012345", "1234567890123456789",
      "123456789012345678901", "18446744073709551616", "1.7976931348623157e308", "1e400", "17.571428571428573",
      "true", "null", "\"x\"", "\"caf\\u00e9\"", "\"\\ud83d\\ude00\"", "[1,2.5,-3e2]", "{\"a\":1,\"a\":[2]}",
      "{\"k\\u0041\":1,\"kA\":2,\"b\":{}}", "{\"bad\":1}", "  9\t", "\u{FEFF}5", "[\"日本語のテキスト\",\"値\"]",
      "{\"名前\":\"太郎\",\"名前\":\"花子\"}", "e5", ".5", "-", "01", "1.", "tru", "\"a", "[1,]", "{\"a\" 1}",
      "\"\\ud83d\"", "\r", " \r ", "\u{0C}", "", " ", "\t \t",
      String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
      String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513),
    ].map { Array($0.utf8) } + [
      [0x22, 0xE6, 0x97, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x31, 0x00], [0x00, 0x31],
      Array("[\"日本".utf8) + [0xE6, 0x97] + Array("\"]".utf8),
    ]

  static let lineEnds: [[UInt8]] = [[0x0A], [0x0A], [0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0A], [0x20, 0x0A]]

  @Test("Random bodies, cut at random, give each line's value alone, or its first error at the same place")
  func randomBodies() async {
    var generator = SplitMix64(seed: 0x28_ADF)
    for round in 0..<3000 {
      var body: [UInt8] = []
      for _ in 0..<generator.below(14) {
        // Mostly valid lines, so that a bad one often comes after many good ones.
        let line = Self.lines[generator.below(generator.below(4) == 0 ? Self.lines.count : 26)]
        body += line + Self.lineEnds[generator.below(Self.lineEnds.count)]
      }
      if !body.isEmpty && generator.below(3) == 0 { body.removeLast(1 + generator.below(min(2, body.count))) }
      var chunks: [[UInt8]] = []
      let size = [1, 2, 7, 64, 1 << 20][generator.below(5)]
      var start = 0
      while start < body.count {
        let end = min(body.count, start + 1 + generator.below(size))
        chunks.append(Array(body[start..<end]))
        if generator.below(16) == 0 { chunks.append([]) }
        start = end
      }
      let limit = generator.below(3) == 0 ? 1 + generator.below(40) : 1 << 20
      let decodesRows = generator.below(3) == 0
      let expected = Self.reference(body, limit: limit, decodesRows: decodesRows)
      let found = await Self.streamed(chunks, limit: limit, decodesRows: decodesRows)
      #expect(
        found == expected,
        "round \(round): \(String(decoding: body, as: UTF8.self).debugDescription) in chunks of \(chunks.map(\.count)), limit \(limit)"
      )
    }
  }
}
