import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The scanner's sixteen-bytes-at-a-time paths (`ByteBlock`) accept exactly what
/// the byte-by-byte grammar accepts, and report errors at the exact byte, wherever
/// a block boundary falls.
@Suite("Byte blocks", .offThePool)
struct ByteBlockTests {
  static let whitespace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]

  static func isStringSpecial(_ byte: UInt8) -> Bool {
    byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80
  }

  /// Calls `body` with a 16-byte block of `filler` holding `byte` at `position`.
  static func withBlock(filler: UInt8, byte: UInt8, at position: Int, _ body: (UnsafePointer<UInt8>) -> Void) {
    var block = [UInt8](repeating: filler, count: ByteBlock.size)
    block[position] = byte
    block.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  @Test("Both classifications mark exactly their bytes, at every position of a block")
  func classificationAtEveryPosition() {
    for position in 0..<ByteBlock.size {
      for byte in UInt8.min...UInt8.max {
        for filler: UInt8 in [0x20, 0x0A, 0x09, 0x0D, 0x61] {
          Self.withBlock(filler: filler, byte: byte, at: position) { p in
            let fillerIsWhitespace = Self.whitespace.contains(filler)
            let byteIsWhitespace = Self.whitespace.contains(byte)
            let expected =
              fillerIsWhitespace
              ? (byteIsWhitespace ? ByteBlock.size : position) : (position == 0 && byteIsWhitespace ? 1 : 0)
            #expect(ByteBlock.firstNonWhitespace(p) == expected, "byte \(byte) at \(position) in \(filler)")
          }
        }
        for filler: UInt8 in [0x61, 0x20, 0x7F, 0x22, 0x00, 0x80] {
          Self.withBlock(filler: filler, byte: byte, at: position) { p in
            let fillerIsSpecial = Self.isStringSpecial(filler)
            let byteIsSpecial = Self.isStringSpecial(byte)
            let expected =
              fillerIsSpecial
              ? (position == 0 && !byteIsSpecial ? 1 : 0) : (byteIsSpecial ? position : ByteBlock.size)
            #expect(ByteBlock.firstStringSpecial(p) == expected, "byte \(byte) at \(position) in \(filler)")
          }
        }
      }
    }
  }

  @Test("Strings of every length up to 70 parse, at every alignment")
  func stringLengths() throws {
    for lead in 0..<ByteBlock.size {
      for length in 0...70 {
        let text = String(repeating: "a", count: length)
        let json = try JSON(parsing: String(repeating: " ", count: lead) + "[\"\(text)\",\"\(text)é\"]")
        #expect(json == [JSON(stringLiteral: text), JSON(stringLiteral: text + "é")])
      }
    }
  }

  @Test("A control character, a quote-less end or invalid UTF-8 at every position of a string fails there")
  func stringErrorsAtEveryPosition() {
    let bad: [(bytes: [UInt8], kind: JSONParseError.Kind)] = [
      ([0x00], .invalidString), ([0x1F], .invalidString), ([0x0A], .invalidString),
      ([0xFF], .invalidUTF8), ([0x80], .invalidUTF8), ([0xC0, 0x80], .invalidUTF8),
      ([0xED, 0xA0, 0x80], .invalidUTF8), ([0xE2, 0x82], .invalidUTF8),
    ]
    for length in [15, 16, 17, 31, 32, 33, 40] {
      for position in 0..<length {
        for (bytes, kind) in bad {
          var text = [UInt8](repeating: UInt8(ascii: "b"), count: length)
          text.replaceSubrange(position..<position + 1, with: bytes)
          let document = [UInt8]("[\"".utf8) + text + [UInt8]("\", 1]".utf8)
          do {
            _ = try JSON(parsing: document)
            Issue.record("accepted \(bytes) at \(position) of \(length)")
          } catch {
            #expect(error.kind == kind, "\(bytes) at \(position) of \(length)")
            #expect(error.offset == 2 + position, "\(bytes) at \(position) of \(length)")
          }
        }
      }
      // An unterminated string is reported at the end of the input.
      let open = [UInt8]("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "c"), count: length)
      #expect(throws: JSONParseError.self) { try JSON(parsing: open) }
    }
  }

  @Test("Whitespace runs of every length up to 70 parse, and anything else inside one fails where it is")
  func whitespaceRunsAcrossBlocks() throws {
    let pieces: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
    var random = SplitMix64(seed: 11)
    for length in 0...70 {
      let run = (0..<length).map { _ in pieces.randomElement(using: &random)! }
      let document = [UInt8]("[1,".utf8) + run + [UInt8]("2]".utf8)
      #expect(try JSON(parsing: document) == [1, 2], "run of \(length)")
      for position in 0..<length {
        for byte: UInt8 in [0x0B, 0x0C, 0x00, 0xA0] {
          var broken = run
          broken[position] = byte
          do {
            _ = try JSON(parsing: [UInt8]("[1,".utf8) + broken + [UInt8]("2]".utf8))
            Issue.record("accepted \(byte) at \(position) of \(length)")
          } catch {
            #expect(error.offset == 3 + position, "\(byte) at \(position) of \(length)")
          }
        }
      }
    }
  }
}
