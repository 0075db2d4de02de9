/// The revalidations a ``CacheMiddleware`` runs after it has answered with a stale
/// response (`stale-while-revalidate`, RFC 5861): at most one per stored response at
/// a time, each ended by its request's timeout.
final class BackgroundRevalidations: Sendable {
  private struct State: Sendable {
    var running: Set<String> = []
    var tasks: [Int: Task<Void, Never>] = [:]
    var nextID = 0
    /// Tasks that ended before their handle was recorded.
    var ended: Set<Int> = []
  }

  private let state = Locked(State())

  /// Runs `work` in a task of its own unless a revalidation of `key` runs already;
  /// cancels it after `timeout`.
  func start(_ key: String, timeout: Duration, _ work: @escaping @Sendable () async throws -> Void) {
    let id: Int? = state.withLock { state in
      guard state.running.insert(key).inserted else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    let task = Task.detached { [state] in
      defer {
        state.withLock { state in
          state.running.remove(key)
          if state.tasks.removeValue(forKey: id) == nil { state.ended.insert(id) }
        }
      }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await work() }
        group.addTask { try? await Task.sleep(for: timeout) }
        await group.next()
        group.cancelAll()
      }
    }
    state.withLock { state in
      if state.ended.remove(id) == nil { state.tasks[id] = task }
    }
  }

  /// Waits until the revalidations started so far have ended.
  func finished() async {
    while let task = state.withLock({ $0.tasks.first?.value }) {
      await task.value
      state.withLock { state in
        for (id, candidate) in state.tasks where candidate == task { state.tasks[id] = nil }
      }
    }
  }
}
