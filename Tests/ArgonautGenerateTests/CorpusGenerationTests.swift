import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautGenerate

/// The corpus, generated in process. `Scripts/generator-check.sh` compiles the same
/// output and round-trips the samples through it.
@Suite(
  "Generating the corpus", .offThePool, .enabled(if: GeneratorFixtures.hasBench, "../shared/corpora/bench is absent"))
struct CorpusGenerationTests {
  private func generate(_ name: String) throws -> String {
    try GeneratorFixtures.generate([], files: [GeneratorFixtures.bench.appendingPathComponent(name)])
  }

  @Test("citm_catalog: id-keyed objects are maps, performances are records")
  func citmCatalog() throws {
    let source = try generate("citm_catalog.json")
    let root = GeneratorFixtures.members(of: "CitmCatalog", in: source)
    #expect(root.contains("areaNames: [String: String]"))
    #expect(root.contains("events: [String: Event]"))
    #expect(root.contains("topicSubTopics: [String: [Int]]"))
    #expect(root.contains("performances: [Performance]"))
    #expect(root.contains("venueNames: VenueNames"))
    #expect(GeneratorFixtures.members(of: "Event", in: source).contains("subTopicIds: [Int]"))
    #expect(GeneratorFixtures.members(of: "Performance", in: source).contains("start: Int64"))
  }

  @Test("twitter: 64-bit ids, optional replies, shared users, a separate retweet type")
  func twitter() throws {
    let source = try generate("twitter.json")
    let status = GeneratorFixtures.members(of: "Status", in: source)
    #expect(status.contains("id: Int64"))
    #expect(status.contains("inReplyToStatusId: Int64?"))
    #expect(status.contains("user: User"))
    #expect(status.contains("retweetedStatus: RetweetedStatus?"))
    #expect(GeneratorFixtures.members(of: "RetweetedStatus", in: source).contains("user: User"))
    #expect(source.contains("    build(\n      Status.init,\n"))
  }

  @Test("canada: coordinates are nested arrays of Double")
  func canada() throws {
    let source = try generate("canada.json")
    #expect(GeneratorFixtures.members(of: "Geometry", in: source) == ["type: String", "coordinates: [[[Double]]]"])
  }

  @Test(
    "every corpus file generates the same source twice",
    arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
  func deterministic(name: String) throws {
    #expect(try generate(name) == generate(name))
  }
}
