import ArgonautTestSupport
import Testing

@testable import Argonaut

@Suite("Documents parsed together: a first pass that reads ahead, accepting and failing as each alone")
struct DocumentsTogetherTests {
  /// The values of the one pass over all the documents (`JSONScanner.tape(for:documents:maximumDepth:)`),
  /// or `nil` when it throws.
  static func firstPass(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> [JSON]? {
    bytes.withUnsafeBufferPointer { buffer -> [JSON]? in
      guard
        let parsed = try? JSONScanner.tape(
          for: buffer, documents: ranges, maximumDepth: JSONParsingOptions.default.maximumDepth)
      else { return nil }
      let document = JSONDocument(
        bytes: bytes, tape: parsed.tape, significands: parsed.significands, unescaped: parsed.unescaped)
      return parsed.roots.map { JSON(document, at: $0) }
    }
  }

  /// Each range of `bytes` parsed alone: the values, or the first error with its
  /// offset in `bytes` as a whole.
  static func alone(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> Result<[JSON], JSONParseError> {
    var values: [JSON] = []
    for range in ranges {
      do {
        values.append(try JSON(parsing: Array(bytes[range])))
      } catch {
        return .failure(error)
      }
    }
    return .success(values)
  }

  /// `documents` side by side, each followed by `separator`.
  static func joined(_ documents: [String], separator: [UInt8]) -> ([UInt8], [Range<Int>]) {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for document in documents {
      let start = bytes.count
      bytes += Array(document.utf8)
      ranges.append(start..<bytes.count)
      bytes += separator
    }
    return (bytes, ranges)
  }

  /// Checks `values(parsing:documents:)` against each document alone: the same
  /// values, or the same first error at the same place; and the first pass never
  /// gives a value that differs from the document's alone.
  static func check(_ bytes: [UInt8], _ ranges: [Range<Int>], _ comment: Comment) {
    let together = Result { () throws(JSONParseError) in try JSON.values(parsing: bytes, documents: ranges) }
    switch (together, alone(bytes, ranges)) {
    case (.success(let values), .success(let expected)):
      #expect(values == expected, comment)
    case (.failure(let error), .failure(let expected)):
      #expect(error.kind == expected.kind, comment)
      let first = ranges.first { range in (try? JSON(parsing: Array(bytes[range]))) == nil }
      #expect(error.offset == (first?.lowerBound ?? 0) + expected.offset, comment)
      #expect(error.expected == expected.expected, comment)
    case (.success, .failure(let expected)):
      Issue.record("accepted together, but alone: \(expected); \(comment)")
    case (.failure(let error), .success):
      Issue.record("failed together (\(error)), but each alone is valid; \(comment)")
    }
    if let values = firstPass(bytes, ranges) {
      #expect((try? alone(bytes, ranges).get()) == values, "the first pass accepted: \(comment)")
    }
  }

  /// Documents whose last token is a number of each shape the scanner's fast paths
  /// read (and a string, a literal, nested containers): far from the end of the input
  /// they are read ahead of, into the next document.
  static let documents: [String] = [
    "0", "7", "-1", "12", "123456789012345", "1234567890123456789", "12345678901234567890123",
    "12.5", "-0.0", "0.000123456789012345678", "1.7976931348623157e308", "5e-324", "2E+10", "1e0020",
    "17.571428571428573", "[1,2,3]", "{\"a\":1.5}", "[\"é ✓\",[true,false,null]]", "\"caf\\u00e9\"",
    "true", "null", "{\"id\":1,\"score\":1.4285714285714286,\"tags\":[\"a\",\"b3\"]}",
  ]

  @Test("Documents each followed by a NUL are all read in the first pass, each as alone")
  func nulSeparated() throws {
    for count in [1, 2, 5, Self.documents.count] {
      let (bytes, ranges) = Self.joined(Array(Self.documents.suffix(count)), separator: [0])
      let values = try #require(Self.firstPass(bytes, ranges), "\(count) documents")
      #expect(values == (try Self.documents.suffix(count).map { try JSON(parsing: $0) }))
      Self.check(bytes, ranges, "\(count) documents")
    }
    // Documents dense with non-ASCII: the UTF-8 is checked once, for all of them.
    let dense = (0..<20).map { "[\"日本語のキー\($0)\",\"値\",\($0)]" }
    let (bytes, ranges) = Self.joined(dense, separator: [0])
    #expect(bytes.withUnsafeBufferPointer { UTF8Validation.isDenseNonASCII($0.baseAddress!, count: $0.count) })
    #expect(Self.firstPass(bytes, ranges) == (try dense.map { try JSON(parsing: $0) }))
  }

  @Test("A document that the bytes after its range would go on is never read past its range")
  func bytesAfterTheRange() {
    let cases: [(document: String, after: String)] = [
      ("12", "34"), ("1", ".5"), ("1", "e3"), ("1.5", "e-3"), ("0", "1"), ("-", "1"), ("[1,", "2]"),
      ("[1", "]"), ("{\"a\":1", "}"), ("\"ab", "c\""), ("\"a\\", "n\""), ("tr", "ue"), ("nul", "l"),
      ("1", " "), ("1", "\n2"), ("[1]", "\r\n"), ("1", ""), ("", "1"), ("  ", "1"), ("\"日本", "語\""),
    ]
    for (document, after) in cases {
      let bytes = Array((document + after).utf8) + [0]
      let ranges = [0..<document.utf8.count]
      Self.check(bytes, ranges, "\(document) before \(after)")
      // With a document after it, and one before it.
      let (before, beforeRanges) = Self.joined(["[0]"], separator: [0])
      Self.check(before + bytes, beforeRanges + [before.count..<(before.count + ranges[0].count)], "\(document)")
    }
    // A range that ends within a UTF-8 sequence that the next byte finishes.
    let text = Array("[\"値".utf8)
    Self.check(text + [0xE6, 0x97, 0xA5] + Array("\"]".utf8), [0..<(text.count + 2)], "a cut sequence")
  }

  @Test("Random documents with random bytes after them parse together as each alone")
  func random() {
    var generator = SplitMix64(seed: 0x28)
    let pieces = [
      "0", "1", "-", "12.5", "e5", ".", "123456789012345678901", "\"a\"", "\"é\"", "\"\\u00e9\"", "\"", "\\",
      "true", "fals", "null", "[", "]", "{", "}", ":", ",", " ", "\t", "\r", "\n", "{\"k\":", "[1,2]", "✓",
    ]
    let separators: [[UInt8]] = [[0], [0], [0x0A], [0x20], [0x31], [0x2E], [0x65], [0x22], [0x5D], [0xE6], []]
    for round in 0..<2000 {
      var documents: [String] = []
      for _ in 0..<(1 + generator.below(4)) {
        if generator.below(2) == 0 {
          documents.append(Self.documents[generator.below(Self.documents.count)])
        } else {
          documents.append((0..<(1 + generator.below(6))).map { _ in pieces[generator.below(pieces.count)] }.joined())
        }
      }
      let separator = separators[generator.below(separators.count)]
      let (bytes, ranges) = Self.joined(documents, separator: separator)
      Self.check(bytes, ranges, "round \(round): \(documents)")
      // After a NUL, valid documents never need the second pass.
      if separator == [0], case .success = Self.alone(bytes, ranges) {
        #expect(Self.firstPass(bytes, ranges) != nil, "round \(round): \(documents)")
      }
    }
  }
}
