import Argonaut
import Foundation

/// Why reading or writing a JSON Lines file failed, with the file and, for a bad
/// line, its number.
///
/// ```swift
/// do {
///   for try await issue in JSONLines.rows(contentsOf: file, as: Issue.self) { print(issue.title) }
/// } catch {
///   print(error)  // /tmp/issues.jsonl: line 3, column 9: expected a value, found '}'
///   print(error.kind, error.line ?? 0)  // invalidJSON 3
/// }
/// ```
///
/// The description is one line: the file's path, then the cause. Lines are counted
/// from 1, blank lines included, so the number is the one an editor shows.
///
/// ```text
/// /tmp/issues.jsonl: line 3, column 9: expected a value, found '}'
/// /tmp/issues.jsonl: could not decode Issue on line 7: title: missing key
/// /tmp/missing.jsonl: cannot read: No such file or directory
/// ```
///
/// New kinds may be added in later versions, so a `switch` over ``kind`` needs a
/// `default`.
public struct JSONLinesError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, as one of a growing set of kinds.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    /// The kind's name, such as `invalidJSON`.
    public var description: String { name }

    /// The file could not be opened or read: it does not exist, it is a directory,
    /// access is denied, or the URL is not a file URL (`EINVAL`).
    /// ``JSONLinesError/underlyingError`` has the system's error.
    public static let readFailed = Kind("readFailed")
    /// The file, or its temporary copy, could not be written or moved into place, or
    /// the URL is not a file URL (`EINVAL`). ``JSONLinesError/underlyingError`` has
    /// the system's error.
    public static let writeFailed = Kind("writeFailed")
    /// A line is not JSON; ``JSONLinesError/parseError`` says where.
    public static let invalidJSON = Kind("invalidJSON")
    /// A line is JSON, but the model's decoder rejected it;
    /// ``JSONLinesError/decodeError`` says why.
    public static let decodingFailed = Kind("decodingFailed")
    /// The task reading the file was cancelled.
    public static let cancelled = Kind("cancelled")
  }

  /// The cause, with what each kind knows.
  enum Reason: Sendable {
    case readFailed(errno: Int32)
    case writeFailed(errno: Int32)
    case invalidJSON(JSONParseError)
    case decodingFailed(DecodeError, modelName: String)
    case cancelled
  }

  let reason: Reason

  /// The file read or written.
  public let url: URL

  /// The number of the line at fault, from 1, blank lines included; `nil` when the
  /// error is not about one line (the file could not be read, or the task was
  /// cancelled).
  public let line: Int?

  init(_ reason: Reason, url: URL, line: Int? = nil) {
    self.reason = reason
    self.url = url
    self.line = line
  }

  /// What went wrong.
  public var kind: Kind {
    switch reason {
    case .readFailed: .readFailed
    case .writeFailed: .writeFailed
    case .invalidJSON: .invalidJSON
    case .decodingFailed: .decodingFailed
    case .cancelled: .cancelled
    }
  }

  /// For ``Kind/invalidJSON``, where the line fails to parse, placed in the file:
  /// its ``JSONParseError/line`` is the line's number, its
  /// ``JSONParseError/column`` the column in that line, and its
  /// ``JSONParseError/offset`` the byte offset in the file.
  public var parseError: JSONParseError? {
    if case .invalidJSON(let error) = reason { return error }
    return nil
  }

  /// For ``Kind/decodingFailed``, why the line's value did not decode, with its path
  /// in the value.
  public var decodeError: DecodeError? {
    if case .decodingFailed(let error, _) = reason { return error }
    return nil
  }

  /// For ``Kind/readFailed`` and ``Kind/writeFailed``, the system's error: a
  /// `POSIXError`, such as `ENOENT` for a file that does not exist.
  public var underlyingError: (any Error)? {
    switch reason {
    case .readFailed(let code), .writeFailed(let code): POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    default: nil
    }
  }

  /// `path: cause`, on one line.
  public var description: String {
    let cause: String
    switch reason {
    case .readFailed(let code): cause = "cannot read: \(String(cString: strerror(code)))"
    case .writeFailed(let code): cause = "cannot write: \(String(cString: strerror(code)))"
    case .invalidJSON(let error): cause = error.description
    case .decodingFailed(let error, let modelName):
      let lines = error.description.split(separator: "\n")
      cause = "could not decode \(modelName) on line \(line ?? 0): \(lines.joined(separator: "; "))"
    case .cancelled: cause = "cancelled"
    }
    return "\(url.path): \(cause)"
  }
}
