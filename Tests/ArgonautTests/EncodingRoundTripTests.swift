import Argonaut
import ArgonautTestSupport
import CorpusModels
import Testing

/// decode → encode → decode over the benchmark corpus gives the same models.
@Suite(
  "Encoding: corpus round trips", .offThePool,
  .enabled(if: Corpus.hasBench, "../shared/corpora/bench is absent: skipped"))
struct EncodingRoundTripTests {
  static func roundTrip<Model: Decodable & JSONEncodable & Equatable>(_ file: String, as type: Model.Type) throws
  where Model.DecodedType == Model {
    let model = try Model.decode(JSON(parsing: Corpus.benchBytes(file))).get()
    let encoded = model.encode()
    let text = encoded.description
    let again = try Model.decode(JSON(parsing: text)).get()
    #expect(again == model)
    #expect(try JSON(parsing: text) == encoded)
  }

  @Test("twitter.json") func twitter() throws { try Self.roundTrip("twitter.json", as: Twitter.self) }
  @Test("citm_catalog.json") func citm() throws { try Self.roundTrip("citm_catalog.json", as: CitmCatalog.self) }
  @Test("canada.json") func canada() throws { try Self.roundTrip("canada.json", as: FeatureCollection.self) }

  @Test("the 40-field Twitter user, and the same text as the document for its fields")
  func profiles() throws {
    let json = try JSON(parsing: Corpus.benchBytes("twitter.json"))
    let users = try #require(json["statuses"]?.arrayValue).compactMap { $0["user"] }
    for user in users {
      let profile = try TwitterProfile.decode(user).get()
      #expect(try TwitterProfile.decode(JSON(parsing: profile.encode().description)).get() == profile)
      #expect(profile.encode() == user)
    }
  }
}
