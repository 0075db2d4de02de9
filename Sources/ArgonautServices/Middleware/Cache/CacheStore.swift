/// Where a ``CacheMiddleware`` keeps its responses: in memory, or in files
/// (`DiskCacheStore`). Entries are grouped by method and URL, a group holding one
/// entry per variant (partition and `Vary` values).
protocol CacheStorage: AnyObject, Sendable {
  /// The most bytes the entries may hold together.
  var byteLimit: Int { get }
  /// The entries of `group`, with their keys.
  func entries(in group: String) -> [(key: String, entry: CachedResponse)]
  /// Marks the entry at `key` as just used.
  func markUsed(_ key: String)
  /// Stores `entry` at `key` in `group`, replacing any entry there, and evicts the
  /// least recently used entries until all fit. Returns `false`, storing nothing and
  /// removing the old entry, when `entry` alone is larger than the limit.
  @discardableResult
  func store(_ entry: CachedResponse, at key: String, in group: String) -> Bool
  /// Removes the entry at `key`.
  func remove(_ key: String)
  /// Removes every entry of `group`.
  func removeGroup(_ group: String)
  /// Removes every entry.
  func removeAll()
  /// The bytes the entries hold together.
  var byteCount: Int { get }
  /// How many entries there are.
  var count: Int { get }
}

/// The responses of a ``CacheMiddleware`` in memory, within a byte limit: when an
/// entry would go past it, the least recently used entries go first.
///
/// Every operation is O(1) amortised under the lock (``LRUIndex``); an insert that
/// evicts *k* entries is O(*k*). An entry larger than the whole limit is never stored.
final class CacheStore: CacheStorage {
  /// The most bytes the entries may hold together.
  let byteLimit: Int
  private let state = Locked(LRUIndex<CachedResponse>())

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
  }

  func entries(in group: String) -> [(key: String, entry: CachedResponse)] {
    state.withLock { index in
      index.keys(in: group).compactMap { key in index.value(key).map { (key, $0) } }
    }
  }

  func markUsed(_ key: String) {
    state.withLock { $0.touch(key) }
  }

  @discardableResult
  func store(_ entry: CachedResponse, at key: String, in group: String) -> Bool {
    let size = entry.byteCount
    return state.withLock { index in
      index.remove(key)
      guard size <= byteLimit else { return false }
      while index.byteCount + size > byteLimit, index.removeOldest() != nil {}
      index.insert(entry, at: key, group: group, size: size)
      return true
    }
  }

  func remove(_ key: String) {
    state.withLock { _ = $0.remove(key) }
  }

  func removeGroup(_ group: String) {
    state.withLock { index in
      for key in index.keys(in: group) { index.remove(key) }
    }
  }

  func removeAll() {
    state.withLock { $0.removeAll() }
  }

  var byteCount: Int { state.withLock { $0.byteCount } }

  var count: Int { state.withLock { $0.count } }

  /// How many list nodes the store's operations have touched: what the tests count
  /// to show that a miss costs the same with 1,000 entries as with 100,000.
  var work: Int { state.withLock { $0.work } }
}
