/// The arguments that a curried function has received so far, in one allocation.
///
/// Nested closures, `Curried { a in Curried { b in f(a, b) } }`, allocate a closure
/// context per application that copies every argument received so far, so an
/// applicative chain of *n* fields makes *n* allocations and O(*n*²) copies, retains
/// and releases. From five arguments on, `curry` shares one frame instead: slot 0
/// holds the function, slot *k* the *k*-th argument, and each stage's closure
/// captures only the frame (a single reference, which Swift uses as the closure
/// context without boxing it). Below five, the closures cost less than the frame's
/// bookkeeping.
///
/// The stages are types, not closures nested in `curry`: `curry` for *n* arguments
/// starts `CurryStage<A, CurryStage<B, … CurryEndN<A, B, …, Z>>>`, whose stages share
/// one generic closure (in `CurryStage`) and end with the generated `CurryEndN`, which
/// calls the function. Closures nested in a generic function would each capture all
/// of its type parameters and rebuild the metadata of the rest of the chain, which made
/// `curry` from 5 to 20 arguments cost a debug build cubic work in the arity; a
/// specialized (optimized) chain compiles to the same closures either way.
///
/// A `Curried` value keeps its meaning however often it is applied. Applying stage
/// *k* writes slot *k* in place only when slot *k* is the frame's next free slot;
/// otherwise (a stage applied a second time, such as `let add1 = curry(add)(1)`
/// applied to two values) the frame is copied up to slot *k* first. Filled slots are
/// never written again, so every stage sees the arguments it was built from.
/// `Curried` is not `Sendable`, so a frame never crosses threads.
///
/// Layout of the elements, all in bytes from their start: the number of filled
/// slots, the end of the values written so far, the slot count and the size of the
/// value area (four `Int`s); then each slot's type (`Any.Type`) and each slot's
/// offset (`Int`); then the values, each aligned for its type.
@usableFromInline
final class CurryFrame: ManagedBuffer<Int, UInt8> {
  /// The bytes before the types: filled, end, count and value bytes.
  @usableFromInline static let headerBytes = 32

  /// A frame for `count` slots whose values, each padded for its alignment, take at
  /// most `bytes` bytes.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static func make(count: Int, bytes: Int) -> CurryFrame {
    let buffer = CurryFrame.create(minimumCapacity: headerBytes &+ count &* 16 &+ bytes) { _ in 0 }
    let frame = unsafeDowncast(buffer, to: CurryFrame.self)
    let base = frame.base
    base.storeBytes(of: 0, as: Int.self)
    base.storeBytes(of: 0, toByteOffset: 8, as: Int.self)
    base.storeBytes(of: count, toByteOffset: 16, as: Int.self)
    base.storeBytes(of: bytes, toByteOffset: 24, as: Int.self)
    return frame
  }

  /// The start of the elements. `ManagedBuffer` keeps them for the frame's lifetime.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var base: UnsafeMutableRawPointer {
    withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
  }

  /// The number of slots that hold a value.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var filled: Int {
    get { base.load(as: Int.self) }
    set { base.storeBytes(of: newValue, as: Int.self) }
  }

  /// Where the values written so far end, from the start of the values.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var end: Int {
    get { base.load(fromByteOffset: 8, as: Int.self) }
    set { base.storeBytes(of: newValue, toByteOffset: 8, as: Int.self) }
  }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var count: Int { base.load(fromByteOffset: 16, as: Int.self) }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var valueBytes: Int { base.load(fromByteOffset: 24, as: Int.self) }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  func slotType(_ k: Int) -> Any.Type { base.load(fromByteOffset: Self.headerBytes &+ k &* 8, as: Any.Type.self) }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  func slotOffset(_ k: Int) -> Int { base.load(fromByteOffset: Self.headerBytes &+ (count &+ k) &* 8, as: Int.self) }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  var values: UnsafeMutableRawPointer { base + (Self.headerBytes &+ count &* 16) }

  /// A frame whose slot `k` holds `value`: this one when slot `k` is its next free
  /// slot, else a copy of its slots before `k`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  func appending<T>(_ value: T, at k: Int) -> CurryFrame {
    let frame = filled == k ? self : copy(upTo: k)
    let values = frame.values
    let start = Int(bitPattern: values) &+ frame.end
    let alignment = MemoryLayout<T>.alignment
    // In bounds: `make` reserved the size of each slot's type plus its alignment - 1.
    let offset = (start &+ alignment &- 1) & ~(alignment &- 1) &- Int(bitPattern: values)
    (values + offset).initializeMemory(as: T.self, to: value)
    let base = frame.base
    base.storeBytes(of: T.self, toByteOffset: Self.headerBytes &+ k &* 8, as: Any.Type.self)
    base.storeBytes(of: offset, toByteOffset: Self.headerBytes &+ (frame.count &+ k) &* 8, as: Int.self)
    frame.end = offset &+ MemoryLayout<T>.size
    frame.filled = k &+ 1
    return frame
  }

  /// The value in slot `k`, which holds a `T`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  func value<T>(_ k: Int, as type: T.Type) -> T {
    (values + slotOffset(k)).assumingMemoryBound(to: T.self).pointee
  }

  /// A new frame with copies of this frame's slots before `k`.
  @usableFromInline
  func copy(upTo k: Int) -> CurryFrame {
    let frame = CurryFrame.make(count: count, bytes: valueBytes)
    let base = frame.base
    for i in 0..<k {
      let type = slotType(i)
      let offset = slotOffset(i)
      base.storeBytes(of: type, toByteOffset: Self.headerBytes &+ i &* 8, as: Any.Type.self)
      base.storeBytes(of: offset, toByteOffset: Self.headerBytes &+ (count &+ i) &* 8, as: Int.self)
      Self.copyValue(type, from: values + offset, to: frame.values + offset)
      frame.end = offset &+ Self.size(of: type)
      frame.filled = i &+ 1
    }
    return frame
  }

  deinit {
    for i in 0..<filled {
      let type = slotType(i)
      Self.destroyValue(type, at: values + slotOffset(i))
    }
  }

  static func copyValue<T>(_ type: T.Type, from source: UnsafeMutableRawPointer, to target: UnsafeMutableRawPointer) {
    target.initializeMemory(as: T.self, to: source.assumingMemoryBound(to: T.self).pointee)
  }

  static func destroyValue<T>(_ type: T.Type, at pointer: UnsafeMutableRawPointer) {
    pointer.assumingMemoryBound(to: T.self).deinitialize(count: 1)
  }

  static func size<T>(of type: T.Type) -> Int { MemoryLayout<T>.size }

  /// The bytes a slot of type `T` may take, padding included.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func bytes<T>(_ type: T.Type) -> Int { MemoryLayout<T>.size &+ MemoryLayout<T>.alignment &- 1 }
}

/// A stage of a curried function that keeps its arguments in a `CurryFrame`, and the
/// stages after it, as a type: `CurryStage<A, CurryStage<B, CurryEnd3<…>>>`.
@usableFromInline
protocol CurryChain {
  /// The curried value of this stage: `Curried<Argument, Next.Value>`.
  associatedtype Value

  /// The number of arguments of the curried function, which is also the frame's
  /// slot count: the function, then every argument but the last.
  static var arity: Int { get }

  /// The frame slot of this stage's argument: 1 for the first argument. (The last
  /// argument goes straight to the function: its slot, the arity, is never written.)
  static var slot: Int { get }

  /// The bytes that the frame reserves for the slots that this stage and the stages
  /// after it fill (the last stage's share holds the function).
  static var bytes: Int { get }

  /// The curried value of this stage, over `frame`, whose slots before this stage's
  /// slot are filled.
  static func resume(_ frame: CurryFrame) -> Value
}

extension CurryChain {
  /// The curried value of a function, this stage being the first: a frame holding
  /// `function` in slot 0.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static func start<Function>(_ function: Function) -> Value {
    resume(CurryFrame.make(count: arity, bytes: bytes).appending(function, at: 0))
  }
}

/// A stage that takes an `Argument` and writes it to its slot of the frame, before
/// the stages `Next`.
@usableFromInline
enum CurryStage<Argument, Next: CurryChain>: CurryChain {
  // Spelled out, the value types spare the compiler inferring them for every stage.
  @usableFromInline typealias Value = Curried<Argument, Next.Value>

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static var arity: Int { Next.arity }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static var slot: Int { Next.slot &- 1 }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static var bytes: Int { CurryFrame.bytes(Argument.self) &+ Next.bytes }

  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  static func resume(_ frame: CurryFrame) -> Curried<Argument, Next.Value> {
    // The closure captures the frame alone, so the frame itself is the closure's
    // context; the slot is a constant once the chain is specialized.
    Curried { [frame] (argument: Argument) in Next.resume(frame.appending(argument, at: slot)) }
  }
}
