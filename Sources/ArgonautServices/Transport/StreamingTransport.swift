import Foundation

/// A transport that hands over a response as soon as its head arrives, with the
/// body following through the response's ``HTTPResponse/bodyStream``.
///
/// ``URLSessionTransport`` and ``InMemoryTransport`` stream; a transport of the
/// user's streams through the public ``StreamingHTTPTransport``; any other is asked
/// to `send`, and its whole body becomes a stream of one chunk.
protocol StreamingTransport: HTTPTransport {
  /// Sends `request` and returns the response once its head has arrived, its body
  /// in ``HTTPResponse/bodyStream`` (``HTTPResponse/body`` empty).
  ///
  /// The body arrives with back-pressure: a consumer that reads slowly stops the
  /// transfer until it catches up. Dropping the stream cancels the transfer.
  func stream(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPTransport {
  /// Sends `request` through ``StreamingTransport/stream(_:)`` when this transport
  /// streams, otherwise through `send`.
  func streamedResponse(for request: HTTPRequest) async throws -> HTTPResponse {
    if let streaming = self as? any StreamingTransport { return try await streaming.stream(request) }
    if let streaming = self as? any StreamingHTTPTransport { return try await streaming.streamedHead(for: request) }
    return try await send(request).streamed()
  }
}

extension HTTPResponse {
  /// This response as the head of a stream: its body, if not already a stream,
  /// moved to a complete ``bodyStream``.
  func streamed() -> HTTPResponse {
    guard bodyStream == nil else { return self }
    var head = self
    head.bodyStream = BodyStream(whole: body)
    head.body = Data()
    return head
  }
}
