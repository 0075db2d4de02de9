import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession`.
///
/// ```swift
/// let transport = URLSessionTransport.shared            // one session for the process
/// let custom = URLSessionTransport(configuration: .default)   // with an on-disk cache and cookies
/// ```
///
/// The shared transport reuses one session built from an ephemeral configuration:
/// cookies and the cache live in memory only, and nothing is written to disk.
///
/// The service enforces the request's deadline itself, to the millisecond;
/// FoundationNetworking truncates `timeoutInterval` to whole seconds (0.3 s becomes
/// 0 s, an immediate timeout), so the transport passes the session a
/// `timeoutInterval` rounded up and one second longer, as a backstop only.
/// Cancelling the calling task cancels the `URLSessionDataTask`.
///
/// Redirects are followed (up to the session's limit), but a redirect to another
/// origin (scheme, host or port) drops the request's credentials: `Authorization`,
/// `Proxy-Authorization`, `Cookie`, and every header field whose name is secret
/// (see ``Redactor``). A body bigger than the request's
/// ``HTTPRequest/maximumResponseSize`` is refused as soon as its `Content-Length`
/// says so, or as soon as that many bytes have arrived: it is never buffered
/// whole. With ``init(session:)``, the session's own delegate stays the caller's,
/// and the size is checked only once the body has arrived. On Apple platforms the
/// redirect policy still applies, through a task delegate; FoundationNetworking
/// (Linux) asks only the session's delegate about redirects, so there a session
/// you own follows redirects as its delegate decides: prefer
/// ``init(configuration:)`` there.
public final class URLSessionTransport: HTTPTransport {
  /// The session that carries the requests.
  public let session: URLSession
  private let ownsSession: Bool
  private let router: URLSessionTaskRouter?

  /// The transport that services use unless told otherwise.
  public static let shared = URLSessionTransport()

  /// A transport with a session of its own.
  /// - Parameter configuration: The session's configuration. Defaults to
  ///   ``defaultSessionConfiguration()``: ephemeral, with no URL cache.
  public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultSessionConfiguration()) {
    let router = URLSessionTaskRouter()
    self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    self.router = router
    self.ownsSession = true
  }

  /// A transport over an existing session, which the caller keeps and invalidates.
  public init(session: URLSession) {
    self.session = session
    self.router = nil
    self.ownsSession = false
  }

  deinit {
    if ownsSession { session.finishTasksAndInvalidate() }
  }

  /// An ephemeral configuration (cookies and credentials in memory only) with no URL
  /// cache at all: what the shared transport uses.
  public static func defaultSessionConfiguration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = 16
    return configuration
  }

  /// Sends `request` with a data task (an upload task for a body file, streamed from
  /// the disk), which is cancelled if the calling task is.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let urlRequest = Self.urlRequest(for: request)
    let uploadProgress = request.bodyFile != nil ? TransferProgressReporter.upload : nil
    #if !canImport(FoundationNetworking)
      if router == nil {
        let redirectGuard = RedirectGuard(request, uploadProgress: uploadProgress)
        let (data, response) =
          if let file = request.bodyFile {
            try await session.upload(for: urlRequest, fromFile: file, delegate: redirectGuard)
          } else {
            try await session.data(for: urlRequest, delegate: redirectGuard)
          }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPResponse(http, body: data)
      }
    #endif
    let slot = Locked<DataTaskSlot>(DataTaskSlot())
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        let task: URLSessionTask
        do {
          task = try self.task(for: request, urlRequest, continuation: continuation, uploadProgress: uploadProgress)
        } catch {
          continuation.resume(throwing: error)
          return
        }
        let cancelled = slot.withLock { slot in
          slot.task = task
          return slot.isCancelled
        }
        task.resume()
        if cancelled { task.cancelDetached() }
      }
    } onCancel: {
      let task = slot.withLock { slot in
        slot.isCancelled = true
        return slot.task
      }
      task?.cancelDetached()
    }
  }

  /// The task that sends `request` and resumes `continuation` with its response: a
  /// data task that the router follows, or, with a session the caller owns, a data
  /// task with a completion handler and the redirect guard as its delegate.
  /// FoundationNetworking's own `data(for:delegate:)` is not used: its cancellation
  /// handler calls `cancel()`, which waits on the session's work queue (see
  /// ``URLSessionTask/cancelDetached()``).
  private func task(
    for request: HTTPRequest, _ urlRequest: URLRequest, continuation: CheckedContinuation<HTTPResponse, any Error>,
    uploadProgress: TransferProgressReporter?
  ) throws -> URLSessionTask {
    // A body file is streamed from the disk, with its Content-Length: chunked
    // framing is refused by some servers (S3, for one).
    let length = request.uploadTotal(expected: 0)
    guard let router else {
      let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else if let http = response as? HTTPURLResponse {
          continuation.resume(returning: HTTPResponse(http, body: data ?? Data()))
        } else {
          continuation.resume(throwing: URLError(.badServerResponse))
        }
      }
      var sent = urlRequest
      #if canImport(FoundationNetworking)
        if let file = request.bodyFile { sent = try urlRequest.streamingBody(from: file, length: length) }
      #endif
      let task = session.dataTask(with: sent, completionHandler: completion)
      task.delegate = RedirectGuard(request, uploadProgress: uploadProgress)
      return task
    }
    let task =
      if let file = request.bodyFile {
        try session.fileUploadTask(with: urlRequest, fromFile: file, length: length)
      } else {
        session.dataTask(with: urlRequest)
      }
    router.register(task, for: request, continuation: continuation, uploadProgress: uploadProgress)
    return task
  }

  /// The `URLRequest` for `request`; its `timeoutInterval` is a backstop one second
  /// past the deadline, rounded up to whole seconds.
  static func urlRequest(for request: HTTPRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    urlRequest.httpBody = request.body  // a body file goes through an upload task instead
    let (seconds, attoseconds) = request.timeout.components
    urlRequest.timeoutInterval = TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
    return urlRequest
  }
}

/// The data task of one `send`, and whether the calling task was cancelled before
/// the data task existed.
private struct DataTaskSlot: Sendable {
  var task: URLSessionTask?
  var isCancelled = false
}

extension HTTPResponse {
  /// A response from Foundation's.
  init(_ response: HTTPURLResponse, body: Data) {
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    self.init(statusCode: response.statusCode, headers: headers, body: body)
  }
}
