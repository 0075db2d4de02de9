/// A minimal growable buffer of trivial values with unchecked, inlined access, for
/// the parser's tape and stack.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count: Int = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 4)
    self.base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    base[count] = element
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Removes and returns the last element. The buffer must not be empty.
  @inline(__always)
  mutating func removeLast() -> Element {
    count -= 1
    return base[count]
  }

  /// The last element. The buffer must not be empty.
  var last: Element {
    @inline(__always) get { base[count - 1] }
  }

  subscript(index: Int) -> Element {
    @inline(__always) get { base[index] }
    @inline(__always) set { base[index] = newValue }
  }

  /// Gives `body` the storage and the count, which it may lower.
  mutating func withMutableContents<R>(_ body: (UnsafeMutablePointer<Element>, inout Int) -> R) -> R {
    body(base, &count)
  }

  /// The elements, copied into an array of exactly their size.
  func array() -> [Element] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }
}
