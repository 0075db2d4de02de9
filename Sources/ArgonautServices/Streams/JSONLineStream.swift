import Argonaut
import ArgonautFoundation
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
/// (`application/jsonl`, `application/x-ndjson`), JSON (`application/json`, `…+json`),
/// `text/plain` and `application/octet-stream` are read, as is a response without one. The request's `timeout` is the
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
    var reader: JSONLineReader
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
      reader = JSONLineReader(maximumLineLength: opener.configuration.maximumResponseSize)
    }

    /// The next value.
    /// - Returns: The value of the next non-blank line, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next() async throws(ServiceError) -> Value? {
      try await next(isolation: nil)
    }

    /// The next value, read in the caller's isolation: a loop on an actor (the main
    /// actor, say) does not leave it for each value.
    ///
    /// - Parameter actor: The caller's actor; `for try await` passes it.
    /// - Returns: The value of the next non-blank line, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(ServiceError) -> Value? {
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
    nonisolated(nonsending) mutating func readLines() async throws(ServiceError) -> Bool {
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
          let failure: JSONLineReader.Failure?
          if let chunk = try await connection.next() {
            failure = chunk.withUnsafeBytes { bytes in reader.read(bytes, into: &pending, numbers: &lineNumbers) }
          } else {
            isFinished = true
            failure = reader.read(nil, into: &pending, numbers: &lineNumbers)
          }
          switch failure {
          case nil: break
          case .invalidJSON(_, let error)?:
            deferredFailure = ServiceError(.invalidJSON(error), request: connection.request, response: connection.head)
          case .lineTooLong?:
            deferredFailure = ServiceError(
              .responseTooLarge(limit: reader.maximumLineLength), request: connection.request)
          }
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
      let number = lineNumbers.lineTaken(leaving: pending.count)
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
      reader = JSONLineReader(maximumLineLength: reader.maximumLineLength)
      connection?.body.cancel()
      connection = nil
    }
  }
}

/// The `Content-Type`s that ``Service/lines(_:)`` reads as JSON Lines.
enum JSONLineMediaTypes {
  /// The types an error names.
  static let expected = ["application/jsonl", "application/x-ndjson", "application/json"]

  /// Whether a response of media type `essence` is read: the JSON Lines types under
  /// any of their names, JSON itself (`application/json`, `…+json`), and the generic
  /// `text/plain`, `application/octet-stream` and `binary/octet-stream` (S3's) that
  /// servers use for files. Not HTML, XML, an event stream, JSON text sequences
  /// (`application/json-seq`, whose records start with a byte that JSON Lines do not
  /// have), or any other kind.
  static func accepts(_ essence: String) -> Bool {
    if essence.hasSuffix("json") || essence.contains("ndjson") || essence.contains("jsonl") { return true }
    return essence == "text/plain" || essence == "application/octet-stream" || essence == "binary/octet-stream"
  }
}
