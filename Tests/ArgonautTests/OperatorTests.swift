import Argonaut
import ArgonautTestSupport
import Testing

private struct Profile: Equatable {
  let name: String
  let nickname: String
  let city: String?
  let tags: [String]
  let scores: [Int]?
}

extension Profile: Decodable {
  static func decode(_ j: JSON) -> Decoded<Profile> {
    curry(Profile.init)
      <^> j <| ["user", "name"]
      <*> (j <| ["user", "nickname"] <|> j <| ["user", "name"])
      <*> j <|? ["user", "address", "city"]
      <*> j <|| ["user", "tags"]
      <*> j <||? "scores"
  }
}

@Suite("Operators", .offThePool)
struct OperatorTests {
  let json: JSON = ["user": ["name": "Ada", "address": ["city": "London"], "tags": ["math"]], "scores": [1, 2]]

  @Test("a chain with key paths, fallbacks and optionals decodes")
  func chain() {
    #expect(
      Profile.decode(json)
        == .success(Profile(name: "Ada", nickname: "Ada", city: "London", tags: ["math"], scores: [1, 2])))
  }

  @Test("<|? gives nil for a missing key or a null anywhere on the path")
  func optionalSemantics() throws {
    let j = try JSON(parsing: #"{"a": null, "b": {"c": null}, "n": 1, "s": "x"}"#)
    let missing: Decoded<Int?> = j <|? "zzz"
    let null: Decoded<Int?> = j <|? "a"
    let nullAlongPath: Decoded<Int?> = j <|? ["a", "b", "c"]
    let nullAtEnd: Decoded<Int?> = j <|? ["b", "c"]
    let missingAlongPath: Decoded<Int?> = j <|? ["b", "x", "y"]
    #expect(missing == .success(nil))
    #expect(null == .success(nil))
    #expect(nullAlongPath == .success(nil))
    #expect(nullAtEnd == .success(nil))
    #expect(missingAlongPath == .success(nil))
    let present: Decoded<Int?> = j <|? "n"
    #expect(present == .success(1))
  }

  @Test("<|? fails for a present value of the wrong type, along the path too")
  func optionalWrongType() throws {
    let j = try JSON(parsing: #"{"s": "x", "o": {"n": "1"}}"#)
    let wrong: Decoded<Int?> = j <|? "s"
    #expect(wrong.error?.description == #"s: expected Int, found string "x""#)
    let notAnObject: Decoded<Int?> = j <|? ["s", "t"]
    #expect(notAnObject.error?.description == #"s: expected Object, found string "x""#)
    let deep: Decoded<Int?> = j <|? ["o", "n"]
    #expect(deep.error?.description == #"o.n: expected Int, found string "1""#)
    let arrays: Decoded<[Int]?> = j <||? ["o", "n"]
    #expect(arrays.error?.description == #"o.n: expected Array, found string "1""#)
  }

  @Test("<| and <|| fail with the path of the missing key")
  func requiredKeys() throws {
    let j = try JSON(parsing: #"{"a": {"b": {}}}"#)
    let value: Decoded<Int> = j <| ["a", "b", "c"]
    #expect(value.error?.description == "a.b.c: missing key")
    let array: Decoded<[Int]> = j <|| ["a", "x"]
    #expect(array.error?.description == "a.x: missing key")
    let notObject: Decoded<Int> = JSON.array([]) <| "k"
    #expect(notObject.error?.description == "(root): expected Object, found array []")
  }

  @Test("precedence: <| binds tighter than <*>, then <|>, then >>-")
  func precedence() throws {
    let j: JSON = ["a": 1, "tags": ["x", "y"], "entities": ["hashtags": ["swift", "json"]]]
    // <|> inside a chain, parenthesised.
    let sum = curry { (x: Int, y: Int) in x + y } <^> j <| "a" <*> (j <| "missing" <|> j <| "a")
    #expect(sum == .success(2))
    // <|> without parentheses applies to the whole applicative expression on its left.
    let fallback: Decoded<Int> = j <| "missing" <|> pure(7)
    #expect(fallback == .success(7))
    // >>- takes everything on its left.
    let count = j <|| ["entities", "hashtags"] >>- { (tags: [String]) in pure(tags.count) }
    #expect(count == .success(2))
    let chained = curry { (a: Int, t: [String]) in t.count + a } <^> j <| "a" <*> j <|| "tags" >>- { pure($0 * 10) }
    #expect(chained == .success(30))
  }

  @Test("the named methods behind the operators")
  func namedMethods() throws {
    let j: JSON = ["name": "Ada", "tags": ["a"], "address": ["city": .null]]
    #expect(j.decode("name", as: String.self) == .success("Ada"))
    #expect(j.decode(["address", "city"], as: String?.self) == .success(nil))
    #expect(j.decodeIfPresent("nick", as: String.self) == .success(nil))
    #expect(j.decodeIfPresent(["address", "city"], as: String.self) == .success(nil))
    #expect(j.decodeArray("tags", of: String.self) == .success(["a"]))
    #expect(j.decodeArray(["tags"], of: String.self) == .success(["a"]))
    #expect(j.decodeArrayIfPresent("none", of: Int.self) == .success(nil))
    #expect(j.decodeArrayIfPresent(["address", "none"], of: Int.self) == .success(nil))
    let upper = { (s: String) in s.uppercased() } <^> j.decode("name")
    #expect(upper == j.decode("name", as: String.self).map { $0.uppercased() })
  }
}
