/// Entries by key, in order of use, within a byte limit: an intrusive doubly linked
/// list over an array of nodes, and a dictionary from key to node.
///
/// Finding, using, inserting and removing an entry, and evicting the least recently
/// used one, each touch a constant number of nodes: O(1), amortised over the growth
/// of the arrays and dictionaries. An insert that evicts *k* entries costs O(*k*).
/// ``work`` counts the nodes touched, so that tests can show the cost without timing
/// it.
///
/// Entries are also grouped (a URL's variants): ``keys(in:)`` lists a group's keys.
struct LRUIndex<Value> {
  fileprivate struct Node {
    var key: String
    var group: String
    var value: Value
    var size: Int
    var older: Int
    var newer: Int
  }

  private var nodes: [Node?] = []
  private var freeSlots: [Int] = []
  private var slots: [String: Int] = [:]
  private var groups: [String: Set<String>] = [:]
  private var oldest = -1
  private var newest = -1

  /// The sizes of the entries, added up.
  private(set) var byteCount = 0
  /// How many nodes the operations have touched so far: a measure of their work.
  private(set) var work = 0

  /// How many entries there are.
  var count: Int { slots.count }

  /// The value at `key`, without marking it used.
  func value(_ key: String) -> Value? {
    slots[key].flatMap { nodes[$0]?.value }
  }

  /// The size of the entry at `key`.
  func size(_ key: String) -> Int? {
    slots[key].flatMap { nodes[$0]?.size }
  }

  /// The keys of `group`'s entries.
  func keys(in group: String) -> Set<String> {
    groups[group] ?? []
  }

  /// The keys from the least to the most recently used.
  var keysByAge: [String] {
    var keys: [String] = []
    var index = oldest
    while index >= 0, let node = nodes[index] {
      keys.append(node.key)
      index = node.newer
    }
    return keys
  }

  /// Marks the entry at `key` as the most recently used.
  mutating func touch(_ key: String) {
    guard let index = slots[key], index != newest else { return }
    unlink(index)
    link(index)
  }

  /// Inserts `value` at `key` as the most recently used entry, replacing any entry
  /// there (whose value is returned). Nothing is evicted: see ``removeOldest()``.
  @discardableResult
  mutating func insert(_ value: Value, at key: String, group: String, size: Int) -> Value? {
    let old = remove(key)
    let node = Node(key: key, group: group, value: value, size: size, older: -1, newer: -1)
    let index: Int
    if let free = freeSlots.popLast() {
      nodes[free] = node
      index = free
    } else {
      nodes.append(node)
      index = nodes.count - 1
    }
    slots[key] = index
    groups[group, default: []].insert(key)
    byteCount += size
    link(index)
    return old
  }

  /// Removes the entry at `key`, and returns its value.
  @discardableResult
  mutating func remove(_ key: String) -> Value? {
    guard let index = slots.removeValue(forKey: key), let node = nodes[index] else { return nil }
    unlink(index)
    nodes[index] = nil
    freeSlots.append(index)
    byteCount -= node.size
    if groups[node.group]?.remove(key) != nil, groups[node.group]?.isEmpty == true { groups[node.group] = nil }
    return node.value
  }

  /// Removes the least recently used entry, and returns its key and value.
  mutating func removeOldest() -> (key: String, value: Value)? {
    guard oldest >= 0, let node = nodes[oldest] else { return nil }
    remove(node.key)
    return (node.key, node.value)
  }

  /// Removes every entry.
  mutating func removeAll() {
    self = LRUIndex()
  }

  /// Puts the node at `index` at the newest end.
  private mutating func link(_ index: Int) {
    work += 1
    nodes[index]!.older = newest
    nodes[index]!.newer = -1
    if newest >= 0 { nodes[newest]!.newer = index } else { oldest = index }
    newest = index
  }

  /// Takes the node at `index` out of the list.
  private mutating func unlink(_ index: Int) {
    work += 1
    let node = nodes[index]!
    if node.older >= 0 { nodes[node.older]!.newer = node.newer } else { oldest = node.newer }
    if node.newer >= 0 { nodes[node.newer]!.older = node.older } else { newest = node.older }
  }
}

extension LRUIndex: Sendable where Value: Sendable {}

extension LRUIndex.Node: Sendable where Value: Sendable {}
