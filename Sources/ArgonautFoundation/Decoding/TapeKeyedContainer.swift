import Argonaut
import Foundation

/// A keyed container over one object on the tape.
///
/// With the default key strategy a lookup compares the key's UTF-8 with each
/// member's key bytes, starting after the previous hit, so reading the members in
/// document order costs one comparison each. Other strategies convert the object's
/// keys once, into a table, the way `JSONDecoder` does.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: TapeDecoder
  /// The object's header.
  let header: Int
  let path: ContainerPath
  /// Converted keys and their value positions, for strategies other than `useDefaultKeys`.
  let converted: [(key: String, value: Int)]?

  init(decoder: TapeDecoder, header: Int, path: ContainerPath) {
    self.decoder = decoder
    self.header = header
    self.path = path
    if decoder.options.usesDefaultKeys {
      converted = nil
    } else {
      converted = TapeKeyedContainer.convertedKeys(decoder: decoder, header: header, path: path)
    }
  }

  var codingPath: [any CodingKey] { decoder.codingPath(path) }

  // MARK: - Keys

  static func convertedKeys(decoder: TapeDecoder, header: Int, path: ContainerPath) -> [(key: String, value: Int)] {
    var table: [(key: String, value: Int)] = []
    var seen = Set<String>()
    let tape = decoder.tape
    let end = header + Tape.span(tape[header])
    var i = header + 1
    let containerPath = decoder.codingPath(path)
    while i < end {
      let raw = StringText.string(tape[i], in: decoder.bytes)
      let key: String
      switch decoder.options.keys {
      case .convertFromSnakeCase: key = SnakeCase.camelCase(fromSnakeCase: raw)
      case .custom(let convert): key = convert(containerPath + [StringKey(raw)]).stringValue
      default: key = raw
      }
      // After conversion, the first of two equal keys wins, as in `JSONDecoder`.
      if seen.insert(key).inserted { table.append((key, i + 1)) }
      i += 1 + Tape.span(tape[i + 1])
    }
    return table
  }

  /// The tape position of the value for `key`, or `nil`.
  @inline(__always)
  func find(_ key: Key) -> Int? {
    if let converted {
      let name = key.stringValue
      return converted.first { $0.key == name }?.value
    }
    var name = key.stringValue
    return name.withUTF8 { find(utf8: $0) }
  }

  func find(utf8 key: UnsafeBufferPointer<UInt8>) -> Int? {
    let end = header &+ Tape.span(decoder.tape[header])
    let slot = (path.depth &+ path.extra.count) &* 2
    let state = decoder.state
    while state.pointee.hints.count <= slot &+ 1 { state.pointee.hints.append(-1) }
    let start = state.pointee.hints[slot] == header ? state.pointee.hints[slot &+ 1] : header &+ 1
    // From the member after the last hit to the end, then from the start.
    guard let (value, next) = scan(for: key, from: start, to: end) ?? scan(for: key, from: header &+ 1, to: start)
    else { return nil }
    state.pointee.hints[slot] = header
    state.pointee.hints[slot &+ 1] = next
    return value
  }

  /// The value position of `key` among the members from `start` to `end`, and the
  /// position of the member after it.
  @inline(__always)
  func scan(for key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Int)? {
    let tape = decoder.tape
    let bytes = decoder.bytes
    var i = start
    while i < end {
      let next = i &+ 1 &+ Tape.span(tape[i &+ 1])
      if StringText.equals(tape[i], key, in: bytes) { return (i &+ 1, next) }
      i = next
    }
    return nil
  }

  @inline(__always)
  func value(for key: Key) throws -> Int {
    guard let index = find(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  /// The position of the value for `key`, or `nil` when it is absent or `null`.
  @inline(__always)
  func presentValue(for key: Key) -> Int? {
    guard let index = find(key), Tape.tag(decoder.tape[index]) != .null else { return nil }
    return index
  }

  var allKeys: [Key] {
    if let converted { return converted.compactMap { Key(stringValue: $0.key) } }
    var keys: [Key] = []
    let tape = decoder.tape
    let end = header + Tape.span(tape[header])
    var i = header + 1
    while i < end {
      if let key = Key(stringValue: StringText.string(tape[i], in: decoder.bytes)) { keys.append(key) }
      i += 1 + Tape.span(tape[i + 1])
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  // MARK: - Values

  func decodeNil(forKey key: Key) throws -> Bool {
    Tape.tag(decoder.tape[try value(for: key)]) == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(at: value(for: key), in: path, key: key)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(at: value(for: key), in: path, key: key)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.double(at: value(for: key), in: path, key: key)
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.float(at: value(for: key), in: path, key: key)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try decoder.integer(T.self, at: value(for: key), in: path, key: key)
  }

  func decode<T: Swift.Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unwrap(type, at: value(for: key), in: path, key: key)
  }

  // MARK: - Optional values

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.bool(at: index, in: path, key: key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.string(at: index, in: path, key: key)
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.double(at: index, in: path, key: key)
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.float(at: index, in: path, key: key)
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }

  @inline(__always)
  func integerIfPresent<T: FixedWidthInteger>(_ key: Key) throws -> T? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.integer(T.self, at: index, in: path, key: key)
  }

  func decodeIfPresent<T: Swift.Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = presentValue(for: key) else { return nil }
    return try decoder.unwrap(type, at: index, in: path, key: key)
  }

  // MARK: - Nested containers

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.keyedContainer(keyedBy: type, at: value(for: key), path: nestedPath(key))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.unkeyedContainer(at: value(for: key), path: nestedPath(key))
  }

  func nestedPath(_ key: Key) -> ContainerPath {
    ContainerPath(depth: path.depth, extra: path.extra + [key])
  }

  func superDecoder() throws -> any Decoder {
    decoder.subDecoder(at: find(StringKey.super), path: codingPath + [StringKey.super])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.subDecoder(at: find(key), path: codingPath + [key])
  }

  /// Looks up a key that is not of type `Key`.
  func find(_ key: StringKey) -> Int? {
    if let converted { return converted.first { $0.key == key.stringValue }?.value }
    var name = key.stringValue
    return name.withUTF8 { find(utf8: $0) }
  }
}
