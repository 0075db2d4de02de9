// Decoding.swift: writing decoders by hand, the Argo way.
//
// Run it with `Playgrounds/run Decoding`. Read it top to bottom: each step prints
// what it shows.

import Argonaut

// MARK: - 1. Parse some JSON

// `JSON(parsing:)` takes a String, [UInt8], Data or any collection of UTF-8 bytes.
// It validates the whole document (strict RFC 8259) and throws a JSONParseError
// that says where and what went wrong.
let userText = #"{"userName": "ada", "email": "ada@example.com", "fullName": "Ada Lovelace"}"#
let userJSON = try JSON(parsing: userText)
print("1. Parsed:", userJSON)

// MARK: - 2. The article's models

// A model is a plain struct. Its decoder lists the keys in the order of the
// initializer's parameters: `curry` turns `User.init` into a function that takes
// one argument at a time, `<^>` feeds it the first decoded value and each `<*>`
// the next. `<|` reads a required key; `<|?` an optional one.
struct User {
  let userName: String
  let email: String
  let fullName: String?
}

extension User: Decodable {
  static func decode(_ j: JSON) -> Decoded<User> {
    curry(User.init)
      <^> j <| "userName"
      <*> j <| "email"
      <*> j <|? "fullName"
  }
}

struct NewsFeedPost {
  let title: String
  let datePosted: String
  let headline: String
}

extension NewsFeedPost: Decodable {
  static func decode(_ j: JSON) -> Decoded<NewsFeedPost> {
    curry(NewsFeedPost.init)
      <^> j <| "title"
      <*> j <| "postDate"  // the property and the key need not share a name
      <*> j <| "headline"
  }
}

struct NewsFeed {
  let posts: [NewsFeedPost]
}

extension NewsFeed: Decodable {
  static func decode(_ j: JSON) -> Decoded<NewsFeed> {
    curry(NewsFeed.init) <^> j <|| "posts"  // `<||` reads an array
  }
}

// `decode` is generic in its result: the type you ask for picks the decoder.
let user: Decoded<User> = decode(userJSON)
switch user {
case .success(let user): print("2. Decoded:", user.userName, "<\(user.email)>", user.fullName ?? "-")
case .failure(let error): print("2. Failed:", error)
}

let feedJSON = try JSON(
  parsing: """
    {"posts": [
      {"title": "Notes on the Analytical Engine", "postDate": "1843-09-01", "headline": "Note G"},
      {"title": "Sketch of the Analytical Engine", "postDate": "1842-10-01", "headline": "A translation"}
    ]}
    """)
let feed = try NewsFeed.decode(feedJSON).get()  // `get()` throws the DecodeError instead
print("   The feed has \(feed.posts.count) posts; the first was posted on \(feed.posts[0].datePosted).")

// MARK: - 3. Optional keys

// `<|?` gives nil when the key is missing or null. A present value of the wrong
// type is still an error: optional does not mean "anything goes".
let noName: User? = decode(try JSON(parsing: #"{"userName": "bob", "email": "bob@example.com"}"#))
print(
  "3. Without fullName:", noName.map { "\($0.userName), fullName = \(String(describing: $0.fullName))" } ?? "failed")
let wrongName: Decoded<User> = decode(
  try JSON(parsing: #"{"userName": "eve", "email": "eve@example.com", "fullName": 42}"#))
print("   fullName = 42:", wrongName.error?.description ?? "decoded?!")

// MARK: - 4. Key paths and fallbacks

// Every key operator also takes a path: `j <| ["user", "profile", "name"]`.
// `<|>` tries the left side and falls back to the right one; `pure(x)` always
// succeeds, so it makes a default.
struct Profile {
  let name: String
  let displayName: String
  let city: String?
  let followers: Int
}

extension Profile: Decodable {
  static func decode(_ j: JSON) -> Decoded<Profile> {
    curry(Profile.init)
      <^> j <| ["user", "name"]
      <*> (j <| ["user", "nickname"] <|> j <| ["user", "name"])
      <*> j <|? ["user", "address", "city"]
      <*> (j <| ["stats", "followers"] <|> pure(0))
  }
}

let profile = try Profile.decode(
  JSON(parsing: #"{"user": {"name": "Grace", "address": {"city": "Arlington"}}}"#)
).get()
print("4. \(profile.displayName) from \(profile.city ?? "nowhere"), \(profile.followers) followers")

// MARK: - 5. Enums and arrays

// A RawRepresentable enum decodes by its raw value once it says so. Arrays of
// anything decodable decode too, and so do dictionaries with String keys.
enum Role: String {
  case admin, editor, reader
}
extension Role: Decodable {}

struct Member {
  let name: String
  let roles: [Role]
  let scores: [String: Int]
}

extension Member: Decodable {
  static func decode(_ j: JSON) -> Decoded<Member> {
    curry(Member.init) <^> j <| "name" <*> j <|| "roles" <*> j <| "scores"
  }
}

let members: [Member] =
  try decode(
    JSON(
      parsing:
        #"[{"name": "ada", "roles": ["admin"], "scores": {"math": 10}}, {"name": "bob", "roles": [], "scores": {}}]"#)
  ) ?? []
print("5. Members:", members.map { "\($0.name) \($0.roles.map(\.rawValue))" }.joined(separator: ", "))
let unknownRole: Decoded<[Role]> = decode(try JSON(parsing: #"["admin", "superuser"]"#))
print("   An unknown role:", unknownRole.error?.description ?? "decoded?!")

// MARK: - 6. Root keys, text and bytes

// Many APIs wrap the payload: `{"user": {...}}`. Ask for the root key.
let wrapped = try JSON(parsing: #"{"user": {"userName": "lin", "email": "lin@example.com"}}"#)
let linUser: Decoded<User> = decode(wrapped, rootKey: "user")
print("6. From a root key:", linUser.value?.userName ?? "failed")

// Or go straight from text or bytes; a parse error becomes a decode error.
let fromBytes: Decoded<[Int]> = decode(parsing: Array("[1, 2, 3]".utf8))
print("   From bytes:", fromBytes.value ?? [])

// MARK: - 7. Numbers are exact

// Integers up to UInt64.max stay exact, doubles are correctly rounded, and a
// number that does not fit the type you ask for is an error, never a truncation.
let numbers = try JSON(parsing: #"{"id": 505874924095815681, "price": 3.7, "big": 1e400}"#)
let id: Decoded<Int64> = numbers <| "id"
let price: Decoded<Int> = numbers <| "price"
let big: Decoded<Double> = numbers <| "big"
print("7. id:", id.value.map(String.init) ?? "failed")
print("   3.7 as Int:", price.error?.description ?? "decoded?!")
print("   1e400 as Double:", big.error?.description ?? "decoded?!")

// MARK: - 8. Building and printing JSON

// JSON values can be written as literals, compared (numbers by value, objects in
// any key order) and printed compact or pretty.
let built: JSON = ["userName": "ada", "email": "ada@example.com", "fullName": "Ada Lovelace"]
print("8. Built == parsed:", built == userJSON)
print(JSONSerializer(isPretty: true, sortsKeys: true).string(from: built))
