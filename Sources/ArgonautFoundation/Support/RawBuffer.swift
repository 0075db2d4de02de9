/// A growable buffer of trivial values, for the encoder's output and frame stack.
///
/// The encoder keeps it behind a pointer rather than in a stored property: writes
/// to a class's stored array pay for a dynamic exclusivity check each, and the
/// encoder writes a few bytes at a time.
struct RawBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 8)
    base = .allocate(capacity: self.capacity)
  }

  /// An empty buffer that allocates nothing until its first element.
  init() {
    capacity = 0
    base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func deallocate() {
    if capacity > 0 { base.deallocate() }
  }

  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(to: count &+ extra) }
  }

  @inline(never)
  mutating func grow(to minimum: Int) {
    var newCapacity = Swift.max(capacity &* 2, 8)
    while newCapacity < minimum { newCapacity &*= 2 }
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    if capacity > 0 {
      newBase.update(from: base, count: count)
      base.deallocate()
    }
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: count &+ 1) }
    base[count] = element
    count &+= 1
  }

  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress else { return }
    reserve(elements.count)
    (base + count).update(from: source, count: elements.count)
    count &+= elements.count
  }

  /// Counts `n` more elements, which the caller wrote in place past the last one, in
  /// space it reserved.
  @inline(__always)
  mutating func didAppend(_ n: Int) {
    count &+= n
  }

  @inline(__always)
  mutating func removeLast() -> Element {
    count &-= 1
    return base[count]
  }

  /// Drops the elements from `index` on.
  @inline(__always)
  mutating func truncate(to index: Int) {
    count = index
  }

  subscript(index: Int) -> Element {
    @inline(__always) get { base[index] }
    @inline(__always) nonmutating set { base[index] = newValue }
  }

  var last: Element? { count > 0 ? base[count &- 1] : nil }

  /// A copy of the elements.
  var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
