import Argonaut
import Foundation
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSessionTransport: one ephemeral session, deadlines enforced by the service")
struct URLSessionTransportTests {
  @Test("The shared session is ephemeral and keeps no URL cache")
  func sessionConfiguration() {
    let configuration = URLSessionTransport.shared.session.configuration
    #expect(configuration.urlCache == nil)
    #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    #expect(URLSessionTransport.shared === URLSessionTransport.shared)
  }

  @Test(
    "The session's own timeout is a backstop: whole seconds, past the deadline",
    arguments: [
      (Duration.milliseconds(300), 2.0), (.milliseconds(1500), 3.0), (.seconds(2), 3.0), (.seconds(60), 61.0),
    ])
  func backstopTimeout(deadline: Duration, interval: TimeInterval) {
    let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:1/")!, timeout: deadline)
    #expect(URLSessionTransport.urlRequest(for: request).timeoutInterval == interval)
  }

  @Test("The URLRequest carries the method, headers and body")
  func urlRequest() {
    let request = HTTPRequest(
      method: .patch, url: URL(string: "http://127.0.0.1:1/x")!, headers: ["X-A": "1"], body: Data("{}".utf8))
    let urlRequest = URLSessionTransport.urlRequest(for: request)
    #expect(urlRequest.httpMethod == "PATCH")
    #expect(urlRequest.value(forHTTPHeaderField: "X-A") == "1")
    #expect(urlRequest.httpBody == Data("{}".utf8))
  }
}

/// Compile-time checks: these types cross threads.
@Suite("Sendable conformances")
struct SendableTests {
  func requireSendable<T: Sendable>(_: T.Type) {}

  @Test("The services layer's public types are Sendable")
  func sendable() {
    requireSendable(Request.self)
    requireSendable(RequestBody.self)
    requireSendable(QueryItem.self)
    requireSendable(HTTPMethod.self)
    requireSendable(HTTPRequest.self)
    requireSendable(HTTPResponse.self)
    requireSendable(ServiceError.self)
    requireSendable(ServiceError.Kind.self)
    requireSendable(ServiceTask.self)
    requireSendable(ServiceConfiguration.self)
    requireSendable(ServiceEnvironment.self)
    requireSendable(URLSessionTransport.self)
    requireSendable(InMemoryTransport.self)
    requireSendable(FileTransport.self)
    requireSendable(StubResponse.self)
  }
}
