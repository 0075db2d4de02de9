/// A JSON number, kept exactly as written.
///
/// The parser reads a short number's decimal value (up to 19 significant digits) as it
/// validates it, and keeps longer ones as text; neither is converted to a Swift type
/// while parsing. Each accessor converts it on request, exactly: integers that fit `Int64` or `UInt64` come back unchanged across
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
  /// How the number is kept. None of the inline forms refers to a document, so
  /// copying a number from a parsed document retains nothing.
  @usableFromInline
  enum Storage: Sendable {
    /// An integer of magnitude below 2^60.
    case integer(Int64)
    /// A number of up to 19 significant digits, with its spelling (see `DecimalSpelling`).
    case decimal(significand: UInt64, layout: UInt64)
    /// Any other number: a tape entry pointing at its text in `document`.
    case text(JSONDocument, entry: UInt64)
  }

  @usableFromInline let storage: Storage

  @inlinable
  init(storage: Storage) {
    self.storage = storage
  }

  /// The number of the tape entry `entry` of `document`, a small integer or number entry.
  @inlinable
  init(entry: UInt64, in document: JSONDocument) {
    if entry &>> Tape.tagShift == TapeTag.smallInt.rawValue {
      self.init(storage: .integer(Tape.smallIntValue(entry)))
    } else {
      self.init(numberEntry: entry, in: document)
    }
  }

  /// The number of the number entry `entry` of `document`. The parser read the value
  /// of an entry of the inline form, so nothing is read from the text; entries of the
  /// text form are read by `init(textNumberEntry:in:)`.
  @inlinable @inline(__always)
  init(numberEntry entry: UInt64, in document: borrowing JSONDocument) {
    if Tape.isInlineNumber(entry) {
      self.init(
        storage: .decimal(
          significand: Tape.inlineSignificand(entry, in: document.significands), layout: Tape.inlineLayout(entry)))
    } else {
      self.init(textNumberEntry: entry, in: document)
    }
  }

  /// The number of the number entry `entry` of the text form: read into the inline
  /// form when it is short, as nearly all are.
  ///
  /// `document` is borrowed: a retain and a release per number otherwise, which cost
  /// more than reading it, and are needed only for the rare long number.
  @usableFromInline
  init(textNumberEntry entry: UInt64, in document: borrowing JSONDocument) {
    let bytes = document.text
    if let (start, end) = Tape.shortNumberBounds(entry, in: bytes) {
      if let decimal = readShortDecimal(start, end) {
        let layout = DecimalSpelling.layout(of: decimal, isNotInteger: Tape.flag(entry))
        self.init(storage: .decimal(significand: decimal.significand, layout: layout))
        return
      }
    } else if let storage = Self.inlineStorage(Tape.numberText(entry, in: bytes), isNotInteger: Tape.flag(entry)) {
      // Near the end of the document, with fewer than eight bytes after it.
      self.init(storage: storage)
      return
    }
    self.init(storage: .text(copy document, entry: entry))
  }

  /// The inline form of the valid number `text`, read from a copy with room after it
  /// (`readShortDecimal`'s precondition: the byte after the number is no digit, and
  /// eight more follow), or `nil` when it is too long. Out of line: its buffer would
  /// cost the common path a stack check.
  @inline(never)
  static func inlineStorage(_ text: UnsafeBufferPointer<UInt8>, isNotInteger: Bool) -> Storage? {
    guard text.count <= DecimalSpelling.maximumTextLength else { return nil }
    var padded: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    let decimal = withUnsafeMutableBytes(of: &padded) { buffer in
      let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
      base.initialize(from: text.baseAddress!, count: text.count)
      return readShortDecimal(UnsafePointer(base), UnsafePointer(base + text.count))
    }
    guard let decimal else { return nil }
    return .decimal(
      significand: decimal.significand, layout: DecimalSpelling.layout(of: decimal, isNotInteger: isNotInteger))
  }

  /// Creates the number with exactly the value of `value`.
  public init<Integer: BinaryInteger>(_ value: Integer) {
    if let small = Int64(exactly: value), small.magnitude < Tape.smallIntLimit {
      self.init(storage: .integer(small))
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
    var text = text
    // Unflagged: whether it is an integer is left to the exact check.
    if let storage = text.withUTF8({ Self.inlineStorage($0, isNotInteger: false) }) {
      self.init(storage: storage)
    } else {
      let bytes = Array(text.utf8)
      let entry = Tape.textNumber(isNotInteger: false, offset: 0, length: bytes.count)
      self.init(storage: .text(JSONDocument(bytes: bytes), entry: entry))
    }
  }

  /// Calls `body` with the number's text.
  @usableFromInline
  func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch storage {
    case .integer(let value):
      var digits = String(value)
      return digits.withUTF8(body)
    case .decimal(let significand, let layout):
      var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      return withUnsafeMutableBytes(of: &text) { buffer in
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let count = DecimalSpelling.write(significand, layout, to: base)
        return body(UnsafeBufferPointer(start: base, count: count))
      }
    case .text(let document, let entry):
      return document.bytes.withUnsafeBufferPointer { bytes in body(Tape.numberText(entry, in: bytes)) }
    }
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
    switch storage {
    case .integer(let value): return Integer(exactly: value)
    // The parser flags numbers whose spelling shows they are not integers.
    case .decimal(_, let layout) where layout & DecimalSpelling.notIntegerBit != 0: return nil
    default: break
    }
    guard let (isNegative, magnitude) = integerMagnitude else { return nil }
    if Integer.isSigned {
      // As an Int64 first, so that every signed type accepts the same values.
      if isNegative {
        return magnitude <= UInt64(Int64.max) &+ 1 ? Integer(exactly: Int64(bitPattern: 0 &- magnitude)) : nil
      }
      return magnitude <= UInt64(Int64.max) ? Integer(exactly: Int64(magnitude)) : nil
    }
    return isNegative && magnitude != 0 ? nil : Integer(exactly: magnitude)
  }

  /// The sign and magnitude of a number that is not stored as a small integer, when it
  /// is an integer below 2^64.
  @usableFromInline
  var integerMagnitude: (isNegative: Bool, magnitude: UInt64)? {
    switch storage {
    case .integer(let value):
      return (value < 0, value.magnitude)
    case .decimal(let significand, let layout):
      return Argonaut.integerMagnitude(
        isNegative: DecimalSpelling.isNegative(layout), significand: significand,
        exponent: DecimalSpelling.exponent(layout))
    case .text(let document, let entry):
      if Tape.flag(entry) { return nil }
      return Tape.integerMagnitude(entry, in: document.text)
    }
  }

  /// The correctly rounded `Double`; `±infinity` when the magnitude is too large.
  @inlinable
  public var doubleValue: Double {
    if case .integer(let value) = storage { return Double(value) }
    return fractionalDoubleValue
  }

  @usableFromInline
  var fractionalDoubleValue: Double {
    switch storage {
    case .integer(let value):
      return Double(value)
    case .decimal(let significand, let layout):
      if let value = DecimalSpelling.decimal(significand, layout).doubleValue { return value }
      return generalDoubleValue
    case .text(let document, let entry):
      return Tape.doubleValue(entry, in: document.text)
    }
  }

  /// The correctly rounded `Float`; `±infinity` when the magnitude is too large.
  @inlinable
  public var floatValue: Float {
    if case .integer(let value) = storage { return Float(value) }
    return fractionalFloatValue
  }

  @usableFromInline
  var fractionalFloatValue: Float {
    switch storage {
    case .integer(let value):
      return Float(value)
    case .decimal(let significand, let layout):
      if let value = DecimalSpelling.decimal(significand, layout).floatValue { return value }
      return generalFloatValue
    case .text(let document, let entry):
      return Tape.floatValue(entry, in: document.text)
    }
  }

  /// The general conversions, for the few numbers that Eisel-Lemire cannot decide. Out
  /// of line: the text buffer would cost the common path a stack check.
  @inline(never)
  var generalDoubleValue: Double { withText(jsonNumberToDouble) }

  @inline(never)
  var generalFloatValue: Float { withText(jsonNumberToFloat) }

  /// The value when it is stored as a small integer.
  var smallInteger: Int64? {
    if case .integer(let value) = storage { return value }
    return nil
  }

  /// The exact `Int64` value of an integer that fits, for equality and hashing.
  var exactInt64: Int64? {
    smallInteger ?? integer(as: Int64.self)
  }

  var decimalValue: DecimalValue {
    smallInteger.map(DecimalValue.init) ?? withText(DecimalValue.init(jsonNumber:))
  }
}

extension JSONNumber: Hashable {
  /// Whether the two values are equal.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if let a = lhs.smallInteger, let b = rhs.smallInteger { return a == b }
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
