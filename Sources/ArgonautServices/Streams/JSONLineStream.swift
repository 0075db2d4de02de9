import Argonaut
import Foundation

/// The values of a JSON Lines (NDJSON) response as they arrive, one per line: what
/// ``Service/lines(_:as:)`` and ``Service/lines(_:)`` return.
///
/// ```swift
/// for try await row in service.lines(Request(.get, "/export.ndjson"), as: Row.self) {
///   print(row.id)
/// }
/// ```
///
/// Each line that holds more than whitespace is parsed as JSON and decoded with
/// `Value`'s Argonaut decoder; a line ends at LF (or at the body's end), and a CR just
/// before its end is dropped, so CRLF lines work too. A bad line ends the sequence with a ``ServiceError`` that
/// names its line, counted from 1 with blank lines included: of kind
/// ``ServiceError/Kind/invalidJSON`` (its ``ServiceError/parseError`` has the line
/// and column in the body) or ``ServiceError/Kind/decodingFailed`` (its description
/// says `could not decode Row on line 7: …`).
///
/// Nothing is sent until the loop asks for the first value. The request asks for
/// `Accept: application/jsonl, application/x-ndjson` unless it or the environment
/// sets an `Accept` of its own. A status that is not accepted fails before the first
/// value, with the start of the body in the error, and so does a `Content-Type` that
/// is not JSON (an HTML error page behind a proxy, say), with
/// ``ServiceError/Kind/unacceptableContentType``: JSON Lines under any of their names
/// (`application/jsonl`, `application/x-ndjson`, `application/json-seq`), JSON
/// (`application/json`, `…+json`), `text/plain` and `application/octet-stream` are
/// read, as is a response without one. The request's `timeout` is the
/// longest wait for the next bytes. A line larger than the configuration's
/// ``ServiceConfiguration/maximumResponseSize`` fails with
/// ``ServiceError/Kind/responseTooLarge``. Leaving the loop early, or cancelling its
/// task, closes the connection; the cancelled loop ends with a
/// ``ServiceError/Kind/cancelled`` error.
public struct JSONLineStream<Value: Decodable>: AsyncSequence, Sendable where Value.DecodedType == Value {
  /// A decoded line.
  public typealias Element = Value
  /// The error that ends the sequence early.
  public typealias Failure = ServiceError

  let opener: StreamOpener

  /// Starts reading: the request is sent on the first call to `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(opener: opener)
  }

  /// Reads the values one by one.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error that ends the sequence early.
    public typealias Failure = ServiceError

    let opener: StreamOpener
    var splitter: JSONLineSplitter
    var batch = JSONLineBatch()
    var connection: OpenedStream?
    /// The parsed lines not yet decoded, the next one last.
    @usableFromInline var pending: [JSON] = []
    /// The numbers of the lines parsed with the last chunk, in order: the last
    /// `pending.count` of them are those of `pending`, reversed.
    var lineNumbers = JSONLineNumbers()
    /// The error of a bad line, thrown once the lines before it are read.
    var deferredFailure: ServiceError?
    var isFinished = false

    init(opener: StreamOpener) {
      self.opener = opener
      splitter = JSONLineSplitter(maximumLineLength: opener.configuration.maximumResponseSize)
    }

    /// The next value.
    /// - Returns: The value of the next non-blank line, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next() async throws(ServiceError) -> Value? {
      // Inlined into the loop, so that each line decodes with the caller's
      // specialized decoder (as `[Value].decode` does), and only a chunk's end
      // makes a call.
      while true {
        if let json = pending.popLast() {
          switch Value.decode(json) {
          case .success(let value): return value
          case .failure(let error): throw failDecoding(error)
          }
        }
        guard try await readLines() else { return nil }
      }
    }

    /// Reads chunks until some lines are parsed, or the body ends.
    /// - Returns: Whether lines were parsed; `false` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @usableFromInline
    mutating func readLines() async throws(ServiceError) -> Bool {
      do throws(ServiceError) {
        while true {
          if let failure = deferredFailure {
            deferredFailure = nil
            throw failure
          }
          guard !isFinished else { return false }
          guard let connection else {
            let opened = try await opener.open()
            connection = opened
            try await Pipeline.requireContentType(of: opened, expected: JSONLineMediaTypes.expected) {
              JSONLineMediaTypes.accepts($0)
            }
            continue
          }
          var tooLong = false
          if let chunk = try await connection.next() {
            do {
              try chunk.withUnsafeBytes { bytes in try splitter.split(bytes, into: &batch) }
            } catch {
              tooLong = true
            }
          } else {
            isFinished = true
            do throws(JSONLineSplitter.LineTooLong) {
              try splitter.finish(into: &batch)
            } catch {
              tooLong = true
            }
          }
          // The lines before a line too long are read first, as before a bad line.
          deferredFailure =
            batch.parse(connection, into: &pending, numbers: &lineNumbers)
            ?? (tooLong
              ? ServiceError(.responseTooLarge(limit: splitter.maximumLineLength), request: connection.request)
              : nil)
          if !pending.isEmpty { return true }
        }
      } catch {
        finish()
        throw error
      }
    }

    /// The error for the line just taken from `pending`, which did not decode; the
    /// sequence ends.
    @usableFromInline
    mutating func failDecoding(_ error: DecodeError) -> ServiceError {
      let number = lineNumbers[lineNumbers.count - pending.count - 1]
      let failure = ServiceError(
        .decodingFailed(error, modelName: "\(Value.self) on line \(number)"), request: connection?.request,
        response: connection?.head)
      finish()
      return failure
    }

    private mutating func finish() {
      isFinished = true
      deferredFailure = nil
      pending.removeAll()
      lineNumbers.removeAll()
      batch = JSONLineBatch()
      connection?.body.cancel()
      connection = nil
    }
  }
}

/// The lines of one or more chunks, copied side by side by ``JSONLineSplitter``:
/// parsed together into one tape (one set of allocations for the chunk rather than
/// one per line), then decoded one by one. A batch with a bad line is parsed again
/// line by line, to name it.
struct JSONLineBatch {
  /// The bytes of the body from ``offset`` on, with each line's end (its CR, or else
  /// its LF) made a NUL; a new array for each batch, since the values keep it.
  var bytes: [UInt8] = []
  /// The byte offset in the body of `bytes[0]`.
  var offset = 0
  /// The range in `bytes` of each line that is not blank.
  var ranges: [Range<Int>] = []
  /// The number of each line of `ranges`, from 1.
  var numbers = JSONLineNumbers()

  /// Where the bytes from body offset `offset` go: the end of `bytes`, which is
  /// also where the batch starts when it is empty.
  mutating func start(at offset: Int) -> Int {
    if bytes.isEmpty { self.offset = offset }
    return bytes.count
  }

  /// Parses the lines held into `parsed`, last to first, with their numbers in
  /// `numbers`, first to last (both replaced), and empties the batch.
  /// - Returns: The error of the first line that is not JSON, if any; the lines
  ///   before it are parsed.
  mutating func parse(
    _ connection: OpenedStream, into parsed: inout [JSON], numbers: inout JSONLineNumbers
  ) -> ServiceError? {
    let bytes = self.bytes
    self.bytes = []
    parsed.removeAll(keepingCapacity: true)
    swap(&numbers, &self.numbers)
    self.numbers.removeAll()
    defer { ranges.removeAll(keepingCapacity: true) }
    guard !ranges.isEmpty else { return nil }
    if let values = try? JSON.values(parsing: bytes, documents: ranges, lastFirst: true) {
      parsed = values
      return nil
    }
    // One of them is not JSON: line by line, to name it.
    for (index, range) in ranges.enumerated() {
      do {
        let json = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
          try JSON(parsing: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[range])))
        }
        parsed.append(json)
      } catch {
        parsed.reverse()
        let number = numbers[index]
        numbers.removeLast(from: index)  // as many as the values parsed
        return ServiceError(
          .invalidJSON(error.located(atLine: number, offset: offset + range.lowerBound)),
          request: connection.request, response: connection.head)
      }
    }
    parsed.reverse()
    return nil
  }
}

/// The numbers of a batch's lines that are not blank, in order: counted on from the
/// first while no blank line falls between two of them (as in most bodies), and
/// listed one by one once one does.
struct JSONLineNumbers {
  /// The number of the first line.
  private var first = 0
  /// How many lines there are.
  private(set) var count = 0
  /// Each line's number, once a blank line fell between two of them; empty before.
  private var listed: [Int] = []

  /// The number of line `index` of the batch, from 0.
  subscript(index: Int) -> Int {
    listed.isEmpty ? first + index : listed[index]
  }

  /// Adds the number of the next line, greater than the last one's.
  mutating func append(_ number: Int) {
    if count == 0 {
      first = number
    } else if !listed.isEmpty {
      listed.append(number)
    } else if number != first + count {
      listed = Array(first..<(first + count))
      listed.append(number)
    }
    count += 1
  }

  /// Keeps the numbers of the lines before line `index` only.
  mutating func removeLast(from index: Int) {
    count = index
    if !listed.isEmpty { listed.removeSubrange(index...) }
  }

  /// Removes every number.
  mutating func removeAll() {
    count = 0
    listed.removeAll(keepingCapacity: true)
  }
}

/// The `Content-Type`s that ``Service/lines(_:)`` reads as JSON Lines.
enum JSONLineMediaTypes {
  /// The types an error names.
  static let expected = ["application/jsonl", "application/x-ndjson", "application/json-seq", "application/json"]

  /// Whether a response of media type `essence` is read: the JSON Lines types under
  /// any of their names, JSON itself (`application/json`, `…+json`), and the generic
  /// `text/plain` and `application/octet-stream` that servers use for files. Not
  /// HTML, XML, an event stream, or any other kind.
  static func accepts(_ essence: String) -> Bool {
    if essence.hasSuffix("json") || essence.hasSuffix("+json") || essence.contains("ndjson")
      || essence.contains("jsonl") || essence.contains("json-seq")
    {
      return true
    }
    return essence == "text/plain" || essence == "application/octet-stream"
  }
}
