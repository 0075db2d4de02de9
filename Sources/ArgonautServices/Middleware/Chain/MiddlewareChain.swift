/// The configuration's middleware in front of its transport: what the pipeline sends
/// through, inside the request's deadline and cancellation.
///
/// It binds the exchange's ``ExchangeMetrics`` recorder for the middleware to read,
/// and counts and times every call that reaches the transport.
///
/// For a stream (`streaming`), the transport answers with the response's head, its
/// body still arriving (``HTTPResponse/isStreamed``): the middleware sees the
/// request and the head, so a retry can only happen before the first byte of the
/// body, and the body never passes back through the chain. A ``CacheMiddleware``
/// is left out: a stream is never served from a cache, nor stored in one.
struct MiddlewareChain: HTTPTransport {
  let middleware: [any ServiceMiddleware]
  let transport: any HTTPTransport
  let recorder: ExchangeRecorder
  let streaming: Bool

  init(
    _ middleware: [any ServiceMiddleware], transport: any HTTPTransport, recorder: ExchangeRecorder,
    streaming: Bool = false
  ) {
    self.middleware = streaming ? middleware.filter { !($0 is CacheMiddleware) } : middleware
    self.transport = transport
    self.recorder = recorder
    self.streaming = streaming
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await ExchangeRecorder.$current.withValue(recorder) {
      try await Self.send(request, through: middleware[...], to: transport, recorder: recorder, streaming: streaming)
    }
  }

  /// Calls the first middleware with the rest of the chain as its `next`; after the
  /// last one, the transport.
  private static func send(
    _ request: HTTPRequest, through middleware: ArraySlice<any ServiceMiddleware>, to transport: any HTTPTransport,
    recorder: ExchangeRecorder, streaming: Bool
  ) async throws -> HTTPResponse {
    guard let first = middleware.first else {
      try Task.checkCancellation()
      if streaming { return try await recorder.attempt(request) { try await transport.streamedResponse(for: request) } }
      return try await recorder.attempt(request) { try await transport.send(request) }
    }
    let rest = middleware.dropFirst()
    if let cache = first as? CacheMiddleware {
      // The cache may revalidate a stale response after it has answered with it
      // (stale-while-revalidate): it gets the rest of the chain as a closure that
      // outlives the call, counted by a recorder of its own.
      let detached: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in
        let recorder = ExchangeRecorder()
        return try await ExchangeRecorder.$current.withValue(recorder) {
          try await send(request, through: rest, to: transport, recorder: recorder, streaming: streaming)
        }
      }
      return try await cache.intercept(
        request,
        next: { request in
          try await send(request, through: rest, to: transport, recorder: recorder, streaming: streaming)
        },
        detached: detached)
    }
    return try await first.intercept(request) { request in
      try await send(request, through: rest, to: transport, recorder: recorder, streaming: streaming)
    }
  }
}
