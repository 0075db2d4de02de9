import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Type graph: one structure per shape", .offThePool)
struct TypeGraphTests {
  @Test("same-shaped objects at different places share one structure")
  func sharesStructures() {
    let person: JSON = ["id": 1, "login": "ada"]
    let (graph, naming) = GeneratorFixtures.named([
      "author": person, "reviewers": [person, person], "nested": ["owner": person],
    ])
    #expect(graph.structures.count == 3)
    let source = GeneratorFixtures.source(["author": person, "reviewers": [person], "nested": ["owner": person]])
    #expect(
      GeneratorFixtures.members(of: "Root", in: source) == ["author: Author", "reviewers: [Author]", "nested: Nested"])
    #expect(GeneratorFixtures.members(of: "Nested", in: source) == ["owner: Author"])
    #expect(naming.order.count == 3)
  }

  @Test("nearly the same keys share a structure, the others optional")
  func similarShapes() {
    let source = GeneratorFixtures.source([
      "a": ["id": 1, "login": "x", "url": "u", "name": "n"],
      "b": ["id": 2, "login": "y", "url": "v", "name": "m", "admin": true],
    ])
    #expect(GeneratorFixtures.members(of: "Root", in: source) == ["a: A", "b: A"])
    #expect(
      GeneratorFixtures.members(of: "A", in: source) == [
        "id: Int", "login: String", "url: String", "name: String", "admin: Bool?",
      ])
  }

  @Test("a member knows whether its key was absent, null, or both")
  func absentAndNull() throws {
    let (graph, _) = GeneratorFixtures.named([
      ["always": 1, "absent": "a", "null": .null, "both": "b"],
      ["always": 2, "null": "n", "both": .null],
      ["always": 3, "absent": "c", "null": "m"],
    ])
    let members = try #require(graph.structures.first?.members)
    #expect(members.map(\.key) == ["always", "absent", "null", "both"])
    let byKey = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0) })
    #expect(byKey["always"]?.declaredType == .integer(IntegerRange(width: .int, hasNegative: false)))
    #expect(byKey["absent"]?.isSometimesAbsent == true && byKey["absent"]?.type == .string)
    #expect(byKey["absent"]?.declaredType == .optional(.string))
    #expect(byKey["null"]?.isSometimesAbsent == false && byKey["null"]?.type == .optional(.string))
    #expect(byKey["both"]?.isAbsentOrNull == true)
    #expect(byKey["both"]?.declaredType == .optional(.optional(.string)))
  }

  @Test("a key that only one of two merged structures has is sometimes absent")
  func mergedAbsence() throws {
    let graph = TypeGraph(shape: .nothing)
    let common = ["id", "a", "b", "c", "d", "e"].map { Structure.Member(key: $0, type: .bool) }
    let lhs = Structure(members: common + [Structure.Member(key: "note", type: .optional(.string))])
    var rhsMembers = common + [Structure.Member(key: "extra", type: .bool)]
    rhsMembers[1].isSometimesAbsent = true
    let merged = try #require(graph.merge(lhs, Structure(members: rhsMembers)))
    #expect(merged.members.map(\.key) == ["id", "a", "b", "c", "d", "e", "note", "extra"])
    #expect(merged.members.map(\.isSometimesAbsent) == [false, true, false, false, false, false, true, true])
    #expect(merged.members[6].declaredType == .optional(.optional(.string)))
    #expect(merged.members[7].declaredType == .optional(.bool))
  }

  @Test("objects whose members conflict stay apart")
  func conflictingShapes() {
    let source = GeneratorFixtures.source(["a": ["id": 1, "name": "x"], "b": ["id": 2, "name": ["first": "y"]]])
    #expect(GeneratorFixtures.members(of: "A", in: source) == ["id: Int", "name: String"])
    #expect(GeneratorFixtures.members(of: "B", in: source) == ["id: Int", "name: Name"])
  }

  @Test("a structure never contains itself: a retweet inside a tweet is its own type")
  func noRecursion() {
    let retweet: JSON = ["id": 1, "text": "a", "user": "ada", "lang": "en"]
    let tweet: JSON = ["id": 2, "text": "b", "user": "bob", "lang": "en", "retweeted": retweet]
    let source = GeneratorFixtures.source(tweet)
    #expect(GeneratorFixtures.members(of: "Root", in: source).last == "retweeted: Retweeted")
    #expect(
      GeneratorFixtures.members(of: "Retweeted", in: source) == [
        "id: Int", "text: String", "user: String", "lang: String",
      ])
  }

  @Test("types merge: integers widen, doubles absorb integers, unknowns take the other side")
  func mergedTypes() {
    let wide = IntegerRange(width: .int64, hasNegative: false)
    let narrow = IntegerRange(width: .int, hasNegative: true)
    #expect(
      TypeRef.integer(narrow).merged(with: .integer(wide)) == .integer(IntegerRange(width: .int64, hasNegative: true)))
    #expect(TypeRef.integer(wide).merged(with: .double) == .double)
    // No Swift number holds both exactly: the structures stay apart.
    #expect(TypeRef.integer(narrow).merged(with: .integer(IntegerRange(width: .uint64, hasNegative: false))) == nil)
    #expect(
      TypeRef.integer(IntegerRange(width: .int64, hasNegative: false, exceedsDouble: true)).merged(with: .double) == nil
    )
    #expect(TypeRef.array(.unknown).merged(with: .array(.string)) == .array(.string))
    #expect(TypeRef.optional(.unknown).merged(with: .bool) == .optional(.bool))
    #expect(TypeRef.string.merged(with: .bool) == nil)
    #expect(TypeRef.structure(1).merged(with: .structure(2)) == nil)
  }
}
