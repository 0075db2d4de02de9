import ArgonautServices
import Testing

// This file imports ArgonautServices alone: `JSON`, `Decodable` and the operators
// resolve only because it re-exports Argonaut.

@Suite("import ArgonautServices re-exports Argonaut")
struct ServicesReexportTests {
  struct Item: Decodable {
    let id: Int
    static func decode(_ j: JSON) -> Decoded<Item> { Item.init <^> j <| "id" }
  }

  @Test("A service file names JSON and Decodable, and decodes with the operators")
  func namesFromTheCore() throws {
    let json = try JSON(parsing: #"{"id": 7}"#)
    #expect(Item.decode(json).value?.id == 7)
  }
}
