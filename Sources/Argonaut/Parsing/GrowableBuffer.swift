/// A minimal growable buffer of trivial values with unchecked, inlined access, for
/// the parser's tape and stack. It grows with `realloc`, so a large buffer usually
/// grows in place, and `take()` hands the memory over without a copy.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count: Int = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 4)
    self.base = SystemMemory.reallocate(nil, count: self.capacity)
  }

  /// An empty buffer that allocates nothing until `reserve(_:)` asks for room.
  init() {
    capacity = 0
    base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
  }

  deinit { if capacity > 0 { SystemMemory.deallocate(base) } }

  /// Makes room for at least `minimumCapacity` elements in all.
  @inline(__always)
  mutating func reserve(_ minimumCapacity: Int) {
    if minimumCapacity > capacity { grow(to: minimumCapacity) }
  }

  @inline(never)
  private mutating func grow(to minimumCapacity: Int) {
    let newCapacity = Swift.max(minimumCapacity, capacity * 2)
    base = SystemMemory.reallocate(capacity > 0 ? base : nil, count: newCapacity)
    capacity = newCapacity
  }

  /// Sets the count after the caller wrote elements into the reserved room directly.
  @inline(__always)
  mutating func setCount(_ newCount: Int) {
    assert(newCount <= capacity, "the count passes the reserved room")
    count = newCount
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    base[count] = element
    count &+= 1
  }

  @inline(never)
  private mutating func grow() {
    grow(to: Swift.max(capacity &+ 1, 4))
  }

  /// Removes and returns the last element. The buffer must not be empty.
  @inline(__always)
  mutating func removeLast() -> Element {
    count &-= 1
    return base[count]
  }

  /// Removes the last `n` elements; there must be at least `n`.
  @inline(__always)
  mutating func removeLast(_ n: Int) {
    count &-= n
  }

  /// The last element. The buffer must not be empty.
  var last: Element {
    @inline(__always) get { base[count &- 1] }
  }

  subscript(index: Int) -> Element {
    @inline(__always) get { base[index] }
    @inline(__always) set { base[index] = newValue }
  }

  /// Gives `body` the storage and the count, which it may lower.
  mutating func withMutableContents<R>(_ body: (UnsafeMutablePointer<Element>, inout Int) -> R) -> R {
    body(base, &count)
  }

  /// The elements, trimmed to their count. The caller owns the memory and frees it
  /// with `SystemMemory.deallocate`.
  consuming func take() -> UnsafeMutableBufferPointer<Element> {
    if capacity == 0 {
      discard self
      return UnsafeMutableBufferPointer(start: nil, count: 0)
    }
    let trimmed = SystemMemory.reallocate(base, count: count)
    let count = self.count
    discard self
    return UnsafeMutableBufferPointer(start: trimmed, count: count)
  }
}
