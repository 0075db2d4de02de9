import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

@Suite("pageResponses and isFromCache over real HTTP", .needsPython, .exampleServer)
struct PageResponsesTests {
  @Test("Each page comes with its status and headers: GitHub's rate limit counts down")
  func headersPerPage() async throws {
    let configuration = try Fixture.serverConfiguration()
    let pages = try await ServiceConfiguration.$current.withValue(configuration) {
      var pages: [Response<[Event]>] = []
      for try await page in JSONService().pageResponses(Resource<[Event]>(Request(.get, "/github/events"))) {
        pages.append(page)
      }
      return pages
    }
    #expect(pages.map { $0.value.map(\.id) } == [["101", "102"], ["201", "202"], ["301", "302"]])
    #expect(pages.map { $0.header("X-RateLimit-Remaining") } == ["59", "58", "57"])
    #expect(pages.allSatisfy { $0.statusCode == 200 && !$0.isFromCache })
    #expect(pages.map { $0.request.url.query } == [nil, "page=2", "page=3"])
  }

  @Test("A next-page function sees each response, and its pages come with theirs")
  func nextFunction() async throws {
    let configuration = try Fixture.serverConfiguration()
    let remaining = try await ServiceConfiguration.$current.withValue(configuration) {
      var remaining: [String?] = []
      let pages = JSONService().pageResponses(Resource<[Event]>(Request(.get, "/github/events"))) { response in
        response.request.url.query == nil ? Request(.get, "/github/events", parameters: ["page": "3"]) : nil
      }
      for try await page in pages { remaining.append(page.header("X-RateLimit-Remaining")) }
      return remaining
    }
    #expect(remaining == ["59", "57"])
  }

  @Test("Response.isFromCache: false from the server, true for a fresh hit and after a 304")
  func fromCache() async throws {
    var configuration = try Fixture.serverConfiguration()
    configuration.middleware = [CacheMiddleware()]
    let test = UUID().uuidString
    let flags = try await ServiceConfiguration.$current.withValue(configuration) {
      var flags: [Bool] = []
      for path in ["fresh", "fresh", "etag", "etag"] {
        let resource = Resource<JSON>(Request(.get, "/middleware/\(test)/\(path)"), parse: .json)
        flags.append(try await JSONService().loadResponse(resource).isFromCache)
      }
      return flags
    }
    #expect(flags == [false, true, false, true])
  }
}
