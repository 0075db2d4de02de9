/// Something that carries a request to a server and brings back its response.
///
/// Three come with the library: ``URLSessionTransport`` (the default),
/// ``InMemoryTransport`` for tests, and ``FileTransport``, which serves files from a
/// directory. Give a service another through its ``ServiceConfiguration``:
///
/// ```swift
/// let memory = InMemoryTransport()
/// memory.on(.get, "/newsFeed", respond: .json(["posts": []]))
/// let config = ServiceConfiguration(environment: .local(port: 8080), transport: memory)
/// let feed = try await ServiceConfiguration.$current.withValue(config) {
///   try await NewsFeedService().newsFeed(userId: "ada")
/// }
/// ```
///
/// A transport reports the status it got, whatever it is: the service decides which
/// statuses are acceptable. It throws only when there is no response at all
/// (connection refused, DNS failure, …). It must return promptly, with any error,
/// when its task is cancelled: that is how timeouts and cancellation stop it.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response.
  ///
  /// - Parameter request: The request, with its absolute URL.
  /// - Returns: The response, whatever its status.
  /// - Throws: Any error, when no response arrived; the service turns it into a
  ///   ``ServiceError`` (a `URLError.timedOut` into a timeout, a cancellation into
  ///   a cancellation, anything else into a transport failure).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
