import Argonaut
import Foundation

// Writing values: scalars as text, Foundation types by the strategies, arrays and
// string-keyed dictionaries in loops of their own, anything else through `encode(to:)`.

extension ByteEncoder {
  /// Writes `value` directly when it is a string, a number or a Boolean; `false` otherwise.
  @inline(__always)
  func writeScalar<T: Swift.Encodable>(_ value: T) throws -> Bool {
    if T.self == String.self {
      writeString(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      writeInteger(unsafeBitCast(value, to: Int.self))
    } else if T.self == Double.self {
      try writeDouble(unsafeBitCast(value, to: Double.self))
    } else if T.self == Bool.self {
      writeBool(unsafeBitCast(value, to: Bool.self))
    } else if T.self == Int64.self {
      writeInteger(unsafeBitCast(value, to: Int64.self))
    } else if T.self == UInt64.self {
      writeInteger(unsafeBitCast(value, to: UInt64.self))
    } else if T.self == Float.self {
      try writeFloat(unsafeBitCast(value, to: Float.self))
    } else if T.self == Int32.self {
      writeInteger(unsafeBitCast(value, to: Int32.self))
    } else if T.self == UInt.self {
      writeInteger(unsafeBitCast(value, to: UInt.self))
    } else {
      return false
    }
    return true
  }

  /// Writes `value` into the slot `slot`, which it takes over.
  func writeValue<T: Swift.Encodable>(_ value: T, slot: Int) throws {
    if try writeScalar(value) {
      frames[slot].kind = .single
      return
    }
    let saved = currentSlot
    currentSlot = slot
    defer { currentSlot = saved }
    if T.self == Date.self, let date = value as? Date {
      try writeDate(date, slot: slot)
    } else if T.self == Data.self, let data = value as? Data {
      try writeData(data, slot: slot)
    } else if T.self == URL.self, let url = value as? URL {
      frames[slot].kind = .single
      writeString(url.absoluteString)
    } else if T.self == Decimal.self, let decimal = value as? Decimal {
      frames[slot].kind = .single
      writeASCII(decimal.description)
    } else if T.self == JSON.self, let json = value as? JSON {
      frames[slot].kind = .single
      output.append(contentsOf: JSONSerializer.compact.bytes(from: json))
    } else if let array = value as? any ByteEncodableArray {
      try array.encodeElements(to: self, slot: slot)
    } else if let dictionary = value as? any ByteEncodableDictionary {
      try dictionary.encodeMembers(to: self, slot: slot)
    } else {
      try value.encode(to: self)
    }
  }

  func writeDate(_ date: Date, slot: Int) throws {
    switch options.dates {
    case .deferredToDate:
      try date.encode(to: self)
    case .secondsSince1970:
      frames[slot].kind = .single
      try writeDouble(date.timeIntervalSince1970)
    case .millisecondsSince1970:
      frames[slot].kind = .single
      try writeDouble(1000 * date.timeIntervalSince1970)
    case .iso8601:
      frames[slot].kind = .single
      writeString(date.formatted(Date.ISO8601FormatStyle()))
    #if canImport(Darwin)
      // Elsewhere `.formatted` is built as `.custom`.
      case .formatted(let formatter):
        frames[slot].kind = .single
        writeString(formatter.string(from: date))
    #endif
    case .custom(let closure):
      try closure(date, self)
    @unknown default:
      try date.encode(to: self)
    }
  }

  func writeData(_ data: Data, slot: Int) throws {
    switch options.data {
    case .deferredToData:
      try data.encode(to: self)
    case .base64:
      frames[slot].kind = .single
      writeString(data.base64EncodedString())
    case .custom(let closure):
      try closure(data, self)
    @unknown default:
      try data.encode(to: self)
    }
  }

  // MARK: - Text

  @inline(__always)
  func writeBool(_ value: Bool) {
    if value {
      output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])  // true
    } else {
      output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])  // false
    }
  }

  func writeNull() {
    output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
  }

  func writeASCII(_ text: String) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  @inline(__always)
  func writeInteger<T: FixedWidthInteger>(_ value: T) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var n = 20
      repeat {
        n &-= 1
        digits[n] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[n...]))
    }
  }

  func writeDouble(_ value: Double) throws {
    guard value.isFinite else { return try writeNonConforming(value, isNaN: value.isNaN, isNegative: value < 0) }
    writeFloatingPoint(value.description)
  }

  func writeFloat(_ value: Float) throws {
    guard value.isFinite else { return try writeNonConforming(value, isNaN: value.isNaN, isNegative: value < 0) }
    writeFloatingPoint(value.description)
  }

  /// Writes Swift's shortest round-trip text, without a trailing `.0`, as `JSONEncoder` does.
  @inline(__always)
  func writeFloatingPoint(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      if bytes.count > 2 && bytes[bytes.count - 2] == UInt8(ascii: ".") && bytes[bytes.count - 1] == UInt8(ascii: "0") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.dropLast(2)))
      } else {
        output.append(contentsOf: bytes)
      }
    }
  }

  func writeNonConforming(_ value: Any, isNaN: Bool, isNegative: Bool) throws {
    guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloats
    else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path,
          debugDescription:
            "Unable to encode \(type(of: value)).\(isNaN ? "nan" : isNegative ? "-infinity" : "infinity") directly in JSON."
        ))
    }
    writeString(isNaN ? nan : isNegative ? negativeInfinity : positiveInfinity)
  }

  /// Writes `string` as a JSON string, escaped as `JSONEncoder` escapes it: quote,
  /// backslash, control characters, and `/` unless `.withoutEscapingSlashes`.
  func writeString(_ string: String) {
    var string = string
    string.withUTF8 { text in
      output.append(UInt8(ascii: "\""))
      let escapesSlashes = options.escapesSlashes
      var runStart = 0
      var i = 0
      let n = text.count
      while i < n {
        let c = text[i]
        if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\")
          && (c != UInt8(ascii: "/") || !escapesSlashes)
        {
          i &+= 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
        output.append(UInt8(ascii: "\\"))
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(c)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          output.append(contentsOf: [
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 0xF)],
          ])
        }
        i &+= 1
        runStart = i
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<n]))
      output.append(UInt8(ascii: "\""))
    }
  }
}

// MARK: - Collections

/// An array that ``ByteEncoder`` writes without an unkeyed container.
protocol ByteEncodableArray {
  func encodeElements(to encoder: ByteEncoder, slot: Int) throws
}

/// A `[String: Value]`, written member by member. Its keys are never converted by
/// the key strategy, as in `JSONEncoder`.
protocol ByteEncodableDictionary {
  func encodeMembers(to encoder: ByteEncoder, slot: Int) throws
}

extension Array: ByteEncodableArray where Element: Swift.Encodable {
  func encodeElements(to encoder: ByteEncoder, slot: Int) throws {
    _ = encoder.openContainer(.array, in: slot)
    let depth = encoder.path.count
    for (n, element) in enumerated() {
      encoder.beginElement(slot)
      try encoder.encodeNested(element, depth: depth, extra: [], key: IndexKey(n))
    }
  }
}

extension Dictionary: ByteEncodableDictionary where Key == String, Value: Swift.Encodable {
  func encodeMembers(to encoder: ByteEncoder, slot: Int) throws {
    _ = encoder.openContainer(.object, in: slot)
    let depth = encoder.path.count
    for (key, value) in self {
      encoder.beginMember(slot, name: key)
      try encoder.encodeNested(value, depth: depth, extra: [], key: StringKey(key))
    }
  }
}
