import ArgonautFoundation
import Testing

// This file imports ArgonautFoundation alone: `JSON` and `Decoded` resolve only
// because it re-exports Argonaut.

@Suite("import ArgonautFoundation re-exports Argonaut")
struct ReexportTests {
  struct Meta: Codable, Equatable {
    let count: Int
  }

  @Test("A Codable-only file names JSON and decodes a model from it")
  func jsonFromFoundationImport() throws {
    let json: JSON = try JSON(parsing: #"{"count": 3}"#)
    #expect(try json.decode(as: Meta.self) == Meta(count: 3))
    let decoded: Decoded<Int> = Int.decode(json["count"] ?? .null)
    #expect(decoded.value == 3)
  }
}
