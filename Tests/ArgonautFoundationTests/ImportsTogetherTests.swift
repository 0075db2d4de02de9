import ArgonautFoundation
import ArgonautServices
import Testing

// This file imports ArgonautFoundation and ArgonautServices, and not Argonaut: the
// decoders below compile only because the operators stay known when both modules are
// imported together (see Sources/ArgonautFoundation/Operators.swift). Before, each
// operator failed with "operator is not a known binary operator".
// Scripts/imports-check.sh compiles every other combination of the imports.

@Suite("import ArgonautServices and ArgonautFoundation together")
struct ImportsTogetherTests {
  struct Member {
    let name: String
    let nickname: String?
    let tags: [String]
    let followers: Int
  }

  struct Team {
    let id: Int
    let members: [Member]
  }

  @Test("A file that imports both writes a curry chain with every key operator")
  func curryChain() throws {
    let json = try JSON(parsing: #"{"name": "Ada", "tags": ["math"], "stats": {}}"#)
    let member: Decoded<Member> = decode(json)
    let decoded = try member.get()
    #expect(decoded.name == "Ada")
    #expect(decoded.nickname == nil)
    #expect(decoded.tags == ["math"])
    #expect(decoded.followers == 0)
  }

  @Test("A file that imports both writes build, and reports every failing field with its path")
  func buildCall() throws {
    let json = try JSON(parsing: #"{"id": 7, "members": [{"name": "Ada", "tags": []}, {"tags": [1]}]}"#)
    let team: Decoded<Team> = decode(json)
    #expect(team.value?.id == nil)
    #expect(
      team.error?.description == """
        members[1].name: missing key
        members[1].tags[0]: expected String, found number 1
        """)
  }

  @Test("There, Decodable is Argonaut's protocol, and Codable keeps its meaning")
  func decodableIsArgonauts() throws {
    struct Settings: Codable, Equatable {
      let theme: String
    }
    let json = try JSON(parsing: #"{"theme": "dark"}"#)
    #expect(try json.decode(as: Settings.self) == Settings(theme: "dark"))
    #expect(isArgonautDecodable(Member.self))  // declared `Decodable` below
    #expect(!isStandardDecodable(Member.self))
    #expect(!isArgonautDecodable(Settings.self))
    #expect(isStandardDecodable(Settings.self))
  }

  private func isArgonautDecodable(_ type: Any.Type) -> Bool { type is any Argonaut.Decodable.Type }
  private func isStandardDecodable(_ type: Any.Type) -> Bool { type is any Swift.Decodable.Type }
}

extension ImportsTogetherTests.Member: Decodable {
  static func decode(_ j: JSON) -> Decoded<ImportsTogetherTests.Member> {
    curry(ImportsTogetherTests.Member.init)
      <^> j <| "name"
      <*> j <|? "nickname"
      <*> j <|| "tags"
      <*> (j <| ["stats", "followers"] <|> pure(0))
  }
}

extension ImportsTogetherTests.Team: Decodable {
  static func decode(_ j: JSON) -> Decoded<ImportsTogetherTests.Team> {
    build(ImportsTogetherTests.Team.init, j <| "id", j <|| "members") >>- { team in
      team.id > 0 ? .success(team) : .failure(.custom("\(team.id) is not an id"))
    }
  }
}
