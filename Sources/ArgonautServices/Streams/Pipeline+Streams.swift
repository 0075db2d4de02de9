import Foundation

/// A response whose head has arrived and been accepted, its body still arriving.
struct OpenedStream: Sendable {
  /// The request as sent, after the middleware.
  let request: HTTPRequest
  /// The status and header fields; its ``HTTPResponse/body`` is empty.
  let head: HTTPResponse
  /// The body, chunk by chunk.
  let body: BodyStream

  /// The next chunk, or `nil` after the last.
  /// - Throws: ``ServiceError``: an idle timeout, a cancellation, a dropped connection.
  nonisolated(nonsending) func next() async throws(ServiceError) -> Data? {
    try await body.next(for: request)
  }
}

extension Pipeline {
  /// How much of an unaccepted stream's body is read for the error's excerpt.
  static let streamExcerptLimit = 64 << 10

  /// Builds `request`, sends it through the middleware, and returns as soon as the
  /// response's head has arrived with an accepted status.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - configuration: The configuration to send it in.
  ///   - accept: The `Accept` field to send when neither the request nor the
  ///     environment sets one.
  ///   - headers: Header fields that override the request's, such as `Last-Event-ID`.
  /// - Returns: The head and the body to read.
  /// - Throws: ``ServiceError``; for a status that is not accepted, with the start of
  ///   the body (up to 64 KiB) in its response.
  static func open(
    _ request: Request, in configuration: ServiceConfiguration, accept: String, headers: [String: String] = [:]
  ) async throws(ServiceError) -> OpenedStream {
    var built = try request.resolved(in: configuration)
    if HTTPHeaders.value(of: "Accept", in: request.headers) == nil,
      HTTPHeaders.value(of: "Accept", in: configuration.environment.headers) == nil
    {
      built.headers = HTTPHeaders.merging(built.headers, ["Accept": accept])
    }
    // Unencoded, so that the framing (Content-Length, the last chunk) says whether the
    // whole body arrived: FoundationNetworking decodes a compressed body with libcurl,
    // which never checks that a gzip stream reached its end, so a compressed body cut
    // short inside its framing would read as a shorter body. Compression would also
    // hold events back in the server's compressor.
    if HTTPHeaders.value(of: "Accept-Encoding", in: request.headers) == nil,
      HTTPHeaders.value(of: "Accept-Encoding", in: configuration.environment.headers) == nil
    {
      built.headers = HTTPHeaders.merging(built.headers, ["Accept-Encoding": "identity"])
    }
    if !headers.isEmpty { built.headers = HTTPHeaders.merging(built.headers, headers) }
    if Task.isCancelled { throw ServiceError(.cancelled, request: built) }

    let recorder = ExchangeRecorder()
    let chain = MiddlewareChain(
      configuration.middleware, transport: configuration.transport, recorder: recorder, streaming: true)
    let head: HTTPResponse
    do {
      head = try await send(built, through: chain).streamed()
    } catch {
      throw error.after(attempts: recorder.attempts)
    }
    // The head's stream is the only way to its body; a middleware may have built a
    // new response from it, so whatever it holds now is what is read.
    guard let body = head.bodyStream else { preconditionFailure("streamed() always sets a body stream") }
    if Task.isCancelled { throw ServiceError(.cancelled, request: built).after(attempts: recorder.attempts) }

    let accepted = request.acceptedStatusCodes ?? configuration.acceptedStatusCodes
    guard accepted.contains(head.statusCode) else {
      var response = head
      response.bodyStream = nil
      response.body = await excerpt(of: body, for: built)
      throw ServiceError(.unacceptableStatus, request: built, response: response).after(attempts: recorder.attempts)
    }
    var plain = head
    plain.bodyStream = nil
    return OpenedStream(request: built, head: plain, body: body)
  }

  /// Fails with ``ServiceError/Kind/unacceptableContentType`` when `opened` has a
  /// `Content-Type` that `accepts` refuses (an HTML error page behind a proxy, say),
  /// with the start of its body; the transfer stops. A response without one passes.
  ///
  /// - Parameters:
  ///   - opened: The response.
  ///   - expected: The media types named in the error.
  ///   - accepts: Whether a media type's essence (`type/subtype`, lowercased) is one
  ///     the stream reads.
  static func requireContentType(
    of opened: OpenedStream, expected: [String], accepts: (String) -> Bool
  ) async throws(ServiceError) {
    guard let type = opened.head.contentType, !accepts(MediaType.essence(type)) else { return }
    var response = opened.head
    response.body = await excerpt(of: opened.body, for: opened.request)
    throw ServiceError(.unacceptableContentType(expected: expected), request: opened.request, response: response)
  }

  /// The start of `body`, up to ``streamExcerptLimit`` bytes, or as much as arrived
  /// before it failed; then the transfer stops.
  static func excerpt(of body: BodyStream, for request: HTTPRequest) async -> Data {
    var data = Data()
    while data.count < streamExcerptLimit {
      guard let chunk = try? await body.next(for: request) else { break }
      data.append(chunk.prefix(streamExcerptLimit - data.count))
    }
    body.cancel()
    return data
  }
}
