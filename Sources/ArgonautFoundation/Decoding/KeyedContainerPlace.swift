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
  let decoder: TapeDecoder
  @exclusivity(unchecked) private(set) var header: Int
  @exclusivity(unchecked) private(set) var path: ContainerPath
  /// Converted keys and their value positions, for strategies other than `useDefaultKeys`.
  @exclusivity(unchecked) private(set) var converted: [(key: String, value: Int)]?

  init(decoder: TapeDecoder, header: Int, path: ContainerPath) {
    self.decoder = decoder
    self.header = header
    self.path = path
    if !decoder.options.usesDefaultKeys {
      var table: [(key: String, value: Int)] = []
      Self.convertKeys(decoder: decoder, header: header, path: path, into: &table)
      converted = table
    }
  }

  /// Points this place at the object at `header`. Only for a place that no container
  /// in use refers to.
  func move(to header: Int, path: ContainerPath) {
    self.header = header
    self.path = path
    lastConverted = 0
    if var table = converted {
      // The table's storage is reused: take it out so that it is not shared.
      converted = nil
      table.removeAll(keepingCapacity: true)
      Self.convertKeys(decoder: decoder, header: header, path: path, into: &table)
      converted = table
    }
  }

  /// Fills `table` with the object's keys as the key strategy converts them, and their
  /// value positions. Each distinct key is converted once per `decode` call (see
  /// `DecoderState.convertedKeys`).
  static func convertKeys(
    decoder: TapeDecoder, header: Int, path: ContainerPath, into table: inout [(key: String, value: Int)]
  ) {
    let tape = decoder.tape
    let end = header + Tape.span(tape[header])
    var i = header + 1
    var containerPath: [any CodingKey]?
    var seen: Set<String>?
    // One bit per converted key's hash: a key whose bit is clear is new in the object.
    var mask: UInt64 = 0
    var cache: KeyConversionCache?
    if case .convertFromSnakeCase = decoder.options.keys {
      cache = decoder.state.pointee.convertedKeys ?? KeyConversionCache()
      decoder.state.pointee.convertedKeys = cache
    }
    let text = decoder.bytes
    while i < end {
      var key: String
      let hash: UInt64
      switch decoder.options.keys {
      case .convertFromSnakeCase:
        let cache = cache.unsafelyUnwrapped
        let entry = tape[i]
        // A key without escapes is looked up in place; one with escapes, unescaped.
        if !Tape.flag(entry) {
          (key, hash) = cache.converted(StringText.raw(entry, in: text), Self.camelCase)
        } else {
          (key, hash) = StringText.withUnescaped(entry, in: text) { cache.converted($0, Self.camelCase) }
        }
      case .custom(let convert):
        if containerPath == nil { containerPath = decoder.codingPath(path) }
        let raw = StringText.string(tape[i], in: decoder.document)
        key = convert(containerPath! + [StringKey(raw)]).stringValue
        hash = key.withUTF8 { KeyConversionCache.hash($0) }
      default:
        key = StringText.string(tape[i], in: decoder.document)
        hash = key.withUTF8 { KeyConversionCache.hash($0) }
      }
      // After conversion, the first of two equal keys wins, as in `JSONDecoder`: a
      // scan of the keys so far, as objects are small; a set once one is large.
      let bit: UInt64 = 1 &<< (hash &>> 58)
      if seen == nil && table.count >= 32 { seen = Set(table.map(\.key)) }
      let isNew =
        mask & bit == 0 ? true : seen.map { $0.contains(key) == false } ?? !table.contains { $0.key == key }
      mask |= bit
      if isNew {
        table.append((key, i + 1))
        seen?.insert(key)
      }
      i += 1 + Tape.span(tape[i + 1])
    }
  }

  // MARK: - Lookup

  /// `convertFromSnakeCase` of a key's UTF-8.
  static func camelCase(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    SnakeCase.camelCase(fromSnakeCase: String(decoding: raw, as: UTF8.self))
  }

  /// Where the last lookup in `converted` matched: keys are mostly read in document order.
  @exclusivity(unchecked) private var lastConverted = 0

  /// The tape position of the value for the key `name`, or `nil`.
  func find(_ name: String) -> Int? {
    if let converted {
      // From the entry after the last hit, then from the start.
      let count = converted.count
      var n = lastConverted
      for _ in 0..<count {
        if n >= count { n = 0 }
        if converted[n].key == name {
          lastConverted = n + 1
          return converted[n].value
        }
        n += 1
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
