import Foundation

/// Splits an event stream's bytes into lines, chunk by chunk, as the WHATWG HTML
/// standard's event-stream grammar says: a line ends at CRLF, LF or CR.
///
/// A state machine over bytes. A line cut by a chunk's end is kept until its end
/// arrives, so lines (and the UTF-8 characters in them) may be split at any byte.
/// A CR at a chunk's end ends its line at once, and the state remembers it, so an LF
/// that starts the next chunk is not taken for an empty line. A byte-order mark at
/// the very start of the stream is dropped.
struct EventStreamLineSplitter {
  /// The start of a line that a chunk's end cut.
  private var partial: [UInt8] = []
  /// Whether the last byte seen was a CR, whose LF may start the next chunk.
  private var afterCR = false
  /// Whether no line has ended yet: the first one may start with a byte-order mark.
  private var atStart = true
  /// The longest line accepted, in bytes.
  let maximumLineLength: Int

  /// A line longer than ``maximumLineLength``.
  struct LineTooLong: Error {}

  init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// Splits `chunk`, calling `line` with each line that ends in it, without its end.
  ///
  /// - Throws: ``LineTooLong`` when a line grows past ``maximumLineLength``.
  mutating func split(
    _ chunk: UnsafeRawBufferPointer, _ line: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(LineTooLong) {
    guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
    let count = chunk.count
    var start = 0
    if afterCR {
      afterCR = false
      if base[0] == 0x0A { start = 1 }
    }
    // The next CR and LF at or after `start`, found with memchr and kept until
    // passed: each byte is scanned once for each.
    var nextCR = Self.find(0x0D, in: base, from: start, to: count)
    var nextLF = Self.find(0x0A, in: base, from: start, to: count)
    while start < count {
      if nextCR < start { nextCR = Self.find(0x0D, in: base, from: start, to: count) }
      if nextLF < start { nextLF = Self.find(0x0A, in: base, from: start, to: count) }
      let end = min(nextCR, nextLF)
      guard end < count else {
        guard partial.count + (count - start) <= maximumLineLength else { throw LineTooLong() }
        partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
        return
      }
      if partial.isEmpty {
        guard end - start <= maximumLineLength else { throw LineTooLong() }
        emit(UnsafeBufferPointer(start: base + start, count: end - start), line)
      } else {
        guard partial.count + (end - start) <= maximumLineLength else { throw LineTooLong() }
        partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        partial.withUnsafeBufferPointer { emit($0, line) }
        partial.removeAll(keepingCapacity: true)
      }
      start = end + 1
      if base[end] == 0x0D {
        if start < count {
          if base[start] == 0x0A { start += 1 }
        } else {
          afterCR = true
        }
      }
    }
  }

  /// Forgets a line that the stream's end cut (the standard discards it) and starts
  /// over, as for a new stream.
  mutating func reset() {
    partial.removeAll(keepingCapacity: true)
    afterCR = false
    atStart = true
  }

  private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, _ line: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard atStart else { return line(bytes) }
    atStart = false
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      line(UnsafeBufferPointer(rebasing: bytes[3...]))
    } else {
      line(bytes)
    }
  }

  /// The index of the first `byte` in `base[from..<to]`, or `to`.
  @inline(__always)
  private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return to }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
