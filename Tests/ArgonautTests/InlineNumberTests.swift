import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Short numbers are kept inline, with no reference to their document, and keep their
/// exact spelling and value.
@Suite("Inline numbers", .offThePool)
struct InlineNumberTests {
  /// The number in `[text]`, as a walk over a parsed document materializes it.
  func element(_ text: String) throws -> JSONNumber {
    guard case .array(let array) = try JSON(parsing: "[" + text + "]"), case .number(let value)? = array.first
    else { throw NotANumber() }
    return value
  }
  struct NotANumber: Error {}

  func isInline(_ number: JSONNumber) -> Bool {
    if case .text = number.storage { return false }
    return true
  }

  @Test(
    "Short numbers are inline and spell their text back byte for byte",
    arguments: [
      "-65.613616999999977", "43.420273000000009", "0.5", "-0.0", "0.000123", "0.000000000000000001",
      "123456789012345.5", "123456789012345e0", "0e0", "0E+0000", "1e-0", "-1E-05", "2.5e+308", "15e-010",
      "1.7976931348623157e308", "5e-324", "-1.2345678901234567e-14", "100.0", "1.50e1", "9.9e19", "7E9999",
    ])
  func spelling(text: String) throws {
    let number = try element(text)
    #expect(isInline(number), "\(text)")
    #expect(number.text == text)
    #expect(JSONSerializer.compact.string(from: .array([.number(number)])) == "[" + text + "]")
    #expect(number.doubleValue.bitPattern == Double(text)!.bitPattern, "\(text)")
    #expect(number.floatValue.bitPattern == Float(text)!.bitPattern, "\(text)")
  }

  @Test(
    "Numbers beyond the inline form keep a reference to their text",
    arguments: [
      "12345678901234567890.5", "1234567890123456.5", "0.12345678901234567890", "1e12345", "-1.5E+00001",
      "123456789012345678901234567890", "1234567890123456789e0", "0.0000000000000000001",
    ])
  func longNumbers(text: String) throws {
    let number = try element(text)
    #expect(!isInline(number), "\(text)")
    #expect(number.text == text)
    #expect(number.doubleValue.bitPattern == Double(text)!.bitPattern, "\(text)")
  }

  @Test("Random spellings keep their text, value and integer value, inline or not")
  func randomSpellings() throws {
    var random = SplitMix64(seed: 2026)
    func digits(_ count: Int) -> String {
      String(
        (0..<count).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))) })
    }
    var inline = 0
    for _ in 0..<20_000 {
      var text = Bool.random(using: &random) ? "-" : ""
      let integer = digits(Int.random(in: 1...17, using: &random)).drop { $0 == "0" }
      text += integer.isEmpty ? "0" : String(integer)
      if Int.random(in: 0..<4, using: &random) != 0 { text += "." + digits(Int.random(in: 1...19, using: &random)) }
      if Int.random(in: 0..<3, using: &random) == 0 {
        text +=
          ["e", "E", "e+", "e-", "E-", "E+"].randomElement(using: &random)! + ["", "0", "00", "000"].randomElement(
            using: &random)! + String(Int.random(in: 0...400, using: &random))
      }
      let number = try element(text)
      if isInline(number) { inline += 1 }
      var exact = text
      let reference = exact.withUTF8 { (jsonNumberToDouble($0), jsonNumberToInt64($0), jsonNumberToUInt64($0)) }
      #expect(number.text == text)
      #expect(number.doubleValue.bitPattern == reference.0.bitPattern, "\(text)")
      #expect(number.integer(as: Int64.self) == reference.1, "\(text)")
      #expect(number.integer(as: UInt64.self) == reference.2, "\(text)")
    }
    // Most of these fit the inline form; the rest exercise the text form.
    #expect(inline > 10_000 && inline < 20_000)
  }

  @Test("Numbers made from Swift values are inline and exact")
  func swiftValues() throws {
    var random = SplitMix64(seed: 7)
    var inline = 0
    for _ in 0..<5_000 {
      let double = Double(bitPattern: random.next())
      guard double.isFinite else { continue }
      let number = JSONNumber(double)!
      if isInline(number) { inline += 1 }
      #expect(number.text == double.description)
      #expect(number.doubleValue.bitPattern == double.bitPattern)
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
      guard float.isFinite else { continue }
      #expect(JSONNumber(float)!.floatValue.bitPattern == float.bitPattern)
      #expect(JSONNumber(float)!.text == float.description)
    }
    // Only descriptions with more than 19 digits, such as `0.00039214433211155074`, are not.
    #expect(inline > 4_500)
    #expect(JSONNumber(Double(1e18))!.integer(as: Int64.self) == 1_000_000_000_000_000_000)
    #expect(JSONNumber(UInt64.max).integer(as: UInt64.self) == .max)
    #expect(JSONNumber(Int64.min).integer(as: Int64.self) == .min)
  }

  @Test("Inline and text forms of the same value are equal and hash alike")
  func equality() throws {
    let spellings = ["1.5", "15e-1", "1.50000000000000000000000", "0.15E1", "150000000000000000000000e-23"]
    let numbers = try spellings.map(element)
    #expect(numbers.contains(where: isInline) && numbers.contains { !isInline($0) })
    for a in numbers {
      for b in numbers {
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
      }
    }
    #expect(try element("1.5") != element("1.05"))
    #expect(try element("100.0") == JSONNumber(100))
    #expect(try element("-0.0") == JSONNumber(0))
  }

  @Test("A number taken out of a document does not keep the document alive")
  func noDocumentReference() throws {
    weak var weakDocument: JSONDocument?
    var number: JSONNumber?
    do {
      let document = try JSON.document(parsing: Array("[-65.613616999999977]".utf8), options: .default)
      weakDocument = document
      if case .array(let array) = JSON(document, at: 0), case .number(let value)? = array.first { number = value }
    }
    #expect(weakDocument == nil)
    #expect(number?.doubleValue == -65.613616999999977)
  }
}
