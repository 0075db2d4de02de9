import Argonaut

// twitter.json: search results. Each type conforms to Argonaut's `Decodable` (the
// hand-written decoders below) and to `Codable` (synthesized), so a benchmark or a
// test decodes exactly the same fields both ways.

public struct Twitter: Equatable, Sendable, Codable {
  public let statuses: [Status]
}

public struct Status: Equatable, Sendable, Codable {
  public let id: UInt64
  public let idStr: String
  public let text: String
  public let createdAt: String
  public let user: TwitterUser
  public let entities: Entities
  public let retweetCount: Int
  public let favoriteCount: Int
  public let favorited: Bool
  public let lang: String
  public let inReplyToScreenName: String?

  enum CodingKeys: String, CodingKey {
    case id, text, user, entities, favorited, lang
    case idStr = "id_str"
    case createdAt = "created_at"
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case inReplyToScreenName = "in_reply_to_screen_name"
  }
}

public struct TwitterUser: Equatable, Sendable, Codable {
  public let id: UInt64
  public let screenName: String
  public let name: String
  public let location: String
  public let description: String
  public let followersCount: Int
  public let friendsCount: Int
  public let verified: Bool
  public let profileImageURL: String

  enum CodingKeys: String, CodingKey {
    case id, name, location, description, verified
    case screenName = "screen_name"
    case followersCount = "followers_count"
    case friendsCount = "friends_count"
    case profileImageURL = "profile_image_url"
  }
}

public struct Entities: Equatable, Sendable, Codable {
  public let hashtags: [Hashtag]
  public let userMentions: [UserMention]

  enum CodingKeys: String, CodingKey {
    case hashtags
    case userMentions = "user_mentions"
  }
}

public struct Hashtag: Equatable, Sendable, Codable {
  public let text: String
  public let indices: [Int]
}

public struct UserMention: Equatable, Sendable, Codable {
  public let id: UInt64
  public let screenName: String
  public let name: String
  public let indices: [Int]

  enum CodingKeys: String, CodingKey {
    case id, name, indices
    case screenName = "screen_name"
  }
}

extension Twitter: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Twitter> {
    curry(Twitter.init) <^> j <|| "statuses"
  }
}

extension Status: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Status> {
    curry(Status.init)
      <^> j <| "id"
      <*> j <| "id_str"
      <*> j <| "text"
      <*> j <| "created_at"
      <*> j <| "user"
      <*> j <| "entities"
      <*> j <| "retweet_count"
      <*> j <| "favorite_count"
      <*> j <| "favorited"
      <*> j <| "lang"
      <*> j <|? "in_reply_to_screen_name"
  }
}

extension TwitterUser: Decodable {
  public static func decode(_ j: JSON) -> Decoded<TwitterUser> {
    curry(TwitterUser.init)
      <^> j <| "id"
      <*> j <| "screen_name"
      <*> j <| "name"
      <*> j <| "location"
      <*> j <| "description"
      <*> j <| "followers_count"
      <*> j <| "friends_count"
      <*> j <| "verified"
      <*> j <| "profile_image_url"
  }
}

extension Entities: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Entities> {
    curry(Entities.init) <^> j <|| "hashtags" <*> j <|| "user_mentions"
  }
}

extension Hashtag: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Hashtag> {
    curry(Hashtag.init) <^> j <| "text" <*> j <|| "indices"
  }
}

extension UserMention: Decodable {
  public static func decode(_ j: JSON) -> Decoded<UserMention> {
    curry(UserMention.init) <^> j <| "id" <*> j <| "screen_name" <*> j <| "name" <*> j <|| "indices"
  }
}
