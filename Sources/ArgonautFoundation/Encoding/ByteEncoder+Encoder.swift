import Argonaut
import Foundation

extension ByteEncoder: Encoder {
  var codingPath: [any CodingKey] { path }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    keyedContainer(keyedBy: type, slot: currentSlot, depth: path.count, extra: [])
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    unkeyedContainer(slot: currentSlot, depth: path.count, extra: [])
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueWriter(encoder: self, slot: currentSlot, id: stack.pointee[currentSlot].id, depth: path.count)
  }

  func keyedContainer<Key: CodingKey>(
    keyedBy type: Key.Type, slot: Int, depth: Int, extra: [any CodingKey]
  ) -> KeyedEncodingContainer<Key> {
    let frame = openContainer(.object, in: slot)
    return KeyedEncodingContainer(
      ByteKeyedContainer<Key>(encoder: self, frame: slot, id: frame.id, depth: depth, extra: extra))
  }

  func unkeyedContainer(slot: Int, depth: Int, extra: [any CodingKey]) -> any UnkeyedEncodingContainer {
    let frame = openContainer(.array, in: slot)
    return ByteUnkeyedContainer(encoder: self, frame: slot, id: frame.id, depth: depth, extra: extra)
  }
}

/// The encoder that `superEncoder()` returns: it fills one slot of its parent.
final class SlotEncoder: Encoder {
  let encoder: ByteEncoder
  let slot: Int
  let id: Int
  let codingPath: [any CodingKey]

  init(encoder: ByteEncoder, slot: Int, id: Int, codingPath: [any CodingKey]) {
    self.encoder = encoder
    self.slot = slot
    self.id = id
    self.codingPath = codingPath
  }

  var userInfo: [CodingUserInfoKey: Any] { encoder.options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    guard (try? encoder.reopen(slot, id: id)) != nil else {
      preconditionFailure("ArgonautJSONEncoder: a super encoder was used after its parent moved on.")
    }
    return encoder.keyedContainer(keyedBy: type, slot: slot, depth: 0, extra: codingPath)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    guard (try? encoder.reopen(slot, id: id)) != nil else {
      preconditionFailure("ArgonautJSONEncoder: a super encoder was used after its parent moved on.")
    }
    return encoder.unkeyedContainer(slot: slot, depth: 0, extra: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueWriter(encoder: encoder, slot: slot, id: id, depth: 0, extra: codingPath)
  }
}

/// A single value container: fills its slot once.
struct SingleValueWriter: SingleValueEncodingContainer {
  let encoder: ByteEncoder
  let slot: Int
  let id: Int
  let depth: Int
  var extra: [any CodingKey] = []

  var codingPath: [any CodingKey] { Array(encoder.path.prefix(depth)) + extra }

  @inline(__always)
  func begin() throws {
    try encoder.reopen(slot, id: id)
    precondition(
      encoder.stack.pointee[slot].kind == .slot,
      "Attempt to encode value through single value container when previously value already encoded.")
    encoder.stack.pointee[slot].kind = .single
  }

  /// Writes a value with `body`: into the slot, or, for a super encoder whose slot
  /// closed before it was used, in place of the `{}` written for it.
  @inline(__always)
  func write(_ body: (ByteEncoder) throws -> Void) throws {
    let isCurrent = slot < encoder.stack.pointee.count && encoder.stack.pointee[slot].id == id
    if !isCurrent,
      try encoder.fillLate(
        id, codingPath: codingPath,
        { scratch in
          scratch.stack.pointee[scratch.currentSlot].kind = .single
          try body(scratch)
        })
    {
      return
    }
    try begin()
    try encoder.with(depth: depth, extra: extra, key: nil) { try body(encoder) }
  }

  mutating func encodeNil() throws { try write { $0.writeNull() } }
  mutating func encode(_ value: Bool) throws { try write { $0.writeBool(value) } }
  mutating func encode(_ value: String) throws { try write { $0.writeString(value) } }
  mutating func encode(_ value: Double) throws { try write { try $0.writeDouble(value) } }
  mutating func encode(_ value: Float) throws { try write { try $0.writeFloat(value) } }
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
  func integer<T: FixedWidthInteger>(_ value: T) throws {
    try write { $0.writeInteger(value) }
  }

  mutating func encode<T: Swift.Encodable>(_ value: T) throws {
    let isCurrent = slot < encoder.stack.pointee.count && encoder.stack.pointee[slot].id == id
    if !isCurrent, try encoder.fillLate(id, codingPath: codingPath, { try $0.writeValue(value, slot: $0.currentSlot) })
    {
      return
    }
    try encoder.reopen(slot, id: id)
    precondition(
      encoder.stack.pointee[slot].kind == .slot,
      "Attempt to encode value through single value container when previously value already encoded.")
    try encoder.with(depth: depth, extra: extra, key: nil) { try encoder.writeValue(value, slot: slot) }
  }
}
