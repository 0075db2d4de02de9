import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautServices

/// The parser against a plain reading of the WHATWG rules, on random streams cut into
/// random chunks: the one-pass parser reads lines where they lie in each chunk and keeps
/// a block's first data line as a view of it, so every way a line, a block, a CR-LF or a
/// UTF-8 character can straddle chunks is a chance to go wrong.
@Suite("Event stream parsing: random streams against a reference reading", .offThePool)
struct EventStreamDifferentialTests {

  /// The pieces random streams are made of: field names with and without colons and
  /// spaces, every line end, comments, a BOM, a NUL, digits, and multi-byte characters.
  static let pieces: [[UInt8]] =
    [
      "data", "data:", "data: ", "event:", "event: ", "id:", "id: ", "retry:", "retry: ", ":", " ", "x", "tok",
      "12", "99999999999999999999999", "é", "🦊", "\n", "\n", "\n", "\r", "\r\n", "\r\n", "Data:", "foo:",
    ].map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF], [0], [0xFF]]

  /// The stream's events read the plain way: the whole stream at once, split into lines
  /// at CRLF, LF or CR, each line's field interpreted, an empty line dispatching.
  static func reference(_ bytes: [UInt8]) -> (events: [ServerSentEvent], lastEventID: String?, retry: Int?) {
    var bytes = bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(bytes[start..<index])
        if byte == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
        start = index + 1
      }
      index += 1
    }
    // A last line without its end is never interpreted.
    var events: [ServerSentEvent] = []
    var data: [UInt8] = []
    var type = ""
    var idBuffer: String?
    var lastEventID: String?
    var reconnection: Int?
    var blockRetry: Int?
    for line in lines {
      if line.isEmpty {
        lastEventID = idBuffer
        if !data.isEmpty {
          data.removeLast()
          events.append(
            ServerSentEvent(
              event: type.isEmpty ? nil : type, data: String(decoding: data, as: UTF8.self), id: lastEventID,
              retry: blockRetry))
        }
        data = []
        type = ""
        blockRetry = nil
        continue
      }
      if line.first == 0x3A { continue }
      let colon = line.firstIndex(of: 0x3A)
      let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
      var value = colon.map { line[($0 + 1)...] } ?? []
      if value.first == 0x20 { value = value.dropFirst() }
      switch name {
      case "data": data += value + [0x0A]
      case "event": type = String(decoding: value, as: UTF8.self)
      case "id": if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
      case "retry":
        if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
          let number = Int(String(decoding: value, as: UTF8.self)) ?? Int.max
          reconnection = number
          blockRetry = number
        }
      default: break
      }
    }
    return (events, lastEventID, reconnection)
  }

  @Test("Random streams in random chunks give the events, the last event ID and the retry of the reference")
  func randomStreams() throws {
    var random = SplitMix64(seed: 0x5EED_2026_1127)
    for round in 0..<1500 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(60) { bytes += Self.pieces[random.below(Self.pieces.count)] }
      let expected = Self.reference(bytes)
      // Several chunkings of the same stream: whole, one byte at a time, and at random cuts.
      var chunkings: [[Int]] = [[], Array(0...bytes.count)]
      for _ in 0..<3 {
        chunkings.append((0..<random.below(8)).map { _ in random.below(bytes.count + 1) }.sorted())
      }
      // Each chunking read from raw memory (strings made at once) and from arrays
      // (data and ids kept as bytes of the chunk, ids carried into later chunks).
      for cuts in chunkings {
        for fromArrays in [false, true] {
          var parser = EventStreamParser(maximumSize: 1 << 20)
          var events: [ServerSentEvent] = []
          var start = 0
          for cut in cuts + [bytes.count] where cut >= start {
            // Each chunk in a buffer of its own that is overwritten once parsed, so that a
            // view kept past its chunk would read garbage (an array the parser shares
            // is copied on that write instead).
            var chunk = Array(bytes[start..<cut])
            if fromArrays {
              try parser.parse(chunk, into: &events)
            } else {
              try chunk.withUnsafeBytes { try parser.parse($0, into: &events) }
            }
            for index in chunk.indices { chunk[index] = 0x23 }
            start = cut
          }
          let label =
            "round \(round), cuts \(cuts), arrays \(fromArrays), stream \(String(decoding: bytes, as: UTF8.self).debugDescription)"
          #expect(events == expected.events, "\(label)")
          #expect(parser.lastEventID == expected.lastEventID, "\(label)")
          #expect(parser.reconnectionTime == expected.retry, "\(label)")
          if events != expected.events { return }
        }
      }
    }
  }
}
