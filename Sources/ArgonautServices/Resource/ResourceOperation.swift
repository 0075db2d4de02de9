import Argonaut
import Dispatch
import Foundation

/// Loads a resource as an `Operation`, for code built on `OperationQueue`: with
/// dependencies, priorities, a limit on concurrent loads, and cancellation.
///
/// ```swift
/// let queue = OperationQueue()
/// let user = ResourceOperation(resource: userResource, service: users) { result in … }
/// let avatar = ResourceOperation(resource: avatarResource, service: users) { result in … }
/// avatar.addDependency(user)          // starts once `user` has finished
/// queue.addOperations([user, avatar], waitUntilFinished: false)
/// ```
///
/// The operation is asynchronous: it finishes when the load does, not when `start()`
/// returns, and it reports `isExecuting` and `isFinished` to key-value observers,
/// which is how a queue learns that it may start the operations that depend on it.
///
/// The completion runs exactly once, on the configuration's callback queue, before the
/// operation finishes: with the value, the error, or a ``ServiceError/Kind/cancelled``
/// error after ``cancel()``, whether the operation was cancelled before it started or
/// while it ran. Afterwards ``result`` holds the same result.
///
/// The service's ``Service/configuration`` is read when the operation is created: an
/// operation queue's threads do not see the task-local configuration of the code that
/// created it.
///
/// `@unchecked Sendable`: `Operation` is a class that queues and observers use from
/// several threads; this subclass's own state lives in a `Locked` value and its other
/// properties are constants of `Sendable` types.
public final class ResourceOperation<Value: Sendable>: Operation, @unchecked Sendable {
  private struct State: Sendable {
    var isStarted = false
    var isExecuting = false
    var isFinished = false
    /// Whether `markFinished()` has begun: it runs once.
    var isFinishing = false
    /// The result, once the load ended or was cancelled.
    var result: Result<Value, ServiceError>?
    /// Whether the completion has run.
    var isDelivered = false
    /// The load in flight.
    var call: ServiceTask?
  }

  private let state = Locked(State())
  private let begin: @Sendable (@escaping @Sendable (Result<Value, ServiceError>) -> Void) -> ServiceTask
  private let cancellationError: @Sendable () -> ServiceError
  private let callbackQueue: DispatchQueue
  private let completion: (@Sendable (Result<Value, ServiceError>) -> Void)?

  /// An operation that loads `resource` through `service`.
  ///
  /// - Parameters:
  ///   - resource: The resource to load.
  ///   - service: The service whose configuration (environment, transport, callback
  ///     queue, validators) the load uses, read now.
  ///   - completion: Runs exactly once, on the configuration's callback queue, before
  ///     the operation finishes.
  public init<S: Service>(
    resource: Resource<Value>, service: S,
    completion: (@Sendable (Result<Value, ServiceError>) -> Void)? = nil
  ) {
    let configuration = service.configuration
    let request = resource.request
    self.begin = { deliver in
      FixedService(configuration: configuration).loadResponse(resource) { result in deliver(result.map(\.value)) }
    }
    self.cancellationError = { .cancelled(request, try? request.resolved(in: configuration)) }
    self.callbackQueue = configuration.callbackQueue
    self.completion = completion
    super.init()
  }

  /// The value or the error, once the operation has finished (or was cancelled);
  /// `nil` before.
  public var result: Result<Value, ServiceError>? { state.withLock { $0.result } }

  /// `true`: the operation finishes when its load does.
  public override var isAsynchronous: Bool { true }

  /// Whether the load is in flight.
  public override var isExecuting: Bool { state.withLock { $0.isExecuting } }

  /// Whether the operation is done: its completion has run and ``result`` is set.
  public override var isFinished: Bool { state.withLock { $0.isFinished } }

  /// Starts the load; a queue calls this. An operation cancelled before it started
  /// finishes at once, after its completion ran with a `.cancelled` error.
  public override func start() {
    let action = state.withLock { state -> StartAction in
      if state.isStarted { return .nothing }
      state.isStarted = true
      if state.isDelivered { return .finish }
      if state.result != nil { return .nothing }  // the cancellation is being delivered; it finishes
      return isCancelled ? .deliverCancellation : .load
    }
    switch action {
    case .nothing:
      return
    case .finish:
      markFinished()
    case .deliverCancellation:
      let error = cancellationError()
      callbackQueue.async { self.complete(.failure(error)) }
    case .load:
      markExecuting()
      let call = begin { result in self.complete(result) }
      state.withLock { $0.call = call }
      if isCancelled { call.cancel() }
    }
  }

  /// Cancels the operation. Before it started, its completion runs at once with a
  /// `.cancelled` error (it still finishes only when a queue starts it, as
  /// `Operation` requires); while it runs, the load is cancelled and the completion
  /// runs with a `.cancelled` error; after it finished, nothing happens.
  public override func cancel() {
    super.cancel()
    let (call, deliverNow) = state.withLock { state -> (ServiceTask?, Bool) in
      if state.result != nil { return (nil, false) }
      if let call = state.call { return (call, false) }
      // Started, the load not yet stored: `start()` sees `isCancelled` once it is.
      return (nil, !state.isStarted)
    }
    call?.cancel()
    if deliverNow {
      let error = cancellationError()
      callbackQueue.async { self.complete(.failure(error)) }
    }
  }

  /// Records `result` and runs the completion, unless a result came first; then
  /// finishes, if the operation was started.
  private func complete(_ result: Result<Value, ServiceError>) {
    let isFirst = state.withLock { state -> Bool in
      guard state.result == nil else { return false }
      state.result = result
      return true
    }
    guard isFirst else { return }
    completion?(result)
    let isStarted = state.withLock { state -> Bool in
      state.isDelivered = true
      return state.isStarted
    }
    if isStarted { markFinished() }
  }

  private func markExecuting() {
    willChangeValue(forKey: "isExecuting")
    state.withLock { $0.isExecuting = true }
    didChangeValue(forKey: "isExecuting")
  }

  private func markFinished() {
    let wasExecuting = state.withLock { state -> Bool? in
      guard !state.isFinishing else { return nil }
      state.isFinishing = true
      return state.isExecuting
    }
    guard let wasExecuting else { return }
    willChangeValue(forKey: "isFinished")
    if wasExecuting { willChangeValue(forKey: "isExecuting") }
    state.withLock { state in
      state.isExecuting = false
      state.isFinished = true
    }
    if wasExecuting { didChangeValue(forKey: "isExecuting") }
    didChangeValue(forKey: "isFinished")
  }
}

/// What `start()` does, decided under the lock.
private enum StartAction {
  case nothing, finish, deliverCancellation, load
}

/// A service of a fixed configuration: what an operation loads through.
private struct FixedService: Service {
  typealias Model = JSON
  let configuration: ServiceConfiguration
}
