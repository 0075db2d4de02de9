import Foundation

/// The keys that `.convertFromSnakeCase` converted during one `decode` call, looked up
/// by the bytes of the key in the document: each distinct key is converted once, and
/// an object's keys are found without making a `String` of each or hashing one.
final class KeyConversionCache {
  struct Entry {
    let hash: UInt64
    let raw: [UInt8]
    let converted: String
    /// A hash of `converted`, for telling converted keys apart cheaply.
    let convertedHash: UInt64
  }

  /// Open addressing: indices into `entries` plus one, 0 for an empty slot.
  @exclusivity(unchecked) private var slots = [Int32](repeating: 0, count: 64)
  @exclusivity(unchecked) private var entries: [Entry] = []
  /// Beyond this many distinct keys (a document of generated keys), keys are converted
  /// without being kept.
  static let limit = 4096

  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The converted form of the key whose UTF-8 is `raw`, and a hash of it; `convert`
  /// makes it the first time.
  @inline(__always)
  func converted(
    _ raw: UnsafeBufferPointer<UInt8>, _ convert: (UnsafeBufferPointer<UInt8>) -> String
  ) -> (key: String, hash: UInt64) {
    let hash = Self.hash(raw)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if entries[index].hash == hash && entries[index].raw.count == raw.count
        && entries[index].raw.withUnsafeBufferPointer({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 })
      {
        return (entries[index].converted, entries[index].convertedHash)
      }
      slot = (slot + 1) & mask
    }
    var converted = convert(raw)
    let convertedHash = converted.withUTF8 { Self.hash($0) }
    guard entries.count < Self.limit else { return (converted, convertedHash) }
    entries.append(Entry(hash: hash, raw: Array(raw), converted: converted, convertedHash: convertedHash))
    slots[slot] = Int32(entries.count)
    if entries.count * 2 > slots.count { grow() }
    return (converted, convertedHash)
  }

  private func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (n, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(n + 1)
    }
  }
}
