import Foundation

/// The token of an ``AuthMiddleware`` and its one refresh in flight, with the
/// requests waiting for it.
///
/// Every token has a generation. A request remembers the generation of the token it
/// was sent with; when it gets a 401, a refresh is started only if no refresh has
/// happened since that generation. So a group of requests that got a 401 together
/// causes one refresh, whatever order their answers arrive in.
actor AuthSession {
  private let source: @Sendable () async -> String?
  private let refresh: @Sendable () async throws -> String

  private var current: String?
  private var generation = 0
  /// The outcome of the refresh that ended `generation`, for requests whose 401
  /// arrives after it ended.
  private var lastOutcome: Result<String, AuthMiddleware.RefreshFailed>?
  private var isRefreshing = false
  private var asking: Task<String?, Never>?
  private var waiters: [UUID: CheckedContinuation<String, any Error>] = [:]
  private(set) var refreshCount = 0

  init(source: @escaping @Sendable () async -> String?, refresh: @escaping @Sendable () async throws -> String) {
    self.source = source
    self.refresh = refresh
  }

  /// The token to send, and its generation: the one held, the one a running refresh
  /// will give (waiting for it), or the source's.
  func token() async throws -> (String?, Int) {
    if isRefreshing {
      let token = try await waitForRefresh()
      return (token, generation)
    }
    if let current { return (current, generation) }
    let asked = generation
    // One question to the source at a time: requests that need it meanwhile share it.
    let question = asking ?? Task { [source] in await source() }
    asking = question
    let token = await question.value
    if asking == question { asking = nil }
    // A refresh may have finished while the source was being asked.
    if generation != asked || isRefreshing { return try await self.token() }
    current = token
    return (token, generation)
  }

  /// The token to replay a request with after it got a 401 with the token of
  /// `generation`: a newer one if a refresh already ran, otherwise the outcome of
  /// the refresh this call starts or joins.
  func tokenAfterUnauthorized(generation sent: Int) async throws -> String {
    if sent < generation, !isRefreshing, let lastOutcome {
      return try lastOutcome.get()
    }
    if !isRefreshing { startRefresh() }
    return try await waitForRefresh()
  }

  private func startRefresh() {
    isRefreshing = true
    refreshCount += 1
    let refresh = self.refresh
    Task {
      let outcome: Result<String, AuthMiddleware.RefreshFailed>
      do {
        outcome = .success(try await refresh())
      } catch {
        outcome = .failure(AuthMiddleware.RefreshFailed(underlyingError: error))
      }
      self.finishRefresh(outcome)
    }
  }

  private func finishRefresh(_ outcome: Result<String, AuthMiddleware.RefreshFailed>) {
    generation += 1
    lastOutcome = outcome
    isRefreshing = false
    current = try? outcome.get()  // a failed refresh clears the token
    let waiting = waiters
    waiters.removeAll()
    for continuation in waiting.values {
      continuation.resume(with: outcome.mapError { $0 as any Error })
    }
  }

  /// Waits for the running refresh; ends at once, with `CancellationError`, if the
  /// calling task is cancelled.
  private func waitForRefresh() async throws -> String {
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
