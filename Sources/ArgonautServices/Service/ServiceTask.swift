import Dispatch

/// A call in flight, returned by the completion forms of a service's methods: keep it
/// to cancel the call.
///
/// ```swift
/// let call = NewsFeedService().newsFeed(userId: "ada") { result in
///   if case .failure(let error) = result, error.kind == .cancelled { print("gave up") }
/// }
/// call.cancel()   // the completion runs once, with a `.cancelled` error
/// ```
///
/// The completion runs exactly once: with the outcome, or, when ``cancel()`` comes
/// first, with a ``ServiceError`` of kind ``ServiceError/Kind/cancelled``. A cancel
/// after the outcome does nothing.
public final class ServiceTask: Sendable {
  private struct State: Sendable {
    var deliver: (@Sendable (Result<Exchange, ServiceError>) -> Void)?
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  private let state: Locked<State>
  private let cancellation: @Sendable () -> ServiceError

  private init(
    cancellation: @escaping @Sendable () -> ServiceError,
    deliver: @escaping @Sendable (Result<Exchange, ServiceError>) -> Void
  ) {
    self.cancellation = cancellation
    self.state = Locked(State(deliver: deliver))
  }

  /// Whether ``cancel()`` stopped the call before it finished.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Whether the completion has been called or scheduled.
  public var isFinished: Bool { state.withLock { $0.deliver == nil } }

  /// Stops the call. If it has not finished, its completion runs with a
  /// ``ServiceError/Kind/cancelled`` error, and the transport's work is cancelled.
  public func cancel() {
    let (deliver, task): ((@Sendable (Result<Exchange, ServiceError>) -> Void)?, Task<Void, Never>?) =
      state.withLock { state in
        guard let deliver = state.deliver else { return (nil, nil) }
        state.deliver = nil
        state.isCancelled = true
        return (deliver, state.task)
      }
    task?.cancel()
    deliver?(.failure(cancellation()))
  }

  /// Hands `result` to the completion, unless the call already finished.
  private func finish(_ result: Result<Exchange, ServiceError>) {
    let deliver = state.withLock { state in
      defer { state.deliver = nil }
      return state.deliver
    }
    deliver?(result)
  }

  /// Starts `request` in `configuration`; `completion` receives the exchange, on
  /// `configuration.callbackQueue`, exactly once.
  static func start(
    _ request: Request, in configuration: ServiceConfiguration,
    completion: @escaping @Sendable (Result<Exchange, ServiceError>) -> Void
  ) -> ServiceTask {
    let queue = configuration.callbackQueue
    let handle = ServiceTask(
      cancellation: { .cancelled(request, try? request.resolved(in: configuration)) },
      deliver: { result in queue.async { completion(result) } })
    let task = Task {
      do throws(ServiceError) {
        handle.finish(.success(try await Pipeline.run(request, in: configuration)))
      } catch {
        handle.finish(.failure(error))
      }
    }
    let cancelledMeanwhile = handle.state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelledMeanwhile { task.cancel() }
    return handle
  }
}
