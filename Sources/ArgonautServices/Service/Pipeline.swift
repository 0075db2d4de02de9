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
    switch await race(built, through: chain) {
    case .response(let received):
      response = received
    case .timedOut:
      throw ServiceError(.timeout(built.timeout), request: built).after(attempts: recorder.attempts)
    case .failed(let error):
      throw failure(error, for: built).after(attempts: recorder.attempts)
    }
    if Task.isCancelled { throw ServiceError(.cancelled, request: built).after(attempts: recorder.attempts) }

    let accepted = request.acceptedStatusCodes ?? configuration.acceptedStatusCodes
    guard accepted.contains(response.statusCode) else {
      throw ServiceError(.unacceptableStatus, request: built, response: response).after(attempts: recorder.attempts)
    }
    return Exchange(request: built, response: response)
  }

  /// How a race between the transport and the deadline ended.
  enum Outcome: Sendable {
    case response(HTTPResponse)
    case failed(any Error)
    case timedOut
  }

  /// Runs the transport against a timer, and cancels whichever loses.
  ///
  /// Transports may not honour sub-second deadlines (FoundationNetworking truncates
  /// `timeoutInterval` to whole seconds), so the deadline is enforced here.
  static func race(_ request: HTTPRequest, through transport: any HTTPTransport) async -> Outcome {
    await withTaskGroup(of: Outcome?.self) { group in
      group.addTask {
        do {
          return .response(try await transport.send(request))
        } catch {
          return .failed(error)
        }
      }
      group.addTask {
        do {
          try await Task.sleep(for: request.timeout)
          return .timedOut
        } catch {
          return nil  // cancelled: the transport finished first, or the whole call was cancelled
        }
      }
      defer { group.cancelAll() }
      while let next = await group.next() {
        if let outcome = next {
          return outcome
        }
      }
      return .failed(CancellationError())
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
    if let middlewareFailure = error as? any MiddlewareFailure {
      return ServiceError(.middlewareFailure(middlewareFailure), request: request)
    }
    if let serviceError = error as? ServiceError {
      return ServiceError(serviceError.reason, request: request, response: serviceError.response)
    }
    return ServiceError(.transportFailure(error), request: request)
  }
}
