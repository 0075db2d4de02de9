/// A JSON number, kept exactly as written.
///
/// A parsed number is not converted while parsing. Each accessor converts it on
/// request, exactly: integers that fit `Int64` or `UInt64` come back unchanged across
/// their whole range, `Double` and `Float` are correctly rounded, and `text` keeps the
/// original digits for numbers beyond both.
///
/// ```swift
/// let id: JSONNumber = 505874924095815681
/// id.integer(as: Int64.self)   // 505874924095815681
/// id.integer(as: UInt8.self)   // nil: out of range, never truncated
/// JSONNumber("3.7")?.integer(as: Int.self)  // nil: not an integer
/// JSONNumber("1e2")?.integer(as: Int.self)  // 100
/// ```
///
/// Equality and hashing are by exact numeric value: `1`, `1.0` and `1e0` are equal,
/// and so are `0` and `-0`; `0.1` and `0.10000000000000001` are not, even though they
/// round to the same `Double`. Decimal exponents are tracked up to ±2^59; beyond
/// that (numbers such as `1e576460752303423488`) they saturate, so two such numbers
/// may compare equal. Their `Double` is infinite or zero either way.
public struct JSONNumber: Sendable {
  /// The document holding the text, or `nil` for a small integer stored inline.
  @usableFromInline let document: JSONDocument?
  /// A tape entry: `.smallInt` with the value, or `.number` pointing at the text.
  @usableFromInline let entry: UInt64

  @inlinable
  init(document: JSONDocument?, entry: UInt64) {
    self.document = document
    self.entry = entry
  }

  /// Creates the number with exactly the value of `value`.
  public init<Integer: BinaryInteger>(_ value: Integer) {
    if let small = Int64(exactly: value), small.magnitude < Tape.smallIntLimit {
      self.init(document: nil, entry: Tape.smallInt(small))
    } else {
      self.init(validText: String(value))
    }
  }

  /// Creates the number with the shortest decimal text that reads back as `value`,
  /// or `nil` for infinities and NaN, which JSON cannot represent.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.init(validText: value.description)
  }

  /// Creates the number with the shortest decimal text that reads back as `value`,
  /// or `nil` for infinities and NaN, which JSON cannot represent.
  public init?(_ value: Float) {
    guard value.isFinite else { return nil }
    self.init(validText: value.description)
  }

  /// Creates a number from its JSON text, such as `"-12.5e3"`, keeping every digit;
  /// `nil` when the text is not exactly one JSON number.
  public init?(_ text: String) {
    // Parsing allows surrounding whitespace; the number's own text must be all of it.
    guard let json = try? JSON(parsing: text), case .number(let number) = json,
      number.withText({ $0.count }) == text.utf8.count
    else { return nil }
    self = number
  }

  /// Text that is known to be one valid JSON number (Swift's number descriptions are).
  init(validText text: String) {
    let bytes = Array(text.utf8)
    // Unflagged: whether it is an integer is left to the exact check.
    self.init(
      document: JSONDocument(bytes: bytes), entry: Tape.text(.number, flag: false, offset: 0, length: bytes.count))
  }

  /// Whether the value is stored inline.
  @inlinable
  var isSmallInteger: Bool {
    // The tag's bits compared directly, which keeps `integer(as:)` small enough to
    // inline into the caller.
    entry &>> Tape.tagShift == TapeTag.smallInt.rawValue
  }

  /// Calls `body` with the number's text.
  @usableFromInline
  func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let document {
      return document.bytes.withUnsafeBufferPointer { bytes in body(Tape.numberText(entry, in: bytes)) }
    }
    var digits = String(Tape.smallIntValue(entry))
    return digits.withUTF8(body)
  }

  /// The number's JSON text: the original digits for parsed numbers.
  public var text: String {
    withText { String(decoding: $0, as: UTF8.self) }
  }

  /// The value as `Integer`, or `nil` when it is not an integer or does not fit.
  ///
  /// `1e2` and `100.0` are the integer 100; `3.7`, `300` as `UInt8` and `1e400` are `nil`.
  @inlinable
  public func integer<Integer: FixedWidthInteger>(as type: Integer.Type = Integer.self) -> Integer? {
    if isSmallInteger { return Integer(exactly: Tape.smallIntValue(entry)) }
    // The parser flags numbers whose spelling shows they are not integers.
    if Tape.flag(entry) { return nil }
    guard let (isNegative, magnitude) = textIntegerMagnitude else { return nil }
    if Integer.isSigned {
      // As an Int64 first, so that every signed type accepts the same values.
      if isNegative {
        return magnitude <= UInt64(Int64.max) &+ 1 ? Integer(exactly: Int64(bitPattern: 0 &- magnitude)) : nil
      }
      return magnitude <= UInt64(Int64.max) ? Integer(exactly: Int64(magnitude)) : nil
    }
    return isNegative && magnitude != 0 ? nil : Integer(exactly: magnitude)
  }

  /// The sign and magnitude of a number kept as text, when it is an integer below 2^64.
  @usableFromInline
  var textIntegerMagnitude: (isNegative: Bool, magnitude: UInt64)? {
    guard let document else { return nil }
    let entry = entry
    return Tape.integerMagnitude(entry, in: document.text)
  }

  /// The correctly rounded `Double`; `±infinity` when the magnitude is too large.
  @inlinable
  public var doubleValue: Double {
    isSmallInteger ? Double(Tape.smallIntValue(entry)) : textDoubleValue
  }

  @usableFromInline
  var textDoubleValue: Double {
    guard let document else { return Double(Tape.smallIntValue(entry)) }
    return Tape.doubleValue(entry, in: document.text)
  }

  /// The correctly rounded `Float`; `±infinity` when the magnitude is too large.
  @inlinable
  public var floatValue: Float {
    isSmallInteger ? Float(Tape.smallIntValue(entry)) : textFloatValue
  }

  @usableFromInline
  var textFloatValue: Float {
    guard let document else { return Float(Tape.smallIntValue(entry)) }
    return Tape.floatValue(entry, in: document.text)
  }

  /// The exact `Int64` value of an integer that fits, for equality and hashing.
  var exactInt64: Int64? {
    isSmallInteger ? Tape.smallIntValue(entry) : integer(as: Int64.self)
  }

  var decimalValue: DecimalValue {
    isSmallInteger ? DecimalValue(Tape.smallIntValue(entry)) : withText(DecimalValue.init(jsonNumber:))
  }
}

extension JSONNumber: Hashable {
  /// Whether the two values are equal.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if lhs.isSmallInteger && rhs.isSmallInteger { return lhs.entry == rhs.entry }
    switch (lhs.exactInt64, rhs.exactInt64) {
    case (let a?, let b?): return a == b
    case (nil, nil): return lhs.decimalValue == rhs.decimalValue
    default: return false
    }
  }

  /// Hashes the value, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    if let value = exactInt64 {
      hasher.combine(value)
    } else {
      hasher.combine(decimalValue)
    }
  }
}

extension JSONNumber: CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// The number's JSON text.
  public var description: String { text }

  /// Creates a value from an integer literal, exactly.
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// Creates a value from a floating-point literal.
  public init(floatLiteral value: Double) {
    guard let number = JSONNumber(value) else { preconditionFailure("JSON numbers are finite") }
    self = number
  }
}
