import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request through a transport: with its deadline, cancellation, and
/// status validation. Everything the completion and async forms share.
enum Pipeline {
  /// Builds `request` in `configuration`, sends it, and validates the status.
  ///
  /// Never throws an error other than ``ServiceError``; a cancelled task gives
  /// ``ServiceError/Kind/cancelled``.
  static func run(_ request: Request, in configuration: ServiceConfiguration) async throws(ServiceError) -> Exchange {
    let built = try request.resolved(in: configuration)
    if Task.isCancelled { throw ServiceError(.cancelled, request: built) }

    // The middleware chain runs where the transport would, inside the deadline race.
    let recorder = ExchangeRecorder()
    let chain = MiddlewareChain(configuration.middleware, transport: configuration.transport, recorder: recorder)
    let response: HTTPResponse
    do {
      response = try await send(built, through: chain, abandoned: recorder.abandon)
    } catch {
      throw error.after(recorder)
    }
    if Task.isCancelled { throw ServiceError(.cancelled, request: built).after(recorder) }

    let accepted = request.acceptedStatusCodes ?? configuration.acceptedStatusCodes
    guard accepted.contains(response.statusCode) else {
      throw ServiceError(.unacceptableStatus, request: built, response: response).after(recorder)
    }
    return Exchange(request: built, response: response, sentRequests: recorder.sentRequests)
  }

  /// Sends a built request through `transport`: the one place where a request
  /// meets its deadline and its caller's cancellation.
  ///
  /// Returns as soon as the transport answers, the deadline passes, or the calling
  /// task is cancelled, whichever comes first, even when the transport ignores
  /// cancellation (its late answer is dropped).
  ///
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/timeout``,
  ///   ``ServiceError/Kind/cancelled`` or ``ServiceError/Kind/transportFailure``.
  static func send(
    _ request: HTTPRequest, through transport: any HTTPTransport,
    abandoned: (@Sendable (ExchangeRecorder.Abandonment) -> Void)? = nil
  ) async throws(ServiceError) -> HTTPResponse {
    switch await Race.run(request, through: transport, abandoned: abandoned) {
    case .response(let response):
      // For transports that cannot stop early: the body was read, but is refused.
      guard response.body.count <= request.maximumResponseSize else {
        throw ServiceError(.responseTooLarge(limit: request.maximumResponseSize), request: request)
      }
      return response
    case .timedOut:
      throw ServiceError(.timeout(request.timeout), request: request)
    case .cancelled:
      throw ServiceError(.cancelled, request: request)
    case .failed(let error):
      throw failure(error, for: request)
    }
  }

  /// The service error for a transport's error.
  static func failure(_ error: any Error, for request: HTTPRequest) -> ServiceError {
    if Task.isCancelled || error is CancellationError {
      return ServiceError(.cancelled, request: request)
    }
    if let urlError = error as? URLError {
      switch urlError.code {
      case .cancelled: return ServiceError(.cancelled, request: request)
      case .timedOut: return ServiceError(.timeout(request.timeout), request: request)
      default: break
      }
    }
    if let tooLarge = error as? ResponseTooLarge {
      return ServiceError(.responseTooLarge(limit: tooLarge.limit), request: request)
    }
    if let middlewareFailure = error as? any MiddlewareFailure {
      return ServiceError(.middlewareFailure(middlewareFailure), request: request)
    }
    if let serviceError = error as? ServiceError {
      return ServiceError(serviceError.reason, request: request, response: serviceError.response)
    }
    return ServiceError(.transportFailure(error), request: request)
  }
}
