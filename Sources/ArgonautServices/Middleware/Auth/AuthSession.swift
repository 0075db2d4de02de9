import Foundation

/// The credential of an ``AuthMiddleware`` and its one refresh in flight, with the
/// requests waiting for it.
///
/// Every credential has a generation. A request remembers the generation of the
/// token it was sent with; when it gets a 401, a refresh is started only if no
/// refresh has happened since that generation. So a group of requests that got a 401
/// together causes one refresh, whatever order their answers arrive in.
///
/// A refresh also starts before a request is sent when the credential held is due
/// (``HeldCredential/isDue(at:window:)``), and ends with a failure when it takes
/// longer than the refresh timeout, measured on the middleware's clock.
actor AuthSession {
  struct Settings: Sendable {
    var refreshWindow: Duration
    var refreshTimeout: Duration
    var clock: any MiddlewareClock
  }

  private let source: @Sendable () async -> Credential?
  private let refresh: @Sendable () async throws -> Credential
  private let settings: Settings

  private var current: HeldCredential?
  private var generation = 0
  /// The outcome of the refresh that ended `generation`, for requests whose 401
  /// arrives after it ended.
  private var lastOutcome: Result<Credential, AuthMiddleware.RefreshFailed>?
  private var isRefreshing = false
  private var refreshTimer: Task<Void, Never>?
  private var asking: Task<Credential?, Never>?
  private var waiters: [UUID: CheckedContinuation<Credential, any Error>] = [:]
  private(set) var refreshCount = 0

  init(
    source: @escaping @Sendable () async -> Credential?, refresh: @escaping @Sendable () async throws -> Credential,
    settings: Settings
  ) {
    self.source = source
    self.refresh = refresh
    self.settings = settings
  }

  /// The token to send, and its generation: the one held (refreshed first when it is
  /// due), the one a running refresh will give (waiting for it), or the source's.
  func token() async throws -> (String?, Int) {
    if isRefreshing {
      return (try await waitForRefresh().token, generation)
    }
    if let current {
      guard current.isDue(at: settings.clock.now, window: settings.refreshWindow) else {
        return (current.credential.token, generation)
      }
      startRefresh()
      return (try await waitForRefresh().token, generation)
    }
    let asked = generation
    // One question to the source at a time: requests that need it meanwhile share it.
    let question = asking ?? Task { [source] in await source() }
    asking = question
    let credential = await question.value
    if asking == question { asking = nil }
    // A refresh may have finished while the source was being asked.
    if generation != asked || isRefreshing { return try await self.token() }
    current = credential.map { HeldCredential(credential: $0, receivedAt: settings.clock.now, isFromRefresh: false) }
    if current != nil { return try await self.token() }  // refreshed first if already due
    return (nil, generation)
  }

  /// The token to replay a request with after it got a 401 with the token of
  /// `generation`: a newer one if a refresh already ran, otherwise the outcome of
  /// the refresh this call starts or joins.
  func tokenAfterUnauthorized(generation sent: Int) async throws -> String {
    if sent < generation, !isRefreshing, let lastOutcome {
      return try lastOutcome.get().token
    }
    if !isRefreshing { startRefresh() }
    return try await waitForRefresh().token
  }

  private func startRefresh() {
    isRefreshing = true
    refreshCount += 1
    let attempt = refreshCount
    let refresh = self.refresh
    let work = Task {
      let outcome: Result<Credential, AuthMiddleware.RefreshFailed>
      do {
        outcome = .success(try await refresh())
      } catch {
        outcome = .failure(AuthMiddleware.RefreshFailed(underlyingError: error))
      }
      self.finishRefresh(attempt, outcome)
    }
    let timeout = settings.refreshTimeout
    let clock = settings.clock
    refreshTimer = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return  // the refresh ended first, and cancelled the timer
      }
      work.cancel()
      let timedOut = AuthMiddleware.RefreshTimedOut(timeout: timeout)
      self.finishRefresh(attempt, .failure(AuthMiddleware.RefreshFailed(underlyingError: timedOut)))
    }
  }

  /// Ends refresh number `attempt` with `outcome`, unless it already ended (the
  /// timer and the refresh race): resumes every waiter.
  private func finishRefresh(_ attempt: Int, _ outcome: Result<Credential, AuthMiddleware.RefreshFailed>) {
    guard isRefreshing, attempt == refreshCount else { return }
    refreshTimer?.cancel()
    refreshTimer = nil
    generation += 1
    lastOutcome = outcome
    isRefreshing = false
    // A failed refresh clears the credential: the next request asks the source again.
    current = (try? outcome.get()).map {
      HeldCredential(credential: $0, receivedAt: settings.clock.now, isFromRefresh: true)
    }
    let waiting = waiters
    waiters.removeAll()
    for continuation in waiting.values {
      continuation.resume(with: outcome.mapError { $0 as any Error })
    }
  }

  /// Waits for the running refresh; ends at once, with `CancellationError`, if the
  /// calling task is cancelled.
  private func waitForRefresh() async throws -> Credential {
    let id = UUID()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(id) }
    }
  }

  private func cancelWaiter(_ id: UUID) {
    waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
  }
}
