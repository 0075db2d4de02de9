import Argonaut
import Foundation

extension TapeDecoder: Decoder {
  var codingPath: [any CodingKey] { path }

  var userInfo: [CodingUserInfoKey: Any] { anyUserInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try keyedContainer(keyedBy: type, at: index, path: ContainerPath(depth: path.count))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try unkeyedContainer(at: index, path: ContainerPath(depth: path.count))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func keyedContainer<Key: CodingKey>(
    keyedBy type: Key.Type, at valueIndex: Int, path: ContainerPath
  ) throws -> KeyedDecodingContainer<Key> {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .object:
      return keyedDecodingContainer(Key.self, header: valueIndex, path: path)
    case .null:
      throw DecodingError.valueNotFound(
        [String: Any].self,
        DecodingError.Context(
          codingPath: codingPath(path),
          debugDescription: "Cannot get keyed decoding container -- found null value instead"
        ))
    default:
      throw typeMismatch([String: Any].self, at: valueIndex, in: path, key: nil)
    }
  }

  func unkeyedContainer(at valueIndex: Int, path: ContainerPath) throws -> any UnkeyedDecodingContainer {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .array:
      return TapeUnkeyedContainer(decoder: self, header: valueIndex, path: path)
    case .null:
      throw DecodingError.valueNotFound(
        [Any].self,
        DecodingError.Context(
          codingPath: codingPath(path),
          debugDescription: "Cannot get unkeyed decoding container -- found null value instead"
        ))
    default:
      throw typeMismatch([Any].self, at: valueIndex, in: path, key: nil)
    }
  }

  /// A container for the object at `header`: the cached container for `Key` pointed at
  /// this object when nobody else holds it, else a new one (see `KeyedContainerPlace`).
  func keyedDecodingContainer<Key: CodingKey>(
    _ type: Key.Type, header: Int, path: ContainerPath
  ) -> KeyedDecodingContainer<Key> {
    guard let cache = state.pointee.containers else {
      return KeyedDecodingContainer(
        TapeKeyedContainer<Key>(place: KeyedContainerPlace(decoder: self, header: header, path: path)))
    }
    let id = ObjectIdentifier(type)
    var slot = 0
    while slot < cache.count && cache.ids[slot] != id { slot &+= 1 }
    if slot < cache.count {
      // Unique: only the cache refers to the container's box, so no container in use
      // can see its place move.
      if isKnownUniquelyReferenced(&cache.boxes[slot]) {
        cache.places[slot].move(to: header, path: path)
        return cache.container(at: slot)
      }
    }
    let place = KeyedContainerPlace(decoder: self, header: header, path: path)
    let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(place: place))
    if slot == cache.count && slot < ContainerCache.capacity { cache.append(id, container, place) }
    return container
  }

  /// A decoder of its own for `superDecoder()`: the value at `valueIndex`, or `null`.
  func subDecoder(at valueIndex: Int?, path: [any CodingKey]) -> TapeDecoder {
    let decoder = TapeDecoder(document: document, tape: tape, bytes: bytes, options: options, index: valueIndex ?? -1)
    decoder.state.pointee.path = path
    return decoder
  }
}

extension TapeDecoder: SingleValueDecodingContainer {
  var here: ContainerPath { ContainerPath(depth: path.count) }

  func decodeNil() -> Bool { Tape.tag(entry(index)) == .null }

  func decode(_ type: Bool.Type) throws -> Bool { try bool(at: index, in: here, key: nil) }
  func decode(_ type: String.Type) throws -> String { try string(at: index, in: here, key: nil) }
  func decode(_ type: Double.Type) throws -> Double { try double(at: index, in: here, key: nil) }
  func decode(_ type: Float.Type) throws -> Float { try float(at: index, in: here, key: nil) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, at: index, in: here, key: nil) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, at: index, in: here, key: nil) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try integer(type, at: index, in: here, key: nil) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type, at: index, in: here, key: nil) }

  func decode<T: Swift.Decodable>(_ type: T.Type) throws -> T {
    try unwrap(type, at: index, in: here, key: nil)
  }
}
