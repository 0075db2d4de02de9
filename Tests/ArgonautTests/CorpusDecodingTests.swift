import Argonaut
import ArgonautTestSupport
import CorpusModels
import Foundation
import Testing

/// Real data: Argonaut's decoders and JSONDecoder must agree on the benchmark corpus.
@Suite(
  "Corpus decoding", .offThePool,
  .enabled(if: Corpus.hasBench, "../shared/corpora/bench is absent: corpus tests skipped"))
struct CorpusDecodingTests {
  @Test("twitter.json: statuses, users, hashtags and mentions")
  func twitter() throws {
    let bytes = try Corpus.benchBytes("twitter.json")
    let ours = try Twitter.decode(JSON(parsing: bytes)).get()
    #expect(ours == (try JSONDecoder().decode(Twitter.self, from: Data(bytes))))
    #expect(ours.statuses.count == 100)
    #expect(ours.statuses[0].idStr == "505874924095815681")
    #expect(ours.statuses[0].user.screenName == "ayuu0123")
    #expect(ours.statuses.flatMap(\.entities.hashtags).count > 0)
    // The corpus rounded ids beyond 2^53; id_str keeps the exact digits.
    #expect(ours.statuses.allSatisfy { String($0.id).count == $0.idStr.count })
  }

  @Test("citm_catalog.json: events by id, performances with prices")
  func citm() throws {
    let bytes = try Corpus.benchBytes("citm_catalog.json")
    let ours = try CitmCatalog.decode(JSON(parsing: bytes)).get()
    #expect(ours == (try JSONDecoder().decode(CitmCatalog.self, from: Data(bytes))))
    #expect(ours.events.count == 184)
    #expect(ours.events["138586341"]?.name == "30th Anniversary Tour")
    #expect(ours.performances.count == 243)
    #expect(ours.performances[0].prices.map(\.amount) == [90250, 66500])
  }

  @Test("canada.json: geometry as [[[Double]]]")
  func canada() throws {
    let bytes = try Corpus.benchBytes("canada.json")
    let ours = try FeatureCollection.decode(JSON(parsing: bytes)).get()
    #expect(ours == (try JSONDecoder().decode(FeatureCollection.self, from: Data(bytes))))
    #expect(ours.features[0].geometry.coordinates.count == 480)
    #expect(ours.features[0].properties == ["name": "Canada"])
  }

  @Test("a wrong shape in real data names the path")
  func wrongShape() throws {
    var text = String(decoding: try Corpus.benchBytes("citm_catalog.json"), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"seatCategoryId\": 338937296", with: "\"seatCategoryId\": \"338937296\"")
    let error = try #require(CitmCatalog.decode(JSON(parsing: text)).error)
    #expect(error.errors.count > 1)
    #expect(
      error.errors[0].description
        == #"performances[0].prices[1].seatCategoryId: expected Int, found string "338937296""#)
  }
}
