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
}
