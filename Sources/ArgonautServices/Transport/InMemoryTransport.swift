import Foundation

/// A transport for tests: routes answer from memory, and every request is recorded.
///
/// ```swift
/// let memory = InMemoryTransport()
/// memory.on(.post, "/login", respond:
///   .json(["error": "token expired"], status: 401),               // the first call
///   .json(["userName": "ada", "email": "ada@example.com"]))       // every later call
/// memory.on(.get, "/users/{id}") { request in
///   .json(["userName": .string(request.pathSegments[1]), "email": "x@example.com"])
/// }
///
/// let config = ServiceConfiguration(environment: .local(port: 1), transport: memory)
/// let user = try await ServiceConfiguration.$current.withValue(config) {
///   try await UserService().login(userName: "ada", password: "lovelace")
/// }
/// #expect(memory.recordedRequests.map(\.path) == ["/login"])
/// ```
///
/// A route matches a method (or any, for `nil`) and a path template, compared with the
/// request's decoded path segments: `{name}` matches any one segment, and a final `*`
/// matches any rest. The scheme, host and query are not compared; a handler can look
/// at them. When several routes match, the one added last wins. A request that no
/// route matches gets a `404` whose text names it.
///
/// Each instance keeps its own routes and records behind a lock: there is no global
/// registry, and tests that run in parallel do not see each other's stubs.
public final class InMemoryTransport: HTTPTransport {
  /// Computes the answer to a request.
  public typealias Handler = @Sendable (HTTPRequest) -> StubResponse

  private struct Route: Sendable {
    let method: HTTPMethod?
    let pattern: [String]
    var responses: [StubResponse]
    let handler: Handler?

    func matches(_ request: HTTPRequest) -> Bool {
      if let method, method != request.method { return false }
      let segments = request.pathSegments
      var index = 0
      for (position, part) in pattern.enumerated() {
        if part == "*" && position == pattern.count - 1 { return true }
        guard index < segments.count else { return false }
        let isPlaceholder = part.hasPrefix("{") && part.hasSuffix("}")
        if !isPlaceholder && part != segments[index] { return false }
        index += 1
      }
      return index == segments.count
    }
  }

  private struct State: Sendable {
    var routes: [Route] = []
    var requests: [HTTPRequest] = []
    var latency: Duration
  }

  private let state: Locked<State>

  /// Creates a transport with no routes.
  /// - Parameter latency: How long every answer takes, to simulate a network.
  public init(latency: Duration = .zero) {
    state = Locked(State(latency: latency))
  }

  /// How long every answer takes, on top of any delay of the answer itself.
  public var latency: Duration {
    get { state.withLock { $0.latency } }
    set { state.withLock { $0.latency = newValue } }
  }

  /// Answers requests to `path` with `responses`, one per request, in order; the last
  /// one answers every request after that.
  ///
  /// - Parameters:
  ///   - method: The method to match; `nil` matches any.
  ///   - path: A path template such as `/users/{id}` or `/files/*`.
  ///   - responses: The answers, at least one.
  public func on(_ method: HTTPMethod?, _ path: String, respond responses: StubResponse...) {
    precondition(!responses.isEmpty, "InMemoryTransport.on(_:_:respond:) needs at least one response")
    add(Route(method: method, pattern: Self.segments(of: path), responses: responses, handler: nil))
  }

  /// Answers requests to `path` with what `handler` computes from each request.
  ///
  /// - Parameters:
  ///   - method: The method to match; `nil` matches any.
  ///   - path: A path template such as `/users/{id}` or `/files/*`.
  ///   - handler: Computes the answer; it may run on any thread.
  public func on(_ method: HTTPMethod?, _ path: String, handler: @escaping Handler) {
    add(Route(method: method, pattern: Self.segments(of: path), responses: [], handler: handler))
  }

  /// Every request received so far, in order.
  public var recordedRequests: [HTTPRequest] { state.withLock { $0.requests } }

  /// Forgets the routes and the recorded requests.
  public func reset() {
    state.withLock { state in
      state.routes.removeAll()
      state.requests.removeAll()
    }
  }

  /// Records `request`, waits for the latency, and answers from the matching route.
  ///
  /// A handler runs outside the transport's lock, so it may read
  /// ``recordedRequests`` or add routes with `on`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await Self.response(to: answer(request))
  }

  /// Records `request`, finds its answer, and waits for the latency and the
  /// answer's delay.
  func answer(_ request: HTTPRequest) async throws -> StubResponse {
    let (answer, latency) = state.withLock { state -> (Answer, Duration) in
      state.requests.append(request)
      guard let index = state.routes.lastIndex(where: { $0.matches(request) }) else {
        return (
          .stub(.text("InMemoryTransport: no route for \(request.method) \(request.path)", status: 404)),
          state.latency
        )
      }
      if let handler = state.routes[index].handler { return (.handler(handler), state.latency) }
      let responses = state.routes[index].responses
      if responses.count > 1 { state.routes[index].responses.removeFirst() }
      return (.stub(responses[0]), state.latency)
    }
    let stub: StubResponse
    switch answer {
    case .stub(let fixed): stub = fixed
    case .handler(let handler): stub = handler(request)
    }
    let wait = latency + stub.delay
    if wait > .zero { try await Task.sleep(for: wait) }
    return stub
  }

  /// The response that `stub` stands for, or its failure.
  static func response(to stub: StubResponse) async throws -> HTTPResponse {
    switch stub.outcome {
    case .response(let response):
      return response
    case .failure(let error):
      throw error
    case .noResponse:
      while true { try await Task.sleep(for: .seconds(3600)) }
    case .stream(let head, let parts):
      return try await collect(head, parts)
    }
  }

  /// What the matching route answers with: a fixed stub, or a handler to run
  /// once the lock is released.
  private enum Answer {
    case stub(StubResponse)
    case handler(Handler)
  }

  private func add(_ route: Route) {
    state.withLock { $0.routes.append(route) }
  }

  private static func segments(of path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map { String($0).removingPercentEncoding ?? String($0) }
  }
}
