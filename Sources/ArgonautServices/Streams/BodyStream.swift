import Foundation

/// The reading end of a response body that is still arriving: what a streamed
/// ``HTTPResponse`` carries instead of its whole ``HTTPResponse/body``.
///
/// Dropping the last reference stops the transfer: a response that a middleware
/// set aside (a retried `503`), a loop left early, or a task that gave up all close
/// the connection.
final class BodyStream: Hashable, Sendable {
  let buffer: ChunkBuffer

  init(_ buffer: ChunkBuffer) {
    self.buffer = buffer
  }

  /// A stream of `body`, already complete: for a response that a transport or a
  /// middleware built whole.
  convenience init(whole body: Data) {
    let buffer = ChunkBuffer(capacity: max(1, body.count))
    buffer.append(body)
    buffer.finish(.finished)
    self.init(buffer)
  }

  deinit {
    buffer.stop(.cancelled)
  }

  /// The next chunk of the body of `request`'s response.
  ///
  /// - Parameter request: The request, for the error; its `timeout` is the longest
  ///   wait for the next bytes.
  /// - Returns: The chunk, or `nil` after the last one.
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/timeout``,
  ///   ``ServiceError/Kind/cancelled`` or ``ServiceError/Kind/transportFailure``.
  nonisolated(nonsending) func next(for request: HTTPRequest) async throws(ServiceError) -> Data? {
    do {
      return try await buffer.next(idleTimeout: request.timeout)
    } catch {
      switch error.reason {
      case .timedOut: throw ServiceError(.idleTimeout(request.timeout), request: request)
      case .cancelled, .finished: throw ServiceError(.cancelled, request: request)
      case .failed(let failure): throw Pipeline.failure(failure, for: request)
      }
    }
  }

  /// Stops the transfer: the consumer reads no more.
  func cancel() {
    buffer.stop(.cancelled)
  }

  static func == (lhs: BodyStream, rhs: BodyStream) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
