import Foundation

extension Service {
  /// Downloads `request`'s response body into the file `destination`, writing it as
  /// it arrives, so memory stays flat for a body of any size.
  ///
  /// ```swift
  /// let file = try await service.download(Request(.get, "/big.bin"), to: destination) { progress in
  ///   print(progress.completed, progress.total ?? -1)                  // TransferProgress
  /// }
  /// print(file.value.path, file.statusCode)                            // Response<URL>
  /// ```
  ///
  /// The body goes to a temporary file next to `destination`, which replaces
  /// `destination` (an existing file included) only once the whole body has
  /// arrived: a failed or cancelled download leaves `destination` as it was, and no
  /// partial file. `progress` is called with the bytes written so far, out of the
  /// response's `Content-Length` (`nil` without one, or when the body arrives
  /// compressed); the reports never go backwards, and the last one equals the total.
  /// The request's `timeout` is the longest wait for the next bytes, and the
  /// configuration's ``ServiceConfiguration/maximumResponseSize`` does not apply.
  /// The request goes through the middleware, as ``Service/bytes(_:)``'s does.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - destination: The file to write; its directory must exist.
  ///   - progress: Called after each chunk is written, on the calling task and in
  ///     its isolation (the method runs on the caller's actor, if any), so it may
  ///     update the caller's state.
  /// - Returns: The response, whose value is `destination`.
  /// - Throws: ``ServiceError``: as for ``Service/bytes(_:)``; of kind
  ///   ``ServiceError/Kind/invalidRequest`` when the directory of `destination`
  ///   cannot be written to; ``ServiceError/Kind/transportFailure`` when a write fails
  ///   or the body is shorter than its `Content-Length`.
  nonisolated(nonsending) public func download(
    _ request: Request, to destination: URL, progress: (TransferProgress) -> Void = { _ in }
  ) async throws(ServiceError) -> Response<URL> {
    let partial = try DownloadFile(next: destination, for: request)
    do throws(ServiceError) {
      let opened = try await Pipeline.open(request, in: configuration, accept: "*/*")
      defer { opened.body.cancel() }
      let total = Self.declaredLength(of: opened.head)
      var completed: Int64 = 0
      progress(TransferProgress(completed: 0, total: total))
      while let chunk = try await opened.next() {
        try partial.write(chunk, for: opened.request)
        completed += Int64(chunk.count)
        progress(TransferProgress(completed: completed, total: total))
      }
      if let total, completed < total {
        throw ServiceError(.transportFailure(URLError(.networkConnectionLost)), request: opened.request)
      }
      // A cancel that came while the last chunk was written still wins: the
      // destination is untouched and the temporary file removed.
      if Task.isCancelled { throw ServiceError(.cancelled, request: opened.request) }
      try partial.move(to: destination, for: opened.request)
      return Response(
        value: destination, statusCode: opened.head.statusCode, headers: opened.head.headers, request: opened.request)
    } catch {
      partial.remove()
      throw error
    }
  }

  /// The body's length from `Content-Length`, unless the body arrives encoded (it
  /// is decoded on the way, so the length would not be the bytes written).
  static func declaredLength(of head: HTTPResponse) -> Int64? {
    if let encoding = head.header("Content-Encoding"), encoding.lowercased() != "identity" { return nil }
    return head.header("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
  }
}

/// The temporary file that a download writes to, next to its destination.
final class DownloadFile {
  let url: URL
  private let handle: FileHandle
  /// Whether the handle has been closed (or a close was tried).
  private var isClosed = false

  /// Creates an empty temporary file in the directory of `destination`.
  /// - Throws: ``ServiceError/Kind/invalidRequest`` when it cannot be created.
  init(next destination: URL, for request: Request) throws(ServiceError) {
    let directory = destination.deletingLastPathComponent()
    url = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw .invalidRequest("cannot write a download to \(directory.path)", request)
    }
    guard let handle = try? FileHandle(forWritingTo: url) else {
      try? FileManager.default.removeItem(at: url)
      throw .invalidRequest("cannot write a download to \(directory.path)", request)
    }
    self.handle = handle
  }

  /// Appends `chunk`.
  func write(_ chunk: Data, for request: HTTPRequest) throws(ServiceError) {
    do {
      try handle.write(contentsOf: chunk)
    } catch {
      throw ServiceError(.transportFailure(error), request: request)
    }
  }

  /// Closes the file and moves it to `destination`, replacing any file there.
  func move(to destination: URL, for request: HTTPRequest) throws(ServiceError) {
    do {
      try handle.synchronize()
      isClosed = true  // a failed close(2) still frees the descriptor: never close it twice
      try handle.close()
    } catch {
      throw ServiceError(.transportFailure(error), request: request)
    }
    // rename(2) replaces the destination atomically: a reader sees the old file or
    // the new one, never a part.
    guard rename(url.path, destination.path) == 0 else {
      let code = POSIXErrorCode(rawValue: errno) ?? .EIO
      throw ServiceError(.transportFailure(POSIXError(code)), request: request)
    }
  }

  /// Closes and deletes the file.
  func remove() {
    if !isClosed { try? handle.close() }
    try? FileManager.default.removeItem(at: url)
  }
}
