import Argonaut
import Foundation

/// What a keyed container reads: its decoder, the object's header and the
/// container's path.
///
/// A class, and not generic, so that a `KeyedDecodingContainer` can be reused. Making
/// one costs two generic metadata lookups (`TapeKeyedContainer<Key>` and the standard
/// library's box around it), a witness table and an allocation, which together cost
/// more than decoding a small object. So the decoder keeps the last container it made
/// for each key type, and when nobody else holds that container any more (its box is
/// uniquely referenced: the `init(from:)` that used it has returned), it points the
/// container's place at the next object instead of making a new container.
final class KeyedContainerPlace {
  /// A member of the object, for strategies other than `useDefaultKeys`.
  struct Member {
    /// The id of its key in `KeyConversionCache` (`convertFromSnakeCase`), else -1.
    var raw: Int32
    /// The id of its converted key, or -1 when an earlier member's key converts to the same.
    var converted: Int32
    /// The tape position of its value.
    var value: Int
  }

  let decoder: TapeDecoder
  @exclusivity(unchecked) private(set) var header: Int
  @exclusivity(unchecked) private(set) var path: ContainerPath
  /// Whether the key strategy converts keys, so that `members` is in use.
  let convertsKeys: Bool
  /// The object's members with their converted keys, when `convertsKeys`. Moving to
  /// another object overwrites them in place; until then each `raw` is the key the
  /// last object had there, which the next object most likely has too.
  @exclusivity(unchecked) private var members = RawBuffer<Member>()
  /// The names looked up so far, in the order of the lookups, with their converted ids:
  /// a type's `init(from:)` asks for the same keys in the same order for every object,
  /// so a lookup compares its name with the one at `nameCursor` (the same string, for
  /// the literals of `CodingKeys`) rather than hashing it.
  @exclusivity(unchecked) private var names: [(name: String, id: Int32, count: Int)] = []
  @exclusivity(unchecked) private var nameCursor = 0

  init(decoder: TapeDecoder, header: Int, path: ContainerPath) {
    self.decoder = decoder
    self.header = header
    self.path = path
    convertsKeys = !decoder.options.usesDefaultKeys
    if convertsKeys { convertKeys() }
  }

  deinit {
    members.deallocate()
  }

  /// Points this place at the object at `header`. Only for a place that no container
  /// in use refers to.
  func move(to header: Int, path: ContainerPath) {
    self.header = header
    self.path = path
    lastConverted = 0
    nameCursor = 0
    if convertsKeys { convertKeys() }
  }

  /// The conversion cache of this `decode` call, made at the first object.
  var cache: KeyConversionCache {
    if let cache = decoder.state.pointee.convertedKeys { return cache }
    let cache = KeyConversionCache()
    decoder.state.pointee.convertedKeys = cache
    return cache
  }

  /// The object's keys as the key strategy converts them, in order, without the later
  /// of two equal ones; `nil` for `useDefaultKeys`.
  var convertedKeys: [String]? {
    guard convertsKeys else { return nil }
    let cache = cache
    var keys: [String] = []
    for n in 0..<members.count where members[n].converted >= 0 {
      keys.append(cache.convertedKeys[Int(members[n].converted)])
    }
    return keys
  }

  /// Fills `members` with the object's keys as the key strategy converts them, and
  /// their value positions. With `convertFromSnakeCase`, each distinct key is converted
  /// once per `decode` call (see `KeyConversionCache`); a `custom` strategy is called for
  /// every key of every object, with the key's coding path, as `JSONDecoder` calls it.
  func convertKeys() {
    let tape = decoder.tape
    let text = decoder.bytes
    let cache = cache
    let end = header &+ Tape.span(tape[header])
    let previous = members.count
    var n = 0
    var i = header &+ 1
    cache.beginObject()
    if decoder.options.convertsFromSnakeCase {
      while i < end {
        let entry = tape[i]
        var raw: Int32
        if !Tape.flag(entry) {
          let bytes = StringText.raw(entry, in: text)
          raw = n < previous ? members[n].raw : -1
          // The key of the last object at this place, else a lookup by hash.
          if raw < 0 || !cache.matches(raw, bytes) { raw = cache.rawKey(bytes, Self.camelCase) }
        } else {
          raw = StringText.withUnescaped(entry, in: text) { cache.rawKey($0, Self.camelCase) }
        }
        let converted = cache.converted(raw)
        store(Member(raw: raw, converted: cache.isFirst(converted) ? converted : -1, value: i &+ 1), at: n)
        n &+= 1
        i &+= 1 &+ Tape.span(tape[i &+ 1])
      }
      members.truncate(to: n)
      return
    }
    switch decoder.options.keys {
    case .custom(let convert):
      let containerPath = decoder.codingPath(path)
      while i < end {
        let raw = StringText.string(tape[i], in: decoder.document)
        let converted = cache.id(ofConverted: convert(containerPath + [StringKey(raw)]).stringValue)
        store(Member(raw: -1, converted: cache.isFirst(converted) ? converted : -1, value: i &+ 1), at: n)
        n &+= 1
        i &+= 1 &+ Tape.span(tape[i &+ 1])
      }
    default:
      while i < end {
        let converted = cache.id(ofConverted: StringText.string(tape[i], in: decoder.document))
        store(Member(raw: -1, converted: cache.isFirst(converted) ? converted : -1, value: i &+ 1), at: n)
        n &+= 1
        i &+= 1 &+ Tape.span(tape[i &+ 1])
      }
    }
    members.truncate(to: n)
  }

  @inline(__always)
  private func store(_ member: Member, at n: Int) {
    if n < members.count { members[n] = member } else { members.append(member) }
  }

  // MARK: - Lookup

  /// `convertFromSnakeCase` of a key's UTF-8.
  static func camelCase(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    SnakeCase.camelCase(fromSnakeCase: String(decoding: raw, as: UTF8.self))
  }

  /// Where the last lookup in `members` matched: keys are mostly read in document order.
  @exclusivity(unchecked) private var lastConverted = 0

  /// The converted id that `name` is, or -1 when no key of the document so far
  /// converts to it.
  @inline(__always)
  func convertedID(_ name: String) -> Int32 {
    var n = nameCursor
    if n >= names.count || names[n].name != name {
      n = 0
      while n < names.count && names[n].name != name { n &+= 1 }
      if n == names.count { names.append((name, -1, -1)) }
    }
    nameCursor = n &+ 1
    if names[n].id < 0 {
      // Not found when last asked: look again only if keys were converted since.
      let cache = cache
      if names[n].count != cache.convertedCount {
        names[n].id = cache.existingID(ofConverted: name) ?? -1
        names[n].count = cache.convertedCount
      }
    }
    return names[n].id
  }

  /// The tape position of the value for the key `name`, or `nil`.
  func find(_ name: String) -> Int? {
    if convertsKeys {
      let id = convertedID(name)
      guard id >= 0 else { return nil }
      // From the member after the last hit, then from the start.
      let count = members.count
      var n = lastConverted
      for _ in 0..<count {
        if n >= count { n = 0 }
        if members[n].converted == id {
          lastConverted = n &+ 1
          return members[n].value
        }
        n &+= 1
      }
      return nil
    }
    if let key = ShortKey(name, for: decoder.document) { return find(short: key) }
    var name = name
    return name.withUTF8 { find(utf8: $0) }
  }

  /// Where the scan for this object's next key starts: after the last hit, when the
  /// last lookup at this depth was in this object.
  @inline(__always)
  func scanStart(slot: Int) -> Int {
    let state = decoder.state
    while state.pointee.hints.count <= slot &+ 1 { state.pointee.hints.append(-1) }
    return state.pointee.hints[slot] == header ? state.pointee.hints[slot &+ 1] : header &+ 1
  }

  /// Remembers that the member before `next` matched.
  @inline(__always)
  func remember(next: Int, slot: Int) {
    decoder.state.pointee.hints[slot] = header
    decoder.state.pointee.hints[slot &+ 1] = next
  }

  /// `find(_:)` for a short key: from the member after the last hit to the end, then
  /// from the start.
  func find(short key: ShortKey) -> Int? {
    let tape = decoder.tape
    let text = decoder.bytes
    let end = header &+ Tape.span(tape[header])
    let slot = (path.depth &+ path.extra.count) &* 2
    let start = scanStart(slot: slot)
    guard
      let keyIndex = ObjectKeys.find(key, from: start, to: end, tape: tape, text: text)
        ?? ObjectKeys.find(key, from: header &+ 1, to: start, tape: tape, text: text)
    else { return nil }
    remember(next: keyIndex &+ 1 &+ Tape.span(tape[keyIndex &+ 1]), slot: slot)
    return keyIndex &+ 1
  }

  /// `find(_:)` for any key, by its UTF-8 bytes.
  func find(utf8 key: UnsafeBufferPointer<UInt8>) -> Int? {
    let end = header &+ Tape.span(decoder.tape[header])
    let slot = (path.depth &+ path.extra.count) &* 2
    let start = scanStart(slot: slot)
    guard let (value, next) = scan(for: key, from: start, to: end) ?? scan(for: key, from: header &+ 1, to: start)
    else { return nil }
    remember(next: next, slot: slot)
    return value
  }

  /// The value position of `key` among the members from `start` to `end`, and the
  /// position of the member after it.
  @inline(__always)
  func scan(for key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Int)? {
    let tape = decoder.tape
    let bytes = decoder.bytes
    let filter = KeyLengthFilter(count: key.count)
    var i = start
    while i < end {
      let next = i &+ 1 &+ Tape.span(tape[i &+ 1])
      if filter.mayMatch(tape[i]) && StringText.equals(tape[i], key, in: bytes) { return (i &+ 1, next) }
      i = next
    }
    return nil
  }
}
