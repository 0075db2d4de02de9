import Argonaut
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What an ``InMemoryTransport`` route answers: a response, a failure, or nothing
/// at all, each possibly after a delay.
///
/// ```swift
/// memory.on(.get, "/newsFeed", respond: .json(["posts": []]))
/// memory.on(.post, "/login", respond: .json(["error": "invalid credentials"], status: 401))
/// memory.on(.get, "/slow", respond: .json([:]).delayed(by: .seconds(3)))
/// memory.on(.get, "/down", respond: .connectionRefused)
/// ```
public struct StubResponse: Sendable {
  enum Outcome: Sendable {
    case response(HTTPResponse)
    case failure(any Error)
    case noResponse
    case stream(HTTPResponse, [StreamPart])
  }

  let outcome: Outcome
  let delay: Duration

  init(_ outcome: Outcome, delay: Duration = .zero) {
    self.outcome = outcome
    self.delay = delay
  }

  /// A response as given.
  public static func response(_ response: HTTPResponse) -> StubResponse {
    StubResponse(.response(response))
  }

  /// A JSON body, serialized compactly, as `application/json`.
  public static func json(_ json: JSON, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
    data(
      Data(JSONSerializer.compact.bytes(from: json)), status: status, contentType: "application/json", headers: headers)
  }

  /// A text body, such as an HTML error page or a body that is not quite JSON.
  public static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
    headers: [String: String] = [:]
  ) -> StubResponse {
    data(Data(text.utf8), status: status, contentType: contentType, headers: headers)
  }

  /// Raw bytes with the given content type.
  public static func data(
    _ data: Data, status: Int = 200, contentType: String, headers: [String: String] = [:]
  ) -> StubResponse {
    response(
      HTTPResponse(
        statusCode: status, headers: HTTPHeaders.merging(["Content-Type": contentType], headers), body: data))
  }

  /// A status with an empty body, such as `204`.
  public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
    response(HTTPResponse(statusCode: status, headers: headers))
  }

  /// No response: the transport throws `error`, as a real one does when it cannot
  /// connect.
  public static func failure(_ error: any Error) -> StubResponse {
    StubResponse(.failure(error))
  }

  /// The failure of a real transport when nothing listens on the port.
  public static let connectionRefused = failure(URLError(.cannotConnectToHost))

  /// A server that never answers: the call ends only by its deadline or a cancel.
  public static let noResponse = StubResponse(.noResponse)

  /// This answer, after `delay` (on top of the transport's latency).
  public func delayed(by delay: Duration) -> StubResponse {
    StubResponse(outcome, delay: self.delay + delay)
  }
}
