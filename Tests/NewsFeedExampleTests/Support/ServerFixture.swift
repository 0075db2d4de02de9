import ArgonautServices
import Foundation
import NewsFeedExample
import Testing

// The same fixture as in ArgonautServicesTests: test targets cannot share code.

/// The example server that the tests of a suite share.
enum Fixture {
  /// The server of the suite being run; set by the `.exampleServer` trait.
  @TaskLocal static var server: ExampleServer?

  /// A configuration for the running server.
  static func serverConfiguration() throws -> ServiceConfiguration {
    let server = try #require(server, "the suite needs the .exampleServer trait")
    return ServiceConfiguration(environment: server.environment, timeout: .seconds(20))
  }
}

/// Starts the example server before a suite's tests and stops it after them.
struct ExampleServerTrait: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try ExampleServer.start()
    defer { server.stop() }
    try await Fixture.$server.withValue(server) { try await function() }
  }
}

extension Trait where Self == ExampleServerTrait {
  /// Runs the suite against a fresh example server on 127.0.0.1.
  static var exampleServer: Self { Self() }
}

extension Trait where Self == ConditionTrait {
  /// Skips the suite, saying why, when there is no `python3` to run the server.
  static var needsPython: Self {
    .enabled(
      if: ExampleServer.python != nil,
      "python3 is not on the PATH: the tests against the real example server are skipped")
  }
}

/// Runs `body` with `configuration` bound, and returns its result.
func result<T>(
  in configuration: ServiceConfiguration, _ body: () async throws(ServiceError) -> T
) async -> Result<T, ServiceError> {
  await ServiceConfiguration.$current.withValue(configuration) {
    do throws(ServiceError) {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }
}

/// Starts a completion-form call with `configuration` bound, and waits for its result.
func completionResult<Model: Sendable>(
  in configuration: ServiceConfiguration,
  _ start: (@escaping @Sendable (Result<Model, ServiceError>) -> Void) -> Void
) async -> Result<Model, ServiceError> {
  await withCheckedContinuation { continuation in
    ServiceConfiguration.$current.withValue(configuration) {
      start { result in continuation.resume(returning: result) }
    }
  }
}

extension Result {
  /// The failure, or `nil`.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
