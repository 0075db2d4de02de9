import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Naming", .offThePool)
struct NamingTests {
  @Test("structures are named from their keys, singular for elements, in pre-order")
  func namesFromKeys() {
    let (graph, naming) = GeneratorFixtures.named(
      ["statuses": [["user": ["id": 1]]], "search_metadata": ["count": 1]], root: "Twitter")
    #expect(naming.order.map { naming.typeNames[$0]! } == ["Twitter", "Status", "User", "SearchMetadata"])
    #expect(naming.order.map { naming.paths[$0]! } == ["", "statuses[]", "statuses[].user", "search_metadata"])
    #expect(graph.structures.count == 4)
  }

  @Test("a taken name gets the parent's name in front, then a number")
  func uniqueNames() {
    let source = GeneratorFixtures.source([
      "user": ["id": 1],
      "repo": ["user": ["name": "x"], "owner": ["login": "y"]],
      "other": ["repo": ["user": ["flag": true]]],
    ])
    #expect(GeneratorFixtures.members(of: "Root", in: source) == ["user: User", "repo: Repo", "other: Other"])
    #expect(GeneratorFixtures.members(of: "Repo", in: source) == ["user: RepoUser", "owner: Owner"])
    #expect(GeneratorFixtures.members(of: "Other", in: source) == ["repo: OtherRepo"])
    #expect(GeneratorFixtures.members(of: "OtherRepo", in: source) == ["user: OtherRepoUser"])
  }

  @Test(
    "names of the standard library and of Argonaut are never taken", arguments: ["string", "result", "data", "type"])
  func reservedNames(key: String) {
    let source = GeneratorFixtures.source([key: ["a": 1]])
    let name = Identifiers.typeName(for: key)!
    #expect(GeneratorFixtures.members(of: "Root", in: source) == ["\(Identifiers.propertyName(for: key)): Root\(name)"])
  }

  @Test("properties are unique within a structure")
  func uniqueProperties() {
    #expect(
      Naming.propertyNames(for: ["user_name", "userName", "user-name", "default", "default_"]) == [
        "userName", "userName2", "userName3", "`default`", "default2",
      ])
  }

  @Test("a root that is not a structure gets a type alias; a root array names its elements")
  func roots() {
    #expect(
      GeneratorFixtures.source([1, 2], options: GeneratorOptions(typeName: "Scores")).contains(
        "typealias Scores = [Int]\n"))
    let elements = GeneratorFixtures.source([["id": 1]], options: GeneratorOptions(typeName: "Event"))
    #expect(!elements.contains("typealias"))
    #expect(GeneratorFixtures.members(of: "Event", in: elements) == ["id: Int"])
  }

  @Test("a root map is a type alias; its values are named in the singular, or NameValue")
  func rootMaps() {
    let rooms: JSON = ["101": ["id": 1], "102": ["id": 2, "title": "Back"]]
    let plural = GeneratorFixtures.source(rooms, options: GeneratorOptions(typeName: "Rooms"))
    #expect(plural.contains("\ntypealias Rooms = [String: Room]\n"))
    #expect(GeneratorFixtures.members(of: "Room", in: plural) == ["id: Int", "title: String?"])
    let singular = GeneratorFixtures.source(rooms, options: GeneratorOptions(typeName: "M"))
    #expect(singular.contains("\ntypealias M = [String: MValue]\n"))
    #expect(GeneratorFixtures.members(of: "MValue", in: singular) == ["id: Int", "title: String?"])
    let strings = GeneratorFixtures.source(["1": "a", "2": "b"], options: GeneratorOptions(typeName: "Names"))
    #expect(strings.contains("\ntypealias Names = [String: String]\n"))
    let arrayOfMaps = GeneratorFixtures.source([rooms], options: GeneratorOptions(typeName: "Pages"))
    #expect(arrayOfMaps.contains("\ntypealias Pages = [[String: Page]]\n"))
  }
}
