import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A task that sends `request` with the content of `file` as its body, streamed from
  /// the disk with the `Content-Length` that the request already carries.
  ///
  /// On Apple platforms, an upload task from the file. On Linux, a data task whose body
  /// is an `InputStream` of the file: FoundationNetworking's upload task from a file
  /// reads it with DispatchIO, pausing libcurl until each block is read, and unpauses
  /// with a `try!` (`_EasyHandle._PauseState.setState`) that traps when libcurl reports
  /// an error, as it does when the server has closed or reset the connection meanwhile:
  /// the whole process dies with SIGILL. A stream body is read synchronously and never
  /// pauses. Its length is unknown to FoundationNetworking, so libcurl would send it
  /// chunked; the blank `Transfer-Encoding` field (libcurl drops a field with no value
  /// from the request, and then sends no chunked framing) keeps the `Content-Length`
  /// framing that servers such as S3 require.
  ///
  /// - Returns: The task, not resumed.
  /// - Throws: `CocoaError(.fileReadUnknown)` when the file cannot be opened.
  func fileUploadTask(with request: URLRequest, fromFile file: URL) throws -> URLSessionTask {
    #if canImport(FoundationNetworking)
      return dataTask(with: try request.streamingBody(from: file))
    #else
      return uploadTask(with: request, fromFile: file)
    #endif
  }
}

#if canImport(FoundationNetworking)
  extension URLRequest {
    /// This request with the content of `file` as a stream body, sent with the
    /// `Content-Length` the request carries, not chunked (see
    /// `URLSession.fileUploadTask(with:fromFile:)`).
    /// - Throws: `CocoaError(.fileReadUnknown)` when the file cannot be opened.
    func streamingBody(from file: URL) throws -> URLRequest {
      guard let stream = InputStream(url: file) else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: file.path])
      }
      var streamed = self
      streamed.httpBody = nil
      streamed.httpBodyStream = stream
      streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
      return streamed
    }
  }
#endif
