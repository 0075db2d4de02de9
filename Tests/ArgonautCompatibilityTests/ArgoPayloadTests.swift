import Argonaut
import ArgonautCompatibility
import ArgonautTestSupport
import Testing

// Custom decoders that switch on `JSON` as Argo's did: `.number(let n)` then
// `n.intValue`, `o["id"]` on an object, `a[0]` on an array.

private enum Level: Int {
  case low = 1
  case high = 2
}

private func level(_ json: JSON) -> Decoded<Level> {
  switch json {
  case .number(let n):
    return Level(rawValue: n.intValue).map(Decoded.success) ?? .typeMismatch(expected: "Level", actual: json)
  default: return .typeMismatch(expected: "Level", actual: json)
  }
}

private struct Point: Equatable {
  let x: Double
  let y: Double
}

private func point(_ json: JSON) -> Decoded<Point> {
  switch json {
  case .array(let pair) where pair.count == 2:
    return curry(Point.init) <^> Double.decode(pair[0]) <*> Double.decode(pair[1])
  case .object(let object):
    return curry(Point.init) <^> Double.decode(object["x"] ?? .null) <*> Double.decode(object["y"] ?? .null)
  default:
    return .typeMismatch(expected: "Point", actual: json)
  }
}

private func number(_ text: String) throws -> JSONNumber {
  guard case .number(let number) = try JSON(parsing: text) else { throw DecodeError.custom("\(text) is not a number") }
  return number
}

@Suite("Argo 5's payloads: NSNumber's conversions, a[0] and o[\"key\"]", .offThePool)
struct ArgoPayloadTests {
  @Test("a decoder that switches on .number and reads intValue")
  func numberSwitch() {
    #expect(level(2).value == .high)
    #expect(level(1.9).value == .low)  // truncated, as Argo's NSNumber did
    #expect(level(7).error == .typeMismatch(expected: "Level", actual: "7"))
  }

  @Test("decoders that switch on .array and .object and subscript the payload")
  func containerSwitch() throws {
    #expect(point(try JSON(parsing: "[1.5, -2]")).value == Point(x: 1.5, y: -2))
    #expect(point(["x": 3, "y": 4]).value == Point(x: 3, y: 4))
    #expect(point(["x": 3]).error != nil)
  }

  @Test(
    "intValue and int64Value truncate toward zero, wrap above Int64.max and clamp beyond",
    arguments: [
      ("42", 42), ("-42", -42), ("3.7", 3), ("-3.7", -3), ("0.5", 0), ("1e2", 100), ("1.0", 1),
      ("9223372036854775807", .max), ("-9223372036854775808", .min),
      ("18446744073709551614", -2), ("1e20", .max), ("-1e20", .min), ("1e400", .max),
    ] as [(String, Int64)])
  func signedConversions(text: String, expected: Int64) throws {
    let number = try number(text)
    #expect(number.int64Value == expected)
    #expect(number.intValue == Int(expected))
  }

  @Test(
    "uintValue and uint64Value truncate toward zero, keep a negative's bit pattern and clamp",
    arguments: [
      ("42", 42), ("3.7", 3), ("18446744073709551614", 18_446_744_073_709_551_614),
      ("-3.7", 18_446_744_073_709_551_613), ("-1", .max), ("1e20", .max), ("-1e20", 0),
    ] as [(String, UInt64)])
  func unsignedConversions(text: String, expected: UInt64) throws {
    let number = try number(text)
    #expect(number.uint64Value == expected)
    #expect(number.uintValue == UInt(expected))
  }

  @Test(
    "boolValue is intValue != 0, as NSNumber's",
    arguments: [
      ("0", false), ("0.5", false), ("-0.9", false), ("1", true), ("2", true), ("-3.7", true), ("1e20", true),
    ])
  func flags(text: String, expected: Bool) throws {
    #expect(try number(text).boolValue == expected)
  }

  @Test("exact numbers stay exact: a 19-digit integer and a double")
  func exactValues() throws {
    #expect(try number("505874924095815681").intValue == 505_874_924_095_815_681)
    #expect(try number("9007199254740993").int64Value == 9_007_199_254_740_993)  // no Double on the way
    #expect(try number("3.7").doubleValue == 3.7)
    #expect(try number("3.7").integer(as: Int.self) == nil)  // the core's exact conversion
  }

  @Test("a[i] reads the element at an offset, in parsed and built arrays")
  func arrayOffsets() throws {
    let parsed = try JSON(parsing: #"[1, {"a": [2]}, "three"]"#)
    let built: JSON = [1, ["a": [2]], "three"]
    for json in [parsed, built] {
      guard case .array(let elements) = json else { throw DecodeError.custom("not an array") }
      #expect(elements[0] == 1)
      #expect(elements[1] == ["a": [2]])
      #expect(elements[2] == "three")
      #expect(elements.element(at: 3) == nil)
    }
  }
}
