import Argonaut
import Foundation

// Scalars read straight off the tape: strings from their bytes, numbers converted
// in place, with `JSONDecoder`'s errors.

extension TapeDecoder {
  func string(at valueIndex: Int, in container: ContainerPath, key: @autoclosure () -> (any CodingKey)?) throws
    -> String
  {
    let entry = entry(valueIndex)
    guard Tape.tag(entry) == .string else { throw mismatch(String.self, at: valueIndex, in: container, key: key()) }
    let text = StringText.string(entry, in: document)
    if Tape.flag(entry) && options.json5 && text.utf8.first == 0 {
      // A JSON5 `NaN` or infinity, which the rewritten document holds as a marker.
      throw DecodingError.typeMismatch(
        String.self,
        DecodingError.Context(
          codingPath: codingPath(container, appending: key()),
          debugDescription: "Expected to decode String but found number instead."))
    }
    return text
  }

  func bool(at valueIndex: Int, in container: ContainerPath, key: @autoclosure () -> (any CodingKey)?) throws -> Bool {
    switch Tape.tag(entry(valueIndex)) {
    case .true: return true
    case .false: return false
    // `JSONDecoder` reports a null Bool as a type mismatch, not as a missing value.
    default: throw typeMismatch(Bool.self, at: valueIndex, in: container, key: key())
    }
  }

  /// The number's text, as a `String`.
  func numberString(_ entry: UInt64) -> String {
    Tape.withNumberText(entry, in: document) { String(decoding: $0, as: UTF8.self) }
  }

  /// An integer, exactly: `3.7`, or `300` as `UInt8`, is `dataCorrupted`.
  @inline(__always)
  func integer<T: FixedWidthInteger>(
    _ type: T.Type, at valueIndex: Int, in container: ContainerPath, key: @autoclosure () -> (any CodingKey)?
  ) throws -> T {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .smallInt:
      if let value = T(exactly: Tape.smallIntValue(entry)) { return value }
    case .number:
      if let value = Tape.integer(entry, in: document, as: T.self) { return value }
      if T.bitWidth > 64, let value: T = wideInteger(entry) { return value }
    default:
      throw mismatch(type, at: valueIndex, in: container, key: key())
    }
    throw notRepresentable(entry, as: type, in: container, key: key())
  }

  /// An integer of more than 64 bits written as digits, exactly; `nil` for any other
  /// spelling or a value that does not fit. As in `JSONDecoder`, a zero fraction
  /// (`18446744073709551615.0`) is read only when the magnitude fits in 64 bits, and an
  /// exponent not at all.
  func wideInteger<T: FixedWidthInteger>(_ entry: UInt64) -> T? {
    Tape.withNumberText(entry, in: document) { text -> T? in
      var i = 0
      let negative = text.first == UInt8(ascii: "-")
      if negative { i = 1 }
      guard i < text.count else { return nil }
      var value: T = 0
      var digits = text.count
      if let dot = text.firstIndex(of: UInt8(ascii: ".")) {
        guard text[(dot + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        digits = dot
      }
      while i < digits {
        let digit = text[i] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (next, o2) =
          negative
          ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
        guard !o1 && !o2 else { return nil }
        value = next
        i += 1
      }
      if digits < text.count && value.magnitude > UInt64.max { return nil }
      return value
    }
  }

  func notRepresentable(
    _ entry: UInt64, as type: Any.Type, in container: ContainerPath, key: (any CodingKey)?
  ) -> DecodingError {
    let text =
      Tape.tag(entry) == .smallInt
      ? String(Tape.smallIntValue(entry)) : numberString(entry)
    return dataCorrupted("Number \(text) is not representable in \(type).", in: container, key: key)
  }

  @inline(__always)
  func double(at valueIndex: Int, in container: ContainerPath, key: @autoclosure () -> (any CodingKey)?) throws
    -> Double
  {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .smallInt:
      return Double(Tape.smallIntValue(entry))
    case .number:
      // Converted in place, without reading the text again unless the value is 0.
      let value = Tape.doubleValue(entry, in: document)
      guard value.isFinite, value != 0 || Tape.withNumberText(entry, in: document, TapeDecoder.isZero) else {
        throw notRepresentable(entry, as: Double.self, in: container, key: key())
      }
      return value
    case .string:
      if let value: Double = nonConforming(entry) { return value }
      fallthrough
    default:
      throw mismatch(Double.self, at: valueIndex, in: container, key: key())
    }
  }

  @inline(__always)
  func float(at valueIndex: Int, in container: ContainerPath, key: @autoclosure () -> (any CodingKey)?) throws -> Float
  {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .smallInt:
      return Float(Tape.smallIntValue(entry))
    case .number:
      // Converted in place, without reading the text again unless the value is 0.
      let value = Tape.floatValue(entry, in: document)
      guard value.isFinite, value != 0 || Tape.withNumberText(entry, in: document, TapeDecoder.isZero) else {
        throw notRepresentable(entry, as: Float.self, in: container, key: key())
      }
      return value
    case .string:
      if let value: Float = nonConforming(entry) { return value }
      fallthrough
    default:
      throw mismatch(Float.self, at: valueIndex, in: container, key: key())
    }
  }

  /// Whether a number's text is zero (its digits before any exponent are all `0`).
  /// A nonzero number that rounds to zero is not representable, as in `JSONDecoder`.
  static func isZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text {
      switch byte {
      case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
      case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
      default: continue
      }
    }
    return true
  }

  /// The value of a string under `.convertFromString`, or `nil`.
  func nonConforming<T: FloatingPoint>(_ entry: UInt64) -> T? {
    if options.json5, let value: T = json5NonFinite(entry) { return value }
    guard case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloats,
      !Tape.flag(entry)
    else { return nil }
    let text = StringText.string(entry, in: document)
    if text.utf8.elementsEqual(positiveInfinity.utf8) { return T.infinity }
    if text.utf8.elementsEqual(negativeInfinity.utf8) { return -T.infinity }
    if text.utf8.elementsEqual(nan.utf8) { return T.nan }
    return nil
  }

  /// The value of a JSON5 `NaN` or infinity, which the rewritten document holds as a
  /// marker string (see `FoundationSyntax`), or `nil`.
  func json5NonFinite<T: FloatingPoint>(_ entry: UInt64) -> T? {
    let text = StringText.string(entry, in: document)
    guard text.utf8.first == 0 else { return nil }
    switch text {
    case FoundationSyntax.nan: return T.nan
    case FoundationSyntax.infinity: return T.infinity
    case FoundationSyntax.negativeInfinity: return -T.infinity
    default: return nil
    }
  }

  /// A `Decimal`, exactly from the number's text.
  func unwrapDecimal(at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?) throws -> Decimal {
    let entry = entry(valueIndex)
    switch Tape.tag(entry) {
    case .smallInt:
      return Decimal(Tape.smallIntValue(entry))
    case .number:
      let text = numberString(entry)
      guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        throw notRepresentable(entry, as: Decimal.self, in: container, key: key)
      }
      return value
    case .null:
      throw valueNotFound(Decimal.self, in: container, key: key)
    default:
      throw DecodingError.typeMismatch(
        Decimal.self, DecodingError.Context(codingPath: codingPath(container, appending: key), debugDescription: ""))
    }
  }

  func unwrapURL(at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?) throws -> URL {
    if Tape.tag(entry(valueIndex)) == .null { throw valueNotFound(URL.self, in: container, key: key) }
    let text = try string(at: valueIndex, in: container, key: key)
    guard let url = URL(string: text) else { throw dataCorrupted("Invalid URL string.", in: container, key: key) }
    return url
  }

  func unwrapData(at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?) throws -> Data {
    if Tape.tag(entry(valueIndex)) == .null { throw valueNotFound(Data.self, in: container, key: key) }
    switch options.data {
    case .deferredToData:
      return try with(valueIndex, in: container, key: key) { try Data(from: self) }
    case .base64:
      let entry = entry(valueIndex)
      if Tape.tag(entry) == .string, let data = StringText.withUnescaped(entry, in: bytes, Base64.decode) {
        return data
      }
      let text = try string(at: valueIndex, in: container, key: key)
      guard let data = Data(base64Encoded: text) else {
        throw dataCorrupted("Encountered Data is not valid Base64.", in: container, key: key)
      }
      return data
    case .custom(let closure):
      return try with(valueIndex, in: container, key: key) { try closure(self) }
    @unknown default:
      return try with(valueIndex, in: container, key: key) { try Data(from: self) }
    }
  }

  func unwrapDate(at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?) throws -> Date {
    if Tape.tag(entry(valueIndex)) == .null { throw valueNotFound(Date.self, in: container, key: key) }
    switch options.dates {
    case .deferredToDate:
      return try with(valueIndex, in: container, key: key) { try Date(from: self) }
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try double(at: valueIndex, in: container, key: key))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try double(at: valueIndex, in: container, key: key) / 1000)
    case .iso8601:
      let entry = entry(valueIndex)
      if Tape.tag(entry) == .string, let date = StringText.withUnescaped(entry, in: bytes, ISO8601.parse) {
        return date
      }
      let text = try string(at: valueIndex, in: container, key: key)
      guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
        // `JSONDecoder` reports this one at the container's path, without the key.
        throw dataCorrupted("Expected date string to be ISO8601-formatted.", in: container, key: nil)
      }
      return date
    #if canImport(Darwin)
      // Elsewhere `.formatted` is built as `.custom`.
      case .formatted(let formatter):
        let text = try string(at: valueIndex, in: container, key: key)
        guard let date = formatter.date(from: text) else {
          throw dataCorrupted("Date string does not match format expected by formatter.", in: container, key: key)
        }
        return date
    #endif
    case .custom(let closure):
      return try with(valueIndex, in: container, key: key) { try closure(self) }
    @unknown default:
      return try with(valueIndex, in: container, key: key) { try Date(from: self) }
    }
  }
}
