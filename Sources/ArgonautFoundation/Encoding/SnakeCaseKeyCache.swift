/// The snake_case keys that one `encode` call wrote, each with the bytes written for it
/// (quotes included), so that a key written again is copied rather than converted.
///
/// A direct-mapped table, found by the two words of the key's `String` (for the
/// literals of `CodingKeys`, the same words every time) and confirmed by `==`, which
/// for the same words is one comparison. The words only choose a slot: the `String`
/// kept in the slot is compared by value, so a key is never taken for another one.
final class SnakeCaseKeyCache {
  struct Entry {
    var name: String
    var start: Int
    /// The length of the written key, or -1 for an empty slot.
    var count: Int
  }

  static let slotCount = 256
  /// The bytes kept for all keys together stay below this; later keys are converted
  /// each time (a document of generated keys).
  static let byteLimit = 1 << 16
  /// Whether a `String` is two words here, which `slot(_:)` reads.
  static let isAvailable = MemoryLayout<String>.size == 16

  private let entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) private var bytes = RawBuffer<UInt8>(capacity: 1024)

  init() {
    entries = .allocate(capacity: Self.slotCount)
    entries.initialize(repeating: Entry(name: "", start: 0, count: -1), count: Self.slotCount)
  }

  deinit {
    entries.deinitialize(count: Self.slotCount)
    entries.deallocate()
    bytes.deallocate()
  }

  /// The slot for `name`.
  @inline(__always)
  static func slot(_ name: String) -> Int {
    let (a, b) = unsafeBitCast(name, to: (UInt64, UInt64).self)
    let hash = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: hash &>> 56)
  }

  /// The bytes written for `name`, if it is the key kept at `slot`.
  @inline(__always)
  func written(_ name: String, slot: Int) -> UnsafeBufferPointer<UInt8>? {
    let entry = entries + slot
    guard entry.pointee.count >= 0 && entry.pointee.name == name else { return nil }
    return UnsafeBufferPointer(start: bytes.base + entry.pointee.start, count: entry.pointee.count)
  }

  /// Keeps `written`, the bytes written for `name`, at `slot`.
  func keep(_ name: String, slot: Int, written: UnsafeBufferPointer<UInt8>) {
    guard bytes.count + written.count <= Self.byteLimit else { return }
    let start = bytes.count
    bytes.append(contentsOf: written)
    entries[slot] = Entry(name: name, start: start, count: written.count)
  }
}
