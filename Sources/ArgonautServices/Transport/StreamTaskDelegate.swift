import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of the session of one stream: it hands the response's head to the
/// `stream` call that waits for it, then feeds the body to a ``ChunkBuffer``, with
/// back-pressure, and applies the redirect policy.
///
/// On Linux it runs on an ``InlineOperationQueue``, so chunks go to the buffer as
/// libcurl reads them (it never waits there); on Apple platforms, it suspends the
/// data task while the buffer is full.
final class StreamTaskDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct State: Sendable {
    var head: CheckedContinuation<HTTPResponse, any Error>?
    var isSuspended = false
    /// Whether the data task has been told to cancel.
    var isCancelling = false
  }

  let request: HTTPRequest
  let buffer: ChunkBuffer
  private let state = Locked(State())

  init(request: HTTPRequest, buffer: ChunkBuffer) {
    self.request = request
    self.buffer = buffer
  }

  /// Waits for the head through `continuation`.
  func expectHead(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
    state.withLock { $0.head = continuation }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
  ) {
    completionHandler(request.freshBodyStream())
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(
      RedirectPolicy.redirected(request, from: response.url ?? task.currentRequest?.url, original: self.request))
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      resumeHead(throwing: URLError(.badServerResponse))
      return
    }
    // Never `dataTask.cancel()` here or in `didReceive data`: this runs on the
    // session's work queue, which FoundationNetworking's `cancel()` waits for.
    let state = state
    buffer.onStop { Self.cancel(dataTask, state) }
    completionHandler(.allow)
    var head = HTTPResponse(http, body: Data())
    head.bodyStream = BodyStream(buffer)
    let taken = state.withLock { state in
      defer { state.head = nil }
      return state.head
    }
    taken?.resume(returning: head)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard buffer.append(data) else {
      // The consumer stopped: libcurl goes on reading until the cancel lands.
      Self.cancel(dataTask, state)
      return
    }
    #if !canImport(FoundationNetworking)
      // Apple's URLSession pauses a suspended task where it is. FoundationNetworking
      // cannot (its `resume()` sends the request again), so there the buffer spills
      // to the disk instead.
      guard buffer.isFull else { return }
      let suspending = state.withLock { state -> Bool in
        guard !state.isSuspended else { return false }
        state.isSuspended = true
        return true
      }
      guard suspending else { return }
      dataTask.suspend()
      let buffer = buffer
      let state = state
      Task {
        await buffer.room()
        state.withLock { $0.isSuspended = false }
        dataTask.resume()
      }
    #endif
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      resumeHead(throwing: error)
      buffer.finish(.failed(error))
    } else {
      resumeHead(throwing: URLError(.badServerResponse))
      buffer.finish(.finished)
    }
    // Not inline: on Linux this runs on the session's work queue, which
    // `finishTasksAndInvalidate` waits for.
    DispatchQueue.global().async { session.finishTasksAndInvalidate() }
  }

  /// Cancels `task` once, from another queue (see ``URLSessionTask/cancelDetached()``).
  private static func cancel(_ task: URLSessionTask, _ state: Locked<State>) {
    let first = state.withLock { state in
      defer { state.isCancelling = true }
      return !state.isCancelling
    }
    if first { task.cancelDetached() }
  }

  /// Fails the `stream` call, if it still waits for the head.
  private func resumeHead(throwing error: any Error) {
    let taken = state.withLock { state in
      defer { state.head = nil }
      return state.head
    }
    taken?.resume(throwing: error)
  }
}
