/// The responses of a ``CacheMiddleware``, in memory, within a byte limit: when an
/// entry would go past it, the least recently used entries go first.
///
/// An entry larger than the whole limit is never stored.
final class CacheStore: Sendable {
  private struct Slot: Sendable {
    var entry: CachedResponse
    var byteCount: Int
    var lastUse: UInt64
  }

  private struct State: Sendable {
    var slots: [String: Slot] = [:]
    var byteCount = 0
    var clock: UInt64 = 0
  }

  /// The most bytes the entries may hold together.
  let byteLimit: Int
  private let state = Locked(State())

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
  }

  /// The entry at `key`, marked as just used.
  func entry(_ key: String) -> CachedResponse? {
    state.withLock { state in
      guard state.slots[key] != nil else { return nil }
      state.clock += 1
      state.slots[key]!.lastUse = state.clock
      return state.slots[key]!.entry
    }
  }

  /// Stores `entry` at `key`, replacing any entry there, and evicts the least
  /// recently used entries until all fit. Returns `false`, storing nothing and
  /// removing the old entry, when `entry` alone is larger than the limit.
  ///
  /// - Complexity: O(*n*) per evicted entry, for *n* entries.
  @discardableResult
  func store(_ entry: CachedResponse, at key: String) -> Bool {
    let size = entry.byteCount
    return state.withLock { state in
      if let old = state.slots.removeValue(forKey: key) { state.byteCount -= old.byteCount }
      guard size <= byteLimit else { return false }
      while state.byteCount + size > byteLimit,
        let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.slots[oldest.key] = nil
        state.byteCount -= oldest.value.byteCount
      }
      state.clock += 1
      state.slots[key] = Slot(entry: entry, byteCount: size, lastUse: state.clock)
      state.byteCount += size
      return true
    }
  }

  /// Removes the entry at `key`.
  func remove(_ key: String) {
    state.withLock { state in
      if let old = state.slots.removeValue(forKey: key) { state.byteCount -= old.byteCount }
    }
  }

  /// Removes every entry.
  func removeAll() {
    state.withLock { $0 = State() }
  }

  /// The bytes the entries hold together.
  var byteCount: Int { state.withLock { $0.byteCount } }

  /// How many entries there are.
  var count: Int { state.withLock { $0.slots.count } }
}
