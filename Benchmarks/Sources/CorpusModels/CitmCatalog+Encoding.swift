import Argonaut

// citm_catalog.json's models as JSON again. A missing optional stays missing
// (`JSON(omittingNil:)`), as in the document, where absent and `null` both occur.

extension CitmCatalog: JSONEncodable {
  public func encode() -> JSON {
    [
      "events": events.encode(),
      "performances": performances.encode(),
      "areaNames": areaNames.encode(),
      "venueNames": venueNames.encode(),
    ]
  }
}

extension Event: JSONEncodable {
  public func encode() -> JSON {
    JSON(omittingNil: [
      "id": id.encode(),
      "name": name.encode(),
      "description": description.encodeIfPresent(),
      "logo": logo.encodeIfPresent(),
      "subTopicIds": subTopicIds.encode(),
      "subjectCode": subjectCode.encodeIfPresent(),
      "subtitle": subtitle.encodeIfPresent(),
      "topicIds": topicIds.encode(),
    ])
  }
}

extension Performance: JSONEncodable {
  public func encode() -> JSON {
    [
      "id": id.encode(),
      "eventId": eventId.encode(),
      "name": name.encode(),
      "logo": logo.encode(),
      "prices": prices.encode(),
      "seatCategories": seatCategories.encode(),
      "seatMapImage": seatMapImage.encode(),
      "start": start.encode(),
      "venueCode": venueCode.encode(),
    ]
  }
}

extension Price: JSONEncodable {
  public func encode() -> JSON {
    [
      "amount": amount.encode(),
      "audienceSubCategoryId": audienceSubCategoryId.encode(),
      "seatCategoryId": seatCategoryId.encode(),
    ]
  }
}

extension SeatCategory: JSONEncodable {
  public func encode() -> JSON {
    ["areas": areas.encode(), "seatCategoryId": seatCategoryId.encode()]
  }
}

extension Area: JSONEncodable {
  public func encode() -> JSON {
    ["areaId": areaId.encode(), "blockIds": blockIds.encode()]
  }
}
