import Argonaut
import ArgonautTestSupport
import Testing

@Suite("JSON numbers", .offThePool)
struct JSONNumberTests {
  func number(_ text: String) throws -> JSONNumber {
    guard case .number(let number) = try JSON(parsing: text) else { throw NotANumber() }
    return number
  }
  struct NotANumber: Error {}

  @Test("large integers stay exact and keep their digits")
  func exactIntegers() throws {
    let id = try number("505874924095815681")
    #expect(id.integer(as: Int64.self) == 505_874_924_095_815_681)
    #expect(id.text == "505874924095815681")
    #expect(try number("9223372036854775807").integer(as: Int64.self) == .max)
    #expect(try number("-9223372036854775808").integer(as: Int64.self) == .min)
    #expect(try number("18446744073709551615").integer(as: UInt64.self) == .max)
    #expect(try number("9223372036854775808").integer(as: Int64.self) == nil)
    let big = try JSON(parsing: "[18446744073709551616, 123456789012345678901234567890]")
    #expect(big.description == "[18446744073709551616,123456789012345678901234567890]")
  }

  @Test("integers are integral and in range, never truncated")
  func integerConversion() throws {
    #expect(try number("3.7").integer(as: Int.self) == nil)
    #expect(try number("300").integer(as: UInt8.self) == nil)
    #expect(try number("-1").integer(as: UInt.self) == nil)
    #expect(try number("1e2").integer(as: Int.self) == 100)
    #expect(try number("100.0").integer(as: Int.self) == 100)
    #expect(try number("0e1").integer(as: Int.self) == 0)
    #expect(try number("-0").integer(as: Int.self) == 0)
    #expect(try number("1E400").integer(as: Int64.self) == nil)
    #expect(try number("18446744073709551616").integer(as: UInt64.self) == nil)
  }

  @Test("doubles are correctly rounded, with ±0 and infinity at the edges")
  func doubles() throws {
    let negativeZero = try number("-0").doubleValue
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
    #expect(try number("5e-324").doubleValue == .leastNonzeroMagnitude)
    #expect(try number("1E400").doubleValue == .infinity)
    #expect(try number("-1E400").doubleValue == -.infinity)
    #expect(try number("1e-400").doubleValue == 0)
    #expect(try number("18446744073709551616").doubleValue == 18_446_744_073_709_551_616.0)
    #expect(try number("0.1").doubleValue == 0.1)
    #expect(try number("1.7976931348623157e308").doubleValue == .greatestFiniteMagnitude)
    #expect(try number("0.1").floatValue == Float(0.1))
    #expect(try number("16777217").floatValue == 16_777_216)
  }

  @Test(
    "edge numbers print back exactly", arguments: ["-0", "1E400", "5e-324", "18446744073709551616", "0e1", "-1.5E-7"])
  func printsBack(_ text: String) throws {
    #expect(try JSON(parsing: "[\(text)]").description == "[\(text)]")
  }

  @Test("numbers built from Swift values")
  func construction() throws {
    #expect(JSONNumber(42).text == "42")
    #expect(JSONNumber(UInt64.max).integer(as: UInt64.self) == .max)
    #expect(JSONNumber(Int64.min).integer(as: Int64.self) == .min)
    #expect(JSONNumber(Double(0.1))?.doubleValue == 0.1)
    #expect(JSONNumber(Double(1e300))?.text == "1e+300")
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONNumber(Float.infinity) == nil)
    #expect(JSONNumber("1.5e3")?.doubleValue == 1500)
    #expect(JSONNumber("1.5e3")?.text == "1.5e3")
    #expect(JSONNumber("01") == nil)
    #expect(JSONNumber(" 1") == nil)
    #expect(JSONNumber("1 ") == nil)
    #expect(JSONNumber("\"1\"") == nil)
    let literal: JSONNumber = 2.5
    #expect(literal.description == "2.5")
  }
}
