import Testing

@testable import Argonaut

/// The scanner's eight-bytes-at-a-time paths accept exactly what the byte-by-byte
/// grammar accepts.
@Suite("Scanner fast paths")
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
    for length in 0..<40 {
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
    }
  }

  /// The tape entry of the number that `text` holds, alone or first in an array.
  func entry(_ text: String) throws -> UInt64 {
    let document = try JSON.document(parsing: Array(text.utf8), options: .default)
    let entry = withExtendedLifetime(document) {
      // An array's first element follows its header.
      Tape.tag(document.tape[0]) == .array ? document.tape[1] : document.tape[0]
    }
    guard Tape.tag(entry) == .number || Tape.tag(entry) == .smallInt else { throw NotANumber() }
    return entry
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
              #expect(Tape.storedLength(entry) == text.utf8.count, "\(shape)")
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
          for padding in 0...17 {
            let spaces = String(repeating: " ", count: padding)
            for shape in [text + spaces, "[\(text)\(spaces)]", "[\(text)e1\(spaces)]"] {
              let entry = try entry(shape)
              #expect(Tape.tag(entry) == .number, "\(shape)")
              #expect(Tape.storedLength(entry) == text.utf8.count + (shape.hasSuffix("e1\(spaces)]") ? 2 : 0))
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
}
