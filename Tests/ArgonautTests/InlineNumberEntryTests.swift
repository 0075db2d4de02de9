import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The inline form of number entries: the parser reads a short number's value as it
/// validates it, keeps the significand beside the tape and the spelling in the entry,
/// and every reader gives back the same value and the same text as from the number's
/// text.
@Suite("Inline number entries", .offThePool)
struct InlineNumberEntryTests {
  /// Random numbers of the shapes that the inline path takes and of those just beyond it.
  func randomNumbers(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    func digits(_ count: Int) -> String {
      (0..<count).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
    }
    return (0..<count).map { _ in
      let sign = Bool.random(using: &random) ? "-" : ""
      let integerCount = Int.random(in: 1...4, using: &random) == 1 ? 1 : Int.random(in: 1...20, using: &random)
      let integer =
        integerCount == 1 ? digits(1) : String(Int.random(in: 1...9, using: &random)) + digits(integerCount - 1)
      let fractionCount = Int.random(in: -1...21, using: &random)
      var fraction = fractionCount < 1 ? "" : "." + digits(fractionCount)
      if integer == "0" && Bool.random(using: &random) {
        // Behind `0.`, leading zeros that do not count as significant digits.
        fraction =
          "." + String(repeating: "0", count: Int.random(in: 1...10, using: &random))
          + digits(Int.random(in: 1...20, using: &random))
      }
      let marker = ["", "", "", "e", "E", "e+", "e-", "E-", "E+"].randomElement(using: &random)!
      // Exponents of one to five digits, leading zeros included.
      let exponent = marker.isEmpty ? "" : marker + digits(Int.random(in: 1...5, using: &random))
      let text = sign + integer + fraction + exponent
      // A number without a point or an exponent would be an integer; keep it a decimal.
      return fraction.isEmpty && exponent.isEmpty ? text + ".5" : text
    }
  }

  /// `numbers` as a JSON array with room after each, so that the inline path reads them.
  func paddedArray(_ numbers: [String]) -> String {
    "[" + numbers.map { $0 + String(repeating: " ", count: 64) }.joined(separator: ",") + "]"
  }

  /// The number parsed alone, at the very end of its input: the text form.
  func atTheEnd(_ text: String) throws -> JSONNumber {
    let json = try JSON(parsing: text)
    guard case .number(let number) = json else { throw NotANumber() }
    return number
  }
  struct NotANumber: Error {}

  /// Whether the parser should store `text` in the inline form: up to 19 digits in all
  /// (behind `0.`, up to eight leading zeros of the fraction and the `0` do not count,
  /// and the fraction has at most 23 digits), an exponent of up to four digits, and a
  /// decimal exponent within -256...255.
  func takesTheInlineForm(_ text: String) -> Bool {
    let body = text.hasPrefix("-") ? Substring(text.dropFirst()) : Substring(text)
    let parts = body.split(separator: "e", maxSplits: 1).flatMap { $0.split(separator: "E", maxSplits: 1) }
    let significand = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    let integerDigits = significand[0].count
    let fractionDigits = significand.count > 1 ? significand[1].count : 0
    var exponent = 0
    var exponentDigits = 0
    if parts.count > 1 {
      let written = parts[1].drop { $0 == "+" || $0 == "-" }
      exponentDigits = written.count
      exponent = (Int(written) ?? 0) * (parts[1].hasPrefix("-") ? -1 : 1)
    }
    // An integer part of 16 digits or more has a point or an exponent after it.
    let isInteger = fractionDigits == 0 && exponentDigits == 0
    let fraction = significand.count > 1 ? significand[1] : ""
    let significantDigits =
      significand[0] == "0"
      ? fractionDigits - min(8, fraction.prefix { $0 == "0" }.count) : integerDigits + fractionDigits
    return (integerDigits <= 15 || !isInteger) && significantDigits <= 19 && fractionDigits <= 23 && exponentDigits <= 4
      && (-256...255).contains(exponent - fractionDigits)
  }

  @Test("Short numbers take the inline form, whose significands the document holds exactly")
  func inlineFormIsTaken() throws {
    let numbers = [
      "-65.613616999999977", "0.5", "1.25e-5", "7E+2", "123456789012345.6789", "144115188075855.871",
      "144115188075855.872", "-0.00012345678901234567", "0.0000123456789012345678e-3",
    ]
    let document = try JSON.document(parsing: Array(paddedArray(numbers).utf8), options: .default)
    let entries = (1...numbers.count).map { document.tape[$0] }
    #expect(entries.allSatisfy { Tape.tag($0) == .number && Tape.isInlineNumber($0) })
    let significands = entries.map { Tape.inlineSignificand($0, in: document.significands) }
    #expect(
      significands == [
        65_613_616_999_999_977, 5, 125, 7, 1_234_567_890_123_456_789, 144_115_188_075_855_871,
        144_115_188_075_855_872, 12_345_678_901_234_567, 123_456_789_012_345_678,
      ])
    // The short form (one word beside the tape) for numbers without an exponent part
    // below 2^57; the long form (two words) for the others.
    let isShort = entries.map { $0 & Tape.shortInlineBit != 0 }
    #expect(isShort == [true, true, false, false, false, true, false, true, false])
    #expect(document.significands.count == 4 * 1 + 5 * 2)
  }

  @Test("Digits are read from a word whatever bytes follow them, one to four and one to eight at a time")
  func leadingDigits() {
    var random = SplitMix64(seed: 11)
    let followers: [UInt8] = Array(",]} \n.eE+-".utf8) + [0x00, 0x2F, 0x3A, 0xFF]
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...8, using: &random)
      let digits = (0..<count).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random) }
      let bytes = digits + (count..<8).map { _ in followers.randomElement(using: &random)! }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      let value = UInt64(String(decoding: digits, as: UTF8.self))!
      #expect(leadingDigitsValue(upToEight: word, count) == value, "\(bytes)")
      if count <= 4 { #expect(leadingDigitsValue(upToFour: word, count) == value, "\(bytes)") }
    }
  }

  @Test("Eight digits are written at once, zero-padded, for every value below 10^8 tried")
  func eightDigitsText() {
    var random = SplitMix64(seed: 12)
    let edges: [UInt64] = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 10_001, 43_698, 999_999, 10_000_000, 99_999_999]
    let values = edges + (0..<20_000).map { _ in UInt64.random(in: 0..<100_000_000, using: &random) }
    for value in values {
      let word = DecimalSpelling.eightDigitsText(value)
      let text = String(decoding: (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }, as: UTF8.self)
      let expected = String(repeating: "0", count: 8 - String(value).count) + String(value)
      #expect(text == expected, "\(value)")
    }
  }

  @Test("The inline form's limits: 19 digits, four exponent digits, decimal exponents -256...255")
  func limits() throws {
    let cases: [(String, Bool)] = [
      ("1234567890.123456789", true), ("1234567890.1234567891", false),
      ("0.123456789012345678", true), ("0.1234567890123456789", true), ("0.12345678901234567891", false),
      // Behind `0.`, up to eight leading zeros of the fraction are not significant.
      ("0.0001234567890123456789", true), ("0.00012345678901234567891", false),
      ("0.000000001234567890123", true), ("0.000000000123456789012", true), ("0.0000000001234567890123", true),
      ("-0.00000000000000000000001", true), ("0.000000000000000000000001", false), ("10.0001234567890123456", false),
      ("1e255", true), ("1e256", false), ("1e-256", true), ("1e-257", false),
      ("1.5e-255", true), ("1.5e-256", false), ("12.5e254", true), ("1e0255", true), ("1e00001", false),
      ("1.0", true), ("-0.0", true), ("0e0", true), ("-0E-0", true),
    ]
    for (number, isInline) in cases {
      let document = try JSON.document(parsing: Array(paddedArray([number]).utf8), options: .default)
      let entry = document.tape[1]
      #expect(Tape.tag(entry) == .number && Tape.isInlineNumber(entry) == isInline, "\(number)")
      #expect(JSONNumber(entry: entry, in: document).text == number)
    }
  }

  @Test("Inline numbers give the same text, Double, Float, integers, equality and hash as their text")
  func sameAsTheText() throws {
    let numbers = randomNumbers(count: 3_000, seed: 2_026)
    let document = try JSON.document(parsing: Array(paddedArray(numbers).utf8), options: .default)
    guard case .array(let array) = JSON(document, at: 0) else { throw NotANumber() }
    #expect(array.count == numbers.count)
    var inlineCount = 0
    for (index, (element, text)) in zip(array, numbers).enumerated() {
      guard case .number(let number) = element else {
        Issue.record("\(text) is not a number")
        continue
      }
      let isInline = Tape.isInlineNumber(document.tape[index + 1])
      #expect(isInline == takesTheInlineForm(text), "\(text)")
      if isInline { inlineCount += 1 }
      let reference = try atTheEnd(text)
      #expect(number.text == text)
      #expect(number == reference, "\(text)")
      #expect(number.hashValue == reference.hashValue, "\(text)")
      let double = number.doubleValue
      #expect(double == reference.doubleValue && (double == Double(text) || Double(text) == nil), "\(text)")
      #expect(number.floatValue == reference.floatValue, "\(text)")
      #expect(number.integer(as: Int64.self) == reference.integer(as: Int64.self), "\(text)")
      #expect(number.integer(as: UInt8.self) == reference.integer(as: UInt8.self), "\(text)")
    }
    // Both forms are well represented.
    #expect(inlineCount > numbers.count / 4 && inlineCount < numbers.count * 3 / 4)
  }

  @Test("Writing a document writes inline numbers byte for byte, compact, pretty and with sorted keys")
  func writingKeepsTheText() throws {
    let numbers = randomNumbers(count: 1_000, seed: 77)
    let compactArray = "[" + numbers.joined(separator: ",") + "]"
    let json = try JSON(parsing: paddedArray(numbers))
    #expect(JSONSerializer.compact.string(from: json) == compactArray)
    let pretty = JSONSerializer(isPretty: true, indentWidth: 0, sortsKeys: true).string(from: json)
    #expect(pretty.filter { $0 != "\n" && $0 != " " } == compactArray)
    // In an object, whose members the tape writer visits key by key.
    let members = numbers.enumerated().map { "\"k\($0.offset)\": \($0.element)" + String(repeating: " ", count: 64) }
    let object = try JSON(parsing: "{" + members.joined(separator: ",") + "}")
    let written = JSONSerializer.compact.string(from: object)
    let expected: [String] = numbers.enumerated().map { "\"k\($0.offset)\":\($0.element)" }
    #expect(written == "{\(expected.joined(separator: ","))}")
    // And the written text parses back to an equal document.
    #expect(try JSON(parsing: written) == object)
  }

  @Test("Values built from Swift keep their numbers as text, which writing copies")
  func builtValuesKeepText() throws {
    let numbers = randomNumbers(count: 300, seed: 9)
    let parsed = try numbers.map { try atTheEnd($0) }
    // Far from the end of the builder's text, yet stored as text.
    let built = JSON.array(JSONArray(parsed.map { JSON.number($0) } + [JSON.string(String(repeating: " ", count: 80))]))
    guard case .array(let array) = built else { throw NotANumber() }
    let entries = (1...numbers.count).map { array.document.tape[$0] }
    #expect(entries.allSatisfy { Tape.tag($0) == .number && !Tape.isInlineNumber($0) })
    let written = JSONSerializer.compact.string(from: built)
    #expect(written.hasPrefix("[" + numbers.joined(separator: ",") + ","))
  }

  @Test("Documents of inline numbers compare equal to the same numbers parsed near the end")
  func documentEquality() throws {
    let numbers = randomNumbers(count: 200, seed: 5)
    let padded = try JSON(parsing: paddedArray(numbers))
    // Each number alone in its array, at the end of the input, keeps the text form.
    guard case .array(let all) = padded else { throw NotANumber() }
    for (text, element) in zip(numbers, all) {
      guard case .array(let one) = try JSON(parsing: "[\(text)]"), let first = one.first else { throw NotANumber() }
      #expect(first == element, "\(text)")
    }
    #expect(padded == (try JSON(parsing: "[" + numbers.joined(separator: ",") + "]")))
  }
}
