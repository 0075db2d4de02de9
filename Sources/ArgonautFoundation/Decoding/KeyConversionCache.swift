import Argonaut
import Foundation

/// The keys that a key strategy converted during one `decode` call, as small integers.
///
/// Two tables, both kept until the call returns:
/// - the document's distinct keys (`rawKey(_:)`), by their bytes: with
///   `.convertFromSnakeCase` each is converted once per `decode` call, however many
///   objects hold it, and each gets the id of what it converts to;
/// - the distinct converted keys (`id(ofConverted:)`), each with an id.
///
/// A keyed container then holds, per member, the id of its converted key
/// (`KeyedContainerPlace`), and a lookup compares integers: no `String` is made, hashed or
/// compared per member or per object. The keys of an object are mostly those of the last
/// object of its type, in the same order, so each member is first compared with the key
/// its predecessor had at that place (`matches(_:_:)`), and hashed only when it differs.
final class KeyConversionCache {
  /// A distinct key of the document: where its bytes are in `rawBytes`, and the id of
  /// its converted form.
  struct RawKey {
    let hash: UInt64
    let start: Int
    let count: Int
    let converted: Int32
  }

  /// Open addressing over `rawKeys`: indices plus one, 0 for an empty slot.
  @exclusivity(unchecked) private var slots = RawBuffer<Int32>(capacity: 64)
  @exclusivity(unchecked) private var slotCount = 64
  @exclusivity(unchecked) private var rawKeys = RawBuffer<RawKey>(capacity: 64)
  /// The bytes of every raw key, one after the other.
  @exclusivity(unchecked) private var rawBytes = RawBuffer<UInt8>(capacity: 1024)

  /// The converted keys, by id.
  @exclusivity(unchecked) private(set) var convertedKeys: [String] = []
  /// The id of each converted key.
  @exclusivity(unchecked) private var convertedIDs: [String: Int32] = [:]
  /// Per converted key: the number of the last object that had it (see `beginObject()`).
  @exclusivity(unchecked) private var lastObject = RawBuffer<UInt32>(capacity: 64)
  @exclusivity(unchecked) private var object: UInt32 = 0

  init() {
    slots.reserve(64)
    for _ in 0..<64 { slots.append(0) }
  }

  deinit {
    slots.deallocate()
    rawKeys.deallocate()
    rawBytes.deallocate()
    lastObject.deallocate()
  }

  // MARK: - Converted keys

  /// The id of the converted key `key`, made if it is new.
  func id(ofConverted key: String) -> Int32 {
    if let id = convertedIDs[key] { return id }
    let id = Int32(convertedKeys.count)
    convertedKeys.append(key)
    convertedIDs[key] = id
    lastObject.append(0)
    return id
  }

  /// The id of the converted key `key`, or `nil` when no key of the document so far
  /// converts to it.
  func existingID(ofConverted key: String) -> Int32? { convertedIDs[key] }

  /// The number of converted keys so far: a lookup that found no id stays valid
  /// until this changes.
  var convertedCount: Int { convertedKeys.count }

  /// Starts the members of another object, for `isFirst(_:)`.
  @inline(__always)
  func beginObject() {
    object &+= 1
    if object == 0 {
      // After 2^32 objects: forget every mark, so that none is taken for this object's.
      for id in 0..<lastObject.count { lastObject[id] = 0 }
      object = 1
    }
  }

  /// Whether the converted key `id` is new in the current object (and marks it seen):
  /// after conversion, the first of two equal keys wins, as in `JSONDecoder`.
  @inline(__always)
  func isFirst(_ id: Int32) -> Bool {
    let index = Int(truncatingIfNeeded: id)
    if lastObject[index] == object { return false }
    lastObject[index] = object
    return true
  }

  // MARK: - Raw keys

  /// The converted id of the raw key `id`.
  @inline(__always)
  func converted(_ id: Int32) -> Int32 { rawKeys[Int(truncatingIfNeeded: id)].converted }

  /// Whether the raw key `id` is spelled `raw`.
  @inline(__always)
  func matches(_ id: Int32, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    let key = rawKeys[Int(truncatingIfNeeded: id)]
    return key.count == raw.count && Self.equal(rawBytes.base + key.start, raw.baseAddress!, count: key.count)
  }

  /// Whether `count` bytes at `a` and `b` are equal: by words, the last one overlapping
  /// the one before, and never a byte at a time beyond the first three.
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, count: Int) -> Bool {
    guard let b else { return count == 0 }
    let x = UnsafeRawPointer(a)
    let y = UnsafeRawPointer(b)
    if count >= 8 {
      var i = 0
      while i &+ 8 < count {
        if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
          return false
        }
        i &+= 8
      }
      let last = count &- 8
      return x.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        == y.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
    if count >= 4 {
      let last = count &- 4
      return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
        && x.loadUnaligned(fromByteOffset: last, as: UInt32.self)
          == y.loadUnaligned(fromByteOffset: last, as: UInt32.self)
    }
    var i = 0
    while i < count {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }

  /// A hash of a key's bytes: a word at a time.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = bytes.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i &+ 8 <= bytes.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash &>> 29
      i &+= 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < bytes.count {
      tail |= UInt64(base[i]) &<< shift
      shift &+= 8
      i &+= 1
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash &>> 31)
  }

  /// The id of the raw key spelled `raw`; `convert` converts it the first time.
  func rawKey(_ raw: UnsafeBufferPointer<UInt8>, _ convert: (UnsafeBufferPointer<UInt8>) -> String) -> Int32 {
    let hash = Self.hash(raw)
    let mask = slotCount &- 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let id = slots[slot] &- 1
      if rawKeys[Int(truncatingIfNeeded: id)].hash == hash && matches(id, raw) { return id }
      slot = (slot &+ 1) & mask
    }
    let start = rawBytes.count
    rawBytes.append(contentsOf: raw)
    rawKeys.append(RawKey(hash: hash, start: start, count: raw.count, converted: id(ofConverted: convert(raw))))
    slots[slot] = Int32(truncatingIfNeeded: rawKeys.count)
    if rawKeys.count &* 2 > slotCount { grow() }
    return Int32(truncatingIfNeeded: rawKeys.count &- 1)
  }

  private func grow() {
    slotCount &*= 2
    slots.truncate(to: 0)
    slots.reserve(slotCount)
    for _ in 0..<slotCount { slots.append(0) }
    let mask = slotCount &- 1
    for id in 0..<rawKeys.count {
      var slot = Int(truncatingIfNeeded: rawKeys[id].hash) & mask
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: id &+ 1)
    }
  }
}
