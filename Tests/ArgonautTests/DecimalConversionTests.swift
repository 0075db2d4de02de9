import ArgonautTestSupport
import Foundation
import Testing

@testable import Argonaut

// MARK: - Helpers

// The property tests draw from `SplitMix64` (TestSupport.swift), seeded, so they are reproducible.

/// Calls `body` with the UTF-8 bytes of `text`.
private func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
  var text = text
  return text.withUTF8(body)
}

private func double(_ text: String) -> Double { withBytes(text, jsonNumberToDouble) }
private func float(_ text: String) -> Float { withBytes(text, jsonNumberToFloat) }
private func int64(_ text: String) -> Int64? { withBytes(text, jsonNumberToInt64) }
private func uint64(_ text: String) -> UInt64? { withBytes(text, jsonNumberToUInt64) }
private func decimal(_ text: String) -> DecimalValue { withBytes(text) { DecimalValue(jsonNumber: $0) } }

/// Whether `text` matches the RFC 8259 number grammar, the precondition of every conversion.
private func isJSONNumber(_ text: String) -> Bool {
  var bytes = Array(text.utf8)[...]
  func digits() -> Int {
    let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
    bytes = bytes.dropFirst(count)
    return count
  }
  if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
  if bytes.first == UInt8(ascii: "0") {
    bytes = bytes.dropFirst()
  } else if digits() == 0 {
    return false
  }
  if bytes.first == UInt8(ascii: ".") {
    bytes = bytes.dropFirst()
    if digits() == 0 { return false }
  }
  if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
    bytes = bytes.dropFirst()
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    if digits() == 0 { return false }
  }
  return bytes.isEmpty
}

/// Renders the decimal digits (values 0...9) with `fractionDigits` of them after the
/// point, as JSON: plainly ("123.45") or in scientific notation ("1.2345e2").
private func renderDecimal(_ digits: [UInt8], fractionDigits: Int, scientific: Bool) -> String {
  let significant = Array(digits.drop { $0 == 0 })
  guard !significant.isEmpty else { return "0" }
  let text = significant.map { String($0) }.joined()
  if scientific {
    let exponent = significant.count - 1 - fractionDigits
    let mantissa = significant.count == 1 ? text : "\(text.prefix(1)).\(text.dropFirst())"
    return "\(mantissa)e\(exponent)"
  }
  if significant.count <= fractionDigits {
    return "0." + String(repeating: "0", count: fractionDigits - significant.count) + text
  }
  let integerCount = significant.count - fractionDigits
  return fractionDigits == 0 ? text : "\(text.prefix(integerCount)).\(text.dropFirst(integerCount))"
}

/// The exact decimal digits (values 0...9) of `n * 2^power`, and how many of them are fractional.
private func exactDecimal(_ n: UInt64, timesPowerOfTwo power: Int) -> (digits: [UInt8], fractionDigits: Int) {
  // Little-endian limbs in base 10^9.
  let base: UInt64 = 1_000_000_000
  var limbs: [UInt64] = [n % base, (n / base) % base, n / (base * base)]
  func multiply(by factor: UInt64) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = limbs[index] * factor + carry
      limbs[index] = product % base
      carry = product / base
    }
    while carry != 0 {
      limbs.append(carry % base)
      carry /= base
    }
  }
  // Multiply by 2^power, or by 5^-power and shift the point -power places.
  var remaining = abs(power)
  let (chunkFactor, chunkSize): (UInt64, Int) = power >= 0 ? (1 << 29, 29) : (1_220_703_125, 13)
  while remaining >= chunkSize {
    multiply(by: chunkFactor)
    remaining -= chunkSize
  }
  multiply(by: power >= 0 ? 1 << UInt64(remaining) : (0..<remaining).reduce(1) { product, _ in product * 5 })
  var digits: [UInt8] = []
  for limb in limbs.reversed() {
    var chunk = [UInt8](repeating: 0, count: 9)
    var value = limb
    for position in (0..<9).reversed() {
      chunk[position] = UInt8(value % 10)
      value /= 10
    }
    digits += chunk
  }
  return (digits, power >= 0 ? 0 : -power)
}

/// `digits` (values 0...9) minus one unit in the last place; the value must be positive.
private func decrementedLastDigit(_ digits: [UInt8]) -> [UInt8] {
  var result = digits
  var index = result.count - 1
  while result[index] == 0 {
    result[index] = 9
    index -= 1
  }
  result[index] -= 1
  return result
}

/// Text exactly halfway between a finite binary value and its successor, and just
/// above and below it: `lower` is `significand * 2^power`, its successor
/// `(significand + 1) * 2^power`.
private func halfwayTexts(
  significand: UInt64, power: Int, scientific: Bool
) -> (halfway: String, above: String, below: String) {
  let (digits, fractionDigits) = exactDecimal(2 * significand + 1, timesPowerOfTwo: power - 1)
  let extra = 1 + Int(significand % 23)  // vary how far past the midpoint the perturbation sits
  let above = digits + [UInt8](repeating: 0, count: extra - 1) + [1]
  let below = decrementedLastDigit(digits) + [UInt8](repeating: 9, count: extra)
  return (
    renderDecimal(digits, fractionDigits: fractionDigits, scientific: scientific),
    renderDecimal(above, fractionDigits: fractionDigits + extra, scientific: scientific),
    renderDecimal(below, fractionDigits: fractionDigits + extra, scientific: scientific)
  )
}

/// A random JSON number with `digitCount` significant digits whose value is
/// about 10^magnitude, spelled in one of the many ways the grammar allows.
private func randomJSONNumber(
  digitCount: ClosedRange<Int>, magnitude: ClosedRange<Int>, using generator: inout SplitMix64
) -> String {
  let count = Int.random(in: digitCount, using: &generator)
  var digits = (0..<count).map { _ in UInt8.random(in: 0...9, using: &generator) }
  digits[0] = UInt8.random(in: 1...9, using: &generator)
  // Long runs of nines or zeros put values close to rounding boundaries.
  switch Int.random(in: 0..<8, using: &generator) {
  case 0: for index in Int.random(in: 1...count, using: &generator)..<count { digits[index] = 9 }
  case 1: for index in Int.random(in: 1...count, using: &generator)..<count { digits[index] = 0 }
  default: break
  }
  let text = digits.map { String($0) }.joined()
  // The value is 0.d1d2...dn * 10^power.
  let power = Int.random(in: magnitude, using: &generator)
  let integerDigits = Int.random(in: 0...count, using: &generator)
  var result = Bool.random(using: &generator) ? "-" : ""
  var exponent: Int
  if integerDigits == 0 {
    let leadingZeros = Int.random(in: 0...3, using: &generator)
    result += "0." + String(repeating: "0", count: leadingZeros) + text
    exponent = power + leadingZeros
  } else {
    result += text.prefix(integerDigits)
    if integerDigits < count { result += "." + text.dropFirst(integerDigits) }
    exponent = power - integerDigits
  }
  if exponent != 0 || Bool.random(using: &generator) {
    result += Bool.random(using: &generator) ? "e" : "E"
    result += exponent < 0 ? "-" : (Bool.random(using: &generator) ? "+" : "")
    result += String(repeating: "0", count: Int.random(in: 0...1, using: &generator)) + String(abs(exponent))
  }
  return result
}

/// Compares `convert` with the standard library's parser on every text and returns
/// the mismatches.
private func disagreements<Value: BinaryFloatingPoint & LosslessStringConvertible>(
  _ texts: [String], _ convert: (String) -> Value
) -> [String] {
  var mismatches: [String] = []
  for text in texts {
    let expected = Value(text)!
    let actual = convert(text)
    if actual.sign != expected.sign || actual.exponentBitPattern != expected.exponentBitPattern
      || actual.significandBitPattern != expected.significandBitPattern
    {
      mismatches.append("\(text.prefix(80)) -> \(actual), expected \(expected)")
    }
  }
  return mismatches
}

/// Records one issue listing the first few mismatches, if any.
private func expectNoMismatches(_ mismatches: [String], sourceLocation: SourceLocation = #_sourceLocation) {
  let mismatchCount = mismatches.count
  #expect(mismatchCount == 0, "mismatches, e.g. \(mismatches.prefix(5))", sourceLocation: sourceLocation)
}

/// Records one issue listing the first few failures, if any.
private func expectNoFailures(_ failures: [String], sourceLocation: SourceLocation = #_sourceLocation) {
  let failureCount = failures.count
  #expect(failureCount == 0, "failures, e.g. \(failures.prefix(5))", sourceLocation: sourceLocation)
}

/// The root of the package, three levels above this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The first `python3` executable on PATH, if any.
private let python3Path: String? = {
  let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
  return searchPath.split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

private let int64Max = "9223372036854775807"
private let uint64Max = "18446744073709551615"

// MARK: - Tests

@Suite("Decimal conversion", .offThePool)
struct DecimalConversionTests {
  // MARK: Double

  @Test(
    "Double edge cases convert to the correctly rounded value",
    arguments: [
      ("0", 0.0), ("-0", -0.0), ("0e1", 0.0), ("-0.0e-5", -0.0), ("0.000", 0.0),
      ("0e999999999999999999999999", 0.0),
      ("1", 1.0), ("-1.5", -1.5), ("0.1", 0.1), ("1e-05", 1e-5), ("123456.789e3", 123456789.0),
      ("5e-324", Double.leastNonzeroMagnitude),
      ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
      // 2^-1075, the midpoint between 0 and 5e-324, is 2.47032822920623272088...e-324.
      ("2.4703282292062327e-324", 0.0),
      ("2.4703282292062328e-324", Double.leastNonzeroMagnitude),
      ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
      ("2.2250738585072014e-308", Double.leastNormalMagnitude),
      ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
      ("1.7976931348623158e308", Double.greatestFiniteMagnitude),
      ("1.7976931348623159e308", Double.infinity),
      ("-1.7976931348623159e308", -Double.infinity),
      ("1e400", Double.infinity), ("-1e400", -Double.infinity),
      ("1E-400", 0.0), ("-1E-400", -0.0),
      ("1e999999999999999999999999", Double.infinity),
      ("1e-999999999999999999999999", 0.0),
      ("18446744073709551616", 18446744073709551616.0),
      ("9007199254740993", 9007199254740992.0),
      ("9007199254740995", 9007199254740996.0),
      ("9007199254740993.000000000000000000000000001", 9007199254740994.0),
      ("1e22", 1e22), ("1e23", 1e23), ("-65.613616999999977", -65.613616999999977),
      ("7.2057594037927933e16", 72057594037927936.0),
    ])
  func doubleEdgeCases(text: String, expected: Double) {
    #expect(double(text).bitPattern == expected.bitPattern, "\(text) -> \(double(text))")
  }

  @Test("Numbers with 800 digits convert correctly")
  func doubleWithEightHundredDigits() {
    let nines = String(repeating: "9", count: 800)
    #expect(double(nines + "e-800") == 1.0)
    #expect(double("0." + nines) == 1.0)
    #expect(double(nines) == .infinity)
    let aboveTie = "9007199254740993." + String(repeating: "0", count: 783) + "1"
    #expect(aboveTie.count == 801)
    #expect(double(aboveTie) == 9007199254740994.0)
    let exactTie = "9007199254740993." + String(repeating: "0", count: 784)
    #expect(double(exactTie) == 9007199254740992.0)
    let digits = (0..<800).map { String(($0 * 7 + 3) % 10) }.joined()
    let text = "3" + digits.dropFirst() + "e-650"
    #expect(double(text).bitPattern == Double(text)!.bitPattern)
  }

  @Test("Random decimal strings match the standard library's Double parser")
  func doubleMatchesStandardLibrary() async {
    let (texts, mismatches) = await offCooperativePool { () -> ([String], [String]) in
      var generator = SplitMix64(seed: 0x5EED_D0B1E)
      // (cases, digit counts, decimal magnitudes): general, subnormal and near overflow.
      let regimes: [(Int, ClosedRange<Int>, ClosedRange<Int>)] = [
        (60_000, 1...19, -25...25),
        (30_000, 1...25, -25...25),
        (50_000, 1...25, -345...312),
        (30_000, 1...25, -330 ... -300),
        (20_000, 1...25, 300...312),
        (10_000, 17...17, -5...5),
      ]
      var texts: [String] = []
      for (count, digitCount, magnitude) in regimes {
        for _ in 0..<count {
          texts.append(randomJSONNumber(digitCount: digitCount, magnitude: magnitude, using: &generator))
        }
      }
      return (texts, disagreements(texts, double))
    }
    #expect(texts.count == 200_000)
    #expect(texts.allSatisfy(isJSONNumber))
    expectNoMismatches(mismatches)
  }

  @Test("Exact midpoints between adjacent Doubles round to even, nearby values to nearest")
  func doubleHalfwayCases() async {
    let (texts, failures, mismatches) = await offCooperativePool { () -> ([String], [String], [String]) in
      var generator = SplitMix64(seed: 0x4A1F_3A7)
      var texts: [String] = []
      var failures: [String] = []
      for iteration in 0..<8_000 {
        // Half uniform over all finite bit patterns, half from the subnormal and smallest normal binades.
        let bits =
          iteration.isMultiple(of: 2)
          ? UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator)
          : UInt64.random(in: 0..<0x0030_0000_0000_0000, using: &generator)
        let lower = Double(bitPattern: bits)
        let isSubnormal = lower.exponentBitPattern == 0
        let significand = lower.significandBitPattern | (isSubnormal ? 0 : 1 << 52)
        let power = isSubnormal ? -1074 : Int(lower.exponentBitPattern) - 1075
        let (halfway, above, below) = halfwayTexts(
          significand: significand, power: power, scientific: iteration % 3 == 0)
        let even = bits & 1 == 0 ? lower : lower.nextUp
        for (text, expected) in [(halfway, even), (above, lower.nextUp), (below, lower)]
        where double(text).bitPattern != expected.bitPattern {
          failures.append("\(text.prefix(60))... -> \(double(text)), expected \(expected)")
        }
        texts += [halfway, above, below]
      }
      return (texts, failures, disagreements(texts, double))
    }
    expectNoFailures(failures)
    #expect(texts.allSatisfy(isJSONNumber))
    expectNoMismatches(mismatches)
  }

  @Test("Every finite Double survives printing and parsing")
  func doubleRoundTrip() async {
    let failures = await offCooperativePool { () -> [String] in
      var generator = SplitMix64(seed: 0x7A1E_0F_D0)
      var failures: [String] = []
      for _ in 0..<100_000 {
        var value = Double(bitPattern: generator.next())
        if !value.isFinite { value = Double(bitPattern: generator.next() >> 2) }
        let text = "\(value)"
        if !isJSONNumber(text) || double(text).bitPattern != value.bitPattern {
          failures.append(text)
        }
      }
      return failures
    }
    expectNoFailures(failures)
  }

  // MARK: Float

  @Test(
    "Float edge cases convert to the correctly rounded value",
    arguments: [
      ("0", Float(0)), ("-0", -Float(0)), ("1.5", 1.5), ("0.1", 0.1), ("16777217", 16_777_216),
      ("1.4e-45", Float.leastNonzeroMagnitude), ("7e-46", 0), ("7.1e-46", Float.leastNonzeroMagnitude),
      ("1.17549435e-38", Float.leastNormalMagnitude),
      ("3.4028235e38", Float.greatestFiniteMagnitude), ("3.4028236e38", Float.infinity),
      ("-1e39", -Float.infinity), ("1e-50", 0), ("1e999999999999999999999", Float.infinity),
      // Double(text) is exactly the Float midpoint 1 + 2^-24, so Float(Double(text))
      // would round to 1.0; the text itself lies above the midpoint.
      ("1.000000059604644775390625000000001", 1.0000001192092896),
      ("1.000000059604644775390625", 1.0),
    ])
  func floatEdgeCases(text: String, expected: Float) {
    #expect(float(text).bitPattern == expected.bitPattern, "\(text) -> \(float(text))")
  }

  @Test("Converting to Float does not double-round through Double")
  func floatAvoidsDoubleRounding() {
    let text = "1.000000059604644775390625000000001"
    #expect(Float(double(text)) == 1.0)
    #expect(float(text) == Float(1).nextUp)
  }

  @Test("Random decimal strings match the standard library's Float parser")
  func floatMatchesStandardLibrary() async {
    let (texts, mismatches) = await offCooperativePool { () -> ([String], [String]) in
      var generator = SplitMix64(seed: 0xF10A7)
      let regimes: [(Int, ClosedRange<Int>, ClosedRange<Int>)] = [
        (20_000, 1...12, -12...12),
        (20_000, 1...25, -48...41),
        (10_000, 1...25, -46 ... -36),
      ]
      var texts: [String] = []
      for (count, digitCount, magnitude) in regimes {
        for _ in 0..<count {
          texts.append(randomJSONNumber(digitCount: digitCount, magnitude: magnitude, using: &generator))
        }
      }
      return (texts, disagreements(texts, float))
    }
    #expect(texts.allSatisfy(isJSONNumber))
    expectNoMismatches(mismatches)
  }

  @Test("Exact midpoints between adjacent Floats round to even, nearby values to nearest")
  func floatHalfwayCases() async {
    let (texts, failures, mismatches) = await offCooperativePool { () -> ([String], [String], [String]) in
      var generator = SplitMix64(seed: 0xF1_0A7_4A1F)
      var texts: [String] = []
      var failures: [String] = []
      for iteration in 0..<6_000 {
        let bits = UInt32.random(in: 0..<0x7F80_0000, using: &generator)
        let lower = Float(bitPattern: bits)
        let isSubnormal = lower.exponentBitPattern == 0
        let significand = UInt64(lower.significandBitPattern | (isSubnormal ? 0 : 1 << 23))
        let power = isSubnormal ? -149 : Int(lower.exponentBitPattern) - 150
        let (halfway, above, below) = halfwayTexts(
          significand: significand, power: power, scientific: iteration.isMultiple(of: 2))
        let even = bits & 1 == 0 ? lower : lower.nextUp
        for (text, expected) in [(halfway, even), (above, lower.nextUp), (below, lower)]
        where float(text).bitPattern != expected.bitPattern {
          failures.append("\(text.prefix(60))... -> \(float(text)), expected \(expected)")
        }
        texts += [halfway, above, below]
      }
      return (texts, failures, disagreements(texts, float))
    }
    expectNoFailures(failures)
    #expect(texts.allSatisfy(isJSONNumber))
    expectNoMismatches(mismatches)
  }

  @Test("Every finite Float survives printing and parsing")
  func floatRoundTrip() async {
    let failures = await offCooperativePool { () -> [String] in
      var generator = SplitMix64(seed: 0xF10A7_0F)
      var failures: [String] = []
      for _ in 0..<50_000 {
        var value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
        if !value.isFinite { value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next() >> 34)) }
        let text = "\(value)"
        if !isJSONNumber(text) || float(text).bitPattern != value.bitPattern {
          failures.append(text)
        }
      }
      return failures
    }
    expectNoFailures(failures)
  }

  // MARK: Integers

  @Test(
    "Integers convert exactly when integral and in range",
    arguments: [
      ("0", 0, 0), ("-0", 0, 0), ("0e1", 0, 0), ("0.0e5", 0, 0), ("-0.000e-7", 0, 0),
      ("0e999999999999999999999", 0, 0),
      ("1", 1, 1), ("-1", -1, nil), ("1e2", 100, 100), ("1.0", 1, 1), ("1.5", nil, nil),
      ("1.50e1", 15, 15), ("100e-2", 1, 1), ("10e-2", nil, nil), ("1E+2", 100, 100),
      (int64Max, Int64.max, UInt64(Int64.max)),
      ("9223372036854775808", nil, UInt64(Int64.max) + 1),
      ("-9223372036854775808", Int64.min, nil),
      ("-9223372036854775809", nil, nil),
      (uint64Max, nil, UInt64.max),
      ("18446744073709551616", nil, nil),
      ("-18446744073709551616", nil, nil),
      ("1e19", nil, 10_000_000_000_000_000_000), ("1e20", nil, nil),
      ("1e18", 1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
      ("1.8446744073709551615e19", nil, UInt64.max), ("1.8446744073709551616e19", nil, nil),
      ("92233720368547758070e-1", Int64.max, UInt64(Int64.max)),
      ("-92233720368547758080e-1", Int64.min, nil),
      ("9223372036854775807.000", Int64.max, UInt64(Int64.max)),
      ("1000000000000000000000e-3", 1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
      ("123456789012345678901234567890e-20", nil, nil),
      ("1234567890000000000000000000000e-21", 1_234_567_890, 1_234_567_890),
      ("0.000000000000000000000000000001e30", 1, 1),
      ("1E400", nil, nil), ("1e-400", nil, nil),
      ("1e999999999999999999999", nil, nil), ("-1e-999999999999999999999", nil, nil),
    ] as [(String, Int64?, UInt64?)])
  func integerConversions(text: String, expectedInt64: Int64?, expectedUInt64: UInt64?) {
    #expect(int64(text) == expectedInt64)
    #expect(uint64(text) == expectedUInt64)
  }

  @Test("Random integers spelled in different ways convert exactly")
  func integerSpellings() async {
    let failures = await offCooperativePool { () -> [String] in
      var failures: [String] = []
      var generator = SplitMix64(seed: 0x1_4764)
      for _ in 0..<20_000 {
        // Zero is covered by the table above; "000e-2" would not be valid JSON.
        let value = max(1, generator.next() >> UInt64.random(in: 0...63, using: &generator))
        let digits = "\(value)"
        let scientific =
          digits.count == 1 ? "\(digits)e0" : "\(digits.prefix(1)).\(digits.dropFirst())e\(digits.count - 1)"
        let spellings = [digits, digits + ".000", scientific, digits + "00e-2", "0.\(digits)e\(digits.count)"]
        if !spellings.allSatisfy(isJSONNumber) { failures.append("not JSON: \(spellings)") }
        for text in spellings {
          if uint64(text) != value { failures.append("UInt64 \(text)") }
          if int64(text) != Int64(exactly: value) { failures.append("Int64 \(text)") }
          if int64("-" + text) != (value <= 1 << 63 ? Int64(truncatingIfNeeded: 0 &- value) : nil) {
            failures.append("Int64 -\(text)")
          }
        }
        // One more digit after the point makes it a non-integer.
        if uint64(digits + ".5") != nil { failures.append("UInt64 \(digits).5") }
        if int64(digits + "1e-1") != nil { failures.append("Int64 \(digits)1e-1") }
      }
      return failures
    }
    expectNoFailures(failures)
  }

  // MARK: Exact decimal values

  @Test(
    "Spellings of the same number have equal decimal values and hashes",
    arguments: [
      ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.000E+0", "100000e-5"],
      ["0", "-0", "0.0", "0e10", "-0.000e-99", "0e999999999999999999999"],
      ["1e2", "100", "100.00", "0.001e5", "1E+2"],
      ["-12.5", "-125e-1", "-0.0125e3", "-12.50000"],
      ["123456789012345678901234567890", "1.23456789012345678901234567890e29"],
      ["1e-999999999999999999999", "1e-999999999999999999999"],
    ])
  func equalDecimalValues(spellings: [String]) {
    let values = spellings.map(decimal)
    for (text, value) in zip(spellings, values) {
      #expect(value == values[0], "\(text) vs \(spellings[0])")
      #expect(value.hashValue == values[0].hashValue, "\(text) vs \(spellings[0])")
    }
  }

  @Test(
    "Different numbers have different decimal values",
    arguments: [
      ("1", "-1"), ("1", "10"), ("1", "1.1"), ("0.1", "0.01"), ("1e2", "1e3"), ("12", "21"),
      ("0", "1e-400"), ("123456789012345678901234567890", "123456789012345678901234567891"),
      ("9007199254740993", "9007199254740992"),
    ])
  func unequalDecimalValues(first: String, second: String) {
    #expect(decimal(first) != decimal(second))
  }

  @Test("Decimal values are stored in normal form")
  func decimalNormalForm() {
    let value = decimal("-12.3400e2")
    #expect(value.isNegative)
    #expect(value.digits == Array("1234".utf8))
    #expect(value.exponent == 4)
    let small = decimal("0.000500")
    #expect(small.digits == Array("5".utf8))
    #expect(small.exponent == -3)
    #expect(decimal("-0.0") == DecimalValue(isNegative: false, digits: [], exponent: 0))
    // Absurd exponents saturate instead of trapping.
    #expect(decimal("1e999999999999999999999999").exponent > 1 << 58)
    #expect(decimal("1e-999999999999999999999999").exponent < -(1 << 58))
  }

  @Test(
    "Decimal values of integers equal those of their text",
    arguments: [0, 1, -1, 7, 10, 100, -100, 1230, 120_034_000, Int64.max, Int64.min, Int64.min + 1])
  func decimalValueOfInteger(value: Int64) {
    #expect(DecimalValue(value) == decimal("\(value)"))
    #expect(DecimalValue(value).hashValue == decimal("\(value)").hashValue)
  }

  @Test("An integer's decimal value equals that of another spelling")
  func decimalValueOfIntegerMatchesScientificText() {
    #expect(DecimalValue(100 as Int64) == decimal("1e2"))
    #expect(DecimalValue(-15 as Int64) == decimal("-1.50e1"))
    #expect(DecimalValue(0 as Int64) == decimal("-0"))
    #expect(DecimalValue(100 as Int64) != decimal("1e3"))
  }

  // MARK: Generated table

  @Test(
    "PowersOfFive.swift is what the generator script produces",
    .enabled(if: python3Path != nil, "python3 was not found on PATH, so the generated table cannot be checked"))
  func powersOfFiveTableIsUpToDate() async throws {
    let python = try #require(python3Path)
    // Waiting for the process blocks its thread, so it waits on one of its own.
    let (status, generated) = try await offCooperativePool { () -> Result<(Int32, Data), any Error> in
      Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["Scripts/generate-powers-of-five.py"]
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, generated)
      }
    }.get()
    #expect(status == 0)
    let checkedIn = try Data(
      contentsOf: packageRoot.appendingPathComponent("Sources/Argonaut/Numbers/PowersOfFive.swift"))
    #expect(
      generated == checkedIn,
      "PowersOfFive.swift is stale; run: python3 Scripts/generate-powers-of-five.py Sources/Argonaut/Numbers/PowersOfFive.swift"
    )
  }
}
