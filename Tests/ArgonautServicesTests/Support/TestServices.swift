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
