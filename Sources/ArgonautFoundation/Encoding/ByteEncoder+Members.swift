import Argonaut
import Foundation

/// A member of an open object: where its key (a JSON string, quotes included) starts in
/// the output, and a hash of the key's bytes.
struct MemberRecord {
  var keyStart: Int
  var hash: UInt64

  /// A hash of the key's written bytes (quotes included) from its length and the two
  /// bytes inside each quote: constant time per member, and only a filter (equal
  /// hashes are compared byte by byte).
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let edges =
      count > 3
      ? UInt64(bytes[1]) | UInt64(bytes[2]) << 8 | UInt64(bytes[count - 3]) << 16 | UInt64(bytes[count - 2]) << 24
      : UInt64(count > 2 ? bytes[1] : 0)
    return (UInt64(truncatingIfNeeded: count) << 32 | edges) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The bit of the hash in an object's `keyMask`.
  @inline(__always)
  static func bit(_ hash: UInt64) -> UInt64 { 1 &<< (hash &>> 58) }
}

/// What a member's value is written through: a value, or a nested container, which
/// goes on with the object or array the key already holds.
enum MemberUse {
  case value
  case object
  case array
}

// Objects as `JSONEncoder` builds them, dictionaries: a key encoded twice keeps its
// last value, and a nested container for a key that holds an object (or an array)
// adds to it. The encoder writes as it goes, so it edits what it wrote: the earlier
// member is cut out of the output, and a container that goes on with its value
// reopens it at the end.

extension ByteEncoder {
  /// The position in `members` of the member of the object at `index` whose key is the
  /// one just written at `keyStart`, or `nil`.
  func findMember(_ index: Int, keyStart: Int, hash: UInt64) -> Int? {
    let base = out.pointee.base
    let length = out.pointee.count - keyStart
    var m = stack.pointee[index].firstMember
    let end = members.pointee.count
    while m < end {
      let record = members.pointee[m]
      // Equal bytes through the closing quote: the same key (an escaped quote would
      // be escaped at the same place in both).
      if record.hash == hash && memcmp(base + record.keyStart, base + keyStart, length) == 0 { return m }
      m += 1
    }
    return nil
  }

  /// Cuts the member at `m` (of the object at `index`, before the key just written at
  /// `keyStart`) out of the output. Returns its value when `use` is a container, which
  /// must then find an object (`.object`) or an array (`.array`) there, as in `JSONEncoder`.
  func replaceMember(_ m: Int, in index: Int, keyStart: inout Int, use: MemberUse) -> [UInt8]? {
    let start = members.pointee[m].keyStart
    let end = m + 1 < members.pointee.count ? members.pointee[m + 1].keyStart : keyStart
    var value: [UInt8]?
    if use != .value {
      let valueStart = self.valueStart(afterKeyAt: start)
      let valueEnd = end - separatorLength(level: stack.pointee[index].level)
      let bytes = Array(UnsafeBufferPointer(start: out.pointee.base + valueStart, count: valueEnd - valueStart))
      let expected = use == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")
      guard bytes.first == expected else {
        preconditionFailure(
          use == .object
            ? "Attempt to re-encode into nested KeyedEncodingContainer for a key whose value is not an object."
            : "Attempt to re-encode into nested UnkeyedEncodingContainer for a key whose value is not an array.")
      }
      value = bytes
    }
    // Cut [start, end): the key, the value, and the separator after them.
    let removed = end - start
    let base = out.pointee.base
    (base + start).update(from: base + end, count: out.pointee.count - end)
    out.pointee.truncate(to: out.pointee.count - removed)
    keyStart -= removed
    var n = m
    while n + 1 < members.pointee.count {
      members.pointee[n] = members.pointee[n + 1]
      members.pointee[n].keyStart -= removed
      n += 1
    }
    members.pointee.truncate(to: members.pointee.count - 1)
    if options.sortsKeys { memberKeys.remove(at: m) }
    stack.pointee[index].count -= 1
    return value
  }

  /// Where the value of the member whose key starts at `keyStart` starts.
  func valueStart(afterKeyAt keyStart: Int) -> Int {
    let base = out.pointee.base
    var i = keyStart + 1
    while base[i] != UInt8(ascii: "\"") { i += base[i] == UInt8(ascii: "\\") ? 2 : 1 }
    i += 1
    while base[i] == 0x20 || base[i] == UInt8(ascii: ":") { i += 1 }
    return i
  }

  /// Writes `value`, an object or an array this encoder wrote, into the slot `slot`
  /// without its closing bracket, and makes the slot that open container again, so
  /// that a new container goes on with it.
  func reopen(_ value: [UInt8], in slot: Int) {
    var end = value.count - 1
    while end > 1 && Self.isWhitespace(value[end - 1]) { end -= 1 }
    let isObject = value[0] == UInt8(ascii: "{")
    stack.pointee[slot].kind = isObject ? .object : .array
    stack.pointee[slot].firstMember = members.pointee.count
    let offset = out.pointee.count
    value.withUnsafeBufferPointer { out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<end])) }
    // The members (or elements) of the reopened container, for the next separator,
    // repeated keys and sorting.
    var count = 0
    var i = 1
    while i < end {
      let byte = value[i]
      if Self.isWhitespace(byte) || byte == UInt8(ascii: ",") {
        i += 1
        continue
      }
      count += 1
      if isObject {
        let keyStart = i
        i = Self.skipValue(value, from: i)
        let hash = value.withUnsafeBufferPointer { MemberRecord.hash($0.baseAddress! + keyStart, count: i - keyStart) }
        stack.pointee[slot].keyMask |= MemberRecord.bit(hash)
        members.pointee.append(MemberRecord(keyStart: offset + keyStart, hash: hash))
        if options.sortsKeys, case .string(let key) = try? JSON(parsing: Array(value[keyStart..<i])) {
          memberKeys.append(key)
        }
        while value[i] != UInt8(ascii: ":") { i += 1 }
        i += 1
        while Self.isWhitespace(value[i]) { i += 1 }
      }
      i = Self.skipValue(value, from: i)
    }
    stack.pointee[slot].count = count
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// The position after the value starting at `start` in JSON text this encoder wrote.
  static func skipValue(_ text: [UInt8], from start: Int) -> Int {
    var i = start
    var depth = 0
    while i < text.count {
      switch text[i] {
      case UInt8(ascii: "\""):
        i += 1
        while text[i] != UInt8(ascii: "\"") { i += text[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
        if depth == 0 { return i }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return i + 1 }
        if depth < 0 { return i }
      case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A:
        if depth == 0 { return i }
      default:
        break
      }
      i += 1
    }
    return i
  }
}

// A super encoder used after a sibling was encoded: `JSONEncoder` fills the place it
// was made for whenever it is used. Its slot was closed as `{}`; a single value
// written through it later replaces that `{}` in place.

extension ByteEncoder {
  /// Writes a value for the super encoder slot `id` that closed before it was used:
  /// `write` fills a new encoder's top-level slot, whose text replaces the slot's `{}`.
  /// Returns `false` when `id` has no such placeholder.
  func fillLate(_ id: Int, codingPath: [any CodingKey], _ write: (ByteEncoder) throws -> Void) throws -> Bool {
    guard let placeholder = latePlaceholders[id] else { return false }
    let scratch = ByteEncoder(options: options)
    scratch.baseLevel = placeholder.level
    scratch.state.pointee.path = codingPath
    let slot = scratch.pushSlot()
    scratch.currentSlot = slot
    try write(scratch)
    scratch.close(downTo: slot)
    let text = scratch.output
    latePlaceholders[id] = nil
    // Replace [start, start + count) with the text, and move what follows.
    let delta = text.count - placeholder.count
    let tail = Array(
      UnsafeBufferPointer(
        start: out.pointee.base + placeholder.start + placeholder.count,
        count: out.pointee.count - placeholder.start - placeholder.count))
    out.pointee.truncate(to: placeholder.start)
    text.withUnsafeBufferPointer { out.pointee.append(contentsOf: $0) }
    tail.withUnsafeBufferPointer { out.pointee.append(contentsOf: $0) }
    for m in 0..<members.pointee.count where members.pointee[m].keyStart > placeholder.start {
      members.pointee[m].keyStart += delta
    }
    for (key, other) in latePlaceholders where other.start > placeholder.start {
      latePlaceholders[key] = (other.start + delta, other.count, other.level)
    }
    return true
  }
}
