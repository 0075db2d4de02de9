import Argonaut
import ArgonautYAML
import Testing

@Test func smoke() throws {
  #expect(try JSON(yaml: "a: 1") == ["a": 1])
}
