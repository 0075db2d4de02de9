import Argonaut

// canada.json's models as JSON again: every coordinate is written in its shortest
// form that reads back as the same `Double`.

extension FeatureCollection: JSONEncodable {
  public func encode() -> JSON {
    ["type": type.encode(), "features": features.encode()]
  }
}

extension Feature: JSONEncodable {
  public func encode() -> JSON {
    ["type": type.encode(), "properties": properties.encode(), "geometry": geometry.encode()]
  }
}

extension Geometry: JSONEncodable {
  public func encode() -> JSON {
    ["type": type.encode(), "coordinates": coordinates.encode()]
  }
}
