import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// The resources snippets of the documentation (ArgonautServices.docc/LoadingResources.md),
/// compiled and run: the issue's GitHub client, in about
/// a dozen lines of user code.
enum ReadmeResources {
  struct Event: Decodable, Sendable {
    let id: String
    let type: String
    static func decode(_ j: JSON) -> Decoded<Event> { curry(Event.init) <^> j <| "id" <*> j <| "type" }
  }

  final class GitHubService: Service {
    typealias Model = Event
    let events = Resource<[Event]>(Request(.get, "/github/events"))
    func allEvents() -> Pages<[Event]> { pages(events) }
    func rateLimitRemaining() async throws(ServiceError) -> Int? {
      try await loadResponse(events).header("X-RateLimit-Remaining").flatMap(Int.init)
    }
  }
}

extension ReadmeResources.Event: Hashable {}

@Suite("README snippets: resources", .needsPython, .exampleServer)
struct ReadmeResourcesSnippetsTests {
  @Test("the README's GitHub client reads three pages and the rate limit against the example server")
  func gitHub() async throws {
    typealias GitHubService = ReadmeResources.GitHubService
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    try await ServiceConfiguration.$current.withValue(try Fixture.serverConfiguration()) {
      let github = GitHubService()
      for try await page in github.allEvents() {  // follows Link: <…>; rel="next"
        print(page.map(\.id))  // ["101", "102"], then ["201", "202"], then ["301", "302"]
      }
      print(try await github.rateLimitRemaining() ?? 0)  // 59
    }
    #expect(printed == [#"["101", "102"]"#, #"["201", "202"]"#, #"["301", "302"]"#, "59"])
  }

  @Test("the README's pageResponses loop prints each page's count, rate limit and cache flag")
  func pageResponses() async throws {
    typealias GitHubService = ReadmeResources.GitHubService
    var printed: [String] = []
    func print(_ values: Any...) { printed.append(values.map { "\($0)" }.joined(separator: " ")) }
    try await ServiceConfiguration.$current.withValue(try Fixture.serverConfiguration()) {
      let github = GitHubService()
      for try await page in github.pageResponses(github.events) {
        print(page.value.count, page.header("X-RateLimit-Remaining") ?? "?", page.isFromCache)
      }
    }
    #expect(printed == ["2 59 false", "2 58 false", "2 57 false"])
  }

  @Test("the README's operations run in dependency order on an OperationQueue")
  func operations() async throws {
    typealias Event = ReadmeResources.Event
    let printed = Locked<[String]>([])
    @Sendable func print(_ value: Any) { printed.withLock { $0.append("\(value)") } }
    let github = ReadmeResources.GitHubService()
    let configuration = try Fixture.serverConfiguration()
    let (first, third): (ResourceOperation<[Event]>, ResourceOperation<[Event]>) =
      ServiceConfiguration.$current.withValue(configuration) {
        let queue = OperationQueue()
        let first = ResourceOperation(resource: github.events, service: github)
        let third = ResourceOperation(
          resource: Resource<[Event]>(Request(.get, "/github/events", parameters: ["page": "3"])), service: github
        ) { result in print((try? result.get())?.count ?? 0) }  // 2
        third.addDependency(first)  // starts once `first` has finished
        queue.addOperations([first, third], waitUntilFinished: false)
        return (first, third)
      }
    await runToCompletion([], on: OperationQueue(), after: [third])
    #expect(first.isFinished)
    #expect(try third.result?.get().map(\.id) == ["301", "302"])
    #expect(printed.current == ["2"])
  }

  @Test("the README's uploads arrive byte for byte at the example server")
  func uploads() async throws {
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
    let movie = FileManager.default.temporaryDirectory.appendingPathComponent(
      "argonaut-readme-\(UUID().uuidString).mp4")
    try Data(repeating: 7, count: 4096).write(to: movie)
    defer { try? FileManager.default.removeItem(at: movie) }

    var form = MultipartFormData()
    form.append("title", "Sunset")
    form.append("photo", data: jpeg, filename: "sunset.jpg", contentType: "image/jpeg")
    let posted = Resource<JSON>(Request(.post, "/upload", body: .multipart(form)), parse: .json)
    let streamed = Resource<JSON>(Request(.put, "/upload", body: .file(movie, contentType: "video/mp4")), parse: .json)

    let configuration = try Fixture.serverConfiguration()
    let (post, put) = try await ServiceConfiguration.$current.withValue(configuration) {
      (try await JSONService().load(posted), try await JSONService().load(streamed))
    }
    #expect(post["body"]?.stringValue.flatMap { Data(base64Encoded: $0) } == form.data)
    #expect(post["parts"]?.arrayValue?.count == 2)
    #expect(put["length"] == 4096)
    #expect(put["contentType"] == "video/mp4")
  }
}
