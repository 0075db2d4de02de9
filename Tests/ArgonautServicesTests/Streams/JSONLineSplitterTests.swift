import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautServices

@Suite("JSON Lines splitting: each chunk's lines copied in bulk, each ended by a NUL, parsed as each line alone")
struct JSONLineSplitterTests {
  /// Lines of every kind the splitter must keep apart: values whose last token is a
  /// number (read ahead of by the parser's fast paths), strings with escapes and
  /// non-ASCII text, CRLF ends, blank and whitespace-only lines, trailing whitespace.
  static let lines: [String] = [
    #"{"id":1,"score":17.571428571428573,"tags":["a","b3"],"n":12345678901234567890}"#,
    "",
    "   ",
    "42",
    "-0.5e-3\r",
    #""caf\u00e9 ✓ \"quoted\"""#,
    "\t",
    "[1, 2.5, 1e300, 123456789012345678]  ",
    "  {\"a\": [true, false, null]}\t",
    "\r",
    "9007199254740993",
    #"{"name":"row 7 ✓","score":1.4285714285714286}"#,
    "0",
  ]

  /// The body of `lines`, ending with `last` (a line without LF when it does not end
  /// with one).
  static func body(_ lines: [String], last: String = "\n") -> [UInt8] {
    Array((lines.joined(separator: "\n") + last).utf8)
  }

  /// Splits `body` in `size`-byte chunks, parsing each chunk's batch as the stream
  /// does: the lines recorded, with each range's bytes, number and body offset.
  static func split(_ body: [UInt8], size: Int, limit: Int = 1 << 20) throws -> [(
    text: [UInt8], end: UInt8?, number: Int, offset: Int
  )] {
    var splitter = JSONLineSplitter(maximumLineLength: limit)
    var found: [(text: [UInt8], end: UInt8?, number: Int, offset: Int)] = []
    func take(_ batch: inout JSONLineBatch) {
      #expect(batch.numbers.count == batch.ranges.count)
      for (index, range) in batch.ranges.enumerated() {
        let number = batch.numbers[index]
        let end = range.upperBound < batch.bytes.count ? batch.bytes[range.upperBound] : nil
        found.append((Array(batch.bytes[range]), end, number, batch.offset + range.lowerBound))
      }
      batch = JSONLineBatch()
    }
    var batch = JSONLineBatch()
    for start in stride(from: 0, to: body.count, by: size) {
      try Array(body[start..<min(start + size, body.count)]).withUnsafeBytes { try splitter.split($0, into: &batch) }
      take(&batch)
    }
    try splitter.finish(into: &batch)
    take(&batch)
    return found
  }

  @Test("Every line, at every chunk size: its bytes without LF or CR, then a NUL; its number and offset in the body")
  func splitsAtEveryChunkSize() throws {
    for last in ["\n", "", "\r\n"] {
      let body = Self.body(Self.lines, last: last)
      // The expected lines, from the text itself.
      var expected: [(text: [UInt8], number: Int, offset: Int)] = []
      var offset = 0
      for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
        var text = Array(line)
        defer { offset += line.count + 1 }
        if text.last == 0x0D { text.removeLast() }
        guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
        expected.append((text, index + 1, offset))
      }
      for size in [1, 2, 3, 5, 7, 16, 64, 1 << 20] {
        let found = try Self.split(body, size: size)
        #expect(found.map(\.text) == expected.map(\.text), "chunks of \(size), ending \(Array(last.utf8))")
        #expect(found.map(\.number) == expected.map(\.number), "chunks of \(size)")
        #expect(found.map(\.offset) == expected.map(\.offset), "chunks of \(size)")
        #expect(found.allSatisfy { $0.end == 0 }, "each line is followed by a NUL (chunks of \(size))")
      }
    }
  }

  @Test("Through lines(_:), every line at every chunk size gives what JSON(parsing:) gives for it alone")
  func parsesAsEachLineAlone() async throws {
    let expected = try Self.lines.filter { $0.contains { $0 != " " && $0 != "\t" && $0 != "\r" } }.map {
      try JSON(parsing: $0)
    }
    for size in [1, 3, 7, 16, 100, 1 << 20] {
      let (values, error) = await lines(Self.body(Self.lines, last: ""), chunkSize: size)
      #expect(error == nil, "chunks of \(size)")
      #expect(values == expected, "chunks of \(size)")
    }
    // Numbers and literals that end their line, read with the bytes of the next line
    // within reach: each is exactly its own line's value.
    var generator = SplitMix64(seed: 28)
    let tokens = ["0", "7", "-1", "12.5", "1e5", "2E-3", "123456789012345678901", "true", "null", "\"x\""]
    let rows = (0..<400).map { _ in
      tokens[generator.below(tokens.count)] + (generator.below(3) == 0 ? " " : "")
    }
    let (values, error) = await lines(Self.body(rows), chunkSize: 4096)
    #expect(error == nil)
    #expect(values == (try rows.map { try JSON(parsing: $0) }))
  }

  @Test("A line that ends in a number, before a line of digits, is that number alone")
  func numberBeforeDigits() async throws {
    // Side by side without a byte between them, `12.5` and `117.5` would read as one
    // number, `12.5117`, from a copy of the lines that kept the first's text.
    let body = Array("12.5\n117.5\n1\n2\n3\n-0.0\n17.571428571428573\n".utf8)
    for size in [3, 1 << 20] {
      let (values, error) = await lines(body, chunkSize: size)
      #expect(error == nil)
      #expect(values == [12.5, 117.5, 1, 2, 3, -0.0, 17.571428571428573], "chunks of \(size)")
      #expect(values.first?.doubleValue == 12.5, "chunks of \(size)")
    }
  }

  @Test("Line numbers: counted on from the first until a blank line falls between two, then listed")
  func lineNumbers() {
    var numbers = JSONLineNumbers()
    for number in [4, 5, 6] { numbers.append(number) }
    #expect((0..<3).map { numbers[$0] } == [4, 5, 6])
    numbers.append(9)
    numbers.append(10)
    #expect((0..<5).map { numbers[$0] } == [4, 5, 6, 9, 10])
    numbers.removeLast(from: 4)
    #expect(numbers.count == 4)
    #expect((0..<4).map { numbers[$0] } == [4, 5, 6, 9])
    numbers.removeAll()
    #expect(numbers.count == 0)
    for number in [12, 14] { numbers.append(number) }
    #expect((0..<2).map { numbers[$0] } == [12, 14])
  }

  @Test("A line that does not decode, after blank lines in the same chunk, is named by its number")
  func badValueAfterBlankLines() async throws {
    let body = Array("{\"a\": 1}\n\n \n{\"a\": 2}\n\r\n{\"b\": 3}\n{\"a\": 4}\n".utf8)
    for size in [4, 1 << 20] {
      let memory = InMemoryTransport()
      let parts = stride(from: 0, to: body.count, by: size).map {
        StubResponse.StreamPart.bytes(Array(body[$0..<min($0 + size, body.count)]))
      }
      memory.on(nil, "/export", respond: .stream(parts, contentType: "application/x-ndjson"))
      let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
      let (values, error) = await ServiceConfiguration.$current.withValue(configuration) {
        await collect(StreamService().lines(Request(.get, "/export"), as: Counter.self))
      }
      #expect(values.map(\.a) == [1, 2], "chunks of \(size)")
      #expect(error?.kind == .decodingFailed)
      #expect(error?.description.hasSuffix("could not decode Counter on line 6: a: missing key") == true, "\(error!)")
    }
  }

  /// A value with one field, `a`.
  struct Counter: Decodable, Sendable {
    let a: Int
    static func decode(_ json: JSON) -> Decoded<Counter> { Counter.init <^> json <| "a" }
  }

  @Test("A NUL inside a line is not JSON: the line is named, with its column")
  func nulInALine() async throws {
    let body = Array("1\n[2,\u{0}3]\n4\n".utf8)
    let (values, error) = await lines(body, chunkSize: 1 << 20)
    #expect(values == [1])
    let failure = try #require(error)
    #expect(failure.kind == .invalidJSON)
    #expect(failure.parseError?.line == 2)
    #expect(failure.parseError?.column == 4)
    #expect(failure.parseError?.offset == 5)
  }

  @Test("A bad line after many chunks is named by its line, column and offset in the body")
  func badLineFarIn() async throws {
    let rows = (0..<60).map { #"{"id":\#($0),"name":"row \#($0) ✓"}"# }
    let bad = #"{"id":60,"name" 1}"#
    let alone = try #require(throws: JSONParseError.self) { try JSON(parsing: bad) }
    let badOffset = Self.body(rows).count
    let body = Self.body(rows) + Self.body([bad]) + Self.body(rows)
    for size in [7, 64, 1000] {
      let (values, error) = await lines(body, chunkSize: size)
      #expect(values.count == 60, "chunks of \(size)")
      let failure = try #require(error, "chunks of \(size)")
      #expect(failure.kind == .invalidJSON)
      #expect(failure.parseError?.line == 61, "chunks of \(size)")
      #expect(failure.parseError?.column == alone.column, "chunks of \(size)")
      #expect(failure.parseError?.offset == badOffset + alone.offset, "chunks of \(size)")
    }
  }

  @Test("A line longer than the maximum within one chunk fails too, after the lines before it")
  func tooLongWithinAChunk() async throws {
    let body = Array("1\n2\n[\(String(repeating: "1,", count: 100))1]\n3\n".utf8)
    let (values, error) = await lines(body, chunkSize: 1 << 20, limit: 64)
    #expect(values == [1, 2])
    #expect(error?.kind == .responseTooLarge)
    // The same lines under the limit read whole.
    let (all, noError) = await lines(body, chunkSize: 1 << 20, limit: 1000)
    #expect(noError == nil)
    #expect(all.count == 4)
  }

  @Test("A last line without LF longer than the maximum fails; one at the maximum is read")
  func lastLineAtTheLimit() async throws {
    let line = "[" + String(repeating: "1,", count: 30) + "1]"  // 63 bytes
    let (values, error) = await lines(Array("0\n\(line)".utf8), chunkSize: 5, limit: line.utf8.count)
    #expect(error == nil)
    #expect(values == [0, try JSON(parsing: line)])
    let (shorter, tooLong) = await lines(Array("0\n\(line)".utf8), chunkSize: 5, limit: line.utf8.count - 1)
    #expect(shorter == [0])
    #expect(tooLong?.kind == .responseTooLarge)
  }

  @Test("A CR that ends the body, with no LF after it, is dropped as the CR of a CRLF is")
  func crAtTheBodysEnd() async throws {
    // A body cut between the CR and the LF of its last line reads as if the LF had
    // arrived: ` \r` is blank, as ` \r\n` is, and `\r\r` is the line `\r`. A CR
    // anywhere else stays (a CR is JSON whitespace: `7\r` alone is 7).
    let cases: [(body: String, values: [JSON], bad: (line: Int, lineStart: Int, text: String)?)] = [
      ("7\r", [7], nil),
      ("1\n2\r\n3\r", [1, 2, 3], nil),
      (" \r", [], nil),
      ("1\n\r", [1], nil),
      ("1\r\n \t\r\n\t\r", [1], nil),
      ("\r\r", [], (1, 0, "\r")),
      ("1\n-\r", [1], (2, 2, "-")),
      ("1\n \r \r", [1], (2, 2, " \r ")),
    ]
    for (body, expectedValues, bad) in cases {
      for size in [1, 2, 1 << 20] {
        let (values, error) = await lines(Array(body.utf8), chunkSize: size)
        #expect(values == expectedValues, "\(body.debugDescription) in chunks of \(size)")
        guard let bad else {
          #expect(error == nil, "\(body.debugDescription) in chunks of \(size)")
          continue
        }
        let alone = try #require(throws: JSONParseError.self) { try JSON(parsing: bad.text) }
        let failure = try #require(error?.parseError, "\(body.debugDescription) in chunks of \(size)")
        #expect(failure.kind == alone.kind, "\(body.debugDescription) in chunks of \(size)")
        #expect(failure.line == bad.line, "\(body.debugDescription) in chunks of \(size)")
        #expect(failure.column == alone.column, "\(body.debugDescription) in chunks of \(size)")
        #expect(failure.offset == bad.lineStart + alone.offset, "\(body.debugDescription) in chunks of \(size)")
      }
    }
    // The splitter ends the last line at its CR, as at the CR of a CRLF.
    let found = try Self.split(Array("1\n \r".utf8), size: 1)
    #expect(found.map(\.text) == [[0x31]])
    #expect(found.map(\.number) == [1])
    let cut = try Self.split(Array("1\n2 \r".utf8), size: 1)
    #expect(cut.map(\.text) == [[0x31], [0x32, 0x20]])
    #expect(cut.allSatisfy { $0.end == 0 })
  }

  /// The values of `body` as JSON, served in `chunkSize`-byte chunks.
  func lines(_ body: [UInt8], chunkSize: Int, limit: Int? = nil) async -> ([JSON], ServiceError?) {
    let memory = InMemoryTransport()
    let parts = stride(from: 0, to: body.count, by: chunkSize).map {
      StubResponse.StreamPart.bytes(Array(body[$0..<min($0 + chunkSize, body.count)]))
    }
    memory.on(nil, "/export", respond: .stream(parts, contentType: "application/x-ndjson"))
    var configuration = ServiceConfiguration(
      environment: .local(port: 1), transport: memory, timeout: .seconds(600))
    if let limit { configuration.maximumResponseSize = limit }
    return await ServiceConfiguration.$current.withValue(configuration) {
      await collect(StreamService().lines(Request(.get, "/export")))
    }
  }
}
