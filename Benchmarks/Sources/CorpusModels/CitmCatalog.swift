import Argonaut

// citm_catalog.json: events keyed by id, and performances with their prices and
// seat categories.

public struct CitmCatalog: Equatable, Sendable, Codable {
  public let events: [String: Event]
  public let performances: [Performance]
  public let areaNames: [String: String]
  public let venueNames: [String: String]
}

public struct Event: Equatable, Sendable, Codable {
  public let id: Int
  public let name: String
  public let description: String?
  public let logo: String?
  public let subTopicIds: [Int]
  public let subjectCode: String?
  public let subtitle: String?
  public let topicIds: [Int]
}

public struct Performance: Equatable, Sendable, Codable {
  public let id: Int
  public let eventId: Int
  public let name: String?
  public let logo: String?
  public let prices: [Price]
  public let seatCategories: [SeatCategory]
  public let seatMapImage: String?
  public let start: Int64
  public let venueCode: String
}

public struct Price: Equatable, Sendable, Codable {
  public let amount: Int
  public let audienceSubCategoryId: Int
  public let seatCategoryId: Int
}

public struct SeatCategory: Equatable, Sendable, Codable {
  public let areas: [Area]
  public let seatCategoryId: Int
}

public struct Area: Equatable, Sendable, Codable {
  public let areaId: Int
  public let blockIds: [Int]
}

extension CitmCatalog: Decodable {
  public static func decode(_ j: JSON) -> Decoded<CitmCatalog> {
    curry(CitmCatalog.init)
      <^> j <| "events"
      <*> j <|| "performances"
      <*> j <| "areaNames"
      <*> j <| "venueNames"
  }
}

extension Event: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Event> {
    curry(Event.init)
      <^> j <| "id"
      <*> j <| "name"
      <*> j <|? "description"
      <*> j <|? "logo"
      <*> j <|| "subTopicIds"
      <*> j <|? "subjectCode"
      <*> j <|? "subtitle"
      <*> j <|| "topicIds"
  }
}

extension Performance: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Performance> {
    curry(Performance.init)
      <^> j <| "id"
      <*> j <| "eventId"
      <*> j <|? "name"
      <*> j <|? "logo"
      <*> j <|| "prices"
      <*> j <|| "seatCategories"
      <*> j <|? "seatMapImage"
      <*> j <| "start"
      <*> j <| "venueCode"
  }
}

extension Price: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Price> {
    curry(Price.init) <^> j <| "amount" <*> j <| "audienceSubCategoryId" <*> j <| "seatCategoryId"
  }
}

extension SeatCategory: Decodable {
  public static func decode(_ j: JSON) -> Decoded<SeatCategory> {
    curry(SeatCategory.init) <^> j <|| "areas" <*> j <| "seatCategoryId"
  }
}

extension Area: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Area> {
    curry(Area.init) <^> j <| "areaId" <*> j <|| "blockIds"
  }
}
