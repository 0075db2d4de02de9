import Foundation

/// A transport of your own that hands over a response's body as it arrives, so that
/// ``Service/events(_:)``, ``Service/lines(_:as:)``, ``Service/bytes(_:)`` and
/// ``Service/download(_:to:progress:)`` stream through it.
///
/// A transport that only implements ``HTTPTransport/send(_:)`` still serves streams,
/// but each arrives whole, as one chunk, once the server has finished. Implement
/// ``stream(_:)`` as well to return the response's head as soon as it arrives, with
/// the body's chunks following:
///
/// ```swift
/// struct MyTransport: StreamingHTTPTransport {
///   let client: MyClient                     // yours: opens a request, reads its body
///
///   func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///     try await client.response(to: request)
///   }
///
///   func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
///     let (head, reader) = try await client.open(request)   // reader.next() -> Data?
///     return StreamedHTTPResponse(head: head, body: AsyncThrowingStream { try await reader.next() })
///   }
/// }
/// ```
///
/// The body is read as the consumer asks for it: the library pulls the next chunk
/// only while it holds less than about a megabyte that the consumer has not read,
/// so an `AsyncThrowingStream(unfolding:)` body gets back-pressure for free. When
/// the consumer stops (a loop left early, a cancelled task, an idle timeout), the
/// task that reads the body is cancelled, which terminates the stream: its
/// `onTermination` handler, or the cancellation of the unfolding closure, is where
/// the transport closes its connection. An error thrown by the body ends the
/// sequence with a ``ServiceError/Kind/transportFailure`` after the elements before
/// it.
public protocol StreamingHTTPTransport: HTTPTransport {
  /// Sends `request` and returns the response as soon as its head has arrived, with
  /// the body's chunks in ``StreamedHTTPResponse/body``.
  ///
  /// - Parameter request: The request, with its absolute URL.
  /// - Returns: The head (its ``HTTPResponse/body`` is ignored) and the body.
  /// - Throws: Any error, when no response arrived, as for ``HTTPTransport/send(_:)``.
  func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse
}

/// A response whose body is still arriving, as a ``StreamingHTTPTransport`` returns it.
public struct StreamedHTTPResponse: Sendable {
  /// The status and headers; its ``HTTPResponse/body`` is ignored.
  public var head: HTTPResponse
  /// The body's chunks, in order, as they arrive; an error thrown here is a transport
  /// failure of the body.
  public var body: AsyncThrowingStream<Data, any Error>

  /// A response of `head` whose body is `body`.
  ///
  /// - Parameters:
  ///   - head: The status and headers.
  ///   - body: The body's chunks.
  public init(head: HTTPResponse, body: AsyncThrowingStream<Data, any Error>) {
    self.head = head
    self.body = body
  }
}

extension StreamingHTTPTransport {
  /// The response of ``stream(_:)`` as a streamed ``HTTPResponse``: a task reads the
  /// body into a ``ChunkBuffer``, waiting for room after each chunk, and is cancelled
  /// when the consumer stops.
  func streamedHead(for request: HTTPRequest) async throws -> HTTPResponse {
    let streamed = try await stream(request)
    let buffer = ChunkBuffer()
    let body = streamed.body
    let reader = Task {
      do {
        for try await chunk in body {
          guard buffer.append(chunk) else { return }
          await buffer.room()
        }
        buffer.finish(.finished)
      } catch {
        buffer.finish(.failed(error))
      }
    }
    buffer.onStop { reader.cancel() }
    var head = streamed.head
    head.body = Data()
    head.bodyStream = BodyStream(buffer)
    return head
  }
}
