import Foundation

extension Service {
  /// Sends `request` and returns the response undecoded, reporting the progress of
  /// its body's upload.
  ///
  /// ```swift
  /// let upload = Request(.put, "/uploads/{name}", pathParameters: ["name": "video.mp4"],
  ///                      body: .file(videoURL, contentType: "video/mp4"))
  /// let response = try await service.response(for: upload) { progress in
  ///   print("\(progress)")                                  // 1048576 of 73400320 bytes (1%)
  /// }
  /// ```
  ///
  /// A file body (``RequestBody/file(_:contentType:)``) is streamed from the disk,
  /// and ``URLSessionTransport`` reports its bytes as they are sent, out of the
  /// file's size. Any other body is reported once it has been sent. The reports
  /// never go backwards (a retried upload reports again only once it passes the
  /// last report), and the last one, when the call succeeds, equals the total.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - progress: Called with each report, on any thread.
  /// - Returns: The response.
  /// - Throws: ``ServiceError``, as ``Service/response(for:)`` does.
  public func response(
    for request: Request, progress: @escaping @Sendable (TransferProgress) -> Void
  ) async throws(ServiceError) -> HTTPResponse {
    let reporter = TransferProgressReporter(progress)
    let outcome = await TransferProgressReporter.$upload.withValue(reporter) {
      () async -> Result<Exchange, ServiceError> in
      do throws(ServiceError) {
        return .success(try await Pipeline.run(request, in: configuration))
      } catch {
        return .failure(error)
      }
    }
    let exchange = try outcome.get()
    let sent =
      exchange.request.bodyFile != nil
      ? exchange.request.header("Content-Length").flatMap { Int64($0) } : exchange.request.body.map { Int64($0.count) }
    if let sent { reporter.report(completed: sent, total: sent) }
    return exchange.response
  }
}
