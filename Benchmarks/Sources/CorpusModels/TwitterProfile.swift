import Argonaut

// The whole user object of twitter.json: 40 fields, one `build` call. `curry` stops
// at 20 arguments; this is the model that used to need splitting in two.

/// A Twitter user with every field of the v1.1 API's user object.
public struct TwitterProfile: Equatable, Sendable {
  public let id: UInt64
  public let idStr: String
  public let name: String
  public let screenName: String
  public let location: String
  public let description: String
  public let url: String?
  public let entities: ProfileEntities
  public let isProtected: Bool
  public let followersCount: Int
  public let friendsCount: Int
  public let listedCount: Int
  public let createdAt: String
  public let favouritesCount: Int
  public let utcOffset: Int?
  public let timeZone: String?
  public let geoEnabled: Bool
  public let verified: Bool
  public let statusesCount: Int
  public let lang: String
  public let contributorsEnabled: Bool
  public let isTranslator: Bool
  public let isTranslationEnabled: Bool
  public let profileBackgroundColor: String
  public let profileBackgroundImageURL: String
  public let profileBackgroundImageURLHttps: String
  public let profileBackgroundTile: Bool
  public let profileImageURL: String
  public let profileImageURLHttps: String
  public let profileBannerURL: String?
  public let profileLinkColor: String
  public let profileSidebarBorderColor: String
  public let profileSidebarFillColor: String
  public let profileTextColor: String
  public let profileUseBackgroundImage: Bool
  public let defaultProfile: Bool
  public let defaultProfileImage: Bool
  public let following: Bool
  public let followRequestSent: Bool
  public let notifications: Bool
}

/// The links in a profile's description and URL.
public struct ProfileEntities: Equatable, Sendable {
  public let description: ProfileURLs
  public let url: ProfileURLs?
}

/// The links found in one profile field.
public struct ProfileURLs: Equatable, Sendable {
  public let urls: [ProfileURL]
}

/// One link: the shortened form, where it leads, and where it sits in the text.
public struct ProfileURL: Equatable, Sendable {
  public let url: String
  public let expandedURL: String?
  public let displayURL: String?
  public let indices: [Int]
}

extension TwitterProfile: Decodable {
  public static func decode(_ j: JSON) -> Decoded<TwitterProfile> {
    build(
      TwitterProfile.init,
      j <| "id",
      j <| "id_str",
      j <| "name",
      j <| "screen_name",
      j <| "location",
      j <| "description",
      j <|? "url",
      j <| "entities",
      j <| "protected",
      j <| "followers_count",
      j <| "friends_count",
      j <| "listed_count",
      j <| "created_at",
      j <| "favourites_count",
      j <|? "utc_offset",
      j <|? "time_zone",
      j <| "geo_enabled",
      j <| "verified",
      j <| "statuses_count",
      j <| "lang",
      j <| "contributors_enabled",
      j <| "is_translator",
      j <| "is_translation_enabled",
      j <| "profile_background_color",
      j <| "profile_background_image_url",
      j <| "profile_background_image_url_https",
      j <| "profile_background_tile",
      j <| "profile_image_url",
      j <| "profile_image_url_https",
      j <|? "profile_banner_url",
      j <| "profile_link_color",
      j <| "profile_sidebar_border_color",
      j <| "profile_sidebar_fill_color",
      j <| "profile_text_color",
      j <| "profile_use_background_image",
      j <| "default_profile",
      j <| "default_profile_image",
      j <| "following",
      j <| "follow_request_sent",
      j <| "notifications")
  }
}

extension TwitterProfile: JSONEncodable {
  /// Every member, in the document's order; `profile_banner_url` is left out when
  /// `nil`, as Twitter does, while the other optionals are `null`.
  public func encode() -> JSON {
    JSON(omittingNil: [
      "id": id.encode(),
      "id_str": idStr.encode(),
      "name": name.encode(),
      "screen_name": screenName.encode(),
      "location": location.encode(),
      "description": description.encode(),
      "url": url.encode(),
      "entities": entities.encode(),
      "protected": isProtected.encode(),
      "followers_count": followersCount.encode(),
      "friends_count": friendsCount.encode(),
      "listed_count": listedCount.encode(),
      "created_at": createdAt.encode(),
      "favourites_count": favouritesCount.encode(),
      "utc_offset": utcOffset.encode(),
      "time_zone": timeZone.encode(),
      "geo_enabled": geoEnabled.encode(),
      "verified": verified.encode(),
      "statuses_count": statusesCount.encode(),
      "lang": lang.encode(),
      "contributors_enabled": contributorsEnabled.encode(),
      "is_translator": isTranslator.encode(),
      "is_translation_enabled": isTranslationEnabled.encode(),
      "profile_background_color": profileBackgroundColor.encode(),
      "profile_background_image_url": profileBackgroundImageURL.encode(),
      "profile_background_image_url_https": profileBackgroundImageURLHttps.encode(),
      "profile_background_tile": profileBackgroundTile.encode(),
      "profile_image_url": profileImageURL.encode(),
      "profile_image_url_https": profileImageURLHttps.encode(),
      "profile_banner_url": profileBannerURL.encodeIfPresent(),
      "profile_link_color": profileLinkColor.encode(),
      "profile_sidebar_border_color": profileSidebarBorderColor.encode(),
      "profile_sidebar_fill_color": profileSidebarFillColor.encode(),
      "profile_text_color": profileTextColor.encode(),
      "profile_use_background_image": profileUseBackgroundImage.encode(),
      "default_profile": defaultProfile.encode(),
      "default_profile_image": defaultProfileImage.encode(),
      "following": following.encode(),
      "follow_request_sent": followRequestSent.encode(),
      "notifications": notifications.encode(),
    ])
  }
}

extension ProfileEntities: Decodable, JSONEncodable {
  public static func decode(_ j: JSON) -> Decoded<ProfileEntities> {
    build(ProfileEntities.init, j <| "description", j <|? "url")
  }

  public func encode() -> JSON {
    JSON(omittingNil: ["description": description.encode(), "url": url.encodeIfPresent()])
  }
}

extension ProfileURLs: Decodable, JSONEncodable {
  public static func decode(_ j: JSON) -> Decoded<ProfileURLs> {
    build(ProfileURLs.init, j <|| "urls")
  }

  public func encode() -> JSON {
    ["urls": urls.encode()]
  }
}

extension ProfileURL: Decodable, JSONEncodable {
  public static func decode(_ j: JSON) -> Decoded<ProfileURL> {
    build(ProfileURL.init, j <| "url", j <|? "expanded_url", j <|? "display_url", j <|| "indices")
  }

  public func encode() -> JSON {
    [
      "url": url.encode(),
      "expanded_url": expandedURL.encode(),
      "display_url": displayURL.encode(),
      "indices": indices.encode(),
    ]
  }
}
