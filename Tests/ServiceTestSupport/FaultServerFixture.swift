import ArgonautServices
import Foundation
import NewsFeedExample
import Testing

/// The misbehaving server (`Fixtures/FaultServer/server.py`) that a suite shares: it
/// closes mid-body, trickles, breaks chunking, claims 2 GB, loops redirects,
/// redirects across origins, answers 204 and 304, and resets connections.
public enum FaultFixture {
  /// The server of the suite being run; set by the `.faultServer` trait.
  @TaskLocal public static var server: ExampleServer?

  /// `Fixtures/FaultServer/server.py` in this package.
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ServiceTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent("Fixtures/FaultServer/server.py")

  /// A configuration for the running fault server, through `transport`, with a
  /// deadline orders of magnitude above any of its answers unless told otherwise.
  public static func configuration(
    timeout: Duration = .seconds(600), transport: any HTTPTransport = URLSessionTransport.shared
  ) throws -> ServiceConfiguration {
    let server = try #require(server, "the suite needs the .faultServer trait")
    return ServiceConfiguration(environment: server.environment, transport: transport, timeout: timeout)
  }
}

/// Starts the fault server before a suite's tests and stops it after them, without
/// blocking the cooperative pool.
public struct FaultServerTrait: SuiteTrait, TestScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try await ExampleServer.start(script: FaultFixture.script)
    do {
      try await FaultFixture.$server.withValue(server) { try await function() }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }
}

extension Trait where Self == FaultServerTrait {
  /// Runs the suite against a fresh fault server on 127.0.0.1.
  public static var faultServer: Self { Self() }
}
