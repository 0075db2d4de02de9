import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample
import ServiceTestSupport
import Testing

/// The services snippets of the documentation (ArgonautServices.docc/WritingServices.md),
/// compiled and run.
enum Readme {
  final class NewsFeedService: Service {
    typealias Model = NewsFeed

    func newsFeed(userId: String, completion: @escaping @Sendable (Result<NewsFeed, ServiceError>) -> Void) {
      getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil, completion: completion)
    }

    func newsFeed(userId: String) async throws(ServiceError) -> NewsFeed {
      try await getRequest(url: "/newsFeed", parameters: ["userId": userId], headers: nil)
    }
  }
}

@Suite("README snippets: services")
struct ReadmeServicesSnippetsTests {
  @Test("the README's NewsFeedService works in both forms")
  func newsFeedService() async throws {
    let configuration = ServiceConfiguration(environment: .local(port: 8080), transport: SampleData.transport())
    let feed = try await ServiceConfiguration.$current.withValue(configuration) {
      try await Readme.NewsFeedService().newsFeed(userId: "ada")
    }
    #expect(feed.posts.map(\.title) == SampleData.postTitles)
    let viaCompletion: Result<NewsFeed, ServiceError> = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        Readme.NewsFeedService().newsFeed(userId: "ada") { continuation.resume(returning: $0) }
      }
    }
    #expect(try viaCompletion.get() == feed)
  }

  @Test("middleware: the configuration with all four, in memory")
  func middleware() async throws {
    actor TokenStore {
      var current: String? = "expired"
      func refresh() async throws -> String {
        current = "fresh"
        return "fresh"
      }
    }
    final class LogBook: Sendable {
      private let lock = NSLock()
      // Only touched under `lock`.
      nonisolated(unsafe) private var collected: [LogRecord] = []
      func add(_ record: LogRecord) { lock.withLock { collected.append(record) } }
      var records: [LogRecord] { lock.withLock { collected } }
    }
    let tokens = TokenStore()
    let logBook = LogBook()
    let server = (environment: ServiceEnvironment.local(port: 8080), ())

    let configuration = ServiceConfiguration(
      environment: server.environment,
      timeout: .seconds(30),
      middleware: [
        LoggingMiddleware { record in logBook.add(record) },  // redacted, with timing
        RetryMiddleware(maxAttempts: 4),  // backoff + jitter + Retry-After
        AuthMiddleware(token: { await tokens.current }, refresh: { try await tokens.refresh() }),
        CacheMiddleware(),  // HTTP caching: ETag, max-age
      ])

    let memory = InMemoryTransport()
    memory.on(.get, "/feed") { request in
      request.header("Authorization") == "Bearer fresh"
        ? .json(["posts": []], headers: ["Cache-Control": "max-age=60"]) : .json([:], status: 401)
    }
    var inMemory = configuration
    inMemory.transport = memory
    inMemory.timeout = .seconds(600)  // a loaded machine: far above an in-memory exchange
    for _ in 0..<2 {
      let response = try await ServiceConfiguration.$current.withValue(inMemory) {
        try await Readme.NewsFeedService().response(for: Request(.get, "/feed"))
      }
      #expect(response.statusCode == 200)
    }
    #expect(memory.recordedRequests.map { $0.header("Authorization") } == ["Bearer expired", "Bearer fresh"])
    #expect(logBook.records.map(\.attempt) == [1, 1])  // a refresh and a replay, then a cache hit
    #expect(logBook.records.map(\.metrics.attempts) == [2, 0])  // transport calls
  }

  @Test("testing a service in memory")
  func inMemory() async throws {
    typealias NewsFeedService = Readme.NewsFeedService
    let memory = InMemoryTransport()
    memory.on(.get, "/newsFeed", respond: .status(503), .json(["posts": []]))
    let test = ServiceConfiguration(environment: .local(port: 8080), transport: memory)

    try await ServiceConfiguration.$current.withValue(test) {
      do {
        _ = try await NewsFeedService().newsFeed(userId: "ada")
      } catch let error as ServiceError {
        print(error.statusCode ?? 0)  // 503
      }
      let feed = try await NewsFeedService().newsFeed(userId: "ada")
      print(feed.posts.count)  // 0
    }
    print(memory.recordedRequests.count)  // 2
    #expect(
      memory.recordedRequests.map(\.description)
        == Array(repeating: "GET http://127.0.0.1:8080/newsFeed?userId=ada", count: 2))
  }

  @Test("handling a service error by kind, with the API's error model")
  func errorHandling() async throws {
    let configuration = ServiceConfiguration(environment: .local(port: 8080), transport: SampleData.transport())
    try await ServiceConfiguration.$current.withValue(configuration) {
      do {
        _ = try await UserService().login(userName: "ada", password: "wrong")
      } catch let error as ServiceError {
        switch error.kind {
        case .unacceptableStatus:
          let message = error.decodeBody(as: APIError.self)?.value?.message
          print(error.statusCode ?? 0, message ?? "")  // 401 invalid credentials
        case .timeout, .transportFailure:
          print("try again later: \(error)")
        default:
          print(error)
        }
      }
    }
    // What the snippet prints, checked.
    let outcome = await result(in: configuration) { () async throws(ServiceError) in
      try await UserService().login(userName: "ada", password: "wrong")
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == 401)
    #expect(error.decodeBody(as: APIError.self)?.value?.message == "invalid credentials")
  }
}
