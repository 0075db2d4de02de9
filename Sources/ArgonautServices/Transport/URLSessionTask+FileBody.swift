import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A task that sends `request` with the content of `file` as its body, streamed from
  /// the disk with the `Content-Length` that the request already carries.
  ///
  /// On Apple platforms, an upload task from the file. On Linux, a data task whose body
  /// is a ``FileBodyStream`` of the file: FoundationNetworking's upload task from a file
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
  /// - Throws: `CocoaError(.fileReadNoSuchFile)` or another file error when the file
  ///   cannot be opened.
  func fileUploadTask(with request: URLRequest, fromFile file: URL, length: Int64?) throws -> URLSessionTask {
    #if canImport(FoundationNetworking)
      return dataTask(with: try request.streamingBody(from: file, length: length))
    #else
      return uploadTask(with: request, fromFile: file)
    #endif
  }
}

#if canImport(FoundationNetworking)
  extension URLRequest {
    /// This request with the content of `file` as a stream body of exactly `length`
    /// bytes (the request's `Content-Length`), not chunked (see
    /// `URLSession.fileUploadTask(with:fromFile:length:)`).
    /// - Throws: A file error when the file cannot be opened.
    func streamingBody(from file: URL, length: Int64?) throws -> URLRequest {
      var streamed = self
      streamed.httpBody = nil
      streamed.httpBodyStream = try FileBodyStream(file: file, length: length)
      streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
      return streamed
    }
  }
#endif

#if canImport(FoundationNetworking)
  /// The body of a file upload on Linux: the file's bytes, exactly as many as the
  /// request's `Content-Length` says, read synchronously.
  ///
  /// The file is opened when the stream is made, so a file that is missing or cannot be
  /// read fails the request at once (FoundationNetworking's own file stream would send an
  /// empty body under a `Content-Length` and leave the server waiting). It never sends
  /// more than `length` bytes, though the file grew since its size was taken (the rest
  /// would reach the server as the start of another request), and a file that shrank
  /// ends the body with an error rather than leave the server waiting for bytes that
  /// never come.
  ///
  /// FoundationNetworking reads it from one queue at a time (the session's work queue).
  final class FileBodyStream: InputStream {
    private let descriptor: Int32
    private var remaining: Int64
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    /// Opens `file`.
    /// - Parameters:
    ///   - file: The file.
    ///   - length: How many bytes to send; the file's size when `nil`.
    /// - Throws: A `CocoaError` naming the file when it cannot be opened or read.
    init(file: URL, length: Int64?) throws {
      let descriptor = file.withUnsafeFileSystemRepresentation { path in path.map { posixOpen($0) } ?? -1 }
      guard descriptor >= 0 else {
        let code: CocoaError.Code = errno == ENOENT ? .fileReadNoSuchFile : .fileReadNoPermission
        throw CocoaError(code, userInfo: [NSFilePathErrorKey: file.path])
      }
      var info = stat()
      guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        posixClose(descriptor)
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: file.path])
      }
      self.descriptor = descriptor
      self.remaining = length ?? Int64(info.st_size)
      super.init(data: Data())
    }

    deinit {
      posixClose(descriptor)
    }

    override func open() {
      if status == .notOpen { status = .open }
    }

    override func close() {
      status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { failure }

    override var hasBytesAvailable: Bool { remaining > 0 && status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
      guard remaining > 0, status == .open else { return 0 }
      let count = posixRead(descriptor, buffer, Int(min(Int64(length), remaining)))
      guard count > 0 else {
        // The file is shorter than its Content-Length now (0), or cannot be read (-1).
        status = .error
        failure = CocoaError(.fileReadCorruptFile)
        return -1
      }
      remaining -= Int64(count)
      return count
    }

    override func getBuffer(
      _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
      false
    }
  }

  // The POSIX calls, by other names: inside the stream, `open`, `close` and `read`
  // are its own methods.
  private func posixOpen(_ path: UnsafePointer<CChar>) -> Int32 { open(path, O_RDONLY) }
  private func posixClose(_ descriptor: Int32) { _ = close(descriptor) }
  private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
  }
#endif
