import Argonaut
import CorpusModels
import Foundation

/// What is measured on one document, Argonaut's side and Foundation's.
struct Case {
  let document: Document
  /// Parse and decode into models, when the document has them.
  let decode: (argonaut: () -> Void, foundation: () -> Void)?
  let modelName: String?

  init(_ document: Document) {
    self.document = document
    switch document.name {
    case "twitter.json": (decode, modelName) = (Case.models(Twitter.self, document), "Twitter")
    case "citm_catalog.json": (decode, modelName) = (Case.models(CitmCatalog.self, document), "CitmCatalog")
    case "canada.json": (decode, modelName) = (Case.models(FeatureCollection.self, document), "FeatureCollection")
    case "strings-plain", "strings-escaped": (decode, modelName) = (Case.models([String].self, document), "[String]")
    case "integers": (decode, modelName) = (Case.models([Int].self, document), "[Int]")
    case "numbers": (decode, modelName) = (Case.models([Double].self, document), "[Double]")
    case "wide-object": (decode, modelName) = (Case.models([String: Int].self, document), "[String: Int]")
    case "unicode-keys": (decode, modelName) = (Case.models([[String: String]].self, document), "[[String: String]]")
    default: (decode, modelName) = (nil, nil)
    }
  }

  /// Decoders for `Model` on both sides, after checking that both succeed and agree.
  static func models<Model: Argonaut.Decodable & Swift.Decodable & Equatable>(
    _ type: Model.Type, _ document: Document
  ) -> (argonaut: () -> Void, foundation: () -> Void) where Model.DecodedType == Model {
    let bytes = document.bytes
    let data = document.data
    let ours = Model.decode(try! JSON(parsing: bytes))
    let theirs = try! JSONDecoder().decode(Model.self, from: data)
    guard case .success(let value) = ours, value == theirs else {
      fatalError(
        "\(document.name): Argonaut and JSONDecoder disagree: \(ours.error?.description ?? "different values")")
    }
    return (
      argonaut: { consume(Model.decode(try! JSON(parsing: bytes))) },
      foundation: { consume(try! JSONDecoder().decode(Model.self, from: data)) }
    )
  }
}
