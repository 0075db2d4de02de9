import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Map detection", .offThePool)
struct MapDetectionTests {
  private func refined(_ json: JSON) -> Shape.Kind {
    MapDetection().refine(Shape(of: json)).kind
  }

  @Test(
    "objects keyed by ids are maps, whatever their size",
    arguments: ["205705993", "-12", "3f2a9c1e-7b4d-4e8a", "0a1b2c3d4e5f"])
  func identifierKeys(key: String) {
    #expect(MapDetection.isIdentifierKey(key))
    #expect(refined(["outer": [key: "value"]]) == .object(objectShape(["outer": Shape(.map(Shape(.string)))])))
  }

  @Test("names are not ids", arguments: ["name", "deadbeef", "a1", "en", "PLEYEL_PLEYEL", "1.5", "", "-"])
  func nameKeys(key: String) {
    #expect(!MapDetection.isIdentifierKey(key))
  }

  @Test("an object never seen with keys is a map of JSON")
  func emptyObject() {
    #expect(refined(["empty": [:]]) == .object(objectShape(["empty": Shape(.map(.nothing))])))
  }

  @Test("many names with values of one object shape make a map; a few do not")
  func namedMaps() {
    func registry(_ count: Int) -> JSON {
      .object(JSONObject((0..<count).map { ("plugin-\($0)", ["name": .string("p\($0)"), "version": 1]) }))
    }
    guard case .map(let value) = refined(registry(20)), case .object(let plugin) = value.kind else {
      Issue.record("20 plugins should be a map")
      return
    }
    #expect(plugin.keys == ["name", "version"])
    guard case .object = refined(registry(19)) else {
      Issue.record("19 plugins should stay a record")
      return
    }
  }

  @Test("many keys with scalar values stay a record")
  func wideRecord() {
    let record = JSON.object(JSONObject((0..<30).map { ("field\($0)", JSON.string("x")) }))
    guard case .object(let object) = refined(record) else {
      Issue.record("a wide record of strings should stay a record")
      return
    }
    #expect(object.fields.count == 30)
  }

  /// `count` keys that read as names (`name-0`, `name-1`, …), each with `value(i)`.
  private func named(_ count: Int, _ value: (Int) -> JSON) -> JSON {
    .object(JSONObject((0..<count).map { ("emoji_name_\($0)", value($0)) }))
  }

  @Test("very many names with values of one scalar kind make a map", arguments: [100, 1_508])
  func scalarMaps(count: Int) {
    #expect(refined(named(count) { .string("https://example.com/\($0).png") }) == .map(Shape(.string)))
    #expect(
      refined(named(count) { .bool($0.isMultiple(of: 2)) }) == .map(Shape(.bool)), "feature flags by name")
    #expect(refined(named(count) { $0 == 3 ? .null : .number(JSONNumber($0)) }).isMap, "null values are allowed")
    #expect(refined(named(count) { $0 == 3 ? 0.5 : .number(JSONNumber($0)) }) == .map(Shape(.double)))
  }

  @Test("fewer names, or values of several kinds, stay a record", arguments: [20, 40, 99])
  func scalarRecords(count: Int) {
    #expect(!refined(named(count) { .string("value \($0)") }).isMap)
    #expect(!refined(named(count) { .number(JSONNumber($0)) }).isMap)
  }

  @Test("a 20-field user stays a struct; 1,000 mixed fields do too")
  func usersStayRecords() {
    let user: JSON = [
      "id": 7, "login": "ada", "name": "Ada Lovelace", "email": "ada@example.com", "bio": .null,
      "company": "Engines", "location": "London", "blog": "https://example.com", "twitter": "ada",
      "avatar": "https://example.com/a.png", "url": "https://example.com/u/ada", "type": "User", "site_admin": false,
      "hireable": true, "public_repos": 12, "followers": 1200, "following": 3, "created": "1843-01-01",
      "updated": "1852-11-27", "score": 0.5,
    ]
    guard case .object(let object) = refined(user) else {
      Issue.record("a 20-field user should stay a struct")
      return
    }
    #expect(object.fields.count == 20)
    let mixed = named(1_000) { $0.isMultiple(of: 2) ? .string("s") : .number(JSONNumber($0)) }
    #expect(!refined(mixed).isMap)
  }

  @Test("values that are all null, or arrays, never make a map of names")
  func otherValues() {
    #expect(!refined(named(200) { _ in .null }).isMap)
    #expect(!refined(named(200) { .array([.number(JSONNumber($0))]) }).isMap)
  }

  @Test("a map's values keep their nullability")
  func nullableValues() {
    #expect(refined(["1": "a", "2": .null]) == .map(Shape(.string, isNullable: true)))
  }

  private func objectShape(_ members: KeyValuePairs<String, Shape>) -> ObjectShape {
    var shape = ObjectShape()
    shape.merge(members.map { ObjectShape.Field(key: $0.key, shape: $0.value, presence: 1) }, objectCount: 1)
    return shape
  }
}

extension Shape.Kind {
  /// Whether this is a map.
  fileprivate var isMap: Bool {
    if case .map = self { true } else { false }
  }
}
