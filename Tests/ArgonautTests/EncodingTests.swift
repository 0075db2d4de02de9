import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@Suite("JSONEncodable", .offThePool)
struct EncodingTests {
  enum Role: String, Decodable, JSONEncodable { case admin, member }
  enum Level: Int, Decodable, JSONEncodable {
    case low = 1
    case high = 9
  }

  struct User: Equatable, Decodable, JSONEncodable {
    let userName: String
    let age: Int
    let fullName: String?
    let nickname: String?
    let role: Role

    static func decode(_ j: JSON) -> Decoded<User> {
      build(User.init, j <| "userName", j <| "age", j <|? "fullName", j <|? "nickname", j <| "role")
    }

    func encode() -> JSON {
      JSON(omittingNil: [
        "userName": userName.encode(),
        "age": age.encode(),
        "fullName": fullName.encode(),
        "nickname": nickname.encodeIfPresent(),
        "role": role.encode(),
      ])
    }
  }

  static let table: [(any JSONEncodable & Sendable, String)] = [
    ("ada \"lovelace\"\n", #""ada \"lovelace\"\n""#),
    (true, "true"),
    (Int.min, "-9223372036854775808"),
    (Int8(-128), "-128"),
    (Int16.max, "32767"),
    (Int32.min, "-2147483648"),
    (Int64.max, "9223372036854775807"),
    (UInt.max, "18446744073709551615"),
    (UInt8.max, "255"),
    (UInt16.max, "65535"),
    (UInt32.max, "4294967295"),
    (UInt64(505_874_924_095_815_681), "505874924095815681"),
    (0.1, "0.1"),
    (-2.5e-300, "-2.5e-300"),
    (Float(0.1), "0.1"),
    (String?.none, "null"),
    (Int?.some(3), "3"),
    ([1, 2, 3], "[1,2,3]"),
    ([[String]]([["a"], []]), #"[["a"],[]]"#),
    (["b": 2, "a": 1, "é": 3], #"{"a":1,"b":2,"é":3}"#),
    (["x": [true, .null]] as JSON, #"{"x":[true,null]}"#),
    (Role.admin, #""admin""#),
    (Level.high, "9"),
  ]

  @Test("the standard types encode exactly", arguments: table.indices)
  func standardTypes(index: Int) {
    let (value, text) = Self.table[index]
    #expect(value.encode().description == text)
  }

  @Test("numbers decode back to the same value")
  func numbersRoundTrip() throws {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<2000 {
      let bits = generator.next()
      let double = Double(bitPattern: bits)
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: bits))
      let int = Int64(bitPattern: bits)
      if double.isFinite { #expect(try Double.decode(JSON(parsing: double.encode().description)).get() == double) }
      if float.isFinite { #expect(try Float.decode(JSON(parsing: float.encode().description)).get() == float) }
      #expect(try Int64.decode(JSON(parsing: int.encode().description)).get() == int)
      #expect(try UInt64.decode(JSON(parsing: bits.encode().description)).get() == bits)
    }
  }

  @Test("infinities and NaN, which JSON lacks, encode as null")
  func nonFinite() {
    #expect(Double.infinity.encode() == .null)
    #expect(Double.nan.encode() == .null)
    #expect((-Float.infinity).encode() == .null)
  }

  @Test("an object keeps the order written; nil is null, or left out with encodeIfPresent")
  func objects() {
    let user = User(userName: "ada", age: 36, fullName: nil, nickname: nil, role: .member)
    #expect(user.encode().description == #"{"userName":"ada","age":36,"fullName":null,"role":"member"}"#)
    let named = User(userName: "ada", age: 36, fullName: "Ada", nickname: "A", role: .admin)
    #expect(
      named.encode().description
        == #"{"userName":"ada","age":36,"fullName":"Ada","nickname":"A","role":"admin"}"#)
  }

  @Test("decoding what was encoded gives the model back")
  func modelRoundTrip() throws {
    let users = [
      User(userName: "ada", age: 36, fullName: nil, nickname: nil, role: .member),
      User(userName: "grace", age: 85, fullName: "Grace Hopper", nickname: "Amazing", role: .admin),
    ]
    let text = users.encode().description
    #expect(try [User].decode(JSON(parsing: text)).get() == users)
  }

  @Test("with omittingNil, the last duplicate key wins")
  func duplicateKeys() {
    let json = JSON(omittingNil: ["a": 1, "b": nil, "a": 2])
    #expect(json.description == #"{"a":2}"#)
  }

  enum Door: String, Codable { case open, closed }
  enum Grade: Int, Codable {
    case low = 1
    case high = 9
  }

  @Test("a Codable enum with a raw value encodes as its raw value once it declares JSONEncodable")
  func rawRepresentable() {
    #expect(Door.closed.encode() == "closed")
    #expect(Grade.high.encode() == 9)
    #expect([Door.open, .closed].encode() == ["open", "closed"])
  }

  @Test(
    "calling encode() on an enum that has not declared JSONEncodable names the one-line fix",
    .enabled(if: CurryTests.modules != nil, "the built Argonaut module was not found next to the test binary"))
  func rawRepresentableWithoutConformance() async throws {
    let source = """
      import Argonaut
      enum Phase: String, Codable { case new }
      let json = Phase.new.encode()
      """
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-raw-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Phase.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", try #require(CurryTests.modules).path, file.path,
    ]
    let (status, data) = try await runProcess("/usr/bin/env", arguments, mergingErrors: true)
    let output = String(decoding: data, as: UTF8.self)
    #expect(status != 0)
    #expect(
      output.contains(
        "declare the conformance, and encode() gives the raw value: extension <YourType>: JSONEncodable {}"))
    #expect(!output.contains("encode(to:"))
  }
}

// The whole conformance: encode() is the raw value.
extension EncodingTests.Door: JSONEncodable {}
extension EncodingTests.Grade: JSONEncodable {}
