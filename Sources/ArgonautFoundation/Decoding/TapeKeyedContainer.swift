import Argonaut
import Foundation

/// A keyed container over one object on the tape.
///
/// With the default key strategy a lookup compares the key's UTF-8 with each
/// member's key bytes, starting after the previous hit, so reading the members in
/// document order costs one comparison each. Other strategies convert the object's
/// keys once, into a table of small integers (see `KeyConversionCache`).
///
/// What it reads lives in a `KeyedContainerPlace`, which the decoder can point at
/// another object once nobody holds the container any more (see
/// `TapeDecoder.keyedDecodingContainer(_:header:path:)`).
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let place: KeyedContainerPlace

  var decoder: TapeDecoder { place.decoder }
  /// The object's header.
  var header: Int { place.header }
  var path: ContainerPath { place.path }

  var codingPath: [any CodingKey] { decoder.codingPath(path) }

  // MARK: - Keys

  /// The tape position of the value for `key`, or `nil`.
  @inline(__always)
  func find(_ key: Key) -> Int? {
    place.find(key.stringValue)
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
    if let converted = place.convertedKeys { return converted.compactMap { Key(stringValue: $0) } }
    var keys: [Key] = []
    let tape = decoder.tape
    let end = header + Tape.span(tape[header])
    var i = header + 1
    while i < end {
      if let key = Key(stringValue: StringText.string(tape[i], in: decoder.document)) { keys.append(key) }
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
    try bool(at: value(for: key), key)
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try string(at: value(for: key), key)
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
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try integer(T.self, at: value(for: key), key)
  }

  // The scalars of the common case read here, without the key: the decoder's readers
  // take it as an `any CodingKey` for their errors, and making that existential costs
  // more than reading a short string or a small integer.

  @inline(__always)
  func string(at index: Int, _ key: Key) throws -> String {
    let entry = decoder.tape[index]
    // Strings with escapes take the decoder's path, which knows JSON5's markers.
    if Tape.tag(entry) == .string && !Tape.flag(entry) { return StringText.string(entry, in: decoder.document) }
    return try decoder.string(at: index, in: path, key: key)
  }

  @inline(__always)
  func bool(at index: Int, _ key: Key) throws -> Bool {
    switch Tape.tag(decoder.tape[index]) {
    case .true: return true
    case .false: return false
    default: return try decoder.bool(at: index, in: path, key: key)
    }
  }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int, _ key: Key) throws -> T {
    let entry = decoder.tape[index]
    if Tape.tag(entry) == .smallInt, let value = T(exactly: Tape.smallIntValue(entry)) { return value }
    return try decoder.integer(T.self, at: index, in: path, key: key)
  }

  func decode<T: Swift.Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unwrap(type, at: value(for: key), in: path, key: key)
  }

  // MARK: - Optional values

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let index = presentValue(for: key) else { return nil }
    return try bool(at: index, key)
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let index = presentValue(for: key) else { return nil }
    return try string(at: index, key)
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
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try integerIfPresent(key) }

  @inline(__always)
  func integerIfPresent<T: FixedWidthInteger>(_ key: Key) throws -> T? {
    guard let index = presentValue(for: key) else { return nil }
    return try integer(T.self, at: index, key)
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
    place.find(key.stringValue)
  }
}
