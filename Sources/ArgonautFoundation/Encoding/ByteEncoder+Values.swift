import Argonaut
import Foundation

// Writing values: scalars as text, Foundation types by the strategies, arrays and
// string-keyed dictionaries in loops of their own, anything else through `encode(to:)`.

extension ByteEncoder {
  /// Writes `value` directly when it is a string, a number or a Boolean; `false` otherwise.
  @inline(__always)
  func writeScalar<T: Swift.Encodable>(_ value: T, key: (any CodingKey)? = nil) throws -> Bool {
    if T.self == String.self {
      writeString(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      writeInteger(unsafeBitCast(value, to: Int.self))
    } else if T.self == Double.self {
      try writeDouble(unsafeBitCast(value, to: Double.self), key: key)
    } else if T.self == Bool.self {
      writeBool(unsafeBitCast(value, to: Bool.self))
    } else if T.self == Int64.self {
      writeInteger(unsafeBitCast(value, to: Int64.self))
    } else if T.self == UInt64.self {
      writeInteger(unsafeBitCast(value, to: UInt64.self))
    } else if T.self == Float.self {
      try writeFloat(unsafeBitCast(value, to: Float.self), key: key)
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
      stack.pointee[slot].kind = .single
      return
    }
    let saved = currentSlot
    currentSlot = slot
    defer { currentSlot = saved }
    // `T` is the type compared with: bit casts, where `as?` would be a dynamic cast.
    if T.self == Date.self {
      try writeDate(unsafeBitCast(value, to: Date.self), slot: slot)
    } else if T.self == Data.self {
      try writeData(unsafeBitCast(value, to: Data.self), slot: slot)
    } else if T.self == URL.self {
      let url = unsafeBitCast(value, to: URL.self)
      stack.pointee[slot].kind = .single
      writeString(url.absoluteString)
    } else if T.self == Decimal.self {
      let decimal = unsafeBitCast(value, to: Decimal.self)
      stack.pointee[slot].kind = .single
      writeASCII(decimal.description)
    } else if T.self == JSON.self {
      let json = unsafeBitCast(value, to: JSON.self)
      stack.pointee[slot].kind = .single
      appendBytes(JSONSerializer.compact.bytes(from: json))
    } else {
      switch kind(of: T.self) {
      case .plain: try value.encode(to: self)
      case .array(let array): try array.encodeElements(of: value, to: self, slot: slot)
      case .dictionary(let dictionary): try dictionary.encodeMembers(of: value, to: self, slot: slot)
      }
    }
  }

  /// How `type` is encoded, looked up once per type and encoding call.
  @inline(__always)
  func kind<T>(of type: T.Type) -> EncodingKind {
    let id = ObjectIdentifier(type)
    for entry in state.pointee.kinds where entry.id == id { return entry.kind }
    let kind: EncodingKind
    if let array = type as? any ByteEncodableArray.Type {
      kind = .array(array)
    } else if let dictionary = type as? any ByteEncodableDictionary.Type {
      kind = .dictionary(dictionary)
    } else {
      kind = .plain
    }
    if state.pointee.kinds.count < 32 { state.pointee.kinds.append((id, kind)) }
    return kind
  }

  func writeDate(_ date: Date, slot: Int) throws {
    switch options.dates {
    case .deferredToDate:
      try date.encode(to: self)
    case .secondsSince1970:
      stack.pointee[slot].kind = .single
      try writeDouble(date.timeIntervalSince1970)
    case .millisecondsSince1970:
      stack.pointee[slot].kind = .single
      try writeDouble(1000 * date.timeIntervalSince1970)
    case .iso8601:
      stack.pointee[slot].kind = .single
      if !ISO8601.write(date, { out.pointee.append(contentsOf: $0) }) {
        writeString(date.formatted(Date.ISO8601FormatStyle()))
      }
    #if canImport(Darwin)
      // Elsewhere `.formatted` is built as `.custom`.
      case .formatted(let formatter):
        stack.pointee[slot].kind = .single
        writeString(formatter.string(from: date))
    #endif
    case .custom(let closure):
      try closure(date, self)
      writeEmptyObjectIfEmpty(slot)
    @unknown default:
      try date.encode(to: self)
    }
  }

  func writeData(_ data: Data, slot: Int) throws {
    switch options.data {
    case .deferredToData:
      try data.encode(to: self)
    case .base64:
      stack.pointee[slot].kind = .single
      Base64.write(data, escapingSlashes: options.escapesSlashes, to: out)
    case .custom(let closure):
      try closure(data, self)
      writeEmptyObjectIfEmpty(slot)
    @unknown default:
      try data.encode(to: self)
    }
  }

  /// Writes `{}` into `slot` when a custom strategy encoded nothing there, as
  /// `JSONEncoder` does (also at the top level, where an empty value is otherwise an error).
  func writeEmptyObjectIfEmpty(_ slot: Int) {
    guard stack.pointee[slot].kind == .slot else { return }
    while stack.pointee.count - 1 > slot { closeTop() }
    stack.pointee[slot].kind = .single
    writeOpen(UInt8(ascii: "{"))
    writeClose(UInt8(ascii: "}"), count: 0, level: stack.pointee[slot].level)
  }

  // MARK: - Text

  @inline(__always)
  func writeBool(_ value: Bool) {
    if value {
      appendASCII("true")
    } else {
      appendASCII("false")
    }
  }

  func writeNull() {
    appendASCII("null")
  }

  @inline(__always)
  func appendASCII(_ text: StaticString) {
    out.pointee.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  func appendBytes(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { out.pointee.append(contentsOf: $0) }
  }

  func writeASCII(_ text: String) {
    var text = text
    text.withUTF8 { out.pointee.append(contentsOf: $0) }
  }

  @inline(__always)
  func writeInteger<T: FixedWidthInteger>(_ value: T) {
    if T.bitWidth > 64 {
      // Int128 and UInt128.
      if let narrow = Int64(exactly: value) { return writeInteger(narrow) }
      if let narrow = UInt64(exactly: value) { return writeInteger(narrow) }
      return writeASCII(String(value))
    }
    if value < 0 { out.pointee.append(UInt8(ascii: "-")) }
    var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
    if magnitude < 10 {
      out.pointee.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var n = 20
      repeat {
        n &-= 1
        digits[n] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: digits[n...]))
    }
  }

  func writeDouble(_ value: Double, key: (any CodingKey)? = nil) throws {
    guard value.isFinite else {
      return try writeNonConforming(value, isNaN: value.isNaN, isNegative: value < 0, key: key)
    }
    writeFloatingPoint(value.description)
  }

  func writeFloat(_ value: Float, key: (any CodingKey)? = nil) throws {
    guard value.isFinite else {
      return try writeNonConforming(value, isNaN: value.isNaN, isNegative: value < 0, key: key)
    }
    writeFloatingPoint(value.description)
  }

  /// Writes Swift's shortest round-trip text, without a trailing `.0`, as `JSONEncoder` does.
  @inline(__always)
  func writeFloatingPoint(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      if bytes.count > 2 && bytes[bytes.count - 2] == UInt8(ascii: ".") && bytes[bytes.count - 1] == UInt8(ascii: "0") {
        out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.dropLast(2)))
      } else {
        out.pointee.append(contentsOf: bytes)
      }
    }
  }

  func writeNonConforming(_ value: Any, isNaN: Bool, isNegative: Bool, key: (any CodingKey)?) throws {
    guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloats
    else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: key.map { path + [$0] } ?? path,
          debugDescription:
            "Unable to encode \(type(of: value)).\(isNaN ? "nan" : isNegative ? "-infinity" : "infinity") directly in JSON."
        ))
    }
    writeString(isNaN ? nan : isNegative ? negativeInfinity : positiveInfinity)
  }

  /// Writes the key `name` converted to snake case, as `SnakeCase.snakeCase(fromCamelCase:)`
  /// converts it, in one pass over its bytes when it is printable ASCII that needs no
  /// escape (every key of a Swift property); otherwise through the general conversion.
  /// Returns whether it took the one pass, so that the bytes written are the key's text
  /// between quotes.
  ///
  /// Each key is converted once per `encode` call: the bytes written for it are kept
  /// (see `SnakeCaseKeyCache`) and copied when it comes again.
  @discardableResult
  func writeSnakeCaseKey(_ name: String) -> Bool {
    guard SnakeCaseKeyCache.isAvailable else { return convertSnakeCaseKey(name) }
    let cache = snakeKeys ?? makeSnakeKeys()
    let slot = SnakeCaseKeyCache.slot(name)
    if let written = cache.written(name, slot: slot) {
      out.pointee.append(contentsOf: written)
      return true
    }
    let start = out.pointee.count
    guard convertSnakeCaseKey(name) else { return false }
    cache.keep(
      name, slot: slot,
      written: UnsafeBufferPointer(start: out.pointee.base + start, count: out.pointee.count - start))
    return true
  }

  @inline(never)
  func makeSnakeKeys() -> SnakeCaseKeyCache {
    let cache = SnakeCaseKeyCache()
    snakeKeys = cache
    return cache
  }

  /// `writeSnakeCaseKey(_:)` without the cache: converts `name` as it writes it.
  func convertSnakeCaseKey(_ name: String) -> Bool {
    var name = name
    let written = name.withUTF8 { key -> Bool in
      let n = key.count
      func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
      func isLower(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
      // Eight bytes at a time, then one at a time: whether the key is ASCII that needs no
      // escape, and whether it has a capital (without one, it is written as it is).
      var hasUpper = false
      var i = 0
      while i &+ 8 <= n {
        let word = UnsafeRawPointer(key.baseAddress! + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 || Self.mayNeedEscape(word, slashes: true) { return false }
        if Self.hasUppercase(word) { hasUpper = true }
        i &+= 8
      }
      while i < n {
        let byte = key[i]
        if byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
          || byte == UInt8(ascii: "/")
        {
          return false
        }
        if isUpper(byte) { hasUpper = true }
        i &+= 1
      }
      // Written in place, after one reservation: a quote, at most two bytes per byte of
      // the key (a letter and an underscore), a quote.
      out.pointee.reserve(2 &* n &+ 2)
      let start = out.pointee.base + out.pointee.count
      var p = start
      p.pointee = UInt8(ascii: "\"")
      p += 1
      if !hasUpper {
        // One word, already lowercase: the key as it is.
        if n > 0 { p.update(from: key.baseAddress!, count: n) }
        p += n
      } else {
        // JSONEncoder's words: split before an uppercase letter; a run of capitals is one
        // word, whose last capital starts the next word when a lowercase letter follows.
        var wordCount = 0
        func word(_ start: Int, _ end: Int) {
          if wordCount > 0 {
            p.pointee = UInt8(ascii: "_")
            p += 1
          }
          wordCount &+= 1
          var i = start
          while i < end {
            let byte = key[i]
            p.pointee = isUpper(byte) ? byte | 0x20 : byte
            p += 1
            i &+= 1
          }
        }
        var wordStart = 0
        var search = 1
        while true {
          var upper = search
          while upper < n && !isUpper(key[upper]) { upper &+= 1 }
          guard upper < n else { break }
          word(wordStart, upper)
          var lower = upper
          while lower < n && !isLower(key[lower]) { lower &+= 1 }
          guard lower < n else {
            wordStart = upper
            break
          }
          if lower == upper &+ 1 {
            wordStart = upper
          } else {
            word(upper, lower &- 1)
            wordStart = lower &- 1
          }
          search = lower &+ 1
        }
        word(wordStart, n)
      }
      p.pointee = UInt8(ascii: "\"")
      p += 1
      out.pointee.didAppend(p - start)
      return true
    }
    if !written { writeString(SnakeCase.snakeCase(fromCamelCase: name)) }
    return written
  }

  /// Whether any of the eight bytes of `word`, all ASCII, is an uppercase letter (`A` to `Z`).
  @inline(__always)
  static func hasUppercase(_ word: UInt64) -> Bool {
    // Per byte b < 0x80: (b + 0x3F) has its top bit set when b > 0x40, and (b + 0x25)
    // when b > 0x5A; no byte carries into the next.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    return ((word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & high) != 0
  }

  /// Whether any of the eight bytes of `word` may need an escape: a control character,
  /// a quote, a backslash, or (with `slashes`) a slash. Bytes of 0x80 and above never do.
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64, slashes: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
    let control = (word &- 0x2020_2020_2020_2020) & ~word & high
    var found = control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))
    if slashes { found |= hasZero(word ^ (ones &* 0x2F)) }
    return found != 0
  }

  /// Writes `string` as a JSON string, escaped as `JSONEncoder` escapes it: quote,
  /// backslash, control characters, and `/` unless `.withoutEscapingSlashes`.
  func writeString(_ string: String) {
    var string = string
    string.withUTF8 { text in
      out.pointee.append(UInt8(ascii: "\""))
      let escapesSlashes = options.escapesSlashes
      var runStart = 0
      var i = 0
      let n = text.count
      var checkedTo = 0
      while i < n {
        if i >= checkedTo {
          // Eight bytes at a time past text that needs no escape.
          while i &+ 8 <= n
            && !Self.mayNeedEscape(
              UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self), slashes: escapesSlashes)
          {
            i &+= 8
          }
          checkedTo = i &+ 8
          if i >= n { break }
        }
        let c = text[i]
        if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\")
          && (c != UInt8(ascii: "/") || !escapesSlashes)
        {
          i &+= 1
          continue
        }
        out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
        out.pointee.append(UInt8(ascii: "\\"))
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.pointee.append(c)
        case 0x08: out.pointee.append(UInt8(ascii: "b"))
        case 0x0C: out.pointee.append(UInt8(ascii: "f"))
        case 0x0A: out.pointee.append(UInt8(ascii: "n"))
        case 0x0D: out.pointee.append(UInt8(ascii: "r"))
        case 0x09: out.pointee.append(UInt8(ascii: "t"))
        default:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          appendBytes([
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 0xF)],
          ])
        }
        i &+= 1
        runStart = i
      }
      out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<n]))
      out.pointee.append(UInt8(ascii: "\""))
    }
  }
}

// MARK: - Collections

/// An array that ``ByteEncoder`` writes without an unkeyed container.
protocol ByteEncodableArray {
  func encodeElements(to encoder: ByteEncoder, slot: Int) throws
  /// Writes `value`, which must be of this type, into `slot`.
  static func encodeElements<T>(of value: T, to encoder: ByteEncoder, slot: Int) throws
  /// Writes `value`, which must be of this type, as an array in a new slot.
  static func encodeArray<T>(_ value: T, to encoder: ByteEncoder) throws
}

/// A `[String: Value]`, written member by member. Its keys are never converted by
/// the key strategy, as in `JSONEncoder`.
protocol ByteEncodableDictionary {
  /// Writes `value`, which must be of this type, into `slot`.
  static func encodeMembers<T>(of value: T, to encoder: ByteEncoder, slot: Int) throws
}

extension Array: ByteEncodableArray where Element: Swift.Encodable {
  func encodeElements(to encoder: ByteEncoder, slot: Int) throws {
    _ = encoder.openContainer(.array, in: slot)
    // Arrays of scalars, in loops of their own.
    if Element.self == Double.self {
      for (n, value) in unsafeBitCast(self, to: [Double].self).enumerated() {
        encoder.beginElement(slot)
        try encoder.writeDouble(value, key: IndexKey(n))
      }
    } else if Element.self == Int.self {
      for value in unsafeBitCast(self, to: [Int].self) {
        encoder.beginElement(slot)
        encoder.writeInteger(value)
      }
    } else if Element.self == String.self {
      for value in unsafeBitCast(self, to: [String].self) {
        encoder.beginElement(slot)
        encoder.writeString(value)
      }
    } else if Element.self == Bool.self {
      for value in unsafeBitCast(self, to: [Bool].self) {
        encoder.beginElement(slot)
        encoder.writeBool(value)
      }
    } else if let nested = Element.self as? any ByteEncodableArray.Type {
      // Arrays of arrays, without a slot per element.
      let depth = encoder.path.count
      var n = 0
      while n < count {
        encoder.beginElement(slot)
        encoder.state.pointee.path.append(IndexKey(n))
        try nested.encodeArray(self[n], to: encoder)
        encoder.state.pointee.path.removeLast()
        n += 1
      }
      _ = depth
    } else {
      let depth = encoder.path.count
      var n = 0
      while n < count {
        encoder.beginElement(slot)
        try encoder.encodeNested(self[n], depth: depth, extra: [], key: IndexKey(n))
        n += 1
      }
    }
  }

  static func encodeElements<T>(of value: T, to encoder: ByteEncoder, slot: Int) throws {
    try unsafeBitCast(value, to: [Element].self).encodeElements(to: encoder, slot: slot)
  }

  static func encodeArray<T>(_ value: T, to encoder: ByteEncoder) throws {
    let slot = encoder.pushSlot()
    try unsafeBitCast(value, to: [Element].self).encodeElements(to: encoder, slot: slot)
    encoder.close(downTo: slot)
  }
}

extension Dictionary: ByteEncodableDictionary where Key == String, Value: Swift.Encodable {
  static func encodeMembers<T>(of value: T, to encoder: ByteEncoder, slot: Int) throws {
    let dictionary = unsafeBitCast(value, to: [String: Value].self)
    _ = encoder.openContainer(.object, in: slot)
    let depth = encoder.path.count
    for (key, value) in dictionary {
      encoder.beginMember(slot, name: key)
      try encoder.encodeNested(value, depth: depth, extra: [], key: StringKey(key))
    }
  }
}
