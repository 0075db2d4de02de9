import Argonaut
import ArgonautTestSupport
import Testing

/// JSON keys are distinct when their Unicode scalars differ; Swift's `String ==`
/// also equates canonically equivalent spellings. Decoding `[String: V]` must report
/// such a pair, never keep one and drop the other.
@Suite("Dictionary key collisions", .offThePool)
struct DictionaryKeyCollisionTests {
  /// `é` as one scalar (NFC) and as `e` plus a combining acute accent (NFD).
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test("the two spellings are distinct JSON keys but equal Swift strings")
  func premise() throws {
    #expect(Self.composed == Self.decomposed)
    #expect(!Self.composed.unicodeScalars.elementsEqual(Self.decomposed.unicodeScalars))
    let json = try JSON(parsing: #"{"caf\u00e9": 1, "cafe\u0301": 2}"#)
    #expect(json.objectValue?.count == 2)
    #expect(
      json.objectValue?.keys.map { Array($0.unicodeScalars) } == [
        Array(Self.composed.unicodeScalars), Array(Self.decomposed.unicodeScalars),
      ])
  }

  @Test("decoding [String: V] fails with a typed error that names both keys and the path")
  func collisionIsAnError() throws {
    let json = try JSON(parsing: #"{"prices": {"tea": 2, "caf\u00e9": 1, "cafe\u0301": 3}}"#)
    let decoded: Decoded<[String: Int]> = json.decode("prices")
    let error = try #require(decoded.error)
    #expect(
      error
        == .custom(
          #"keys "caf\u{E9}" and "cafe\u{301}" are equal as Swift strings; [String: Int] cannot hold both"#,
          path: ["prices", .key(Self.decomposed)]))
    #expect(error.path == ["prices", .key(Self.decomposed)])
    #expect(
      error.description.hasSuffix(
        #": keys "caf\u{E9}" and "cafe\u{301}" are equal as Swift strings; [String: Int] cannot hold both"#))
    #expect(error.description.hasPrefix("prices"))
  }

  @Test("the error is reported alongside the members' own failures, in document order")
  func collisionWithOtherFailures() throws {
    let json = try JSON(parsing: #"{"cafe\u0301": 1, "bad": "x", "caf\u00e9": 2}"#)
    let errors = try #require(([String: Int].decode(json)).error).errors
    #expect(errors.count == 2)
    #expect(errors.first?.path == ["bad"])
    #expect(errors.last?.path == [.key(Self.composed)])
    #expect(errors.last?.description.contains(#"keys "cafe\u{301}" and "caf\u{E9}""#) == true)
  }

  @Test("keys that differ as Swift strings still decode, escapes included")
  func distinctKeys() throws {
    let json = try JSON(parsing: #"{"caf\u00e9": 1, "cafe": 2, "\"q\"": 3, "e\u0301": 4}"#)
    let decoded: [String: Int] = try [String: Int].decode(json).get()
    #expect(decoded == [Self.composed: 1, "cafe": 2, "\"q\"": 3, "e\u{301}": 4])
  }
}
