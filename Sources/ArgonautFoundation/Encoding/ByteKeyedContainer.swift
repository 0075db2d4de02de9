import Argonaut
import Foundation

/// A keyed container writing the members of one object.
struct ByteKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ByteEncoder
  /// The object's frame, and its identity.
  let frame: Int
  let id: Int
  let depth: Int
  let extra: [any CodingKey]

  init(encoder: ByteEncoder, frame: Int, id: Int, depth: Int, extra: [any CodingKey]) {
    self.encoder = encoder
    self.frame = frame
    self.id = id
    self.depth = depth
    self.extra = extra
  }

  var codingPath: [any CodingKey] { Array(encoder.path.prefix(depth)) + extra }

  @inline(__always)
  func begin(_ key: Key) throws {
    try encoder.reopen(frame, id: id)
    encoder.beginMember(frame, key: key) { codingPath }
  }

  mutating func encodeNil(forKey key: Key) throws {
    try begin(key)
    encoder.writeNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try begin(key)
    encoder.writeBool(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try begin(key)
    encoder.writeString(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try begin(key)
    try encoder.writeDouble(value, key: key)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try begin(key)
    try encoder.writeFloat(value, key: key)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
    try begin(key)
    encoder.writeInteger(value)
  }

  mutating func encode<T: Swift.Encodable>(_ value: T, forKey key: Key) throws {
    try begin(key)
    try encoder.encodeNested(value, depth: depth, extra: extra, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let slot = beginNested(key, use: .object)
    return encoder.keyedContainer(keyedBy: keyType, slot: slot, depth: depth, extra: extra + [key])
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let slot = beginNested(key, use: .array)
    return encoder.unkeyedContainer(slot: slot, depth: depth, extra: extra + [key])
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(name: StringKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(name: key)
  }

  /// Starts member `key` and gives it a slot that stays open until the object is written
  /// to again. A nested container for a key that already holds an object (or an array)
  /// goes on with it.
  func beginNested(_ key: some CodingKey, use: MemberUse) -> Int {
    guard (try? encoder.reopen(frame, id: id)) != nil else {
      preconditionFailure("ArgonautJSONEncoder: a container was used after a value was encoded into its parent.")
    }
    let earlier = encoder.beginMember(frame, key: key, use: use) { codingPath }
    let slot = encoder.pushSlot()
    if let earlier { encoder.reopen(earlier, in: slot) }
    return slot
  }

  func superEncoder(name key: some CodingKey) -> any Encoder {
    let slot = beginNested(key, use: .value)
    encoder.stack.pointee[slot].isSuper = true
    return SlotEncoder(encoder: encoder, slot: slot, id: encoder.stack.pointee[slot].id, codingPath: codingPath + [key])
  }
}

/// An unkeyed container writing the elements of one array.
struct ByteUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: ByteEncoder
  let frame: Int
  let id: Int
  let depth: Int
  let extra: [any CodingKey]
  var count = 0

  init(encoder: ByteEncoder, frame: Int, id: Int, depth: Int, extra: [any CodingKey]) {
    self.encoder = encoder
    self.frame = frame
    self.id = id
    self.depth = depth
    self.extra = extra
  }

  var codingPath: [any CodingKey] { Array(encoder.path.prefix(depth)) + extra }

  @inline(__always)
  mutating func begin() throws -> IndexKey {
    try encoder.reopen(frame, id: id)
    encoder.beginElement(frame)
    count += 1
    return IndexKey(count - 1)
  }

  mutating func encodeNil() throws {
    _ = try begin()
    encoder.writeNull()
  }

  mutating func encode(_ value: Bool) throws {
    _ = try begin()
    encoder.writeBool(value)
  }

  mutating func encode(_ value: String) throws {
    _ = try begin()
    encoder.writeString(value)
  }

  mutating func encode(_ value: Double) throws {
    let key = try begin()
    try encoder.writeDouble(value, key: key)
  }

  mutating func encode(_ value: Float) throws {
    let key = try begin()
    try encoder.writeFloat(value, key: key)
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try integer(value) }

  @inline(__always)
  mutating func integer<T: FixedWidthInteger>(_ value: T) throws {
    _ = try begin()
    encoder.writeInteger(value)
  }

  mutating func encode<T: Swift.Encodable>(_ value: T) throws {
    let key = try begin()
    try encoder.encodeNested(value, depth: depth, extra: extra, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let (slot, key) = beginNested()
    return encoder.keyedContainer(keyedBy: keyType, slot: slot, depth: depth, extra: extra + [key])
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (slot, key) = beginNested()
    return encoder.unkeyedContainer(slot: slot, depth: depth, extra: extra + [key])
  }

  mutating func superEncoder() -> any Encoder {
    let (slot, key) = beginNested()
    encoder.stack.pointee[slot].isSuper = true
    return SlotEncoder(encoder: encoder, slot: slot, id: encoder.stack.pointee[slot].id, codingPath: codingPath + [key])
  }

  mutating func beginNested() -> (Int, IndexKey) {
    guard let key = try? begin() else {
      preconditionFailure("ArgonautJSONEncoder: a container was used after a value was encoded into its parent.")
    }
    return (encoder.pushSlot(), key)
  }
}
