import Foundation

/// A response body as it arrives, in chunks of bytes: what ``Service/bytes(_:)``
/// returns.
///
/// ```swift
/// var received = 0
/// for try await chunk in service.bytes(Request(.get, "/big")) {
///   received += chunk.count                      // [UInt8], as it arrived
/// }
/// ```
///
/// Nothing is sent until the loop asks for the first chunk; each loop sends the
/// request anew. A status that is not accepted fails before the first chunk, with
/// the start of the body in the error. The request's `timeout` is the longest wait
/// for the next bytes, not a limit on the whole body. Leaving the loop early, or
/// cancelling its task, stops the transfer; the cancelled loop ends with a
/// ``ServiceError/Kind/cancelled`` error.
public struct ByteStream: AsyncSequence, Sendable {
  /// A chunk of the body, as it arrived.
  public typealias Element = [UInt8]
  /// The error that ends the sequence early.
  public typealias Failure = ServiceError

  let opener: StreamOpener

  /// Starts reading: the request is sent on the first call to `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(opener: opener)
  }

  /// Reads the chunks one by one.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error that ends the sequence early.
    public typealias Failure = ServiceError

    let opener: StreamOpener
    var connection: OpenedStream?
    var isFinished = false

    /// The next chunk of the body.
    /// - Returns: The chunk, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    public mutating func next() async throws(ServiceError) -> [UInt8]? {
      try await next(isolation: nil)
    }

    /// The next chunk of the body, read in the caller's isolation: a loop on an
    /// actor (the main actor, say) does not leave it for each chunk that has
    /// already arrived.
    ///
    /// - Parameter actor: The caller's actor; `for try await` passes it.
    /// - Returns: The chunk, or `nil` after the last one.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(ServiceError) -> [UInt8]? {
      guard !isFinished else { return nil }
      do throws(ServiceError) {
        if connection == nil { connection = try await opener.open() }
        guard let connection, let chunk = try await connection.next() else {
          finish()
          return nil
        }
        return [UInt8](chunk)
      } catch {
        finish()
        throw error
      }
    }

    private mutating func finish() {
      isFinished = true
      connection?.body.cancel()
      connection = nil
    }
  }
}

/// What a stream sends, and how: the request, the configuration it is sent in, and
/// the `Accept` field it asks for by default.
struct StreamOpener: Sendable {
  let request: Request
  let configuration: ServiceConfiguration
  let accept: String

  /// Sends the request and waits for an accepted head.
  func open(headers: [String: String] = [:]) async throws(ServiceError) -> OpenedStream {
    try await Pipeline.open(request, in: configuration, accept: accept, headers: headers)
  }
}
