import Argonaut
import ArgonautYAML
import Testing

/// The core schema: which JSON value each scalar becomes.
@Suite struct CoreSchemaTests {
  @Test(
    "Plain scalars resolve by the core schema",
    arguments: [
      ("null", JSON.null), ("Null", .null), ("NULL", .null), ("~", .null), ("", .null),
      ("true", .bool(true)), ("True", .bool(true)), ("FALSE", .bool(false)),
      ("nULL", .string("nULL")), ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")),
      ("0", 0), ("-17", -17), ("+17", 17), ("007", 7), ("0o17", 15), ("0x1F", 31), ("0xff", 255),
      ("1.5", 1.5), ("-.5", -0.5), ("+1.", 1), ("1e3", 1000), ("6.02E+23", .number(JSONNumber("6.02e23")!)),
      ("0x", .string("0x")), ("0o8", .string("0o8")), ("1_000", .string("1_000")), ("12:30", .string("12:30")),
      ("1.2.3", .string("1.2.3")), ("e3", .string("e3")), ("-x", .string("-x")),
      ("hello world", .string("hello world")),
    ] as [(String, JSON)])
  func plainScalar(text: String, expected: JSON) throws {
    #expect(try JSON(yaml: "value: \(text)\n") == ["value": expected])
  }

  @Test("Numbers keep every digit, and 0x/0o integers of any size become decimal")
  func exactNumbers() throws {
    let json = try JSON(
      yaml: """
        big: 123456789012345678901234567890
        precise: 0.1000000000000000000000000001
        hex: 0xFFFFFFFFFFFFFFFFFFFF
        octal: 0o777777777777777777777777
        """)
    #expect(numberText(json["big"]) == "123456789012345678901234567890")
    #expect(numberText(json["precise"]) == "0.1000000000000000000000000001")
    #expect(numberText(json["hex"]) == "1208925819614629174706175")
    #expect(numberText(json["octal"]) == "4722366482869645213695")
  }

  @Test("Quoted and block scalars are strings")
  func quotedAreStrings() throws {
    let json = try JSON(yaml: "a: '1'\nb: \"true\"\nc: |\n  null\n")
    #expect(json == ["a": "1", "b": "true", "c": "null\n"])
  }

  @Test(
    "Core tags are honoured",
    arguments: [
      ("!!str 12", JSON.string("12")), ("!!str", .string("")), ("!!int '12'", 12), ("!!float '1'", 1),
      ("!!float 2.5", 2.5), ("!!bool \"true\"", .bool(true)), ("!!null ''", .null), ("!!null", .null),
      ("!local 12", .string("12")), ("! 12", .string("12")), ("!!binary aGk=", .string("aGk=")),
      ("!<tag:yaml.org,2002:int> '5'", 5), ("!!map {a: 1}", ["a": 1]), ("!!seq [1]", [1]),
    ] as [(String, JSON)])
  func tags(text: String, expected: JSON) throws {
    #expect(try JSON(yaml: "--- \(text)\n") == expected)
  }

  @Test("%TAG directives name tag prefixes")
  func tagDirective() throws {
    #expect(try JSON(yaml: "%TAG !y! tag:yaml.org,2002:\n--- !y!int '3'\n") == 3)
  }

  @Test(
    "A scalar its tag does not allow is an error",
    arguments: [
      ("!!int 1.5", "line 1, column 5: expected an integer, found '1.5'"),
      ("!!bool yes", "line 1, column 5: expected a boolean, found 'yes'"),
      ("!!null 0", "line 1, column 5: expected null, found '0'"),
      ("!!float abc", "line 1, column 5: expected a number, found 'abc'"),
      ("!!map 1", "line 1, column 5: expected a mapping for '!!map', found a scalar"),
      ("!!str [1]", "line 1, column 5: expected a scalar for '!!str', found a sequence"),
      ("!!seq {a: 1}", "line 1, column 5: expected a scalar for '!!seq', found a mapping"),
    ])
  func badTags(text: String, message: String) {
    #expect(throws: YAMLParseError.self) { try JSON(yaml: "--- \(text)\n") }
    do {
      _ = try JSON(yaml: "--- \(text)\n")
    } catch {
      #expect(error.description == message)
      #expect(error.kind == .unrepresentable)
    }
  }

  @Test(
    ".inf and .nan are errors: JSON cannot hold them",
    arguments: [".inf", "-.Inf", "+.INF", ".nan", ".NaN", "!!float .inf"])
  func infinityAndNaN(text: String) {
    do {
      _ = try JSON(yaml: "x: \(text)\n")
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.kind == .unrepresentable)
      #expect(error.line == 1 && error.column == 4)
      #expect(error.description.hasPrefix("line 1, column 4: expected "))
    }
  }

  @Test("'.inf' quoted is a string")
  func quotedInfinity() throws {
    #expect(try JSON(yaml: "x: '.inf'") == ["x": ".inf"])
  }
}

func numberText(_ json: JSON?) -> String? {
  guard case .number(let number) = json else { return nil }
  return number.text
}
