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
/// `Value`'s Argonaut decoder; a line ends at LF, and a CR before it is dropped, so
/// CRLF lines work too. A bad line ends the sequence with a ``ServiceError`` that
/// names its line, counted from 1 with blank lines included: of kind
/// ``ServiceError/Kind/invalidJSON`` (its ``ServiceError/parseError`` has the line
/// and column in the body) or ``ServiceError/Kind/decodingFailed`` (its description
/// says `could not decode Row on line 7: …`).
///
/// Nothing is sent until the loop asks for the first value. The request asks for
/// `Accept: application/jsonl, application/x-ndjson` unless it or the environment
/// sets an `Accept` of its own. A status that is not accepted fails before the first
/// value, with the start of the body in the error. The request's `timeout` is the
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
    var connection: OpenedStream?
    var pending: [Value] = []
    var index = 0
    var isFinished = false

    init(opener: StreamOpener) {
      self.opener = opener
      splitter = JSONLineSplitter(maximumLineLength: opener.configuration.maximumResponseSize)
    }

    /// The next value.
    /// - Returns: The value of the next non-blank line, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    public mutating func next() async throws(ServiceError) -> Value? {
      do throws(ServiceError) {
        while true {
          if index < pending.count {
            index += 1
            return pending[index - 1]
          }
          guard !isFinished else { return nil }
          guard let connection else {
            connection = try await opener.open()
            continue
          }
          pending.removeAll(keepingCapacity: true)
          index = 0
          var failure: ServiceError?
          guard let chunk = try await connection.next() else {
            isFinished = true
            splitter.finish { line, number, offset in
              decode(line, number, offset, connection, into: &pending, failure: &failure)
            }
            if let failure { throw failure }
            continue
          }
          do {
            try chunk.withUnsafeBytes { bytes in
              try splitter.split(bytes) { line, number, offset in
                decode(line, number, offset, connection, into: &pending, failure: &failure)
              }
            }
          } catch {
            throw ServiceError(.responseTooLarge(limit: splitter.maximumLineLength), request: connection.request)
          }
          if let failure { throw failure }
        }
      } catch {
        isFinished = true
        pending.removeAll()
        index = 0
        connection?.body.cancel()
        connection = nil
        throw error
      }
    }
  }
}

/// Parses and decodes one line into `values`.
/// - Returns: Whether to go on: `false` after a failure, which is in `failure`.
private func decode<Value: Decodable>(
  _ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int, _ connection: OpenedStream,
  into values: inout [Value], failure: inout ServiceError?
) -> Bool where Value.DecodedType == Value {
  guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
  let json: JSON
  do {
    json = try JSON(parsing: UnsafeRawBufferPointer(line))
  } catch {
    failure = ServiceError(
      .invalidJSON(error.located(atLine: number, offset: offset)), request: connection.request,
      response: connection.head)
    return false
  }
  switch Value.decode(json) {
  case .success(let value):
    values.append(value)
    return true
  case .failure(let error):
    failure = ServiceError(
      .decodingFailed(error, modelName: "\(Value.self) on line \(number)"), request: connection.request,
      response: connection.head)
    return false
  }
}
