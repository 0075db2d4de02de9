/// Key handling for objects on the tape: lookup, and the duplicate-key rule.
///
/// RFC 8259 leaves duplicate keys to the implementation. Argonaut keeps the last
/// value, at the position of the first occurrence (as JavaScript and Python do). The
/// parser applies the rule when an object closes, so the tape never holds a
/// duplicate and every reader can stop at the first match.
@usableFromInline
enum ObjectKeys {
  /// The tape index of the value for `key` in the object at `header`, or `nil`,
  /// scanning the keys in order; `comparisons` counts the keys compared.
  @inlinable
  static func find(
    _ key: UnsafeBufferPointer<UInt8>, inObjectAt header: Int,
    tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, comparisons: inout Int
  ) -> Int? {
    let end = header &+ Tape.span(tape[header])
    // A key entry without escapes and of the key's length has exactly these flag and
    // length bits, so one comparison rejects most keys. Entries with escapes or a
    // saturated length (both at least `maxLength`) take the full comparison.
    let lengthBits = Tape.flagBit | UInt64(Tape.maxLength)
    let want = key.count < Tape.maxLength ? UInt64(truncatingIfNeeded: key.count) : .max
    var i = header &+ 1
    while i < end {
      comparisons &+= 1
      let entry = tape[i]
      let bits = entry & lengthBits
      if bits == want {
        if want == 0
          || StringText.bytesEqual(bytes.baseAddress! + Tape.offset(entry), key.baseAddress!, count: key.count)
        {
          return i &+ 1
        }
      } else if bits >= UInt64(Tape.maxLength) && StringText.equals(entry, key, in: bytes) {
        return i &+ 1
      }
      i = i &+ 1 &+ Tape.span(tape[i &+ 1])
    }
    return nil
  }

  /// Applies the duplicate-key rule to the object whose header is at `header` and
  /// whose members end at `used`, and returns the number of distinct keys.
  ///
  /// The common case, no duplicate, allocates nothing for up to 16 members.
  static func removeDuplicates(
    inObjectAt header: Int, count: Int, tape: UnsafeMutablePointer<UInt64>, used: inout Int,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let hasDuplicates: Bool
    if count <= 16 {
      hasDuplicates = pairwiseDuplicates(header: header, end: used, tape: tape, bytes: bytes)
    } else {
      hasDuplicates = hashedDuplicates(header: header, end: used, count: count, tape: tape, bytes: bytes)
    }
    guard hasDuplicates else { return count }
    return compact(header: header, used: &used, tape: tape, bytes: bytes)
  }

  /// Whether two keys are equal, for keys without escapes or with them.
  static func keysEqual(_ a: UInt64, _ b: UInt64, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if !Tape.flag(a) && !Tape.flag(b) {
      let n = Tape.stringLength(a, in: bytes)
      return n == Tape.stringLength(b, in: bytes)
        && StringText.bytesEqual(bytes.baseAddress! + Tape.offset(a), bytes.baseAddress! + Tape.offset(b), count: n)
    }
    return StringText.withUnescaped(a, in: bytes) { StringText.equals(b, $0, in: bytes) }
  }

  static func pairwiseDuplicates(
    header: Int, end: Int, tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var i = header + 1
    while i < end {
      let a = tape[i]
      var j = i + 1 + Tape.span(tape[i + 1])
      while j < end {
        let b = tape[j]
        // Unescaped keys of different lengths differ; compare the rest in full.
        if (Tape.flag(a) || Tape.flag(b) || Tape.storedLength(a) == Tape.storedLength(b))
          && keysEqual(a, b, bytes: bytes)
        {
          return true
        }
        j += 1 + Tape.span(tape[j + 1])
      }
      i += 1 + Tape.span(tape[i + 1])
    }
    return false
  }

  static func hashedDuplicates(
    header: Int, end: Int, count: Int, tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    // Open addressing over 32-bit slots (a key's offset from the header, 0 = empty),
    // at most about 60% full.
    var slots = 1
    while slots < count + count / 2 + 1 { slots <<= 1 }
    var anyEscaped = false
    var k = header + 1
    while k < end {
      anyEscaped = anyEscaped || Tape.flag(tape[k])
      k += 1 + Tape.span(tape[k + 1])
    }
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots) { table in
      table.initialize(repeating: 0)
      // Keys without escapes first hash in O(1), by their length and outer bytes.
      // Keys crafted to share those would pile up in one chain, so past a probe
      // budget the check starts over with the standard library's per-process seeded
      // hash of every byte, which no input can steer. Keys with escapes always take
      // that hash, so that equal keys hash alike.
      if !anyEscaped,
        let found = probe(
          table, budget: 4 * count + 64, header: header, end: end, tape: tape, bytes: bytes, seeded: false)
      {
        return found
      }
      table.update(repeating: 0)
      return probe(table, budget: .max, header: header, end: end, tape: tape, bytes: bytes, seeded: true) ?? true
    }
  }

  /// Inserts every key of the object into `table`: `true` at the first duplicate,
  /// `false` when there is none, `nil` when the probes exceed `budget`.
  static func probe(
    _ table: UnsafeMutableBufferPointer<UInt32>, budget: Int, header: Int, end: Int,
    tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, seeded: Bool
  ) -> Bool? {
    let mask = table.count - 1
    var probes = 0
    var i = header + 1
    while i < end {
      let key = tape[i]
      let keyHash = seeded ? seededHash(key, bytes) : Int(truncatingIfNeeded: signature(key, bytes))
      var slot = keyHash & mask
      while table[slot] != 0 {
        if keysEqual(tape[header + Int(table[slot])], key, bytes: bytes) { return true }
        slot = (slot + 1) & mask
        probes += 1
        if probes > budget { return nil }
      }
      table[slot] = UInt32(truncatingIfNeeded: i - header)
      i += 1 + Tape.span(tape[i + 1])
    }
    return false
  }

  /// The standard library's seeded hash of a key's unescaped bytes.
  static func seededHash(_ entry: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    StringText.withUnescaped(entry, in: bytes) { text in
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(text))
      return hasher.finalize()
    }
  }

  /// A hash of an unescaped key from its length and its first and last eight bytes.
  @inline(__always)
  static func signature(_ entry: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let n = Tape.storedLength(entry)
    let p = bytes.baseAddress! + Tape.offset(entry)
    var first: UInt64 = 0
    var last: UInt64 = 0
    if n >= 8 {
      first = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      last = UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self)
    } else {
      for i in 0..<n { first = first << 8 | UInt64(p[i]) }
    }
    // Both words go through a multiplication whose high bits are folded down, so a
    // key's every byte reaches the low bits that pick a slot (keys such as "key_10000"
    // and "key_10001" differ only in their last byte).
    var h = first &* 0x9E37_79B9_7F4A_7C15 ^ (last ^ UInt64(truncatingIfNeeded: n)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 29)
  }

  /// Rewrites the members so that each key appears once, at its first position, with
  /// its last value. Rare, so it favours simplicity.
  static func compact(
    header: Int, used: inout Int, tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    var members: [(key: [UInt8], keyIndex: Int, valueIndex: Int)] = []
    var i = header + 1
    while i < used {
      let key = StringText.withUnescaped(tape[i], in: bytes) { Array($0) }
      members.append((key, i, i + 1))
      i += 1 + Tape.span(tape[i + 1])
    }
    var last: [[UInt8]: Int] = [:]
    for member in members { last[member.key] = member.valueIndex }
    var emitted = Set<[UInt8]>()
    var rewritten: [UInt64] = []
    for member in members where emitted.insert(member.key).inserted {
      let value = last[member.key]!
      rewritten.append(tape[member.keyIndex])
      rewritten.append(contentsOf: UnsafeBufferPointer(start: tape + value, count: Tape.span(tape[value])))
    }
    for (k, entry) in rewritten.enumerated() { tape[header + 1 + k] = entry }
    used = header + 1 + rewritten.count
    return emitted.count
  }
}
