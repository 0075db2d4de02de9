import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The parser unescapes a string that has escapes as it validates it, into a record
/// beside the tape (see `Tape`). Every reader gives the same value from the record as
/// from the text, and the writers still copy the text as it was written.
@Suite("Unescaped string records", .offThePool)
struct UnescapedRecordTests {
  /// A random string and a random spelling of it: plain runs of up to 40 bytes (so that
  /// runs end anywhere in a 16-byte block), one-character escapes, `\u` escapes in
  /// either case, surrogate pairs, and UTF-8 of two to four bytes.
  static func randomString(_ random: inout SplitMix64) -> (value: String, spelling: String) {
    var value = ""
    var spelling = ""
    func hex(_ unit: UInt32) -> String {
      let digits = String(unit, radix: 16)
      let padded = String(repeating: "0", count: 4 - digits.count) + digits
      return Bool.random(using: &random) ? padded.uppercased() : padded
    }
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      switch Int.random(in: 0...5, using: &random) {
      case 0:
        let run = String(
          (0..<Int.random(in: 0...40, using: &random)).map { _ in "abcdefgh xyz".randomElement(using: &random)! })
        value += run
        spelling += run
      case 1:
        let (escape, character) = [
          (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\n"#, "\n"),
          (#"\r"#, "\r"), (#"\t"#, "\t"),
        ].randomElement(using: &random)!
        value += character
        spelling += escape
      case 2:
        // A scalar of the Basic Multilingual Plane outside the surrogates: 1 to 3 bytes.
        var unit = UInt32.random(in: 0...0xFFFF, using: &random)
        if (0xD800...0xDFFF).contains(unit) { unit = 0xE9 }
        value.unicodeScalars.append(Unicode.Scalar(unit)!)
        spelling += "\\u" + hex(unit)
      case 3:
        let scalar = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &random)
        value.unicodeScalars.append(Unicode.Scalar(scalar)!)
        let offset = scalar - 0x1_0000
        spelling += "\\u" + hex(0xD800 + offset >> 10) + "\\u" + hex(0xDC00 + offset & 0x3FF)
      case 4:
        let text = ["é", "日本", "🚀", "ß", "ключ", "日本語のキー"].randomElement(using: &random)!
        value += text
        spelling += text
      default:
        value += "x"
        spelling += "x"
      }
    }
    return (value, spelling)
  }

  /// The same document without its records: every reader takes the text, as it does
  /// for a document with 256 MiB of escaped strings before a string.
  static func withoutRecords(_ document: JSONDocument) -> JSON {
    let tape: UnsafeMutablePointer<UInt64> = SystemMemory.reallocate(nil, count: document.tape.count)
    tape.update(from: document.tape.baseAddress!, count: document.tape.count)
    let words = document.significands.count
    let significands: UnsafeMutablePointer<UInt32> = SystemMemory.reallocate(nil, count: words)
    if words > 0 { significands.update(from: document.significands.baseAddress!, count: words) }
    let copy = JSONDocument(
      bytes: document.bytes, tape: UnsafeMutableBufferPointer(start: tape, count: document.tape.count),
      significands: UnsafeMutableBufferPointer(start: significands, count: words),
      unescaped: UnsafeMutableBufferPointer(start: nil, count: 0))
    return JSON(copy, at: 0)
  }

  static func document(of json: JSON) -> JSONDocument? {
    switch json {
    case .array(let array): array.document
    case .object(let object): object.document
    default: nil
    }
  }

  /// The strings that a walk visits, keys included, in document order.
  struct StringCollector: JSONVisitor {
    var strings: [String] = []
    mutating func visitString(_ value: String) { strings.append(value) }
    mutating func visitKey(_ key: String) { strings.append(key) }
  }

  @Test("Values read from records, and from the text without them, are the values spelled", arguments: 0..<4)
  func valuesAndKeys(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &+ 71)
    let pairs = (0..<300).map { _ in Self.randomString(&random) }
    // Keys are made distinct by a plain suffix; padding varies where the text ends.
    let array = "[" + pairs.map { "\"\($0.spelling)\"" }.joined(separator: ",") + "]"
    let object =
      "{" + pairs.enumerated().map { "\"\($1.spelling)#\($0)\":\($0)" }.joined(separator: ",\n ") + "}"
    for text in [array, object] {
      let json = try JSON(parsing: text)
      let document = try #require(Self.document(of: json))
      #expect(document.unescaped.count > 0, "the records are kept")
      for parsed in [json, Self.withoutRecords(document)] {
        if case .array = parsed {
          #expect(parsed.arrayValue?.count == pairs.count)
          for (i, pair) in pairs.enumerated() {
            #expect(parsed[i] == .string(pair.value), "element \(i): \(pair.spelling)")
          }
        } else {
          for (i, pair) in pairs.enumerated() {
            #expect(parsed["\(pair.value)#\(i)"] == JSON(integerLiteral: i), "key \(i): \(pair.spelling)")
          }
          #expect(parsed.objectValue?.count == pairs.count)
        }
        var collector = StringCollector()
        parsed.walk(&collector)
        let expected = text == array ? pairs.map(\.value) : pairs.enumerated().map { "\($1.value)#\($0)" }
        #expect(collector.strings == expected)
      }
    }
    // Each string alone, where its text ends the input: the runs near the end take bytes.
    for pair in pairs.prefix(60) {
      let json = try JSON(parsing: "\"\(pair.spelling)\"")
      #expect(json == .string(pair.value), "\(pair.spelling)")
    }
  }

  @Test("Writers copy each text as it was written, and a record's text length is the measured one")
  func writersKeepTheSpelling() throws {
    var random = SplitMix64(seed: 5)
    let pairs = (0..<200).map { _ in Self.randomString(&random) }
    let spellings = pairs.map { "\"\($0.spelling)\"" }
    let text = "[" + spellings.joined(separator: ", ") + "]"
    let json = try JSON(parsing: text)
    #expect(JSONSerializer.compact.string(from: json) == "[" + spellings.joined(separator: ",") + "]")
    let objectText = "{" + spellings.enumerated().map { "\($1.dropLast())#\($0)\": \($0)" }.joined(separator: ",") + "}"
    let object = try JSON(parsing: objectText)
    let sorted = JSONSerializer(sortsKeys: true).string(from: object)
    #expect(try JSON(parsing: sorted) == object)
    for (i, spelling) in spellings.enumerated() {
      #expect(sorted.contains("\(spelling.dropLast())#\(i)\":"), "key \(i) keeps its spelling")
    }
    let document = try #require(Self.document(of: json))
    for entry in document.tape where Tape.tag(entry) == .string {
      let measured = Tape.measuredTextLength(from: Tape.offset(entry), in: document.text)
      #expect(Tape.stringLength(entry, in: document.text, unescaped: document.unescaped) == measured)
      #expect(Tape.stringLength(entry, in: document.text) == measured)
    }
  }

  @Test("A document without escapes keeps no records")
  func noRecordsWithoutEscapes() throws {
    let json = try JSON(parsing: #"{"plain":["text","日本語",1.5,true],"more":"\u00e9"}"#)
    #expect(try #require(Self.document(of: json)).unescaped.count > 0)
    let plain = try JSON(parsing: #"{"plain":["text","日本語",1.5,true]}"#)
    #expect(try #require(Self.document(of: plain)).unescaped.count == 0)
  }

  @Test("Keys spelled with and without escapes are one key, the last value winning")
  func duplicateSpellings() throws {
    let json = try JSON(parsing: #"{"a":1,"\u0061":2,"\u0062":3,"b":4,"caf\u00e9":5,"café":6}"#)
    #expect(json.objectValue?.count == 3)
    #expect(json["a"] == 2)
    #expect(json["b"] == 4)
    #expect(json["café"] == 6)
  }

  @Test("Errors after an escape are reported where they are, near the end of the input or far from it")
  func errorsAfterAnEscape() {
    // After `["\n ok`, the offending byte is at offset 7 plus the given distance.
    let cases: [([UInt8], Int, JSONParseError.Kind)] = [
      ([0x01], 0, .invalidString), (Array(#"\x"#.utf8), 1, .invalidString), (Array(#"\uDC00"#.utf8), 0, .invalidString),
      (Array(#"\u12G4"#.utf8), 4, .invalidString), ([0xFF], 0, .invalidUTF8), ([0xC3, 0xA9, 0xC3], 2, .invalidUTF8),
      ([0xE6, 0x97, 0xA5, 0xED, 0xA0, 0x80], 3, .invalidUTF8),
    ]
    for (tail, distance, kind) in cases {
      for padding in [0, 40] {
        let text =
          Array(#"["\n ok"#.utf8) + tail + Array(repeating: UInt8(ascii: "z"), count: padding) + Array("\"]".utf8)
        var thrown: JSONParseError?
        do { _ = try JSON(parsing: text) } catch { thrown = error }
        #expect(thrown?.kind == kind, "\(tail) padded by \(padding)")
        #expect(thrown?.offset == 7 + distance, "\(tail) padded by \(padding)")
      }
    }
    // A string that is never closed, after an escape.
    for padding in [0, 40] {
      var thrown: JSONParseError?
      do { _ = try JSON(parsing: #"["\n ok"# + String(repeating: "z", count: padding)) } catch { thrown = error }
      #expect(thrown?.kind == .invalidString)
      #expect(thrown?.offset == 7 + padding)
    }
  }
}
