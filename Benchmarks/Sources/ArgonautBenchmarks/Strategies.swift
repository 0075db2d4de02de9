import ArgonautFoundation
import Foundation

/// `Codable` with the strategies most real APIs need, on a generated document shaped
/// like GitHub's events API: snake_case keys, ISO 8601 (or epoch) dates, URLs and
/// base64 data. `ArgonautJSONDecoder`/`Encoder` against `JSONDecoder`/`Encoder`, each
/// with the same strategies.
enum StrategyBenchmark {
  struct Event: Codable, Equatable {
    struct Actor: Codable, Equatable {
      let id: Int
      let login: String
      let displayLogin: String
      let gravatarId: String
      let url: URL
      let avatarUrl: URL
    }
    struct Repo: Codable, Equatable {
      let id: Int
      let name: String
      let url: URL
    }
    struct Author: Codable, Equatable {
      let email: String
      let name: String
    }
    struct Commit: Codable, Equatable {
      let sha: String
      let author: Author
      let message: String
      let distinct: Bool
      let url: URL
    }
    struct Payload: Codable, Equatable {
      let pushId: Int
      let size: Int
      let distinctSize: Int
      let ref: String
      let head: String
      let before: String
      let commits: [Commit]
    }
    let id: String
    let type: String
    let actor: Actor
    let repo: Repo
    let payload: Payload
    let `public`: Bool
    let createdAt: Date
    let signature: Data
  }

  /// The date strategies measured: ISO 8601 text, and seconds since 1970.
  enum Dates: String, CaseIterable {
    case iso8601
    case secondsSince1970
  }

  static func name(_ dates: Dates) -> String { "github-events (\(dates.rawValue))" }

  /// twitter.json's statuses with the fields of `CorpusModels.Twitter`, but named as
  /// `.convertFromSnakeCase` names them and without `CodingKeys`: how a model of a
  /// snake_case API is usually written.
  struct SnakeTwitter: Codable, Equatable {
    struct Status: Codable, Equatable {
      let id: UInt64
      let idStr: String
      let text: String
      let createdAt: String
      let user: User
      let entities: Entities
      let retweetCount: Int
      let favoriteCount: Int
      let favorited: Bool
      let lang: String
      let inReplyToScreenName: String?
    }
    struct User: Codable, Equatable {
      let id: UInt64
      let screenName: String
      let name: String
      let location: String
      let description: String
      let followersCount: Int
      let friendsCount: Int
      let verified: Bool
      let profileImageUrl: String
    }
    struct Entities: Codable, Equatable {
      let hashtags: [Hashtag]
      let userMentions: [UserMention]
    }
    struct Hashtag: Codable, Equatable {
      let text: String
      let indices: [Int]
    }
    struct UserMention: Codable, Equatable {
      let id: UInt64
      let screenName: String
      let name: String
      let indices: [Int]
    }
    let statuses: [Status]
  }

  static let twitterName = "twitter.json (snake_case)"

  /// twitter.json decoded into `SnakeTwitter` with `.convertFromSnakeCase`, and encoded
  /// back with `.convertToSnakeCase`, by both pairs of coders.
  static func measureTwitter(rounds: Int, only: Set<String>?) -> CodableResult? {
    if let only, !only.contains(twitterName), !only.contains("twitter-snake") { return nil }
    guard let document = Documents.corpus().first(where: { $0.name == "twitter.json" }) else { return nil }
    FileHandle.standardError.write(Data("measuring Codable \(twitterName)…\n".utf8))
    let (argonautDecoder, argonautEncoder, foundationDecoder, foundationEncoder) = coders(.iso8601)
    let data = document.data
    let model = try! foundationDecoder.decode(SnakeTwitter.self, from: data)
    guard try! argonautDecoder.decode(SnakeTwitter.self, from: data) == model,
      try! foundationDecoder.decode(SnakeTwitter.self, from: argonautEncoder.encode(model)) == model
    else {
      fatalError("\(twitterName): ArgonautJSONDecoder/Encoder and Foundation disagree")
    }
    let decode = compare(
      rounds: rounds, { consume(try! argonautDecoder.decode(SnakeTwitter.self, from: data)) },
      { consume(try! foundationDecoder.decode(SnakeTwitter.self, from: data)) })
    let encode = compare(
      rounds: rounds, { consume(try! argonautEncoder.encode(model)) },
      { consume(try! foundationEncoder.encode(model)) })
    return CodableResult(
      document: twitterName, model: "SnakeTwitter", decode: Comparison(bytes: data.count, decode),
      encode: Comparison(bytes: data.count, encode))
  }

  /// About 2 MB of events, the same every run.
  static func events() -> [Event] {
    var random = SplitMix64(seed: 7)
    func hex(_ count: Int) -> String {
      String((0..<count).map { _ in "0123456789abcdef".randomElement(using: &random)! })
    }
    let words = ["fix", "add", "update", "remove", "refactor", "docs", "tests", "parser", "cache", "retry"]
    return (0..<1_500).map { n in
      let login = "user-\(Int.random(in: 0..<5_000, using: &random))"
      let repoName = "\(login)/project-\(Int.random(in: 0..<300, using: &random))"
      let commits = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        let sha = hex(40)
        return Event.Commit(
          sha: sha, author: Event.Author(email: "\(login)@users.noreply.github.com", name: login),
          message: (0..<8).map { _ in words.randomElement(using: &random)! }.joined(separator: " "),
          distinct: Bool.random(using: &random),
          url: URL(string: "https://api.github.com/repos/\(repoName)/commits/\(sha)")!)
      }
      let actorID = Int.random(in: 1..<90_000_000, using: &random)
      return Event(
        id: String(20_000_000_000 + n * 7),
        type: ["PushEvent", "CreateEvent", "WatchEvent", "IssuesEvent"].randomElement(using: &random)!,
        actor: Event.Actor(
          id: actorID, login: login, displayLogin: login, gravatarId: "",
          url: URL(string: "https://api.github.com/users/\(login)")!,
          avatarUrl: URL(string: "https://avatars.githubusercontent.com/u/\(actorID)?")!),
        repo: Event.Repo(
          id: Int.random(in: 1..<700_000_000, using: &random), name: repoName,
          url: URL(string: "https://api.github.com/repos/\(repoName)")!),
        payload: Event.Payload(
          pushId: Int.random(in: 1..<10_000_000_000, using: &random), size: commits.count,
          distinctSize: commits.count, ref: "refs/heads/main", head: hex(40), before: hex(40), commits: commits),
        public: true,
        createdAt: Date(timeIntervalSince1970: Double(1_700_000_000 + n * 37)),
        signature: Data((0..<24).map { _ in UInt8.random(in: 0...255, using: &random) }))
    }
  }

  static func coders(_ dates: Dates) -> (ArgonautJSONDecoder, ArgonautJSONEncoder, JSONDecoder, JSONEncoder) {
    let argonautDecoder = ArgonautJSONDecoder()
    let argonautEncoder = ArgonautJSONEncoder()
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    argonautDecoder.keyDecodingStrategy = .convertFromSnakeCase
    foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
    argonautEncoder.keyEncodingStrategy = .convertToSnakeCase
    foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
    switch dates {
    case .iso8601:
      argonautDecoder.dateDecodingStrategy = .iso8601
      foundationDecoder.dateDecodingStrategy = .iso8601
      argonautEncoder.dateEncodingStrategy = .iso8601
      foundationEncoder.dateEncodingStrategy = .iso8601
    case .secondsSince1970:
      argonautDecoder.dateDecodingStrategy = .secondsSince1970
      foundationDecoder.dateDecodingStrategy = .secondsSince1970
      argonautEncoder.dateEncodingStrategy = .secondsSince1970
      foundationEncoder.dateEncodingStrategy = .secondsSince1970
    }
    return (argonautDecoder, argonautEncoder, foundationDecoder, foundationEncoder)
  }

  static func measure(rounds: Int, only: Set<String>?) -> [CodableResult] {
    let twitter = measureTwitter(rounds: rounds, only: only).map { [$0] } ?? []
    let model = events()
    return twitter
      + Dates.allCases.compactMap { dates in
        let name = name(dates)
        if let only, !only.contains(name), !only.contains("github-events") { return nil }
        FileHandle.standardError.write(Data("measuring Codable \(name)…\n".utf8))
        let (argonautDecoder, argonautEncoder, foundationDecoder, foundationEncoder) = coders(dates)
        let data = try! foundationEncoder.encode(model)
        guard try! argonautDecoder.decode([Event].self, from: data) == model,
          try! foundationDecoder.decode([Event].self, from: argonautEncoder.encode(model)) == model
        else {
          fatalError("\(name): ArgonautJSONDecoder/Encoder and Foundation disagree")
        }
        let decode = compare(
          rounds: rounds, { consume(try! argonautDecoder.decode([Event].self, from: data)) },
          { consume(try! foundationDecoder.decode([Event].self, from: data)) })
        let encode = compare(
          rounds: rounds, { consume(try! argonautEncoder.encode(model)) },
          { consume(try! foundationEncoder.encode(model)) })
        return CodableResult(
          document: name, model: "[Event]", decode: Comparison(bytes: data.count, decode),
          encode: Comparison(bytes: data.count, encode))
      }
  }

  /// A tight loop of Argonaut's coders on the events (or, with `twitter`, on
  /// `SnakeTwitter`), for a profiler (`decode-foundation` and `encode-foundation` loop
  /// Foundation's coders instead):
  ///   perf record .build/release/ArgonautBenchmarks --strategy-profile iso8601 decode 50
  static func profile(dates: String, direction: String, iterations: Int) -> Never {
    let (argonautDecoder, argonautEncoder, foundationDecoder, foundationEncoder) = coders(
      Dates(rawValue: dates) ?? .iso8601)
    if dates == "twitter" {
      guard let document = Documents.corpus().first(where: { $0.name == "twitter.json" }) else {
        fatalError("twitter.json is not in ../shared/corpora/bench")
      }
      let data = document.data
      let model = try! foundationDecoder.decode(SnakeTwitter.self, from: data)
      for _ in 0..<iterations {
        switch direction {
        case "encode": consume(try! argonautEncoder.encode(model))
        case "encode-foundation": consume(try! foundationEncoder.encode(model))
        case "decode-foundation": consume(try! foundationDecoder.decode(SnakeTwitter.self, from: data))
        default: consume(try! argonautDecoder.decode(SnakeTwitter.self, from: data))
        }
      }
      exit(0)
    }
    let model = events()
    let data = try! foundationEncoder.encode(model)
    for _ in 0..<iterations {
      switch direction {
      case "encode": consume(try! argonautEncoder.encode(model))
      case "encode-foundation": consume(try! foundationEncoder.encode(model))
      case "decode-foundation": consume(try! foundationDecoder.decode([Event].self, from: data))
      default: consume(try! argonautDecoder.decode([Event].self, from: data))
      }
    }
    exit(0)
  }
}
