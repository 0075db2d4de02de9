import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport: StreamingTransport {
  /// How long the session itself waits for bytes of a stream: a backstop far above
  /// any idle timeout, which the stream enforces itself, on the consumer's side, so
  /// that a consumer that reads slowly (and holds the transfer back) never makes the
  /// session time out.
  static let streamBackstop: TimeInterval = 7 * 24 * 3600

  /// Sends `request` in a session of its own, and returns when the response's head
  /// arrives; the body follows, with back-pressure, through its stream.
  ///
  /// The session has this transport's configuration and a ``StreamTaskDelegate``;
  /// it is invalidated when the transfer ends. Cancelling the calling task before
  /// the head arrives cancels the transfer; afterwards, dropping the body does.
  func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = Self.urlRequest(for: request)
    urlRequest.timeoutInterval = Self.streamBackstop
    let delegate = StreamTaskDelegate(request: request, buffer: ChunkBuffer())
    #if canImport(FoundationNetworking)
      let queue: OperationQueue = InlineOperationQueue()
    #else
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
    #endif
    let streamSession = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: queue)
    let task: URLSessionTask
    do {
      task =
        if let file = request.bodyFile {
          try streamSession.fileUploadTask(with: urlRequest, fromFile: file, length: request.uploadTotal(expected: 0))
        } else {
          streamSession.dataTask(with: urlRequest)
        }
    } catch {
      streamSession.finishTasksAndInvalidate()
      throw error
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        delegate.expectHead(continuation)
        task.resume()
      }
    } onCancel: {
      task.cancelDetached()
    }
  }
}
