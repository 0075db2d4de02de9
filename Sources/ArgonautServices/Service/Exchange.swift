import Argonaut
import Foundation

/// A request and the response it got: what the pipeline hands to the decoding step.
struct Exchange: Sendable {
  let request: HTTPRequest
  let response: HTTPResponse
  /// The requests as they reached the transport, for the redactor of any error.
  var sentRequests: [HTTPRequest] = []

  /// The body decoded as `Model`.
  /// - Throws: ``ServiceError`` of kind ``ServiceError/Kind/invalidJSON`` or ``ServiceError/Kind/decodingFailed``.
  func decoded<Model: Decodable>(as model: Model.Type) throws(ServiceError) -> Model where Model.DecodedType == Model {
    let json: JSON
    do {
      json = try response.json()
    } catch {
      throw ServiceError(.invalidJSON(error), request: request, response: response).sent(sentRequests)
    }
    switch Model.decode(json) {
    case .success(let value):
      return value
    case .failure(let error):
      throw ServiceError(
        .decodingFailed(error, modelName: String(describing: Model.self)), request: request, response: response
      ).sent(sentRequests)
    }
  }
}
