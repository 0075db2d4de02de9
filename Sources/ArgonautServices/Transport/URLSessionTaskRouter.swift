import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s own session: it follows each data
/// task, by its identifier, to apply the redirect policy and the size limit, and
/// to hand the response to the `send` that waits for it.
///
/// The session calls it on its delegate queue, one callback at a time; the
/// registry is behind a lock because `send` registers tasks from any thread.
final class URLSessionTaskRouter: NSObject, URLSessionDataDelegate, Sendable {
  /// One data task in flight.
  struct Entry: Sendable {
    let request: HTTPRequest
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    var response: HTTPURLResponse?
    var body = Data()
    var failure: (any Error)?
    /// Where the upload's progress goes, for ``Service/response(for:progress:)``.
    var uploadProgress: TransferProgressReporter?
  }

  private let entries = Locked<[Int: Entry]>([:])

  /// Follows `task`, which must not have been resumed yet.
  func register(
    _ task: URLSessionTask, for request: HTTPRequest, continuation: CheckedContinuation<HTTPResponse, any Error>,
    uploadProgress: TransferProgressReporter? = nil
  ) {
    entries.withLock {
      $0[task.taskIdentifier] = Entry(request: request, continuation: continuation, uploadProgress: uploadProgress)
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    guard let entry = entries.withLock({ $0[task.taskIdentifier] }), let reporter = entry.uploadProgress else { return }
    reporter.reportSent(bytesSent, total: entry.request.uploadTotal(expected: totalBytesExpectedToSend))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
  ) {
    completionHandler(entries.withLock({ $0[task.taskIdentifier]?.request })?.freshBodyStream())
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let original = entries.withLock({ $0[task.taskIdentifier]?.request }) else {
      completionHandler(request)
      return
    }
    completionHandler(
      RedirectPolicy.redirected(request, from: response.url ?? task.currentRequest?.url, original: original))
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = entries.withLock { entries -> Bool in
      guard var entry = entries[dataTask.taskIdentifier] else { return false }
      entry.response = response as? HTTPURLResponse
      let declared = response.expectedContentLength
      if declared > Int64(entry.request.maximumResponseSize) {
        entry.failure = ResponseTooLarge(limit: entry.request.maximumResponseSize, declaredLength: declared)
      }
      entries[dataTask.taskIdentifier] = entry
      return entry.failure != nil
    }
    completionHandler(tooLarge ? .cancel : .allow)
    // FoundationNetworking may go on reading whatever the disposition: cancel too.
    if tooLarge { dataTask.cancelDetached() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = entries.withLock { entries -> Bool in
      guard var entry = entries[dataTask.taskIdentifier], entry.failure == nil else { return false }
      if entry.body.count + data.count > entry.request.maximumResponseSize {
        entry.failure = ResponseTooLarge(limit: entry.request.maximumResponseSize, declaredLength: nil)
        entry.body = Data()
      } else {
        entry.body.append(data)
      }
      entries[dataTask.taskIdentifier] = entry
      return entry.failure != nil
    }
    if tooLarge { dataTask.cancelDetached() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let failure = entry.failure {
      entry.continuation.resume(throwing: failure)
    } else if let error {
      entry.continuation.resume(throwing: error)
    } else if let http = entry.response ?? task.response as? HTTPURLResponse {
      entry.continuation.resume(returning: HTTPResponse(http, body: entry.body))
    } else {
      entry.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }
}

/// The task delegate for a session that the caller owns (``URLSessionTransport/init(session:)``):
/// it applies the redirect policy, since the session's own delegate is the caller's.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
  let original: HTTPRequest
  let uploadProgress: TransferProgressReporter?

  init(_ original: HTTPRequest, uploadProgress: TransferProgressReporter? = nil) {
    self.original = original
    self.uploadProgress = uploadProgress
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    uploadProgress?.reportSent(bytesSent, total: original.uploadTotal(expected: totalBytesExpectedToSend))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
  ) {
    completionHandler(original.freshBodyStream())
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(
      RedirectPolicy.redirected(request, from: response.url ?? task.currentRequest?.url, original: original))
  }
}

extension HTTPRequest {
  /// The file body again from its start, for a session that must send it again (a
  /// retried connection); `nil` without a file body, or when it cannot be opened.
  func freshBodyStream() -> InputStream? {
    guard let bodyFile else { return nil }
    #if canImport(FoundationNetworking)
      return try? FileBodyStream(file: bodyFile, length: uploadTotal(expected: 0))
    #else
      return InputStream(url: bodyFile)
    #endif
  }

  /// The size of the body being uploaded: what the session expects to send, or else
  /// the request's `Content-Length` (a file body streamed on Linux is of a length the
  /// session does not know).
  func uploadTotal(expected: Int64) -> Int64? {
    if expected > 0 { return expected }
    return header("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
  }
}
