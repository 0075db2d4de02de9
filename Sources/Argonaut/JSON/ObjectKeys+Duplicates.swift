// The duplicate-key rule, applied by the parser each time an object closes.
//
// The scanner hashes every key while its bytes are still in cache, and pushes one
// *key entry* per member on a stack: the key's signature in the high 32 bits, its
// tape index in the low 32 bits. When an object closes, its members' entries are the
// top `count` ones (the keys of nested objects have been popped when those closed).
// The check compares signatures first and reads key bytes only when two signatures
// are equal, so a document without duplicates never reads a key twice.

extension ObjectKeys {
  /// Objects with at most this many members compare their signatures pairwise;
  /// wider ones use a hash table.
  static let pairwiseLimit = 4

  /// The key entry of the key at tape index `index` whose signature is `signature`.
  @inline(__always)
  static func keyEntry(signature: UInt64, index: Int) -> UInt64 {
    signature & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: index)
  }

  /// The tape index of the key of a key entry.
  @inline(__always)
  static func keyIndex(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) }

  /// Whether two of the `count` (at most `pairwiseLimit`) key entries have the same
  /// signature: the scanner's inline check, before any key is compared.
  @inline(__always)
  static func anySameSignature(_ keys: UnsafePointer<UInt64>, count: Int) -> Bool {
    var i = 1
    while i < count {
      let a = keys[i]
      var j = 0
      while j < i {
        if sameSignature(a, keys[j]) { return true }
        j &+= 1
      }
      i &+= 1
    }
    return false
  }

  /// Whether two key entries have the same signature.
  @inline(__always)
  static func sameSignature(_ a: UInt64, _ b: UInt64) -> Bool { (a ^ b) &>> 32 == 0 }

  /// Applies the duplicate-key rule to the object whose header is at `header` and
  /// whose members end at `used`, and returns the number of distinct keys. `keys`
  /// holds the key entries of its `count` members, in order.
  ///
  /// Allocates nothing when there is no duplicate and `count` is at most
  /// `pairwiseLimit`; a hash table of `count * 4` to `count * 8` 32-bit slots otherwise.
  static func removeDuplicates(
    inObjectAt header: Int, count: Int, keys: UnsafePointer<UInt64>, tape: UnsafeMutablePointer<UInt64>,
    used: inout Int, bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let hasDuplicates: Bool
    if count <= pairwiseLimit {
      hasDuplicates = pairwiseDuplicates(keys: keys, count: count, tape: tape, bytes: bytes)
    } else {
      hasDuplicates =
        hashedDuplicates(keys: keys, count: count, budget: 8 * count + 64, tape: tape, bytes: bytes)
        ?? seededDuplicates(header: header, end: used, count: count, budget: .max, tape: tape, bytes: bytes)
        ?? true
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

  /// Whether the keys of two key entries are equal: their signatures first, then
  /// their bytes. Out of line, so that the table's loop keeps its few values in
  /// registers (inlined, the comparison's spills cost the 80,000-member object a
  /// third of its check).
  @inline(never)
  static func sameKeys(
    _ a: UInt64, _ b: UInt64, tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    sameSignature(a, b) && keysEqual(tape[keyIndex(a)], tape[keyIndex(b)], bytes: bytes)
  }

  /// Whether two of the `count` keys are equal, comparing every pair of signatures.
  static func pairwiseDuplicates(
    keys: UnsafePointer<UInt64>, count: Int, tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var i = 1
    while i < count {
      let a = keys[i]
      var j = 0
      while j < i {
        let b = keys[j]
        if sameSignature(a, b) && keysEqual(tape[keyIndex(a)], tape[keyIndex(b)], bytes: bytes) { return true }
        j &+= 1
      }
      i &+= 1
    }
    return false
  }

  /// Whether two of the `count` keys are equal, through an open-addressing table at
  /// most a quarter full; `nil` when collisions exceed `budget` probes, which only
  /// keys crafted to share signatures cause.
  ///
  /// A slot is 32 bits, so that the table of a wide object stays in cache: with
  /// 2^`bits` slots, its low `bits` bits hold the member's ordinal plus one (0 =
  /// empty), and its high bits the signature's bits above the `bits` that choose the
  /// home slot. Keys are compared only when those bits and then the whole
  /// signatures are equal.
  static func hashedDuplicates(
    keys: UnsafePointer<UInt64>, count: Int, budget: Int, tape: UnsafeMutablePointer<UInt64>,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    let bits = tableBits(count)
    // Most objects fit the smallest table, whose constant size needs no check that
    // the stack has room.
    if bits == 5 {
      return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { table in
        insertAll(keys: keys, count: count, into: table, bits: 5, budget: budget, tape: tape, bytes: bytes)
      }
    }
    if bits > partitionedTableBits {
      return partitionedDuplicates(keys: keys, count: count, budget: budget, tape: tape, bytes: bytes)
    }
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1 &<< bits) { table in
      insertAll(keys: keys, count: count, into: table, bits: bits, budget: budget, tape: tape, bytes: bytes)
    }
  }

  /// The number of bits of the table for `count` keys: at least 5, and at most a
  /// quarter full. A fuller table costs more than its size: at two thirds full, a
  /// third of the insertions meet an occupied slot, and the branch on it mispredicts.
  @inline(__always)
  static func tableBits(_ count: Int) -> Int {
    var bits = 5
    while 1 &<< bits < count &* 4 { bits += 1 }
    return bits
  }

  /// Wider objects than a table of 2^`partitionedTableBits` slots (16 kB) holds are
  /// checked in parts; tables up to that size stay in the level-1 cache.
  static let partitionedTableBits = 12

  /// `hashedDuplicates` for a wide object, whose table would not stay in cache: the
  /// key entries are first sorted into 2^`p` parts by the top bits of their
  /// signatures (a counting sort, which reads and writes in order), so that equal
  /// keys land in the same part; then each part goes through a table of its own, of
  /// at most 16 kB. Each random access hits the level-1 cache rather than a table
  /// of megabytes: see `Benchmarks/README.md` for the 80,000-member object. `budget` and
  /// the result are as in `hashedDuplicates`, the budget counted in each part for its
  /// own share of the keys.
  static func partitionedDuplicates(
    keys: UnsafePointer<UInt64>, count: Int, budget: Int, tape: UnsafeMutablePointer<UInt64>,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    // 512 to 1,024 keys per part on average, and at most 2^12 parts.
    var p = 1
    while p < 12 && count &>> (p &+ 10) > 0 { p &+= 1 }
    let parts = 1 &<< p
    let shift = UInt64(64 &- p)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: parts &+ 1) { starts in
      starts.initialize(repeating: 0)
      for k in 0..<count { starts[Int(truncatingIfNeeded: keys[k] &>> shift) &+ 1] &+= 1 }
      var largest = 0
      for part in 0..<parts {
        largest = Swift.max(largest, starts[part &+ 1])
        starts[part &+ 1] &+= starts[part]
      }
      return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { sorted in
        // `next[part]` is where the next entry of `part` goes; it ends at the part's end.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: parts) { next in
          for part in 0..<parts { next[part] = starts[part] }
          for k in 0..<count {
            let key = keys[k]
            let part = Int(truncatingIfNeeded: key &>> shift)
            sorted[next[part]] = key
            next[part] &+= 1
          }
        }
        let base = UnsafePointer(sorted.baseAddress!)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1 &<< tableBits(largest)) { table in
          for part in 0..<parts {
            let first = starts[part]
            let n = starts[part &+ 1] &- first
            guard n > 1 else { continue }
            let bits = tableBits(n)
            let found = insertAll(
              keys: base + first, count: n, into: UnsafeMutableBufferPointer(rebasing: table[..<(1 &<< bits)]),
              bits: bits, budget: budget / count &* n &+ 64, tape: tape, bytes: bytes)
            if found != false { return found }
          }
          return false
        }
      }
    }
  }

  /// Inserts the `count` keys into `table`, of 2^`bits` slots (see `hashedDuplicates`):
  /// `true` at the first duplicate, `false` when there is none, `nil` past `budget`.
  @inline(__always)
  static func insertAll(
    keys: UnsafePointer<UInt64>, count: Int, into table: UnsafeMutableBufferPointer<UInt32>, bits: Int, budget: Int,
    tape: UnsafeMutablePointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    table.initialize(repeating: 0)
    // In bounds by construction: `slot` and ordinals are masked to the table's
    // power-of-two size, and an ordinal plus one is at most `count` < 2^`bits`.
    let base = table.baseAddress!
    let mask = (1 &<< bits) &- 1
    let shift = UInt64(bits)
    var probes = 0
    for k in 0..<count {
      let key = keys[k]
      let signature = key &>> 32
      // Signatures are 32 bits and `bits` at most 32, so this fits a slot.
      let high = signature &>> shift
      let entry = UInt32(truncatingIfNeeded: high &<< shift | UInt64(k &+ 1))
      var slot = Int(truncatingIfNeeded: signature) & mask
      while true {
        let other = base[slot]
        if other == 0 {
          base[slot] = entry
          break
        }
        if UInt64(other) &>> shift == high
          && sameKeys(keys[Int(other) & mask &- 1], key, tape: tape, bytes: bytes)
        {
          return true
        }
        slot = (slot &+ 1) & mask
        probes &+= 1
        if probes > budget { return nil }
      }
    }
    return false
  }

  /// Whether two keys of the object are equal, through the standard library's
  /// per-process seeded hash of every byte, which no input can steer: the fallback
  /// when signatures collide too often; `nil` when collisions exceed `budget` probes.
  static func seededDuplicates(
    header: Int, end: Int, count: Int, budget: Int, tape: UnsafeMutablePointer<UInt64>,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    var slots = 1
    while slots < count + count / 2 + 1 { slots <<= 1 }
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slots) { table -> Bool? in
      table.initialize(repeating: 0)
      // Slots hold a key's offset from the header (0 = empty).
      let mask = slots - 1
      var probes = 0
      var i = header + 1
      while i < end {
        let key = tape[i]
        var slot = seededHash(key, bytes) & mask
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
  }

  /// A hash of a key's `count` unescaped bytes at `p` from its length and its first
  /// and last eight bytes. Reads up to `readable` bytes from `p`, at least `count`.
  @inline(__always)
  static func signature(_ p: UnsafePointer<UInt8>, count n: Int, readable: Int) -> UInt64 {
    var first: UInt64 = 0
    var last: UInt64 = 0
    if n >= 8 {
      first = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      last = UInt64(littleEndian: UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self))
    } else if readable >= 8 {
      // The key's bytes, the following ones masked off (n < 8, so the shift is < 64).
      let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      first = word & ((1 &<< UInt64(truncatingIfNeeded: 8 &* n)) &- 1)
    } else {
      for i in 0..<n { first |= UInt64(p[i]) &<< UInt64(truncatingIfNeeded: 8 &* i) }
    }
    // Both words go through a multiplication whose high bits are folded down, so a
    // key's every byte reaches the high bits that pick a slot (keys such as "key_10000"
    // and "key_10001" differ only in their last byte).
    var h = first &* 0x9E37_79B9_7F4A_7C15 ^ (last ^ UInt64(truncatingIfNeeded: n)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h &>> 31)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h &>> 29)
  }

  /// The signature of the string entry's unescaped value. Out of line: keys with
  /// escapes are rare, and the scanner's hot loop stays small.
  @inline(never)
  static func signature(_ entry: UInt64, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    StringText.withUnescaped(entry, in: bytes) { text in
      // An empty buffer may have no base address; any valid pointer does for 0 bytes.
      withUnsafePointer(to: 0 as UInt8) { empty in
        signature(text.baseAddress ?? empty, count: text.count, readable: text.count)
      }
    }
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
