import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The scanner's eight-bytes-at-a-time paths accept exactly what the byte-by-byte
/// grammar accepts.
@Suite("Scanner fast paths", .offThePool)
struct ScannerFastPathTests {
  @Test("The whitespace mask marks exactly the bytes that are not JSON whitespace, at every position")
  func whitespaceMask() {
    let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
    for position in 0..<8 {
      for byte in 0...255 {
        for filler: UInt8 in [0x20, 0x0A, 0x09, 0x0D, 0x00, 0xFF, 0x21, 0x1F, 0x8A] {
          var chunk = UInt64(filler) &* 0x0101_0101_0101_0101
          chunk &= ~(0xFF << UInt64(8 * position))
          chunk |= UInt64(byte) << UInt64(8 * position)
          let mask = JSONScanner.nonWhitespaceBytes(chunk)
          let expected: UInt64 = whitespace.contains(UInt8(byte)) ? 0 : 1
          #expect((mask >> UInt64(8 * position + 7)) & 1 == expected, "byte \(byte) at \(position)")
          for other in 0..<8 where other != position {
            #expect((mask >> UInt64(8 * other + 7)) & 1 == (whitespace.contains(filler) ? 0 : 1))
          }
          #expect(mask & 0x7F7F_7F7F_7F7F_7F7F == 0)
        }
      }
    }
  }

  @Test("Runs of whitespace of every length and mix parse, and a control character inside one fails")
  func whitespaceRuns() throws {
    let pieces = [" ", "\n", "\r", "\t"]
    var random = SplitMix64(seed: 7)
    for length in 0..<80 {
      let run = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
      let text = "\(run){\(run)\"a\"\(run):\(run)[\(run)1\(run),\(run)true\(run)]\(run)}\(run)"
      let json = try JSON(parsing: text)
      #expect(json == ["a": [1, true]], "run of \(length)")
      for control in ["\u{0B}", "\u{0C}", "\u{00}", "\u{1F}"] where length > 0 {
        let middle = length / 2
        let broken = String(run.prefix(middle)) + control + String(run.dropFirst(middle))
        #expect(throws: JSONParseError.self) { try JSON(parsing: "[1,\(broken)2]") }
        #expect(throws: JSONParseError.self) { try JSON(parsing: "{\"a\"\(broken):1}") }
      }
      // A vertical tab at every place of the run, in either 16-byte block of a round.
      for place in 0..<length {
        let broken = String(run.prefix(place)) + "\u{0B}" + String(run.dropFirst(place + 1))
        #expect(throws: JSONParseError.self, "at \(place) of \(length)") { try JSON(parsing: "[1,\(broken)2]") }
      }
    }
  }

  /// The tape entry of the number that `text` holds, alone or first in an array.
  func entry(_ text: String) throws -> UInt64 {
    try number(text).entry
  }

  /// The tape entry of the number that `text` holds, alone or first in an array, and
  /// the number's text as the document gives it back (written again from its value and
  /// spelling for the inline form).
  func number(_ text: String) throws -> (entry: UInt64, text: String) {
    let document = try JSON.document(parsing: Array(text.utf8), options: .default)
    // An array's first element follows its header.
    let entry = Tape.tag(document.tape[0]) == .array ? document.tape[1] : document.tape[0]
    guard Tape.tag(entry) == .number || Tape.tag(entry) == .smallInt else { throw NotANumber() }
    return (entry, JSONNumber(entry: entry, in: document).text)
  }
  struct NotANumber: Error {}

  @Test("Integer parts of 1 to 20 digits, at every distance from the end of the input")
  func integerDigits() throws {
    var random = SplitMix64(seed: 15)
    for count in 1...20 {
      let digits =
        String(Int.random(in: 1...9, using: &random))
        + (1..<count).map { _ in
          String(Int.random(in: 0...9, using: &random))
        }.joined()
      for sign in ["", "-"] {
        let text = sign + digits
        for padding in 0...17 {
          for shape in [
            text + String(repeating: " ", count: padding), "[\(text)" + String(repeating: " ", count: padding) + "]",
          ] {
            let entry = try entry(shape)
            if count <= 18 {
              #expect(Tape.tag(entry) == .smallInt, "\(shape)")
              #expect(Tape.smallIntValue(entry) == Int64(text), "\(shape)")
            } else {
              #expect(Tape.tag(entry) == .number && !Tape.flag(entry), "\(shape)")
              #expect(!Tape.isInlineNumber(entry) && Tape.storedLength(entry) == text.utf8.count, "\(shape)")
            }
          }
        }
        // A leading zero followed by more digits is an error wherever the number ends.
        for padding in [0, 8, 17] {
          let spaces = String(repeating: " ", count: padding)
          #expect(throws: JSONParseError.self) { try JSON(parsing: "\(sign)0\(digits)\(spaces)") }
        }
      }
    }
  }

  @Test("Fractions of 1 to 20 digits, at every distance from the end of the input")
  func fractionDigits() throws {
    var random = SplitMix64(seed: 16)
    for count in 1...20 {
      for last in ["0", "7"] {
        let digits = (1..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined() + last
        for integer in ["0", "-65", "123456789012345"] {
          let text = "\(integer).\(digits)"
          for padding in Array(0...17) + [64] {
            let spaces = String(repeating: " ", count: padding)
            for shape in [text + spaces, "[\(text)\(spaces)]", "[\(text)e1\(spaces)]"] {
              let (entry, written) = try number(shape)
              #expect(Tape.tag(entry) == .number, "\(shape)")
              #expect(written == text + (shape.hasSuffix("e1\(spaces)]") ? "e1" : ""), "\(shape)")
              // Far from the end, up to 19 significant digits are read inline (behind
              // `0.`, the `0` and the fraction's leading zeros are not significant).
              let allDigits = text.utf8.count(where: { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".") })
              let leadingZeros = integer == "0" ? 1 + digits.prefix { $0 == "0" }.count : 0
              #expect(
                Tape.isInlineNumber(entry) == (padding >= 64 && allDigits - min(leadingZeros, 9) <= 19), "\(shape)")
              // Flagged exactly when the last digit is nonzero and no exponent follows.
              #expect(Tape.flag(entry) == (last == "7" && !shape.contains("e")), "\(shape)")
            }
            #expect(try JSON(parsing: text + spaces).doubleValue == Double(text), "\(text)")
          }
        }
      }
    }
    for bad in ["1.", "1.e5", "-0.", "1.x", "[1.]", "1.-2"] {
      for padding in [0, 8, 17] {
        #expect(throws: JSONParseError.self) { try JSON(parsing: bad + String(repeating: " ", count: padding)) }
      }
    }
  }

  /// The tape entry of the number `text`, its small-integer value and its text as the
  /// document gives it back, parsed far from the end of the input (the inline path) or
  /// at its very end (the full path), or the error.
  func scan(_ text: String, farFromTheEnd: Bool) -> Result<(UInt64, Int64?, String), JSONParseError> {
    let document = farFromTheEnd ? "[\(text)" + String(repeating: " ", count: 64) + ",0]" : text
    do {
      let parsed = try JSON.document(parsing: Array(document.utf8), options: .default)
      // An array's first element follows its header.
      let entry = farFromTheEnd ? parsed.tape[1] : parsed.tape[0]
      let small = Tape.tag(entry) == .smallInt ? Tape.smallIntValue(entry) : nil
      let written = Tape.tag(entry) == .number ? JSONNumber(entry: entry, in: parsed).text : ""
      return .success((entry, small, written))
    } catch {
      return .failure(error)
    }
  }

  @Test("Numbers of every shape scan to the same entry far from the end of the input as at its end")
  func inlineNumbersMatchTheFullPath() {
    var random = SplitMix64(seed: 64)
    func digits(_ count: Int) -> String {
      (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
    }
    let integers = ["0", "00", "", "7", "10", "123456789012345", "1234567890123456", "100000000000000"]
    let fractions = ["", ".", ".0", ".5", ".50", ".000000000000000000000001"]
    let exponents = [
      "", "e", "E", "e+", "e-", "e5", "E+5", "e-5", "e-0", "e-10", "e-01", "e0020", "e19", "e20", "e1234567",
      "e12345678",
    ]
    var texts: [String] = []
    for sign in ["", "-"] {
      for integer in integers {
        for fraction in fractions {
          for exponent in exponents { texts.append(sign + integer + fraction + exponent) }
        }
      }
    }
    for _ in 0..<4_000 {
      let sign = Bool.random(using: &random) ? "-" : ""
      let integerCount = Int.random(in: 0...18, using: &random)
      var integer = digits(integerCount)
      if integerCount > 1 && Int.random(in: 0..<4, using: &random) > 0 { integer = "1" + integer.dropFirst() }
      let fractionCount = Int.random(in: -1...26, using: &random)
      let fraction = fractionCount < 0 ? "" : "." + digits(fractionCount)
      let marker = ["", "", "e", "E", "e+", "e-", "E-"].randomElement(using: &random)!
      let exponent = marker.isEmpty ? "" : marker + digits(Int.random(in: 0...9, using: &random))
      texts.append(sign + integer + fraction + exponent)
    }
    for text in texts where !text.isEmpty {
      let inline = scan(text, farFromTheEnd: true)
      let full = scan(text, farFromTheEnd: false)
      switch (inline, full) {
      case (.success(let a), .success(let b)):
        #expect(Tape.tag(a.0) == Tape.tag(b.0) && a.1 == b.1, "\(text)")
        if Tape.tag(a.0) == .number {
          // The full path keeps the text form; either way the document gives back the text.
          #expect(Tape.flag(a.0) == Tape.flag(b.0), "\(text)")
          #expect(a.2 == text && b.2 == text && !Tape.isInlineNumber(b.0), "\(text)")
        }
      case (.failure(let a), .failure(let b)):
        // The same error at the same place in the number (the array adds one byte).
        #expect(a.kind == b.kind && a.offset == b.offset + 1 && a.expected == b.expected, "\(text)")
      default:
        Issue.record("\(text): \(inline) far from the end, \(full) at the end")
      }
    }
  }

  @Test(
    "JSONTestSuite documents keep their outcome with 64 spaces after them, where the inline paths run",
    .enabled(if: Corpus.hasTestSuite))
  func testSuiteFarFromTheEnd() throws {
    let padding = Array(repeating: UInt8(ascii: " "), count: 64)
    for name in Corpus.testSuiteFiles(prefix: "y_") {
      #expect(throws: Never.self, "\(name)") { try JSON(parsing: try Corpus.testSuiteBytes(name) + padding) }
    }
    for name in Corpus.testSuiteFiles(prefix: "n_") {
      #expect(throws: JSONParseError.self, "\(name)") { try JSON(parsing: try Corpus.testSuiteBytes(name) + padding) }
    }
    for (name, accepted) in JSONTestSuiteTests.implementationDefined {
      let parsed = (try? JSON(parsing: try Corpus.testSuiteBytes(name) + padding)) != nil
      #expect(parsed == accepted, "\(name)")
    }
  }

  @Test("Arrays of numbers, scanned number after number, give the values and counts; errors keep their place")
  func numberArrays() throws {
    var random = SplitMix64(seed: 31)
    for _ in 0..<200 {
      let count = Int.random(in: 0...40, using: &random)
      let values = (0..<count).map { _ in Int.random(in: -100_000...100_000, using: &random) }
      let texts = values.map { value in
        Bool.random(using: &random)
          ? String(value) : String(value) + ".25e" + String(Int.random(in: 0...3, using: &random))
      }
      // Commas with and without spaces, so that both ways between numbers are taken.
      var text = "["
      for (i, spelled) in texts.enumerated() {
        if i > 0 { text += Bool.random(using: &random) ? "," : " , " }
        text += spelled
      }
      text += "]"
      let json = try JSON(parsing: text)
      #expect(json.arrayValue?.count == count, "\(text)")
      for (i, spelled) in texts.enumerated() {
        guard case .number(let number)? = json[i] else {
          Issue.record("element \(i) of \(text) is not a number")
          continue
        }
        #expect(number.doubleValue == Double(spelled), "\(spelled) in \(text)")
      }
      // Nested in an object, and in arrays of arrays.
      let nested = try JSON(parsing: "{\"a\":[[" + texts.joined(separator: ",") + "],[1,2]],\"b\":3}")
      #expect(nested["a"]?[0]?.arrayValue?.count == count)
      #expect(nested["a"]?[1] == [1, 2])
      #expect(nested["b"] == 3)
    }
    let cases: [(String, Int)] = [
      ("[1,2,-]", 6), ("[1,2,01]", 6), ("1,2", 1), ("[1,2", 4), ("[1,2,]", 5), ("[1,2,3.]", 7),
    ]
    for (text, offset) in cases {
      var thrown: JSONParseError?
      do { _ = try JSON(parsing: text) } catch { thrown = error }
      #expect(thrown?.offset == offset, "\(text)")
    }
  }
}
