import Foundation

/// Splits a JSON Lines body (a response, a file) into lines, chunk by chunk: a line ends at LF, or at the
/// body's end, and a CR just before its end is dropped (a body cut between the CR and
/// the LF of its last line reads as if the LF had arrived). Lines are numbered from 1,
/// blank ones included.
///
/// The lines go into a ``JSONLineBatch`` with two bulk copies per chunk (the start of
/// a line that the previous chunk cut, then the chunk up to its last LF), not one
/// copy per line.
package struct JSONLineSplitter {
  /// The start of a line that a chunk's end cut.
  private var partial: [UInt8] = []
  /// The bytes of the start of a line that a chunk's end cut, held until its end.
  package var partialByteCount: Int { partial.count }
  /// The number of the line being read.
  package private(set) var lineNumber = 1
  /// The byte offset in the body of the line being read.
  package private(set) var lineOffset = 0
  /// The longest line accepted, in bytes (a final CR included).
  package let maximumLineLength: Int

  /// A line longer than ``maximumLineLength``.
  package struct LineTooLong: Error {}

  package init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// Adds to `batch` the lines that end in `chunk`, and keeps the start of the line
  /// that it cuts.
  ///
  /// - Throws: ``LineTooLong`` for a line longer than ``maximumLineLength`` (whole,
  ///   or as much of it as has arrived); the lines before it are in `batch`.
  package mutating func split(_ chunk: UnsafeRawBufferPointer, into batch: inout JSONLineBatch) throws(LineTooLong) {
    guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
    // The last LF, from the end: most often a line's length away.
    var complete = chunk.count
    while complete > 0 && base[complete - 1] != 0x0A { complete -= 1 }
    guard complete > 0 else {
      guard partial.count + chunk.count <= maximumLineLength else { throw LineTooLong() }
      partial.append(contentsOf: UnsafeBufferPointer(start: base, count: chunk.count))
      return
    }
    let start = batch.start(at: lineOffset)
    batch.bytes.reserveCapacity(start + partial.count + complete)
    batch.bytes.append(contentsOf: partial)
    batch.bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: complete))
    lineOffset += partial.count + complete
    partial.removeAll(keepingCapacity: true)
    try addLines(of: &batch, from: start)
    guard chunk.count - complete <= maximumLineLength else { throw LineTooLong() }
    partial.append(contentsOf: UnsafeBufferPointer(start: base + complete, count: chunk.count - complete))
  }

  /// Adds the last line to `batch`, when the body does not end with a line feed.
  ///
  /// - Throws: ``LineTooLong``, as ``split(_:into:)`` does.
  package mutating func finish(into batch: inout JSONLineBatch) throws(LineTooLong) {
    guard !partial.isEmpty else { return }
    let start = batch.start(at: lineOffset)
    batch.bytes.append(contentsOf: partial)
    batch.bytes.append(0x0A)
    lineOffset += partial.count
    partial = []
    try addLines(of: &batch, from: start)
  }

  /// Records the lines of `batch.bytes` from `start`, which end with an LF: each
  /// line's end (its CR, or else its LF) becomes a NUL, so that no line's parse runs
  /// on into the next one (see `JSON.values(parsing:documents:options:)`).
  private mutating func addLines(of batch: inout JSONLineBatch, from start: Int) throws(LineTooLong) {
    var number = lineNumber
    var (ranges, numbers) = (batch.ranges, batch.numbers)
    (batch.ranges, batch.numbers) = ([], JSONLineNumbers())
    defer {
      lineNumber = number
      (batch.ranges, batch.numbers) = (ranges, numbers)
    }
    try batch.bytes.withUnsafeMutableBufferPointer { (buffer) throws(LineTooLong) in
      guard let base = buffer.baseAddress else { return }
      let count = buffer.count
      var lineStart = start
      while lineStart < count, let found = memchr(base + lineStart, 0x0A, count - lineStart) {
        let lineFeed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        guard lineFeed - lineStart <= maximumLineLength else { throw LineTooLong() }
        let end = lineFeed > lineStart && base[lineFeed - 1] == 0x0D ? lineFeed - 1 : lineFeed
        base[end] = 0
        // Blank when it holds only spaces and tabs; most lines start with a value.
        var first = lineStart
        while first < end && (base[first] == 0x20 || base[first] == 0x09) { first += 1 }
        if first < end {
          ranges.append(lineStart..<end)
          numbers.append(number)
        }
        number += 1
        lineStart = lineFeed + 1
      }
    }
  }
}
