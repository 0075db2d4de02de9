import Argonaut
import ArgonautServices
import Foundation
import Testing

/// A small model for the stream tests.
struct StreamUser: Decodable, Hashable, Sendable {
  let userName: String
  let email: String

  static func decode(_ json: JSON) -> Decoded<StreamUser> {
    curry(StreamUser.init) <^> json <| "userName" <*> json <| "email"
  }
}

/// A service of streams: its model does not matter.
final class StreamService: Service {
  typealias Model = JSON
}

/// Collects every element of `sequence`, or the error that ended it.
func collect<S: AsyncSequence>(_ sequence: S) async -> (elements: [S.Element], error: ServiceError?) {
  var elements: [S.Element] = []
  do {
    for try await element in sequence { elements.append(element) }
    return (elements, nil)
  } catch let error as ServiceError {
    return (elements, error)
  } catch {
    Issue.record("not a ServiceError: \(error)")
    return (elements, nil)
  }
}
