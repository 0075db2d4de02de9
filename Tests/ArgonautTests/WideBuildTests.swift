import Argonaut
import ArgonautTestSupport
import Testing

/// The way past about 150 fields of the Wide models article (Argonaut.docc/WideModels.md):
/// a function per run of fields that decodes them into a tuple, one `build` of the tuples,
/// and an encoder of statements.
struct Survey: Equatable {
  let id: Int
  let title: String
  let note: String?
  let answered: Bool
  let score: Double
}

extension Survey: Decodable {
  static func decode(_ j: JSON) -> Decoded<Survey> {
    build({ Survey(id: $0.0, title: $0.1, note: $0.2, answered: $1.0, score: $1.1) }, head(j), tail(j))
  }

  private static func head(_ j: JSON) -> Decoded<(Int, String, String?)> {
    build({ ($0, $1, $2) }, j <| "id", j <| "title", j <|? "note")
  }

  private static func tail(_ j: JSON) -> Decoded<(Bool, Double)> {
    build({ ($0, $1) }, j <| "answered", j <| "score")
  }
}

extension Survey: JSONEncodable {
  func encode() -> JSON {
    var members: [(String, JSON)] = []
    members.append(("id", id.encode()))
    members.append(("title", title.encode()))
    if let note { members.append(("note", note.encode())) }  // left out when nil
    members.append(("answered", answered.encode()))
    members.append(("score", score.encode()))
    return .object(JSONObject(members))
  }
}

@Suite("Wide models in runs of fields", .offThePool)
struct WideBuildTests {
  @Test("decodes and encodes back, leaving a nil member out")
  func roundTrip() throws {
    let full: JSON = ["id": 1, "title": "Q3", "note": "late", "answered": true, "score": 0.5]
    let survey = try Survey.decode(full).get()
    #expect(survey == Survey(id: 1, title: "Q3", note: "late", answered: true, score: 0.5))
    #expect(survey.encode() == full)
    let partial: JSON = ["id": 2, "title": "Q4", "answered": false, "score": 1]
    #expect(try Survey.decode(partial).get().encode() == partial)
  }

  @Test("every failing field is reported with its path, across the tuples, as from one build")
  func failures() {
    let json: JSON = ["id": "1", "title": "Q3", "answered": 1]
    #expect(
      Survey.decode(json).error?.description
        == "id: expected Int, found string \"1\"\nanswered: expected Bool, found number 1\nscore: missing key")
  }
}
