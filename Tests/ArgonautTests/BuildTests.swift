import Argonaut
import ArgonautTestSupport
import CorpusModels
import Testing

@Suite("build", .offThePool)
struct BuildTests {
  struct Account: Equatable {
    let id: Int
    let name: String
    let email: String?
    let tags: [String]
  }

  static func chain(_ j: JSON) -> Decoded<Account> {
    curry(Account.init) <^> j <| "id" <*> j <| "name" <*> j <|? "email" <*> j <|| "tags"
  }

  static func built(_ j: JSON) -> Decoded<Account> {
    build(Account.init, j <| "id", j <| "name", j <|? "email", j <|| "tags")
  }

  static let documents: [JSON] = [
    ["id": 1, "name": "ada", "email": "ada@example.com", "tags": ["a", "b"]],
    ["id": 1, "name": "ada", "tags": []],
    ["name": "ada", "tags": []],
    ["id": "1", "name": 2, "email": 3, "tags": ["a", 4, 5]],
    ["id": 1, "name": "ada", "tags": [1]],
    [],
    "not an object",
  ]

  @Test("gives the same value and the same errors as an applicative chain", arguments: documents)
  func sameAsChain(json: JSON) {
    #expect(Self.built(json) == Self.chain(json))
  }

  @Test("succeeds with every value in order")
  func success() throws {
    let account = try Self.built(["id": 7, "name": "ada", "email": .null, "tags": ["x"]]).get()
    #expect(account == Account(id: 7, name: "ada", email: nil, tags: ["x"]))
  }

  @Test("reports every failing argument with its path, in order")
  func everyFailure() throws {
    let error = try #require(Self.built(["id": "1", "name": 2, "tags": ["a", 4, 5]]).error)
    #expect(
      error.description == """
        id: expected Int, found string "1"
        name: expected String, found number 2
        tags[1]: expected String, found number 4
        tags[2]: expected String, found number 5
        """)
  }

  @Test("one failure is passed through as it is")
  func oneFailure() {
    #expect(Self.built(["id": 1, "name": "ada"]).error == .missingKey("tags"))
  }

  @Test("the named methods work in place of the operators")
  func namedMethods() throws {
    let json: JSON = ["id": 3, "name": "ada", "tags": ["t"], "profile": ["email": "a@b.c"]]
    let account = build(
      Account.init, json.decode("id"), json.decode("name"), json.decodeIfPresent(["profile", "email"]),
      json.decodeArray("tags"))
    #expect(account == .success(Account(id: 3, name: "ada", email: "a@b.c", tags: ["t"])))
  }

  @Test("a function of one argument, and a closure")
  func smallArities() {
    let json: JSON = ["n": 20, "m": 22]
    #expect(build({ (n: Int) in n * 2 }, json <| "n") == .success(40))
    #expect(build({ (n: Int, m: Int) in n + m }, json <| "n", json <| "m") == .success(42))
  }

  @Test("80 fields decode in one call, and every failing field is reported")
  func eightyFields() throws {
    let model = try EightyFields.decode(EightyFields.sample).get()
    #expect(model.field0 == "s" && model.field4 == nil && model.field79 == [1, 2])
    #expect(model.field76 == Int64.max && model.field77 == 255 && model.field78 == 0.5)
    guard case .object(let object) = EightyFields.sample else {
      Issue.record("the sample is an object")
      return
    }
    var members = Array(object).map { ($0.key, $0.value) }
    members.removeAll { $0.0 == "field3" || $0.0 == "field70" }
    members[members.firstIndex { $0.0 == "field41" }!].1 = "41"
    members[members.firstIndex { $0.0 == "field75" }!].1 = ["ok", 1]
    let error = try #require(EightyFields.decode(.object(JSONObject(members))).error)
    #expect(
      error.description == """
        field3: missing key
        field41: expected Int, found string "41"
        field70: missing key
        field75[1]: expected String, found number 1
        """)
  }
}

@Suite(
  "build: a 40-field Twitter user", .offThePool,
  .enabled(if: Corpus.hasBench, "../shared/corpora/bench is absent: skipped"))
struct TwitterProfileTests {
  static func users() throws -> [JSON] {
    let json = try JSON(parsing: Corpus.benchBytes("twitter.json"))
    return try #require(json["statuses"]?.arrayValue).compactMap { $0["user"] }
  }

  @Test("every user of twitter.json decodes, all 40 fields")
  func decodesAll() throws {
    let users = try Self.users()
    let profiles = try users.map { try TwitterProfile.decode($0).get() }
    #expect(profiles.count == 100)
    #expect(profiles[0].idStr == "1186275104" && profiles[0].screenName == "ayuu0123")
    #expect(profiles[0].profileBannerURL?.hasPrefix("https://pbs.twimg.com/profile_banners/") == true)
    #expect(profiles.contains { $0.entities.url?.urls.first?.expandedURL != nil })
    #expect(profiles.filter { $0.utcOffset != nil }.count == 19)
  }

  @Test("a user with many wrong fields reports each one")
  func reportsEach() throws {
    guard case .object(let user) = try Self.users()[0] else {
      Issue.record("a user is an object")
      return
    }
    let broken = user.compactMap { member -> (String, JSON)? in
      switch member.key {
      case "id_str": return nil
      case "verified": return (member.key, "false")
      case "notifications": return (member.key, 0)
      default: return (member.key, member.value)
      }
    }
    let error = try #require(TwitterProfile.decode(.object(JSONObject(broken))).error)
    #expect(
      error.description == """
        id_str: missing key
        verified: expected Bool, found string "false"
        notifications: expected Bool, found number 0
        """)
  }
}
