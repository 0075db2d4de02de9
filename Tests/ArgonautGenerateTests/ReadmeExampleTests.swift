import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

/// The README's example output, `ReadmeExample/ReadmeUser.swift`, is compiled into
/// this target: it decodes its own sample and encodes it back exactly.
@Suite("The README's generated example", .offThePool)
struct ReadmeExampleTests {
  @Test("ReadmeUser decodes readme-user.json, and encodes it back to the same value")
  func roundTrip() throws {
    let json = try GeneratorFixtures.json(GeneratorFixtures.readmeExample.appendingPathComponent("readme-user.json"))
    let user = try ReadmeUser.decode(json).get()
    #expect(user.id == 505_874_924_095_815_681)
    #expect(user.repos.map(\.name) == ["engine", "notes"])
    // `license` is absent from the first repository and null in the second: it stays so.
    #expect(user.repos[0].license == nil)
    #expect(user.repos[1].license == .null)
    #expect(user.encode() == json)
    let repos = user.encode()["repos"]
    #expect(repos?[0]?["license"] == nil)
    #expect(repos?[1]?["license"] == .null)
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
