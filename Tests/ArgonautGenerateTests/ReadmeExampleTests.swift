import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

/// The README's example output, `ReadmeExample/ReadmeUser.swift`, is compiled into
/// this target: it decodes its own sample and encodes it back.
@Suite("The README's generated example", .offThePool)
struct ReadmeExampleTests {
  @Test("ReadmeUser decodes readme-user.json, and encodes it back to the same value")
  func roundTrip() throws {
    let json = try GeneratorFixtures.json(GeneratorFixtures.readmeExample.appendingPathComponent("readme-user.json"))
    let user = try ReadmeUser.decode(json).get()
    #expect(user.id == 505_874_924_095_815_681)
    #expect(user.repos.map(\.name) == ["engine", "notes"])
    #expect(user.repos[1].license == nil)
    // `license` is absent from the first repository, so it comes back as null.
    var expected = json
    if case .object(let object) = json, case .array(let repos) = object["repos"] {
      var first = Array(repos[repos.startIndex].objectValue!.map { ($0.key, $0.value) })
      first.append(("license", .null))
      var members = Array(object.map { ($0.key, $0.value) })
      let index = members.firstIndex { $0.0 == "repos" }!
      members[index].1 = .array(JSONArray([.object(JSONObject(first)), repos[repos.index(after: repos.startIndex)]]))
      expected = .object(JSONObject(members))
    }
    #expect(user.encode() == expected)
  }

  @Test("a sample with a wrong type fails with the path")
  func failure() throws {
    let json: JSON = [
      "id": 1, "login": "ada", "full_name": "Ada", "followers": "many", "plan": ["name": "pro"], "repos": [],
    ]
    #expect(
      ReadmeUser.decode(json).error?.description
        == "followers: expected Int, found string \"many\"\nplan.seats: missing key")
  }
}
