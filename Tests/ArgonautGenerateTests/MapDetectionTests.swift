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
