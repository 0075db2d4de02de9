import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Runs of multi-byte characters in strings, which the scanner validates two 3-byte
/// sequences at a time where it can: every well-formed mix is accepted, and every
/// ill-formed sequence is reported at its first byte, at every alignment.
@Suite("UTF-8 runs", .offThePool)
struct UTF8RunTests {
  static let common: [UInt8] = [0xE6, 0x97, 0xA5]  // 日, a lead byte with free continuations

  @Test("Runs mixing every kind of sequence parse to the same text, at every alignment")
  func wellFormedRuns() throws {
    let sequences: [[UInt8]] = [
      Self.common, [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xC3, 0xA9], [0xF0, 0x9F, 0x9A, 0x80],
      [0xE1, 0x80, 0x80],
    ]
    var random = SplitMix64(seed: 5)
    for lead in 0..<8 {
      for length in 1...12 {
        let run = (0..<length).flatMap { _ in sequences.randomElement(using: &random)! }
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: lead) + run
        let document = [UInt8]("[\"".utf8) + text + [UInt8]("\"]".utf8)
        let json = try JSON(parsing: document)
        #expect(json == [JSON(stringLiteral: String(decoding: text, as: UTF8.self))])
      }
    }
  }

  @Test("An ill-formed sequence at any place in a run of 3-byte characters fails at its first byte")
  func illFormedInRuns() {
    let bad: [[UInt8]] = [
      [0xED, 0xA0, 0x80],  // a surrogate
      [0xE0, 0x80, 0x80],  // overlong
      [0xE0, 0x9F, 0xBF],  // overlong
      [0xE6, 0x97],  // cut short by the next lead byte
      [0xE6, 0xC0, 0xA5],  // a second byte that is no continuation
      [0xE6, 0x97, 0x25],  // a third byte that is no continuation
      [0x97],  // a lone continuation
      [0xF8, 0x80, 0x80],  // no such lead byte
    ]
    for lead in 0..<8 {
      for length in 1...6 {
        for index in 0..<length {
          for sequence in bad {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: lead)
            for i in 0..<length { text += i == index ? sequence : Self.common }
            let document = [UInt8]("[\"".utf8) + text + [UInt8]("\"]".utf8)
            do {
              _ = try JSON(parsing: document)
              Issue.record("accepted \(sequence) at \(index) of \(length) after \(lead)")
            } catch {
              #expect(error.kind == .invalidUTF8, "\(sequence) at \(index) of \(length) after \(lead)")
              #expect(error.offset == 2 + lead + 3 * index, "\(sequence) at \(index) of \(length) after \(lead)")
            }
          }
        }
      }
    }
  }
}
