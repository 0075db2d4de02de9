import Argonaut
import Foundation

/// An unkeyed container over one array on the tape, walking its elements in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: TapeDecoder
  let path: ContainerPath
  /// The tape position of the next element, and of the end of the array.
  var position: Int
  let end: Int
  let count: Int?
  var currentIndex = 0

  init(decoder: TapeDecoder, header: Int, path: ContainerPath) {
    self.decoder = decoder
    self.path = path
    position = header + 1
    end = header + Tape.span(decoder.tape[header])
    count = Tape.count(at: header, in: decoder.tape)
  }

  var codingPath: [any CodingKey] { decoder.codingPath(path) }

  var isAtEnd: Bool { position >= end }

  var key: IndexKey { IndexKey(currentIndex) }

  /// The position of the next element.
  @inline(__always)
  func next(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> Int {
    guard position < end else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: decoder.codingPath(path, appending: key), debugDescription: message))
    }
    return position
  }

  @inline(__always)
  mutating func advance() {
    position += Tape.span(decoder.tape[position])
    currentIndex += 1
  }

  @inline(__always)
  mutating func element<T>(_ type: T.Type, _ read: (Int) throws -> T) throws -> T {
    let value = try read(next(type))
    advance()
    return value
  }

  mutating func decodeNil() throws -> Bool {
    guard Tape.tag(decoder.tape[try next(Never.self)]) == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try element(type) { [decoder, key, path] in try decoder.bool(at: $0, in: path, key: key) }
  }

  mutating func decode(_ type: String.Type) throws -> String {
    try element(type) { [decoder, key, path] in try decoder.string(at: $0, in: path, key: key) }
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    try element(type) { [decoder, key, path] in try decoder.double(at: $0, in: path, key: key) }
  }

  mutating func decode(_ type: Float.Type) throws -> Float {
    try element(type) { [decoder, key, path] in try decoder.float(at: $0, in: path, key: key) }
  }

  mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

  @inline(__always)
  mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    try element(type) { [decoder, key, path] in try decoder.integer(type, at: $0, in: path, key: key) }
  }

  mutating func decode<T: Swift.Decodable>(_ type: T.Type) throws -> T {
    try element(type) { [decoder, key, path] in try decoder.unwrap(type, at: $0, in: path, key: key) }
  }

  /// `JSONDecoder`'s rule: past the end, or at a `null`, `nil`; either way the index advances.
  mutating func decodeIfPresent<T: Swift.Decodable>(_ type: T.Type) throws -> T? {
    guard position < end else {
      currentIndex += 1
      return nil
    }
    guard Tape.tag(decoder.tape[position]) != .null else {
      advance()
      return nil
    }
    return try decode(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let at = try next(KeyedDecodingContainer<NestedKey>.self)
    let container = try decoder.keyedContainer(keyedBy: type, at: at, path: nestedPath)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let at = try next(
      (any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
    let container = try decoder.unkeyedContainer(at: at, path: nestedPath)
    advance()
    return container
  }

  var nestedPath: ContainerPath { ContainerPath(depth: path.depth, extra: path.extra + [key]) }

  mutating func superDecoder() throws -> any Decoder {
    let at = try next((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
    let decoder = decoder.subDecoder(at: at, path: codingPath + [key])
    advance()
    return decoder
  }
}
