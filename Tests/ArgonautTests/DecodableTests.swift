import Argonaut
import ArgonautTestSupport
import Testing

private enum Role: String {
  case admin, member
}
extension Role: Decodable {}

private enum Level: Int {
  case low = 1
  case high = 2
}
extension Level: Decodable {}

@Suite("Decodable conformances", .offThePool)
struct DecodableTests {
  func decoded<T: Decodable>(_ text: String, as type: T.Type = T.self) throws -> Decoded<T> where T.DecodedType == T {
    T.decode(try JSON(parsing: text))
  }

  @Test("strings and booleans do not convert between kinds")
  func stringsAndBools() throws {
    #expect(try decoded(#""héllo""#, as: String.self) == .success("héllo"))
    #expect(try decoded("true", as: Bool.self) == .success(true))
    #expect(try decoded("1", as: Bool.self).error?.description == "(root): expected Bool, found number 1")
    #expect(try decoded(#""true""#, as: Bool.self).error != nil)
    #expect(try decoded("12", as: String.self).error?.description == "(root): expected String, found number 12")
  }

  /// Every integer width at its edges: (text, expected value or nil for a failure).
  @Test("every integer width is range checked and integral")
  func integerEdges() throws {
    func check<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws where T.DecodedType == T {
      #expect(try decoded("\(T.max)", as: T.self) == .success(T.max), "\(T.self).max")
      #expect(try decoded("\(T.min)", as: T.self) == .success(T.min), "\(T.self).min")
      let above = "\(T.max)".dropLast() + String("\(T.max)".last!.wholeNumberValue! + 1)
      #expect(
        try decoded(String(above), as: T.self).error == .typeMismatch(expected: "\(T.self)", actual: "number \(above)"))
      let below = T.isSigned ? "\(T.min)".dropLast() + String("\(T.min)".last!.wholeNumberValue! + 1) : "-1"
      #expect(try decoded(String(below), as: T.self).error != nil, "\(below) as \(T.self)")
      #expect(try decoded("3.7", as: T.self).error == .typeMismatch(expected: "\(T.self)", actual: "number 3.7"))
      #expect(try decoded("1e2", as: T.self) == .success(100))
      #expect(try decoded("100.000", as: T.self) == .success(100))
      #expect(try decoded("-0", as: T.self) == .success(0))
      #expect(try decoded("1E400", as: T.self).error != nil)
      #expect(try decoded(#""5""#, as: T.self).error != nil)
    }
    try check(Int.self)
    try check(Int8.self)
    try check(Int16.self)
    try check(Int32.self)
    try check(Int64.self)
    try check(UInt.self)
    try check(UInt8.self)
    try check(UInt16.self)
    try check(UInt32.self)
    try check(UInt64.self)
    #expect(try decoded("300", as: UInt8.self).error?.description == "(root): expected UInt8, found number 300")
  }

  @Test("doubles and floats are correctly rounded and finite")
  func floatingPoint() throws {
    #expect(try decoded("0.1", as: Double.self) == .success(0.1))
    #expect(try decoded("5e-324", as: Double.self) == .success(.leastNonzeroMagnitude))
    #expect(try decoded("1e400", as: Double.self).error?.description == "(root): expected Double, found number 1e400")
    #expect(try decoded("12", as: Double.self) == .success(12))
    #expect(try decoded("3.4028235e38", as: Float.self) == .success(.greatestFiniteMagnitude))
    #expect(try decoded("3.5e38", as: Float.self).error != nil)
    #expect(try decoded("0.1", as: Float.self) == .success(0.1))
    #expect(try decoded(#""1.5""#, as: Double.self).error != nil)
  }

  @Test("optionals, arrays, dictionaries and JSON")
  func containers() throws {
    #expect(try decoded("null", as: Int?.self) == .success(nil))
    #expect(try decoded("5", as: Int?.self) == .success(5))
    #expect(try decoded(#""5""#, as: Int?.self).error != nil)
    #expect(try decoded("[1, 2, 3]", as: [Int].self) == .success([1, 2, 3]))
    #expect(try decoded("[1, null]", as: [Int?].self) == .success([1, nil]))
    #expect(
      try decoded(#"[1, "x", 3, true]"#, as: [Int].self).error?.description == """
        [1]: expected Int, found string "x"
        [3]: expected Int, found bool true
        """)
    #expect(try decoded(#"{"a": 1, "b": 2}"#, as: [String: Int].self) == .success(["a": 1, "b": 2]))
    #expect(try decoded(#"{"a": [1], "b": [2, 3]}"#, as: [String: [Int]].self) == .success(["a": [1], "b": [2, 3]]))
    #expect(try decoded("[]", as: [String: Int].self).error?.description == "(root): expected Object, found array []")
    #expect(try decoded(#"{"x": [1, {}]}"#, as: JSON.self) == .success(["x": [1, [:]]]))
  }

  @Test("raw-representable types decode by raw value, naming unknown values")
  func rawRepresentable() throws {
    #expect(try decoded(#""admin""#, as: Role.self) == .success(.admin))
    #expect(try decoded("2", as: Level.self) == .success(.high))
    #expect(
      try decoded(#""superuser""#, as: Role.self).error?.description
        == #"(root): expected Role, found string "superuser""#)
    #expect(try decoded("3", as: Level.self).error?.description == "(root): expected Level, found number 3")
    #expect(try decoded(#"["member", "admin"]"#, as: [Role].self) == .success([.member, .admin]))
  }

  @Test("the free decode functions: Decoded, optional, root key, text and bytes")
  func freeFunctions() throws {
    let json = try JSON(parsing: #"{"user": {"id": 3}, "ids": [1, 2]}"#)
    let ids: Decoded<[Int]> = decode(json, rootKey: "ids")
    #expect(ids == .success([1, 2]))
    let maybe: [Int]? = decode(json, rootKey: "ids")
    #expect(maybe == [1, 2])
    let whole: [String: JSON]? = decode(json)
    #expect(whole?.keys.sorted() == ["ids", "user"])
    let wrong: Int? = decode(json)
    #expect(wrong == nil)
    let missing: Decoded<Int> = decode(json, rootKey: "nope")
    #expect(missing.error?.description == "nope: missing key")
    let fromText: Decoded<[Int]> = decode(parsing: "[4, 5]")
    #expect(fromText == .success([4, 5]))
    let fromBytes: Decoded<Int> = decode(parsing: Array(#"{"n": 6}"#.utf8), rootKey: "n")
    #expect(fromBytes == .success(6))
    let fromTextRoot: Decoded<Int> = decode(parsing: #"{"n": 7}"#, rootKey: "n")
    #expect(fromTextRoot == .success(7))
  }
}
