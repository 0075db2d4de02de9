import Argonaut

// canada.json: one GeoJSON feature whose polygon rings hold ~111,000 coordinate pairs.

public struct FeatureCollection: Equatable, Sendable, Codable {
  public let type: String
  public let features: [Feature]
}

public struct Feature: Equatable, Sendable, Codable {
  public let type: String
  public let properties: [String: String]
  public let geometry: Geometry
}

public struct Geometry: Equatable, Sendable, Codable {
  public let type: String
  public let coordinates: [[[Double]]]
}

extension FeatureCollection: Decodable {
  public static func decode(_ j: JSON) -> Decoded<FeatureCollection> {
    curry(FeatureCollection.init) <^> j <| "type" <*> j <|| "features"
  }
}

extension Feature: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Feature> {
    curry(Feature.init) <^> j <| "type" <*> j <| "properties" <*> j <| "geometry"
  }
}

extension Geometry: Decodable {
  public static func decode(_ j: JSON) -> Decoded<Geometry> {
    curry(Geometry.init) <^> j <| "type" <*> j <|| "coordinates"
  }
}
