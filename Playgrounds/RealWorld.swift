// RealWorld.swift: the shapes real APIs send. Wide models, encoding, ids in strings,
// lossy arrays, polymorphic events, defaults, Argo 5's subscripts, and YAML.
//
// Run it with `Playgrounds/run RealWorld`. Read it top to bottom: each step prints
// what it shows.

import Argonaut
import ArgonautCompatibility
import ArgonautYAML

// MARK: - 1. A wide model in one call: build

// `curry` stops at 20 arguments. `build` takes the initializer and one decoded value
// per parameter, any number of them, and reports every failing field with its path.
struct Repository: Equatable {
  let id: Int64
  let name: String
  let fullName: String
  let isPrivate: Bool
  let description: String?
  let fork: Bool
  let homepage: String?
  let size: Int
  let stargazers: Int
  let watchers: Int
  let language: String?
  let hasIssues: Bool
  let hasWiki: Bool
  let archived: Bool
  let openIssues: Int
  let forks: Int
  let topics: [String]
  let defaultBranch: String
  let visibility: String
  let license: String?
  let createdAt: String
  let pushedAt: String?
}

extension Repository: Decodable {
  static func decode(_ j: JSON) -> Decoded<Repository> {
    build(
      Repository.init,
      j <| "id", j <| "name", j <| "full_name", j <| "private", j <|? "description", j <| "fork",
      j <|? "homepage", j <| "size", j <| "stargazers_count", j <| "watchers_count", j <|? "language",
      j <| "has_issues", j <| "has_wiki", j <| "archived", j <| "open_issues_count", j <| "forks_count",
      j.decode("topics", default: []), j <| "default_branch", j <| "visibility", j <|? ["license", "spdx_id"],
      j <| "created_at", j <|? "pushed_at")
  }
}

let repositoryText = """
  {"id": 1296269, "name": "Hello-World", "full_name": "octocat/Hello-World", "private": false,
   "description": "My first repository", "fork": false, "homepage": null, "size": 108,
   "stargazers_count": 80, "watchers_count": 80, "language": "C", "has_issues": true,
   "has_wiki": true, "archived": false, "open_issues_count": 0, "forks_count": 9,
   "topics": ["octocat", "api"], "default_branch": "main", "visibility": "public",
   "license": {"key": "mit", "spdx_id": "MIT"}, "created_at": "2011-01-26T19:01:12Z",
   "pushed_at": "2011-01-26T19:06:43Z"}
  """
let repository = try Repository.decode(JSON(parsing: repositoryText)).get()
print("1. \(repository.fullName): 22 fields, \(repository.stargazers) stars, license \(repository.license ?? "-")")
let broken = try JSON(parsing: #"{"id": "1296269", "name": "x", "private": 0}"#)
print("   A broken one reports \(Repository.decode(broken).error?.errors.count ?? 0) failures, the first ones:")
for error in Repository.decode(broken).error?.errors.prefix(3) ?? [] { print("     \(error)") }

// MARK: - 2. Encoding: JSONEncodable

// `encode()` is the other direction. An object is a dictionary literal, in the order
// written; `JSON(omittingNil:)` with `encodeIfPresent()` leaves a nil member out.
struct NewIssue {
  let title: String
  let body: String?
  let labels: [String]
}

extension NewIssue: JSONEncodable {
  func encode() -> JSON {
    JSON(omittingNil: [
      "title": title.encode(),
      "body": body.encodeIfPresent(),
      "labels": labels.encode(),
    ])
  }
}

let issue = NewIssue(title: "Crash on launch", body: nil, labels: ["bug"])
print("2. Encoded:", issue.encode())  // {"title":"Crash on launch","labels":["bug"]}
print("   Numbers stay exact:", [Int64.max.encode(), 0.1.encode(), UInt64.max.encode()])
// A service sends it as is: `postRequest(url: "/issues", body: issue)`.

// MARK: - 3. Integers sent as strings

// Twitter sends big ids twice: as a number that JavaScript rounds, and as a string.
// Decoding the string is opt-in, exact and range checked.
let tweetJSON = try JSON(parsing: #"{"id": 505874924095815681, "id_str": "505874924095815681"}"#)
let exactId = try tweetJSON.decodeNumericString("id_str", as: Int64.self).get()
print("3. id_str as Int64:", exactId)
let tooBig: JSON = ["n": "300"]
print("   A string that does not fit:", tooBig.decodeNumericString("n", as: UInt8.self).error!)

// MARK: - 4. Lossy arrays

// One bad element should not cost the whole feed. `decodeLossyArray` keeps the good
// ones, and says which ones it dropped, and why.
struct Post {
  let id: Int
  let title: String
}

extension Post: Decodable {
  static func decode(_ j: JSON) -> Decoded<Post> {
    build(Post.init, j <| "id", j <| "title")
  }
}

let feedJSON = try JSON(
  parsing: #"{"posts": [{"id": 1, "title": "Hello"}, {"id": 2}, {"id": 3, "title": "World"}]}"#)
let posts = try feedJSON.decodeLossyArray("posts", of: Post.self).get()
print("4. Kept \(posts.map(\.title)); dropped:", posts.dropped.map(\.description))

// MARK: - 5. Polymorphic events

// GitHub's events share an envelope and differ by "type". Each known type has its own
// model; the rest fall back to `unknown`, so a new event type never breaks the feed.
struct PushEvent {
  let ref: String
  let size: Int
}

struct IssuesEvent {
  let action: String
  let number: Int
}

enum GitHubEvent {
  case push(PushEvent)
  case issues(IssuesEvent)
  case unknown(type: String)
}

extension GitHubEvent: Decodable {
  static func decode(_ j: JSON) -> Decoded<GitHubEvent> {
    j.decode(
      taggedBy: "type",
      [
        "PushEvent": { e in
          build(PushEvent.init, e <| ["payload", "ref"], e <| ["payload", "size"]).map(GitHubEvent.push)
        },
        "IssuesEvent": { e in
          build(IssuesEvent.init, e <| ["payload", "action"], e <| ["payload", "issue", "number"]).map(
            GitHubEvent.issues)
        },
      ],
      unknown: { type, _ in .success(.unknown(type: type)) })
  }
}

let eventsJSON = try JSON(
  parsing: """
    [{"type": "PushEvent", "payload": {"ref": "refs/heads/main", "size": 2}},
     {"type": "IssuesEvent", "payload": {"action": "opened", "issue": {"number": 42}}},
     {"type": "SponsorshipEvent", "payload": {}}]
    """)
for event in try [GitHubEvent].decode(eventsJSON).get() {
  switch event {
  case .push(let push): print("5. push to \(push.ref), \(push.size) commits")
  case .issues(let issues): print("5. issue #\(issues.number) \(issues.action)")
  case .unknown(let type): print("5. (an event this app does not know yet: \(type))")
  }
}

// MARK: - 6. The `as` trap, and Argo 5's spellings

// `j <| "type" as Decoded<String>` does not compile: `as` binds tighter than `<|`.
// The typed helper names the type where it reads naturally:
let kind = eventsJSON[0]!.decode("type", as: String.self).map { $0.uppercased() }
print("6. Typed helper:", kind)

// Code migrating from Argo 5 can keep its subscripts (module ArgonautCompatibility).
extension Post {
  static func decodeArgoStyle(_ json: JSON) -> Decoded<Post> {
    curry(Post.init) <^> json["id"] <*> json["title"]
  }
}
print("   Argo 5 subscripts:", Post.decodeArgoStyle(["id": 7, "title": "Argo"]).map(\.title))
print("   Plain accessors still work:", feedJSON["posts"]?[0]?["title"] ?? "nil")

// MARK: - 7. YAML: the same JSON values

// `JSON(yaml:)` (module ArgonautYAML) reads a YAML 1.2 document into a `JSON` value, so
// every decoder above works on configuration files and OpenAPI documents in YAML too.
// Aliases are expanded; a quoted 1.0 stays a string. A mistake throws a YAMLParseError
// with its line and column.
let spec = try JSON(
  yaml: """
    openapi: 3.1.0
    info: {title: Pets, version: "1.0"}   # flow style and comments
    paths:
      /pets:
        get: &list
          operationId: listPets
      /animals:
        get: *list
    """)
let operationIds = ["/pets", "/animals"].compactMap { spec["paths"]?[$0]?["get"]?["operationId"]?.stringValue }
print("7. YAML:", spec["info"]?["title"]?.stringValue ?? "?", spec["info"]?["version"] ?? "?", operationIds)
do {
  _ = try JSON(yaml: "tags: [pets, dogs\nsummary: x\n")
} catch {
  print("   A YAML error:", error)
}
