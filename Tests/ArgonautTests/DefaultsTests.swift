import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Defaults for missing keys", .offThePool)
struct DefaultsTests {
  enum Theme: String, Decodable { case light, dark }

  struct Settings: Equatable {
    let name: String
    let theme: Theme
    let tags: [String]
    let retries: Int
  }

  static func decode(_ j: JSON) -> Decoded<Settings> {
    build(
      Settings.init, j <| "name", j.decode("theme", default: Theme.light), j.decode("tags", default: []),
      j.decode(["limits", "retries"], default: 3))
  }

  @Test("a missing key or null gives the default")
  func missing() throws {
    #expect(try Self.decode(["name": "a"]).get() == Settings(name: "a", theme: .light, tags: [], retries: 3))
    #expect(try Self.decode(["name": "a", "theme": .null, "limits": .null]).get().theme == .light)
    let full: JSON = ["name": "b", "theme": "dark", "tags": ["x"], "limits": ["retries": 5]]
    #expect(try Self.decode(full).get() == Settings(name: "b", theme: .dark, tags: ["x"], retries: 5))
  }

  @Test("a present value of the wrong type still fails, unlike <|> pure(…)")
  func wrongType() {
    let json: JSON = ["name": "a", "theme": "sepia", "tags": "x"]
    #expect(
      Self.decode(json).error?.description == """
        theme: expected Theme, found string "sepia"
        tags: expected Array, found string "x"
        """)
    #expect((json <| "theme" <|> pure(Theme.light)) == .success(.light))  // the fallback swallows it
  }
}
