import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Real redirects between two origins of the fault server: 127.0.0.1 and localhost
/// (another host), and its two ports (another port). Its `/echo` shows the headers
/// that arrived.
@Suite("Redirects: credentials never cross to another origin", .needsPython, .faultServer)
struct RedirectTests {
  static let credentials = [
    "Authorization": "Bearer SECRET-AUTHORIZATION", "Cookie": "session=SECRET-COOKIE",
    "Proxy-Authorization": "Basic SECRET-PROXY", "X-Api-Key": "SECRET-API-KEY", "X-Auth": "SECRET-X-AUTH",
    "X-Tenant-Signature-Value": "SECRET-CONFIGURED",
  ]

  #if canImport(FoundationNetworking)
    static let taskDelegatesSeeRedirects = false
  #else
    static let taskDelegatesSeeRedirects = true
  #endif

  /// The headers that `/echo` received after a redirect from `/redirect?to=<target>`.
  func echoedHeaders(redirectingTo target: String, transport: any HTTPTransport = URLSessionTransport.shared)
    async throws -> [String: String]
  {
    var configuration = try FaultFixture.configuration(transport: transport)
    configuration.secretNames = ["x-tenant-signature-value"]
    let echo = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().send(
        Request(
          .get, "/redirect", parameters: ["to": target],
          headers: Self.credentials.merging(["X-Trace": "trace-7"]) { a, _ in a }))
    }.get()
    let headers = try #require(echo["headers"]?.objectValue)
    return Dictionary(uniqueKeysWithValues: headers.compactMap { key, value in value.stringValue.map { (key, $0) } })
  }

  func ports() async throws -> (first: Int, second: Int) {
    let ports = try await result(in: try FaultFixture.configuration()) { () async throws(ServiceError) in
      try await JSONService().send(Request(.get, "/ports"))
    }.get()
    return (try #require(ports["first"]?.intValue), try #require(ports["second"]?.intValue))
  }

  @Test("To another host (127.0.0.1 → localhost): no Authorization, Cookie or secret header arrives")
  func anotherHost() async throws {
    let (first, _) = try await ports()
    let headers = try await echoedHeaders(redirectingTo: "http://localhost:\(first)/echo")
    for name in Self.credentials.keys {
      #expect(headers[name.lowercased()] == nil, "\(name) crossed to localhost")
    }
    #expect(headers["x-trace"] == "trace-7")
  }

  @Test("To another port: the same")
  func anotherPort() async throws {
    let (_, second) = try await ports()
    let headers = try await echoedHeaders(redirectingTo: "http://127.0.0.1:\(second)/echo")
    for name in Self.credentials.keys {
      #expect(headers[name.lowercased()] == nil, "\(name) crossed to another port")
    }
    #expect(headers["x-trace"] == "trace-7")
  }

  @Test("Within the origin, every header is kept")
  func sameOrigin() async throws {
    let headers = try await echoedHeaders(redirectingTo: "/echo")
    for (name, value) in Self.credentials {
      #expect(headers[name.lowercased()] == value, "\(name) was dropped within the origin")
    }
  }

  /// FoundationNetworking asks only the session's own delegate about redirects, not
  /// the task delegate of `data(for:delegate:)`: on Linux, a session that the caller
  /// owns follows redirects as its own delegate says (see URLSessionTransport).
  @Test(
    "A transport over the caller's own session applies the same policy (Apple platforms)",
    .enabled(if: RedirectTests.taskDelegatesSeeRedirects))
  func callersSession() async throws {
    let session = URLSession(configuration: URLSessionTransport.defaultSessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let (_, second) = try await ports()
    let headers = try await echoedHeaders(
      redirectingTo: "http://127.0.0.1:\(second)/echo", transport: URLSessionTransport(session: session))
    for name in Self.credentials.keys {
      #expect(headers[name.lowercased()] == nil, "\(name) crossed to another port")
    }
  }

  @Test(
    "Origins compare scheme, host and port, with default ports",
    arguments: [
      ("http://a.example/x", "http://a.example:80/y", true), ("https://a.example/x", "https://A.EXAMPLE:443/", true),
      ("http://a.example/x", "https://a.example/x", false), ("http://a.example/x", "http://b.example/x", false),
      ("http://127.0.0.1:8080/", "http://127.0.0.1:8081/", false), ("http://127.0.0.1/", "http://localhost/", false),
    ])
  func origins(a: String, b: String, same: Bool) throws {
    #expect(RedirectPolicy.isSameOrigin(try #require(URL(string: a)), try #require(URL(string: b))) == same)
  }
}
