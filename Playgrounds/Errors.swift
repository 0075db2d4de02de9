// Errors.swift: what goes wrong, and how Argonaut tells you.
//
// Run it with `Playgrounds/run Errors`. Parse errors give a line and a column;
// decode errors give the path to the value, and a chain reports every failure.

import Argonaut

// MARK: - 1. Parse errors read like compiler diagnostics

let badDocuments = [
  #"{"name": "Ada", "langs": ["en", "fr",]}"#,  // trailing comma
  "{\n  \"name\": \"Ada\",\n  \"age\": 36\n  \"city\": \"London\"\n}",  // missing comma, line 4
  #"{"price": 01.5}"#,  // leading zero
  "{\"note\": \"a tab\tinside\"}",  // a raw tab inside a string
  #"{"emoji": "\ud83d"}"#,  // lone surrogate
  "[1, 2",  // cut short
]
print("1. Parse errors")
for text in badDocuments {
  do {
    _ = try JSON(parsing: text)
    print("   accepted?!", text)
  } catch {
    // `error` is a JSONParseError: typed throws, no casting needed.
    print("   \(error)")
  }
}

// Every error also has its parts: offset, line, column, expected, found, kind.
do {
  _ = try JSON(parsing: [0x5B, 0x22, 0xFF, 0x22, 0x5D] as [UInt8])  // ["<0xFF>"]
} catch {
  print("   kind \(error.kind) at byte \(error.offset): expected \(error.expected), found \(error.found)")
}

// Nesting is limited (512 by default), so hostile input cannot exhaust the stack.
do {
  _ = try JSON(parsing: String(repeating: "[", count: 100_000))
} catch {
  print("   \(error)")
}

// MARK: - 2. Decode errors carry the path to the value

struct Post {
  let title: String
  let postDate: String
  let likes: Int
}

extension Post: Decodable {
  static func decode(_ j: JSON) -> Decoded<Post> {
    curry(Post.init)
      <^> j <| "title"
      <*> j <| "postDate"
      <*> j <| ["stats", "likes"]
  }
}

struct Feed {
  let posts: [Post]
}

extension Feed: Decodable {
  static func decode(_ j: JSON) -> Decoded<Feed> {
    curry(Feed.init) <^> j <|| "posts"
  }
}

let feedText = """
  {"posts": [
    {"title": "First", "postDate": "2026-01-01", "stats": {"likes": 3}},
    {"title": "Second", "stats": {"likes": 5}},
    {"title": 12, "postDate": "2026-01-03", "stats": {"likes": "many"}}
  ]}
  """
let feed: Decoded<Feed> = decode(try JSON(parsing: feedText))
print("\n2. Decoding a feed with three problems reports all three, one per line:")
print(feed.error.map { String(describing: $0) } ?? "decoded?!")

// MARK: - 3. Errors are values you can inspect and match

if case .failure(let error) = feed {
  for failure in error.errors {
    switch failure {
    case .missingKey(let key, _):
      print("3. missing \(key) at \(failure.path)")
    case .typeMismatch(let expected, let actual, let path):
      print("3. \(path): wanted \(expected), got \(actual)")
    case .custom(let message, _):
      print("3. \(message)")
    case .multiple:
      break  // `errors` has already flattened these
    }
  }
}

// MARK: - 4. Your own errors, with the path added for you

// A decoder can fail in its own words with `.custom`. As the error leaves each
// key, the operators put that key in front of its path.
struct Percentage {
  let value: Int
}

extension Percentage: Decodable {
  static func decode(_ j: JSON) -> Decoded<Percentage> {
    Int.decode(j) >>- { value in
      (0...100).contains(value) ? .success(Percentage(value: value)) : .failure(.custom("\(value) is not a percentage"))
    }
  }
}

struct Task {
  let done: Percentage
}

extension Task: Decodable {
  static func decode(_ j: JSON) -> Decoded<Task> {
    Task.init <^> j <| "done"
  }
}

let progress = try JSON(parsing: #"{"tasks": [{"done": 40}, {"done": 140}]}"#)
let tasks: Decoded<[Task]> = progress <|| "tasks"
print("\n4. A custom error, with its path:", tasks.error?.description ?? "decoded?!")

// MARK: - 5. Wrong types are never silently converted

let wrongKinds = try JSON(parsing: #"{"count": "12", "flag": 1, "ratio": 2.5, "small": 300}"#)
let count: Decoded<Int> = wrongKinds <| "count"
let flag: Decoded<Bool> = wrongKinds <| "flag"
let ratio: Decoded<Int> = wrongKinds <| "ratio"
let small: Decoded<UInt8> = wrongKinds <| "small"
print("\n5. No silent conversions:")
for error in [count.error, flag.error, ratio.error, small.error] {
  print("  ", error?.description ?? "decoded?!")
}
