import Foundation

/// Splits a JSON Lines body into lines, chunk by chunk: a line ends at LF, and a CR
/// before the LF is dropped. Lines are numbered from 1, blank ones included.
struct JSONLineSplitter {
  /// The start of a line that a chunk's end cut.
  private var partial: [UInt8] = []
  /// The number of the line being read.
  private(set) var lineNumber = 1
  /// The byte offset in the body of the line being read.
  private(set) var lineOffset = 0
  /// The longest line accepted, in bytes.
  let maximumLineLength: Int

  /// A line longer than ``maximumLineLength``.
  struct LineTooLong: Error {}

  init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// Splits `chunk`, calling `line` with each line that ends in it (without its
  /// end), its number and its byte offset, until `line` returns `false`.
  ///
  /// - Throws: ``LineTooLong``.
  mutating func split(
    _ chunk: UnsafeRawBufferPointer, _ line: (UnsafeBufferPointer<UInt8>, Int, Int) -> Bool
  ) throws(LineTooLong) {
    guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
    let count = chunk.count
    var start = 0
    while start < count {
      guard let found = memchr(base + start, 0x0A, count - start) else {
        guard partial.count + (count - start) <= maximumLineLength else { throw LineTooLong() }
        partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
        return
      }
      let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let number = lineNumber
      let offset = lineOffset
      lineNumber += 1
      if partial.isEmpty {
        lineOffset += end - start + 1
        guard line(Self.trimmed(UnsafeBufferPointer(start: base + start, count: end - start)), number, offset) else {
          return
        }
      } else {
        partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        lineOffset += partial.count + 1
        defer { partial.removeAll(keepingCapacity: true) }
        guard partial.count <= maximumLineLength else { throw LineTooLong() }
        guard partial.withUnsafeBufferPointer({ line(Self.trimmed($0), number, offset) }) else { return }
      }
      start = end + 1
    }
  }

  /// The last line, when the body does not end with a line feed.
  mutating func finish(_ line: (UnsafeBufferPointer<UInt8>, Int, Int) -> Bool) {
    guard !partial.isEmpty else { return }
    defer { partial.removeAll() }
    _ = partial.withUnsafeBufferPointer { line(Self.trimmed($0), lineNumber, lineOffset) }
  }

  /// `line` without a final CR.
  private static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let last = line.last, last == 0x0D else { return line }
    return UnsafeBufferPointer(rebasing: line.dropLast())
  }
}
