import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The fast paths of number scanning and conversion agree with the exact, digit by
/// digit, routines and with the standard library, on every shape of number.
@Suite("Number fast paths", .offThePool)
struct NumberFastPathTests {
  func number(_ text: String) throws -> JSONNumber {
    guard case .number(let number) = try JSON(parsing: text) else { throw NotANumber() }
    return number
  }
  struct NotANumber: Error {}

  /// The exact, digit by digit, conversions that the fast paths must agree with.
  func reference(_ text: String) -> (int64: Int64?, uint64: UInt64?) {
    var text = text
    return text.withUTF8 { (jsonNumberToInt64($0), jsonNumberToUInt64($0)) }
  }

  @Test("The digit mask marks exactly the bytes that are not ASCII digits, at every position")
  func digitMask() {
    for position in 0..<8 {
      for byte in 0...255 {
        // Surround the byte with digits, and with a non-digit, to catch borrows and carries.
        for filler: UInt8 in [UInt8(ascii: "5"), UInt8(ascii: "0"), UInt8(ascii: "9"), 0x00, 0xFF, 0x2F, 0x3A] {
          var chunk = UInt64(filler) &* 0x0101_0101_0101_0101
          chunk &= ~(0xFF << UInt64(8 * position))
          chunk |= UInt64(byte) << UInt64(8 * position)
          let mask = nonDigitMask(chunk)
          let isDigit = (0x30...0x39).contains(byte)
          #expect((mask >> UInt64(8 * position + 7)) & 1 == (isDigit ? 0 : 1), "byte \(byte) at \(position)")
          let fillerIsDigit = (0x30...0x39).contains(filler)
          for other in 0..<8 where other != position {
            #expect((mask >> UInt64(8 * other + 7)) & 1 == (fillerIsDigit ? 0 : 1))
          }
          #expect(mask & 0x7F7F_7F7F_7F7F_7F7F == 0)
        }
      }
    }
  }

  @Test(
    "Numbers with a fraction or an exponent are integers exactly when their value is",
    arguments: fractionalIntegerCases)
  func fractionalIntegers(text: String, expected: Int64?) throws {
    let value = try number(text)
    #expect(value.integer(as: Int64.self) == expected, "\(text)")
    #expect(value.integer(as: Int64.self) == reference(text).int64, "\(text)")
    #expect(value.integer(as: UInt64.self) == reference(text).uint64, "\(text)")
  }

  @Test("Random numbers of every shape convert like the exact routines and the standard library")
  func randomShapes() throws {
    var random = SplitMix64(seed: 15)
    func digits(_ count: Int) -> String {
      String(
        (0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))) })
    }
    for _ in 0..<20_000 {
      let integerDigits = Int.random(in: 1...22, using: &random)
      var text = Bool.random(using: &random) ? "-" : ""
      let integer = digits(integerDigits).drop { $0 == "0" }
      text += integer.isEmpty ? "0" : String(integer)
      let hasFraction = Int.random(in: 0..<4, using: &random) != 0
      if hasFraction {
        var fraction = digits(Int.random(in: 1...24, using: &random))
        // Trailing zeros make integral values common.
        if Bool.random(using: &random) { fraction = String(repeating: "0", count: fraction.count) }
        text += "." + fraction
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        // Leading zeros in the exponent too (`e-05`, as Swift prints), and zero exponents.
        let padding = ["", "", "0", "00"].randomElement(using: &random)!
        text +=
          ["e", "E", "e+", "e-", "E-"].randomElement(using: &random)! + padding
          + String(Int.random(in: 0...30, using: &random))
      }
      // The same number alone, and inside an array after other text.
      for document in [text, "[\"padding text\",\(text),1]"] {
        let json = try JSON(parsing: document)
        let value: JSONNumber
        if case .array(let array) = json, case .number(let inner)? = array.element(at: 1) {
          value = inner
        } else {
          value = try number(document)
        }
        let expected = reference(text)
        #expect(value.integer(as: Int64.self) == expected.int64, "\(text)")
        #expect(value.integer(as: UInt64.self) == expected.uint64, "\(text)")
        #expect(value.integer(as: Int8.self) == expected.int64.flatMap { Int8(exactly: $0) }, "\(text)")
        #expect(value.doubleValue.bitPattern == Double(text)!.bitPattern, "\(text)")
        #expect(value.floatValue.bitPattern == Float(text)!.bitPattern, "\(text)")
        #expect(value.text == text)
      }
    }
  }

  /// The number `text` inside an array, followed by `slack` bytes of the document: the
  /// in-place conversion needs eight.
  func number(_ text: String, slack: Int) throws -> JSONNumber {
    // `]` and then spaces: the bytes after the number's text.
    let document = "[" + text + "]" + String(repeating: " ", count: max(0, slack - 1))
    guard case .array(let array) = try JSON(parsing: document), case .number(let value)? = array.element(at: 0)
    else { throw NotANumber() }
    return value
  }

  @Test(
    "Numbers at the edges of the in-place conversion are correctly rounded, with and without bytes to spare",
    arguments: inPlaceEdgeCases)
  func inPlaceEdges(text: String) throws {
    let expected = Double(text)!
    let expectedFloat = Float(text)!
    for slack in [0, 1, 7, 8, 9, 64] {
      let value = try number(text, slack: slack)
      #expect(value.doubleValue.bitPattern == expected.bitPattern, "\(text), \(slack) bytes after")
      #expect(value.floatValue.bitPattern == expectedFloat.bitPattern, "\(text), \(slack) bytes after")
      #expect(value.integer(as: Int64.self) == reference(text).int64, "\(text), \(slack) bytes after")
      #expect(value.integer(as: UInt64.self) == reference(text).uint64, "\(text), \(slack) bytes after")
    }
  }

  @Test("Random numbers convert in place like the general conversion and the standard library")
  func inPlaceRandom() throws {
    var random = SplitMix64(seed: 1523)
    func digits(_ count: Int) -> String {
      String(
        (0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))) })
    }
    for _ in 0..<20_000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let integer = digits(Int.random(in: 1...18, using: &random)).drop { $0 == "0" }
      text += integer.isEmpty ? "0" : String(integer)
      if Int.random(in: 0..<5, using: &random) != 0 { text += "." + digits(Int.random(in: 1...18, using: &random)) }
      if Int.random(in: 0..<3, using: &random) == 0 {
        let padding = ["", "", "0", "00"].randomElement(using: &random)!
        text +=
          ["e", "E", "e+", "e-", "E-"].randomElement(using: &random)! + padding
          + String(Int.random(in: 0...330, using: &random))
      }
      let value = try number(text, slack: Int.random(in: 7...12, using: &random))
      var general = text
      let (double, float) = general.withUTF8 { (jsonNumberToDouble($0), jsonNumberToFloat($0)) }
      #expect(value.doubleValue.bitPattern == Double(text)!.bitPattern, "\(text)")
      #expect(value.doubleValue.bitPattern == double.bitPattern, "\(text)")
      #expect(value.floatValue.bitPattern == Float(text)!.bitPattern, "\(text)")
      #expect(value.floatValue.bitPattern == float.bitPattern, "\(text)")
      #expect(value.integer(as: Int64.self) == reference(text).int64, "\(text)")
      #expect(value.integer(as: UInt64.self) == reference(text).uint64, "\(text)")
    }
  }

  @Test("The tape flags the numbers whose spelling shows they are no integers below 2^64")
  func tapeFlag() throws {
    let cases: [(String, Bool)] = [
      ("12345678901234567890", false), ("1.0", false), ("1e5", false), ("-0", false), ("100.0", false),
      ("1.5", true), ("-65.613616999999977", true), ("0.5", true), ("1.25e-05", true), ("15e-1", true),
      ("1.25E-3", true), ("10e-1", false), ("1e-0", false), ("15e-01", true), ("15e-00", false), ("15e-010", false),
      ("1e-10", true), ("1.25e+1", false),
      ("1.25e1", false), ("1.50e-1", false), ("1.5e+1", false), ("0.5e1", false), ("0.5e30", false),
      ("1e19", false), ("1e20", true), ("12e19", true), ("9.9e19", false), ("1.5e+20", true), ("1e0020", false),
      ("1e1000", true), ("1e00000000019", false), ("-1.0e25", true), ("0e30", false),
    ]
    for (text, flagged) in cases {
      let document = try JSON.document(parsing: Array(text.utf8), options: .default)
      let entry = withExtendedLifetime(document) { document.tape[0] }
      #expect(Tape.tag(entry) == .number)
      #expect(Tape.flag(entry) == flagged, "\(text)")
      // The value made from the entry keeps the flag, inline or not.
      #expect(isFlagged(try number(text)) == flagged, "\(text)")
      // A flag is never wrong: no integer type holds a flagged number.
      if flagged { #expect(reference(text).int64 == nil && reference(text).uint64 == nil, "\(text)") }
    }
    // Numbers built from Swift values leave the question to the exact check.
    #expect(!isFlagged(JSONNumber(Double(2.5))!))
    #expect(JSONNumber(Double(2.5))!.integer(as: Int64.self) == nil)
    #expect(JSONNumber(Double(1e300))!.integer(as: Int64.self) == nil)
    #expect(JSONNumber(Double(1e18))!.integer(as: Int64.self) == 1_000_000_000_000_000_000)
    #expect(!isFlagged(JSONNumber(UInt64.max)))
  }

  /// Whether `number` carries the parser's "no integer" flag.
  func isFlagged(_ number: JSONNumber) -> Bool {
    switch number.storage {
    case .integer: false
    case .decimal(_, let layout): layout & DecimalSpelling.notIntegerBit != 0
    case .text(_, let entry): Tape.flag(entry)
    }
  }
}

/// Number texts with a fraction or an exponent, and the `Int64` each one is exactly (or `nil`).
/// Typed explicitly: the untyped literal took over 200 ms to type-check on a loaded machine.
private let fractionalIntegerCases: [(String, Int64?)] = [
  ("1.50e1", 15 as Int64?), ("100.0", 100), ("1e2", 100), ("1E+2", 100), ("1e-0", 1), ("-0.0", 0),
  ("1.5", nil), ("12345678.10", nil), ("123456789.000000000", 123_456_789), ("-65.613616999999977", nil),
  ("-9.223372036854775808e18", .min), ("9.223372036854775807e18", .max), ("9.223372036854775808e18", nil),
  ("0.0000000000000000000001e22", 1), ("10000000000000000000000e-3", nil),
  ("10000000000000000000000e-5", 100_000_000_000_000_000),
  ("1000000000000000000000.0e-5", 10_000_000_000_000_000), ("100000000000000000000000e-6", 100_000_000_000_000_000),
  ("1.00000000000000000000001e5", nil), ("1e19", nil), ("1e-19", nil), ("1e-20", nil), ("5e-1", nil),
  ("2.5e1", 25), ("1.25e+1", nil), ("1.25e2", 125), ("1.25E+02", 125), ("1.2345678e+16", 12_345_678_000_000_000),
  ("1.2345678e+5", nil), ("3.5e0", nil), ("3.5e+000001", 35), ("15e-0", 15), ("15e-00", 15), ("1.5e-1", nil),
  ("150e-1", 15), ("1.25e-05", nil), ("-3e-1", nil),
  ("7.0000000000000000001", nil), ("7.00000000000000000000", 7), ("0.1e1", 1),
]

/// Numbers at the edges of the in-place conversion: 15 to 20 digits, runs of 7, 8, 15 and 16
/// digits, 2^53 and its neighbours, exponents at ±22 and ±23 (Clinger's limits), four and
/// five exponent digits, subnormals, the largest finite values, and zeros.
private let inPlaceEdgeCases: [String] = [
  "123456789012345", "1234567890123456", "12345678901234567", "1234567890123456789", "12345678901234567890",
  "0.123456789012345", "0.1234567890123456", "0.12345678901234567", "0.1234567890123456789",
  "0.12345678901234567890", "1234567.123456789012", "1234567.1234567890123", "12345678.12345678901",
  "123456789012345.5", "1234567890123456.5", "1.234567890123456e5", "0.000000000000000000001",
  "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740993.0", "9007199254740994.0",
  "9007199254740995.0", "-9007199254740993.0", "18014398509481985.0", "1e22", "1e23", "1e-22", "1e-23",
  "9.007199254740993e22", "4.2e22", "4.2e23", "1.5e-22", "1.5e-23", "1e0000", "1e9999", "1e-9999", "1e99999",
  "1e-99999", "5e-324", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
  "2.2250738585072011e-308", "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308",
  "1.7976931348623159e308", "-0", "-0.0", "0.0", "-0.0e5", "0e-5", "1.0", "100.0", "-65.613616999999977",
  "0.1", "0.3", "2.5", "3.4028235e38", "3.4028236e38", "1.17549435e-38", "1.4e-45", "7.0e-46", "1.0000001",
  "16777217.0", "16777216.5", "1.00000005960464477539", "12.5e+0001", "98765.4321e-0003",
  "12345678.5", "123456789012345.0", "1234567890123456.0", "999999999999999.999", "12345678e3", "123456789012345e-2",
  "9223372036854775807.0", "9223372036854775808.0", "18446744073709551615.0", "1.8446744073709551615e19",
  "1.5e1", "1e-1", "1e2", "100.0", "1.0e0", "123456789.000000000", "0.1e1", "150e-1",
]
