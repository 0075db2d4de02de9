/// A hash index of the keys of one wide object, built the first time a key is looked
/// up in it, and kept by the document for every later lookup.
///
/// Without it, looking up each of the *n* keys of an object costs O(*n*²) in total: a
/// 300,000-key object took minutes. With it, the first lookup pays O(*n*) to build the
/// index and each lookup after that costs O(1) expected probes.
///
/// Keys hash with the standard library's `Hasher`, which is seeded per process, so no
/// document can make its keys collide (hash flooding). Objects of up to
/// `ObjectKeyIndex.minimumCount` members are scanned instead, which is faster than
/// hashing for a handful of keys and costs no memory.
@usableFromInline
final class ObjectKeyIndex: Sendable {
  /// Objects with more members than this are indexed.
  ///
  /// Building an index hashes every key, which costs about as much as 25 scans of
  /// the object, so objects that are decoded once (a typical API model of 40 members,
  /// of which a decoder reads a dozen) are faster scanned. At 64 members a scan
  /// compares 32 keys on average, a few length checks each.
  @usableFromInline static let minimumCount = 64

  /// Open addressing: each slot holds a key entry's offset from the object's header,
  /// or 0 for an empty slot. At most half full, so probe chains stay short.
  let slots: [UInt32]

  /// Indexes the keys of the object at `header`.
  init(ofObjectAt header: Int, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>) {
    let count = Tape.count(at: header, in: tape)
    var capacity = 4
    while capacity < 2 * count { capacity <<= 1 }
    let mask = capacity - 1
    slots = [UInt32](unsafeUninitializedCapacity: capacity) { slots, initialized in
      slots.initialize(repeating: 0)
      initialized = capacity
      let end = header + Tape.span(tape[header])
      var i = header + 1
      while i < end {
        // Keys are unique on the tape (the parser removed duplicates), so each one
        // takes the first free slot of its chain.
        var slot = ObjectKeys.seededHash(tape[i], bytes) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(truncatingIfNeeded: i - header)
        i += 1 + Tape.span(tape[i + 1])
      }
    }
  }

  /// The tape position of the value for `key` in the object at `header`, counting in
  /// `comparisons` the keys it compares with.
  func find(
    _ key: UnsafeBufferPointer<UInt8>, inObjectAt header: Int,
    tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, comparisons: inout Int
  ) -> Int? {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(key))
    let mask = slots.count - 1
    var slot = hasher.finalize() & mask
    while slots[slot] != 0 {
      let entry = header + Int(slots[slot])
      comparisons += 1
      if StringText.equals(tape[entry], key, in: bytes) { return entry + 1 }
      slot = (slot + 1) & mask
    }
    return nil
  }
}

extension ObjectKeys {
  /// The tape index of the value for `key` in the wide object at `header` of
  /// `document`, through the object's index, which this builds on first use.
  @usableFromInline
  static func findIndexed(
    _ key: UnsafeBufferPointer<UInt8>, inObjectAt header: Int, document: JSONDocument,
    tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, comparisons: inout Int
  ) -> Int? {
    let index =
      document.keyIndex(ofObjectAt: header)
      ?? document.storeKeyIndex(ObjectKeyIndex(ofObjectAt: header, tape: tape, bytes: bytes), ofObjectAt: header)
    return index.find(key, inObjectAt: header, tape: tape, bytes: bytes, comparisons: &comparisons)
  }
}

extension JSONDocument {
  /// The index of the object at `header`, if a lookup built it already.
  func keyIndex(ofObjectAt header: Int) -> ObjectKeyIndex? {
    DocumentLocks.withLock(for: self) { keyIndexes[header] }
  }

  /// Keeps `index` for the object at `header` and returns it, or returns the index
  /// that another thread stored first. Indexes are built outside the lock, so a
  /// lookup never waits for another object's index to be built.
  func storeKeyIndex(_ index: ObjectKeyIndex, ofObjectAt header: Int) -> ObjectKeyIndex {
    DocumentLocks.withLock(for: self) {
      if let stored = keyIndexes[header] { return stored }
      keyIndexes[header] = index
      return index
    }
  }
}
