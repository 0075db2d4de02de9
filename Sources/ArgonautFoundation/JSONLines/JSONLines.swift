import Argonaut
import Foundation

/// Reading and writing JSON Lines (NDJSON) files: one JSON value a line.
///
/// ```swift
/// try JSONLines.write(issues, to: fileURL)                 // [Issue], Issue: JSONEncodable
/// for try await issue in JSONLines.rows(contentsOf: fileURL, as: Issue.self) {
///   print(issue.title)                                      // Issue: Argonaut's Decodable
/// }
/// ```
///
/// Reading streams the file in chunks, so memory stays flat for a file of any size;
/// writing replaces the file atomically. A response in JSON Lines is read the same
/// way by `Service.lines(_:as:)`, in `ArgonautServices`.
public enum JSONLines {
  /// The values of a JSON Lines file, one per line, decoded with `Value`'s Argonaut
  /// decoder as the file is read.
  ///
  /// ```swift
  /// for try await issue in JSONLines.rows(contentsOf: fileURL, as: Issue.self) {
  ///   print(issue.number, issue.title)
  /// }
  /// ```
  ///
  /// The file is opened when the loop asks for the first value, and read 64 KiB at
  /// a time. A line ends at LF or at the file's end, and a CR before its end is
  /// dropped, so CRLF files read too. Lines that hold only spaces and tabs are
  /// skipped. A line that is not JSON, or does not decode, ends the loop with a
  /// ``JSONLinesError`` that names its number, counted from 1 with blank lines
  /// included. See ``Rows`` for memory, cancellation and isolation.
  ///
  /// - Parameters:
  ///   - url: The file, as a file URL.
  ///   - type: The type of each line's value.
  /// - Returns: The values, in the file's order.
  public static func rows<Value: Argonaut.Decodable>(contentsOf url: URL, as type: Value.Type) -> Rows<Value>
  where Value.DecodedType == Value {
    Rows(url: url)
  }

  /// The lines of a JSON Lines file, each parsed as `JSON`, as the file is read.
  ///
  /// ```swift
  /// for try await row in JSONLines.rows(contentsOf: fileURL) { print(row["id"] ?? .null) }
  /// ```
  ///
  /// - Parameter url: The file, as a file URL.
  /// - Returns: The values, in the file's order. See ``rows(contentsOf:as:)``.
  public static func rows(contentsOf url: URL) -> Rows<JSON> {
    Rows(url: url)
  }

  /// Writes `values` to the file `url` in JSON Lines: each value's compact JSON on a
  /// line of its own, each line ended by LF.
  ///
  /// ```swift
  /// try JSONLines.write(issues, to: fileURL)
  /// // {"number":1,"title":"Crash on launch"}
  /// // {"number":2,"title":"Typo in README"}
  /// ```
  ///
  /// The lines go to a temporary file in the same directory, which is flushed to the
  /// disk, then replaces `url` (an existing file included) in one rename: a reader of
  /// `url` sees the old file or the new one, never a part, and a failed write leaves
  /// `url` as it was.
  /// Memory stays flat: the lines are written 64 KiB at a time, so `values` can be a
  /// lazy sequence of any length.
  ///
  /// - Parameters:
  ///   - values: The values, such as an array of models.
  ///   - url: The file to write, as a file URL; its directory must exist.
  /// - Throws: ``JSONLinesError`` of kind ``JSONLinesError/Kind/writeFailed`` when the
  ///   file cannot be written or moved into place.
  /// - Complexity: O(*n*) in the size of the output.
  public static func write<Values: Sequence>(_ values: Values, to url: URL) throws(JSONLinesError)
  where Values.Element: JSONEncodable {
    let file = try JSONLinesFileWriter(next: url)
    var lines: [UInt8] = []
    lines.reserveCapacity(JSONLinesFileReader.chunkSize + 4096)
    for value in values {
      lines.append(contentsOf: JSONSerializer.compact.bytes(from: value.encode()))
      lines.append(0x0A)
      if lines.count >= JSONLinesFileReader.chunkSize {
        try file.append(lines)
        lines.removeAll(keepingCapacity: true)
      }
    }
    try file.append(lines)
    try file.commit()
  }
}
