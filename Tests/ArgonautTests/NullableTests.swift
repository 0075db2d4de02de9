import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Nullable: absent, null and a value kept apart", .offThePool)
struct NullableTests {
  /// A model written as `argonaut-generate openapi` writes one with an optional,
  /// nullable property.
  struct Patch: Sendable, Hashable {
    let id: Int
    @Nullable var bio: String?

    init(id: Int, bio: String? = nil) {
      self.id = id
      self.bio = bio
    }

    private init(_ id: Int, _ bio: Nullable<String>) {
      self.id = id
      self._bio = bio
    }

    static func decode(_ j: JSON) -> Decoded<Patch> {
      build(Patch.init(_:_:), j <| "id", j.decodeNullable("bio"))
    }

    func encode() -> JSON {
      var members: [(String, JSON)] = [("id", self.id.encode())]
      if let value = self._bio.encodeIfPresent() { members.append(("bio", value)) }
      return .object(JSONObject(members))
    }
  }

  @Test("nil reads for absent and null; assigning nil makes it absent; $x = .null makes it null")
  func semantics() {
    var patch = Patch(id: 1)
    #expect(patch.bio == nil && patch.$bio == .absent)
    patch.bio = "hi"
    #expect(patch.bio == "hi" && patch.$bio == .value("hi"))
    patch.$bio = .null
    #expect(patch.bio == nil && patch.$bio == .null)
    patch.bio = nil
    #expect(patch.$bio == .absent)
    #expect(Patch(id: 1, bio: "x").$bio == .value("x"))
    #expect(Nullable<Int>(.null) != Nullable<Int>(.absent))
  }

  @Test(
    "decode then encode gives back absent, null and a value",
    arguments: [
      "{\"id\":1}", "{\"id\":1,\"bio\":null}", "{\"id\":1,\"bio\":\"hi\"}",
    ])
  func roundTrip(text: String) throws {
    let json = try JSON(parsing: text)
    let patch = try #require(Patch.decode(json).value)
    #expect(patch.encode() == json)
  }

  @Test("the three states decode apart; a wrong type still fails")
  func decoding() throws {
    #expect(try Patch.decode(JSON(parsing: "{\"id\":1}")).value?.$bio == .absent)
    #expect(try Patch.decode(JSON(parsing: "{\"id\":1,\"bio\":null}")).value?.$bio == .null)
    #expect(try Patch.decode(JSON(parsing: "{\"id\":1,\"bio\":\"a\"}")).value?.$bio == .value("a"))
    #expect(try Patch.decode(JSON(parsing: "{\"id\":1,\"bio\":2}")).value == nil)
    #expect(try JSON(parsing: "[1]").decodeNullable("bio", as: String.self).value == nil)
  }

  @Test("encodeIfPresent: nil when absent, null when null")
  func encoding() {
    #expect(Nullable<String>(.absent).encodeIfPresent() == nil)
    #expect(Nullable<String>(.null).encodeIfPresent() == .null)
    #expect(Nullable<String>(wrappedValue: "a").encodeIfPresent() == .string("a"))
  }
}
