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
    var isOpen = true
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  private let state = Locked(State())
  /// Delivers the cancellation error to the completion.
  private let deliverCancellation: @Sendable () -> Void

  private init(deliverCancellation: @escaping @Sendable () -> Void) {
    self.deliverCancellation = deliverCancellation
  }

  /// Whether ``cancel()`` stopped the call before it finished.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Whether the completion has been called or scheduled.
  public var isFinished: Bool { state.withLock { !$0.isOpen } }

  /// Stops the call. If it has not finished, its completion runs with a
  /// ``ServiceError/Kind/cancelled`` error, and the transport's work is cancelled.
  public func cancel() {
    let (claimed, task): (Bool, Task<Void, Never>?) = state.withLock { state in
      guard state.isOpen else { return (false, nil) }
      state.isOpen = false
      state.isCancelled = true
      return (true, state.task)
    }
    guard claimed else { return }
    task?.cancel()
    deliverCancellation()
  }

  /// Whether the caller may deliver the outcome: true once, unless ``cancel()`` came first.
  private func claim() -> Bool {
    state.withLock { state in
      defer { state.isOpen = false }
      return state.isOpen
    }
  }

  /// Runs `operation` in a task; `completion` receives its result, on `queue`,
  /// exactly once: or a cancellation error from `cancellation` when ``cancel()``
  /// comes first.
  static func run<Payload: Sendable>(
    on queue: DispatchQueue, cancellation: @escaping @Sendable () -> ServiceError,
    operation: @escaping @Sendable () async throws(ServiceError) -> Payload,
    completion: @escaping @Sendable (Result<Payload, ServiceError>) -> Void
  ) -> ServiceTask {
    let handle = ServiceTask(deliverCancellation: {
      let error = cancellation()
      queue.async { completion(.failure(error)) }
    })
    let task = Task {
      let result: Result<Payload, ServiceError>
      do throws(ServiceError) {
        result = .success(try await operation())
      } catch {
        result = .failure(error)
      }
      if handle.claim() { queue.async { completion(result) } }
    }
    let cancelledMeanwhile = handle.state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelledMeanwhile { task.cancel() }
    return handle
  }

  /// Starts `request` in `configuration`; `completion` receives the exchange, on
  /// `configuration.callbackQueue`, exactly once.
  static func start(
    _ request: Request, in configuration: ServiceConfiguration,
    completion: @escaping @Sendable (Result<Exchange, ServiceError>) -> Void
  ) -> ServiceTask {
    run(
      on: configuration.callbackQueue,
      cancellation: { .cancelled(request, try? request.resolved(in: configuration)) },
      operation: { () async throws(ServiceError) in try await Pipeline.run(request, in: configuration) },
      completion: completion)
  }
}
