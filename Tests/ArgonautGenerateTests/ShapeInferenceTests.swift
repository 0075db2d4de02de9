import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Shape inference and unification", .offThePool)
struct ShapeInferenceTests {
  private func kind(_ json: JSON...) -> Shape.Kind {
    Shape(samples: json).kind
  }

  @Test(
    "integers take the narrowest width that holds every value",
    arguments: [
      ("[0, -2147483648, 2147483647]", IntegerRange.Width.int, true, false),
      ("[1, 2147483648]", .int64, false, false),
      ("[-9007199254740992, 9007199254740992]", .int64, true, false),
      ("[-9223372036854775808, 9223372036854775807]", .int64, true, true),
      ("[9007199254740993]", .int64, false, true),
      ("[9223372036854775808, 1]", .uint64, false, true),
      ("[18446744073709551615]", .uint64, false, true),
    ])
  func integerWidths(text: String, width: IntegerRange.Width, negative: Bool, exceedsDouble: Bool) throws {
    #expect(
      Shape(of: try JSON(parsing: text)).kind
        == .array(Shape(.integer(IntegerRange(width: width, hasNegative: negative, exceedsDouble: exceedsDouble)))))
  }

  @Test(
    "numbers that no Swift number type holds exactly are a conflict, kept as JSON",
    arguments: [
      "[18446744073709551616]", "[-1, 18446744073709551615]", "[9007199254740993, 0.5]", "[0.5, -9223372036854775808]",
    ])
  func inexactNumbers(text: String) throws {
    #expect(Shape(of: try JSON(parsing: text)).kind == .array(Shape(.conflict)))
  }

  @Test(
    "fractions, exponents, and mixes of fractions with integers up to 2^53 are doubles",
    arguments: ["[1.0]", "[1e3]", "[1, 2.5]", "[3000000000, 0.5]", "[-9007199254740992, 0.5]", "[-0.0]"])
  func doubles(text: String) throws {
    #expect(Shape(of: try JSON(parsing: text)).kind == .array(Shape(.double)))
  }

  @Test("a number no Double holds is a conflict, written as JSON")
  func hugeNumber() throws {
    #expect(Shape(of: try JSON(parsing: "1e400")).kind == .conflict)
  }

  @Test("a key missing from some objects or null in some is optional")
  func optionality() throws {
    let shape = Shape(samples: [["a": 1, "b": "x", "c": .null], ["a": 2, "c": "y"]])
    guard case .object(let object) = shape.kind else {
      Issue.record("expected an object, found \(shape.kind)")
      return
    }
    #expect(object.keys == ["a", "b", "c"])
    #expect(object.count == 2)
    #expect(object.fields.map { object.isSometimesMissing($0) } == [false, true, false])
    #expect(object.fields.map(\.shape.isNullable) == [false, false, true])
    #expect(object.fields[2].shape.kind == .string)
  }

  @Test("every array element and every sample is unified")
  func unifiesElementsAndSamples() {
    let first: JSON = ["items": [["id": 1], ["id": 2, "name": "two"]]]
    let second: JSON = ["items": [["id": 3_000_000_000]]]
    guard case .object(let root) = Shape(samples: [first, second]).kind,
      case .array(let element) = root.fields[0].shape.kind, case .object(let item) = element.kind
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(item.count == 3)
    #expect(item.fields[0].shape.kind == .integer(IntegerRange(width: .int64, hasNegative: false)))
    #expect(item.fields[1].presence == 1)
  }

  @Test("kinds that conflict unify to a conflict", arguments: [#"["a", {"b": 1}]"#, "[true, 1]", #"[[1], "x"]"#])
  func conflicts(text: String) throws {
    #expect(Shape(of: try JSON(parsing: text)).kind == .array(Shape(.conflict)))
  }

  @Test("null and empty arrays unify with anything")
  func nothingUnifies() throws {
    #expect(
      Shape(of: try JSON(parsing: "[null, 1]")).kind
        == .array(Shape(.integer(IntegerRange(width: .int, hasNegative: false)), isNullable: true)))
    #expect(Shape(of: try JSON(parsing: "[[], [true]]")).kind == .array(Shape(.array(Shape(.bool)))))
    #expect(Shape(of: try JSON(parsing: "[]")).kind == .array(.nothing))
  }
}
