import Argonaut

// twitter.json's models as JSON again, with the document's key names, so that
// decode → encode → decode gives the same models.

extension Twitter: JSONEncodable {
  public func encode() -> JSON {
    ["statuses": statuses.encode()]
  }
}

extension Status: JSONEncodable {
  public func encode() -> JSON {
    [
      "id": id.encode(),
      "id_str": idStr.encode(),
      "text": text.encode(),
      "created_at": createdAt.encode(),
      "user": user.encode(),
      "entities": entities.encode(),
      "retweet_count": retweetCount.encode(),
      "favorite_count": favoriteCount.encode(),
      "favorited": favorited.encode(),
      "lang": lang.encode(),
      "in_reply_to_screen_name": inReplyToScreenName.encode(),
    ]
  }
}

extension TwitterUser: JSONEncodable {
  public func encode() -> JSON {
    [
      "id": id.encode(),
      "screen_name": screenName.encode(),
      "name": name.encode(),
      "location": location.encode(),
      "description": description.encode(),
      "followers_count": followersCount.encode(),
      "friends_count": friendsCount.encode(),
      "verified": verified.encode(),
      "profile_image_url": profileImageURL.encode(),
    ]
  }
}

extension Entities: JSONEncodable {
  public func encode() -> JSON {
    ["hashtags": hashtags.encode(), "user_mentions": userMentions.encode()]
  }
}

extension Hashtag: JSONEncodable {
  public func encode() -> JSON {
    ["text": text.encode(), "indices": indices.encode()]
  }
}

extension UserMention: JSONEncodable {
  public func encode() -> JSON {
    ["id": id.encode(), "screen_name": screenName.encode(), "name": name.encode(), "indices": indices.encode()]
  }
}
