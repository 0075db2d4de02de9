import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Polymorphic decoding by a type field", .offThePool)
struct TaggedVariantsTests {
  struct PushEvent: Equatable, Decodable {
    let ref: String
    let commits: [String]

    static func decode(_ j: JSON) -> Decoded<PushEvent> {
      build(PushEvent.init, j <| ["payload", "ref"], j <|| ["payload", "commits"])
    }
  }

  struct IssuesEvent: Equatable, Decodable {
    let action: String
    let number: Int

    static func decode(_ j: JSON) -> Decoded<IssuesEvent> {
      build(IssuesEvent.init, j <| ["payload", "action"], j <| ["payload", "issue", "number"])
    }
  }

  enum GitHubEvent: Equatable, Decodable {
    case push(PushEvent)
    case issues(IssuesEvent)
    case unknown(type: String)

    static func decode(_ j: JSON) -> Decoded<GitHubEvent> {
      j.decode(
        taggedBy: "type",
        [
          "PushEvent": { PushEvent.decode($0).map(GitHubEvent.push) },
          "IssuesEvent": { IssuesEvent.decode($0).map(GitHubEvent.issues) },
        ],
        unknown: { type, _ in .success(.unknown(type: type)) })
    }
  }

  static let events = """
    [
      {"id": "1", "type": "PushEvent", "payload": {"ref": "refs/heads/main", "commits": ["a1", "b2"]}},
      {"id": "2", "type": "IssuesEvent", "payload": {"action": "opened", "issue": {"number": 42}}},
      {"id": "3", "type": "WatchEvent", "payload": {"action": "started"}}
    ]
    """

  @Test("each event decodes as its type, and an unknown type falls back")
  func events() throws {
    let events = try [GitHubEvent].decode(JSON(parsing: Self.events)).get()
    #expect(
      events == [
        .push(PushEvent(ref: "refs/heads/main", commits: ["a1", "b2"])),
        .issues(IssuesEvent(action: "opened", number: 42)),
        .unknown(type: "WatchEvent"),
      ])
  }

  @Test("errors have paths from the event; without a fallback, an unknown type fails at the tag")
  func errors() throws {
    let json = try JSON(
      parsing: #"[{"type": "IssuesEvent", "payload": {"action": "closed", "issue": {}}}, {"type": 7}]"#)
    #expect(
      [GitHubEvent].decode(json).error?.description == """
        [0].payload.issue.number: missing key
        [1].type: expected String, found number 7
        """)
    let fork: JSON = ["type": "ForkEvent"]
    let strict = fork.decode(
      taggedBy: "type", ["PushEvent": { PushEvent.decode($0) }, "OtherEvent": { PushEvent.decode($0) }])
    #expect(strict.error?.description == #"type: expected OtherEvent or PushEvent, found string "ForkEvent""#)
  }

  @Test("the typed helper avoids the `as` precedence trap")
  func typedHelper() {
    let json: JSON = ["type": "PushEvent"]
    // `json <| "type" as Decoded<String>` does not compile: `as` binds tighter than `<|`.
    let viaHelper = json.decode("type", as: String.self).map { $0.count }
    let viaParentheses = ((json <| "type") as Decoded<String>).map { $0.count }
    #expect(viaHelper == .success(9) && viaParentheses == .success(9))
  }
}
