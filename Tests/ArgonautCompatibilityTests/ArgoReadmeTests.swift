import Argonaut
import ArgonautCompatibility
import ArgonautTestSupport
import Testing

// Decoders written the way Argo's README writes them: the operators, and Argo 5's
// subscripts. Only the imports differ (Argo, Curry and Runes become Argonaut).

enum Role: String {
  case user = "User"
  case admin = "Admin"
  case superAdmin = "SuperAdmin"
}

extension Role: Decodable {}

struct User {
  let id: Int
  let name: String
  let email: String?
  let role: Role
  let companyName: String
  let friends: [User]
}

extension User: Decodable {
  static func decode(_ json: JSON) -> Decoded<User> {
    return curry(User.init)
      <^> json <| "id"
      <*> json <| "name"
      <*> json <|? "email"  // Use ? for parsing optional values
      <*> json <| "role"  // Custom types that also conform to Decodable just work
      <*> json <| ["company", "name"]  // Parse nested objects
      <*> json <|| "friends"  // parse arrays of objects
  }
}

/// The same model, decoded with Argo 5's subscripts.
struct Member {
  let id: Int
  let name: String
  let email: String?
  let role: Role
  let companyName: String
  let friends: [Member]
}

extension Member: Decodable {
  static func decode(_ json: JSON) -> Decoded<Member> {
    return curry(Member.init)
      <^> json["id"]
      <*> json["name"]
      <*> json[optional: "email"]
      <*> json["role"]
      <*> json["company", "name"]
      <*> json["friends"]
  }
}

@Suite("Argo 5 spellings: decoders as Argo's README writes them", .offThePool)
struct ArgoReadmeTests {
  static let json: JSON = [
    "id": 1, "name": "Cool User", "email": "u.cool@example.com", "role": "Admin",
    "company": ["name": "Fancy Company"],
    "friends": [["id": 2, "name": "Friend", "role": "User", "company": ["name": "Other"], "friends": []]],
  ]

  @Test("the operators' README example decodes")
  func operators() throws {
    let user: User? = decode(Self.json)
    let decoded = try #require(user)
    #expect(decoded.id == 1 && decoded.name == "Cool User" && decoded.email == "u.cool@example.com")
    #expect(decoded.role == .admin && decoded.companyName == "Fancy Company")
    #expect(decoded.friends.map(\.name) == ["Friend"] && decoded.friends[0].email == nil)
  }

  @Test("the subscripts decode the same, and fail with the same paths")
  func subscripts() throws {
    let member = try Member.decode(Self.json).get()
    #expect(member.role == .admin && member.companyName == "Fancy Company" && member.friends[0].id == 2)
    let broken: JSON = ["id": "1", "name": "x", "email": 3, "role": "Owner", "company": [:], "friends": [[:]]]
    let error = try #require(Member.decode(broken).error)
    #expect(error == User.decode(broken).error)
    #expect(
      error.description == """
        id: expected Int, found string "1"
        email: expected String, found number 3
        role: expected Role, found string "Owner"
        company.name: missing key
        friends[0].id: missing key
        friends[0].name: missing key
        friends[0].role: missing key
        friends[0].company: missing key
        friends[0].friends: missing key
        """)
  }

  @Test("json[optional:] is nil for a missing key or null, and a key path works")
  func optionalSubscript() {
    let json: JSON = ["a": ["b": .null], "n": 4]
    #expect(json[optional: "missing"] == Decoded<Int?>.success(nil))
    #expect(json[optional: "a", "b"] == Decoded<Int?>.success(nil))
    #expect(json[optional: "n"] == Decoded<Int?>.success(4))
    #expect(json["a", "b"] == Decoded<Int?>.success(nil))
    #expect((json["a", "c"] as Decoded<Int>).error?.description == "a.c: missing key")
  }

  @Test("the plain accessors still return JSON?, in a file that imports the subscripts")
  func accessors() {
    let json: JSON = ["user": ["name": "Ada", "langs": ["en"]]]
    #expect(json["user"]?["name"]?.stringValue == "Ada")
    #expect(json["user"]?["langs"]?[0] == "en")
    let user = json["user"]
    #expect(user?.objectValue?.count == 2)
    #expect(json["missing"] == nil)
  }
}
