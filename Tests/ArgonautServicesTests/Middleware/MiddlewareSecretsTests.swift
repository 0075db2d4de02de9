import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// A model whose `seen` must be a number: a server that echoes a token where it
/// belongs makes a decoding error whose found value is that token.
private struct Seen: Decodable {
  let seen: Int

  static func decode(_ j: JSON) -> Decoded<Seen> {
    Seen.init <^> j <| "seen"
  }
}

private final class SeenService: Service {
  typealias Model = Seen
}

/// Everything that prints an error: its description, its debug description and its cause.
private func printed(_ error: ServiceError) -> [String] {
  [error.description, error.debugDescription, String(describing: error.underlyingError as Any)]
}

/// The secrets that middleware adds to a request (the bearer token of
/// ``AuthMiddleware``) are redacted by value wherever a server echoes them: in errors,
/// their debug descriptions, and in the records of a logging middleware that sits
/// outside the auth middleware, where it sees the request without them.
@Suite("Secrets added by middleware: redacted by value in errors and log records", .needsPython, .exampleServer)
struct MiddlewareSecretsTests {
  let test = UUID().uuidString
  static let token = "tok-5e3c1f9a77"

  func configuration(_ middleware: [any ServiceMiddleware]) throws -> ServiceConfiguration {
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = middleware
    return configuration
  }

  @Test("A server that echoes the token in its body and a header: the error never shows it")
  func echoedInError() async throws {
    let records = RecordSink()
    let configuration = try configuration([
      LoggingMiddleware(level: .bodies, records.sink),  // outside auth, as the Middleware article shows
      AuthMiddleware(token: { Self.token }, refresh: { Self.token }),
    ])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/middleware/\(test)/echo-auth"))
      }.failure)
    // The server really echoed it…
    #expect(error.statusCode == 403)
    #expect(error.response?.header("X-Seen-Authorization") == "Bearer \(Self.token)")
    let echoed = String(decoding: error.response?.body ?? Data(), as: UTF8.self)
    #expect(echoed.contains(Self.token))
    // …and nothing prints it.
    for text in printed(error) {
      #expect(!text.contains(Self.token), "\(text)")
    }
    #expect(error.debugDescription.contains("X-Seen-Authorization: <redacted>"))
    #expect(error.description.contains(#""seen":"<redacted>""#))
    let record = try #require(records.records.first)
    #expect(record.responseHeaders.contains("X-Seen-Authorization: <redacted>"))
    #expect(!record.description.contains(Self.token))
    #expect(!(record.responseBody ?? "").contains(Self.token))
    #expect(!record.responseHeaders.joined().contains(Self.token))
  }

  @Test("A decoding error whose found value is the echoed token does not show it")
  func echoedInDecodingError() async throws {
    let configuration = try configuration([AuthMiddleware(token: { Self.token }, refresh: { Self.token })])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await SeenService().getRequest(
          url: "/middleware/\(test)/echo-auth", parameters: ["status": "200"], headers: nil)
      }.failure)
    #expect(error.kind == .decodingFailed)
    #expect(error.description.contains("seen"))
    for text in printed(error) {
      #expect(!text.contains(Self.token), "\(text)")
    }
  }

  @Test("After a refresh, the old token and the new one are both redacted")
  func bothTokens() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/me") { request in
      let auth = request.header("Authorization") ?? ""
      return .json(["seen": .string(auth)], status: auth == "Bearer new-token-8841" ? 500 : 401)
    }
    let records = RecordSink()
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600),
      middleware: [
        LoggingMiddleware(level: .headers, records.sink),
        AuthMiddleware(token: { "old-token-1932" }, refresh: { "new-token-8841" }),
      ])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/me"))
      }.failure)
    #expect(error.statusCode == 500)
    #expect(
      memory.recordedRequests.map { $0.header("Authorization") } == ["Bearer old-token-1932", "Bearer new-token-8841"])
    for text in printed(error) + records.records.map(\.description) {
      #expect(!text.contains("old-token-1932"), "\(text)")
      #expect(!text.contains("new-token-8841"), "\(text)")
    }
  }

  @Test("A failed refresh's error text is redacted in every waiter's error")
  func refreshErrorText() async throws {
    struct Denied: Error, CustomStringConvertible {
      var description: String {
        #"400 from /oauth: refresh_token=rt-secret-771 rejected; {"access_token": "at-secret-552"}; "#
          + "Authorization: Bearer old-token-1932"
      }
    }
    let memory = InMemoryTransport()
    memory.on(.get, "/me", respond: .json(["error": "expired"], status: 401))
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600),
      middleware: [AuthMiddleware(token: { "old-token-1932" }, refresh: { throw Denied() })])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.get, "/me"))
      }.failure)
    #expect(error.kind == .middlewareFailure)
    let failure = try #require(error.underlyingError as? AuthMiddleware.RefreshFailed)
    #expect(failure.underlyingError is Denied)
    for text in printed(error) + [failure.description] {
      for secret in ["rt-secret-771", "at-secret-552", "old-token-1932"] {
        #expect(!text.contains(secret), "\(text)")
      }
    }
    #expect(
      failure.description
        == #"token refresh failed: 400 from /oauth: refresh_token=<redacted> rejected; {"access_token": "<redacted>"}; "#
        + "Authorization: <redacted>")
  }
}
