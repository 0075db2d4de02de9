import Argonaut
import ArgonautServices

/// A service whose model is any JSON: for the echo endpoint and raw bodies.
final class JSONService: Service {
  typealias Model = JSON
}

/// A service of feeds, shaped as the example server's news feed.
final class FeedService: Service {
  typealias Model = Feed
}

/// A service with a secret-looking field in its model.
final class SessionService: Service {
  typealias Model = Session
}

/// A service that stores its own configuration instead of using the task-local one.
final class PinnedJSONService: Service {
  typealias Model = JSON
  let configuration: ServiceConfiguration
  init(configuration: ServiceConfiguration) { self.configuration = configuration }
}

/// Runs `body`, the async form of a call, with `configuration` bound.
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

/// Starts the completion form of a call with `configuration` bound, and waits for
/// its result.
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
