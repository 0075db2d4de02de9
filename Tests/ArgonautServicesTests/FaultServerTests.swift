import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every fault of `Fixtures/FaultServer/server.py`, through the default
/// `URLSessionTransport`: each call ends in a typed error or the right value, never a
/// hang. The deadline is 600 s unless a test is about the deadline, so a hang would
/// show as a timeout, not as a stuck run.
@Suite("A misbehaving server: typed errors or the right value, never a hang", .needsPython, .faultServer)
struct FaultServerTests {
  func get(_ path: String, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) async throws -> Result<
    JSON, ServiceError
  > {
    var configuration = try FaultFixture.configuration()
    configure(&configuration)
    return await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().send(Request(.get, path))
    }
  }

  @Test("A connection closed mid-body is a transport failure")
  func closedMidBody() async throws {
    let error = try #require(try await get("/close-mid-body").failure)
    #expect(error.kind == .transportFailure, "\(error)")
    #expect(error.underlyingError is URLError)
    #if canImport(FoundationNetworking)
      // libcurl's own words, named: not a bare "network error (URLError -1)".
      #expect(error.description.contains("transport failure: the body was cut short: "), "\(error)")
    #endif
  }

  @Test("A trickled body arrives whole")
  func trickle() async throws {
    let value = try await get("/trickle?bytes=40&ms=5").get()
    #expect(value["pad"] == .string(String(repeating: "x", count: 29)))
  }

  @Test("A trickle slower than the deadline times out")
  func trickleTimeout() async throws {
    // 2,000 bytes, one every 20 ms: 40 s, 130 times the deadline.
    let error = try #require(try await get("/trickle?bytes=2000&ms=20") { $0.timeout = .milliseconds(300) }.failure)
    #expect(error.kind == .timeout)
  }

  @Test("Broken chunked encoding is a transport failure")
  func badChunking() async throws {
    let error = try #require(try await get("/bad-chunking").failure)
    #expect(error.kind == .transportFailure, "\(error)")
    #if canImport(FoundationNetworking)
      #expect(error.description.contains("transport failure: the body's chunked encoding is malformed: "), "\(error)")
    #endif
  }

  @Test("A Content-Length of 2 GB is refused at once, without waiting for the body")
  func hugeClaim() async throws {
    let error = try #require(try await get("/huge-claim").failure)
    #expect(error.kind == .responseTooLarge, "\(error)")
    #expect(error.description.hasSuffix("/huge-claim: response body larger than the limit of 64 MiB"))
  }

  @Test("A chunked body past the configured limit is cut off; one under it decodes")
  func bodyLimit() async throws {
    let error = try #require(
      try await get("/big?bytes=8388608") { $0.maximumResponseSize = 1 << 20 }.failure)
    #expect(error.kind == .responseTooLarge, "\(error)")
    #expect(error.description.hasSuffix("response body larger than the limit of 1 MiB"))
    let small = try await get("/big?bytes=16384") { $0.maximumResponseSize = 1 << 20 }.get()
    #expect(small.arrayValue?.count == 8192 + 1)
  }

  @Test("A redirect loop is a transport failure that says so")
  func redirectLoop() async throws {
    let error = try #require(try await get("/redirect-loop").failure)
    #expect(error.kind == .transportFailure)
    #expect((error.underlyingError as? URLError)?.code == .httpTooManyRedirects, "\(error)")
  }

  @Test("A 204 is a response with an empty body; decoding it is a typed error")
  func noContent() async throws {
    let configuration = try FaultFixture.configuration()
    let response = try await result(in: configuration) { () async throws(ServiceError) in
      try await JSONService().response(for: Request(.delete, "/no-content"))
    }.get()
    #expect(response.statusCode == 204)
    #expect(response.body.isEmpty)
    #expect(try await get("/no-content").failure?.kind == .invalidJSON)
  }

  @Test("A 304 is an unacceptable status unless accepted")
  func notModified() async throws {
    let error = try #require(try await get("/not-modified").failure)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == 304)
  }

  @Test("A status line that is not HTTP is a typed error")
  func garbage() async throws {
    let error = try #require(try await get("/garbage").failure)
    #expect([ServiceError.Kind.transportFailure, .invalidJSON, .unacceptableStatus].contains(error.kind), "\(error)")
  }

  @Test("32 connections reset at once: each call is a transport failure")
  func resetsUnderLoad() async throws {
    let configuration = try FaultFixture.configuration()
    let kinds = await withTaskGroup(of: ServiceError.Kind?.self) { group in
      for _ in 0..<32 {
        group.addTask {
          await result(in: configuration) { () async throws(ServiceError) in
            try await JSONService().send(Request(.get, "/reset"))
          }.failure?.kind
        }
      }
      var kinds: [ServiceError.Kind?] = []
      for await kind in group { kinds.append(kind) }
      return kinds
    }
    #expect(kinds.count == 32)
    #expect(kinds.allSatisfy { $0 == .transportFailure }, "\(kinds)")
  }
}
