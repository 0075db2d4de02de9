/// One transport call racing its deadline and its caller's cancellation: whichever
/// comes first ends the call, at once.
///
/// The transport runs in an unstructured task, so the caller never waits for it: a
/// transport that ignores cancellation cannot hold a timeout or a cancel back. When
/// the deadline or the cancel wins, the transport's task is cancelled and whatever
/// it returns later is dropped. The deadline is a ``Deadline`` timer that is
/// disarmed, and freed, as soon as the call ends.
final class Race: Sendable {
  /// How a race ended.
  enum Outcome: Sendable {
    /// The transport answered first.
    case response(HTTPResponse)
    /// The transport threw first.
    case failed(any Error)
    /// The deadline passed first.
    case timedOut
    /// The calling task was cancelled first.
    case cancelled
  }

  private struct State: Sendable {
    var isFinished = false
    var outcome: Outcome?
    var continuation: CheckedContinuation<Outcome, Never>?
    var transport: Task<Void, Never>?
    var deadline: Deadline?
  }

  private let state = Locked(State())
  private let timeout: Duration
  private let abandoned: (@Sendable (ExchangeRecorder.Abandonment) -> Void)?

  private init(timeout: Duration, abandoned: (@Sendable (ExchangeRecorder.Abandonment) -> Void)?) {
    self.timeout = timeout
    self.abandoned = abandoned
  }

  /// Sends `request` through `transport`, and returns the first of: the transport's
  /// answer or error, the deadline (`request.timeout` from now), or the calling
  /// task's cancellation.
  ///
  /// When the deadline or the cancellation wins, `abandoned` runs first, on the
  /// thread that ends the race, before the caller resumes: so that middleware still
  /// inside the transport (a logging one) can say what happened before the caller
  /// has its error.
  static func run(
    _ request: HTTPRequest, through transport: any HTTPTransport,
    abandoned: (@Sendable (ExchangeRecorder.Abandonment) -> Void)? = nil
  ) async -> Outcome {
    let race = Race(timeout: request.timeout, abandoned: abandoned)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.start(request, through: transport, resuming: continuation)
      }
    } onCancel: {
      race.finish(.cancelled)
    }
  }

  private func start(
    _ request: HTTPRequest, through transport: any HTTPTransport,
    resuming continuation: CheckedContinuation<Outcome, Never>
  ) {
    let early = state.withLock { state -> Outcome? in
      if state.isFinished { return state.outcome }
      state.continuation = continuation
      return nil
    }
    if let early {  // cancelled before the transport was even started
      continuation.resume(returning: early)
      return
    }
    // The timer fires on a dispatch thread, but the timeout is judged on the
    // cooperative pool, behind any answer that is already queued there: when
    // CPU-bound work keeps every cooperative thread busy, an answer that arrived
    // in time still wins, exactly as the caller would see it. A transport that
    // ignores cancellation still cannot hold the timeout back.
    let priority = Task.currentPriority
    let deadline = Deadline(after: request.timeout) { [weak self] in
      guard let self else { return }
      Task(priority: priority) { self.finish(.timedOut) }
    }
    let task = Task {
      let outcome: Outcome
      do {
        outcome = .response(try await transport.send(request))
      } catch {
        outcome = .failed(error)
      }
      self.finish(outcome)
    }
    let lost = state.withLock { state -> Bool in
      guard !state.isFinished else { return true }
      state.transport = task
      state.deadline = deadline
      return false
    }
    if lost {  // the cancel came while the timer and the task were being set up
      deadline.cancel()
      task.cancel()
    }
  }

  /// Ends the race with `outcome`, unless it has already ended: disarms the
  /// deadline, cancels the transport unless it won, and resumes the caller.
  func finish(_ outcome: Outcome) {
    var taken = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?, Deadline?)? in
      guard !state.isFinished else { return nil }
      state.isFinished = true
      state.outcome = outcome
      defer {
        state.continuation = nil
        state.transport = nil
        state.deadline = nil
      }
      return (state.continuation, state.transport, state.deadline)
    }
    guard let (continuation, transport, _) = taken else { return }
    taken?.2?.cancel()
    taken = nil  // frees the deadline before the caller resumes
    switch outcome {
    case .timedOut: abandoned?(.timeout(timeout))
    case .cancelled: abandoned?(.cancelled)
    case .response, .failed: break
    }
    if case .response = outcome {} else { transport?.cancel() }
    continuation?.resume(returning: outcome)
  }
}
