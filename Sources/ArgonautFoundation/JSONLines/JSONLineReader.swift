import Argonaut

/// A JSON Lines body read chunk by chunk, whatever its source (a response, a file):
/// each chunk is split into lines (``JSONLineSplitter``), and the lines it completes
/// are parsed together (``JSONLineBatch``), each as it would be alone.
///
/// Lines are numbered from 1, blank ones included; a line ends at LF or at the body's
/// end, and a CR just before its end is dropped.
package struct JSONLineReader {
  private var splitter: JSONLineSplitter
  private var batch = JSONLineBatch()
  /// The most bytes held at once: the lines parsed from one chunk (which the values
  /// keep as their storage) and the start of the line that the chunk cut.
  package private(set) var peakByteCount = 0

  /// Why a line cannot be read; the lines before it are.
  package enum Failure: Error {
    /// The line is not JSON: its error placed in the body (line, column, offset).
    case invalidJSON(line: Int, JSONParseError)
    /// The line is longer than ``maximumLineLength``.
    case lineTooLong
  }

  /// The longest line accepted, in bytes (a final CR included).
  package var maximumLineLength: Int { splitter.maximumLineLength }

  /// A reader at the start of a body.
  /// - Parameter maximumLineLength: The longest line accepted; none by default.
  package init(maximumLineLength: Int = .max) {
    splitter = JSONLineSplitter(maximumLineLength: maximumLineLength)
  }

  /// Reads `chunk`, or the body's end when it is `nil`: the values of the lines that
  /// it completes replace `parsed`, last to first, and their numbers replace
  /// `numbers`, first to last.
  ///
  /// - Returns: Why the line after those cannot be read, or `nil` when every line
  ///   completed so far is parsed.
  package mutating func read(
    _ chunk: UnsafeRawBufferPointer?, into parsed: inout [JSON], numbers: inout JSONLineNumbers
  ) -> Failure? {
    var tooLong = false
    do throws(JSONLineSplitter.LineTooLong) {
      if let chunk { try splitter.split(chunk, into: &batch) } else { try splitter.finish(into: &batch) }
    } catch {
      tooLong = true
    }
    peakByteCount = max(peakByteCount, batch.bytes.count + splitter.partialByteCount)
    // The lines before a line too long are read first, as before a bad line.
    if let bad = batch.parse(into: &parsed, numbers: &numbers) { return .invalidJSON(line: bad.line, bad.error) }
    return tooLong ? .lineTooLong : nil
  }
}

extension JSONLineNumbers {
  /// The number of the line whose value was just taken from the end of the values
  /// parsed with these numbers, when `remaining` of them are left.
  package func lineTaken(leaving remaining: Int) -> Int {
    self[count - remaining - 1]
  }
}
