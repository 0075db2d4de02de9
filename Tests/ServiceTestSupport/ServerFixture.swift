import ArgonautServices
import Dispatch
import NewsFeedExample
import Testing

// Test support shared by ArgonautServicesTests and NewsFeedExampleTests: the
// example server as a suite trait, and helpers that turn calls into `Result`s.

/// The example server that the tests of a suite share.
public enum Fixture {
  /// The server of the suite being run; set by the `.exampleServer` trait.
  @TaskLocal public static var server: ExampleServer?

  /// A configuration for the running server.
  ///
  /// The default timeout is 10 minutes, orders of magnitude above a local request:
  /// on a loaded 2-core machine, CPU-bound tests can keep every cooperative thread
  /// busy for a minute or more, and a deadline (which fires on time, off the pool)
  /// must not turn that wait into a failure.
  public static func serverConfiguration(
    timeout: Duration = .seconds(600), queue: DispatchQueue = .global()
  ) throws -> ServiceConfiguration {
    let server = try #require(server, "the suite needs the .exampleServer trait")
    return ServiceConfiguration(environment: server.environment, callbackQueue: queue, timeout: timeout)
  }
}

/// Starts the example server before a suite's tests and stops it after them.
public struct ExampleServerTrait: SuiteTrait, TestScoping {
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // Both waits (for the port, and for the exit) happen off the cooperative pool:
    // blocking one of its threads, on a 2-core machine, stalls every other test.
    let server = try await ExampleServer.start()
    do {
      try await Fixture.$server.withValue(server) { try await function() }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }
}

extension Trait where Self == ExampleServerTrait {
  /// Runs the suite against a fresh example server on 127.0.0.1.
  public static var exampleServer: Self { Self() }
}

extension Trait where Self == ConditionTrait {
  /// Skips the suite, saying why, when there is no `python3` to run the server.
  public static var needsPython: Self {
    .enabled(
      if: ExampleServer.python != nil,
      "python3 is not on the PATH: the tests against the real example server are skipped")
  }
}

/// Runs `body`, the async form of a call, with `configuration` bound.
public func result<T>(
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

/// Starts the completion form of a call with `configuration` bound, and waits for
/// its result.
public func completionResult<Model: Sendable>(
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
  public var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
