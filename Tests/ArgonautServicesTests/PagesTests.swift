import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

@Suite("Pages: following Link rel=next, or a next-page function, without ever looping")
struct PagesTests {
  let memory = InMemoryTransport()
  var configuration: ServiceConfiguration { ServiceConfiguration(environment: .local(port: 1), transport: memory) }

  init() {
    memory.on(.get, "/items") { request in
      let page = Int(request.queryItems.first { $0.name == "page" }?.value ?? "1") ?? 1
      let link = page < 3 ? ["Link": "</items?page=\(page + 1)>; rel=\"next\""] : [:]
      return .json([JSON(integerLiteral: page * 10), JSON(integerLiteral: page * 10 + 1)], headers: link)
    }
    memory.on(.get, "/circle") { request in
      let page = request.queryItems.first { $0.name == "page" }?.value ?? "1"
      return .json([], headers: ["Link": "<circle?page=\(page == "1" ? "2" : "1")>; rel=next"])
    }
    memory.on(.get, "/self", respond: .json([], headers: ["Link": "</self>; rel=next"]))
    memory.on(.get, "/broken", respond: .json([1], headers: ["Link": "/items?page=2; rel=next"]))
    memory.on(.get, "/cursor") { request in
      let cursor = request.queryItems.first { $0.name == "after" }?.value
      switch cursor {
      case nil: return .json(["items": ["a", "b"], "next": "b"])
      case "b": return .json(["items": ["c"], "next": .null])
      default: return .json(["error": "no such cursor"], status: 400)
      }
    }
  }

  func collect<Value>(_ pages: Pages<Value>) async -> (values: [Value], error: ServiceError?) {
    var values: [Value] = []
    do throws(ServiceError) {
      var iterator = pages.makeAsyncIterator()
      while let value = try await iterator.next() { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }

  @Test("Follows rel=next, resolving relative targets, until a page has none")
  func followsLinks() async throws {
    let pages = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().pages(Resource<[Int]>(Request(.get, "/items", headers: ["X-Trace": "t1"])))
    }
    let (values, error) = await collect(pages)
    #expect(error == nil)
    #expect(values == [[10, 11], [20, 21], [30, 31]])
    #expect(
      memory.recordedRequests.map(\.url.absoluteString) == [
        "http://127.0.0.1:1/items", "http://127.0.0.1:1/items?page=2", "http://127.0.0.1:1/items?page=3",
      ])
    #expect(memory.recordedRequests.allSatisfy { $0.header("X-Trace") == "t1" }, "later pages keep the headers")
  }

  @Test("for try await reads the pages; leaving the loop loads no more")
  func breakStopsFetching() async throws {
    let configuration = configuration
    var seen: [[Int]] = []
    try await ServiceConfiguration.$current.withValue(configuration) {
      for try await page in JSONService().pages(Resource<[Int]>(Request(.get, "/items"))) {
        seen.append(page)
        if seen.count == 1 { break }
      }
    }
    #expect(seen == [[10, 11]])
    #expect(memory.recordedRequests.count == 1)
  }

  @Test("A next page that was already loaded is a paginationLoop error, after the pages before it")
  func loop() async throws {
    let pages = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().pages(Resource<JSON>(Request(.get, "/circle", parameters: ["page": "1"]), parse: .json))
    }
    let (values, error) = await collect(pages)
    #expect(values.count == 2)
    #expect(error?.kind == .paginationLoop)
    #expect(
      error?.description
        == "GET http://127.0.0.1:1/circle?page=2: pagination loop: the next page http://127.0.0.1:1/circle?page=1 was already loaded"
    )
    #expect(memory.recordedRequests.count == 2)

    let selfLoop = await collect(
      ServiceConfiguration.$current.withValue(configuration) {
        JSONService().pages(Resource<JSON>(Request(.get, "/self"), parse: .json))
      })
    #expect(selfLoop.values.count == 1)
    #expect(selfLoop.error?.kind == .paginationLoop)
  }

  @Test("A Link header that does not parse is an invalidLink error")
  func invalidLink() async throws {
    let pages = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().pages(Resource<[Int]>(Request(.get, "/broken")))
    }
    let (values, error) = await collect(pages)
    #expect(values == [[1]], "the page with the bad link is read; asking for the next one fails")
    #expect(error?.kind == .invalidLink)
    #expect(error?.statusCode == 200)
    #expect(
      error?.description == "GET http://127.0.0.1:1/broken: invalid Link header: expected '<' at character 1, found '/'"
    )
  }

  @Test("A next-page function can follow a cursor in the body")
  func nextFunction() async throws {
    let pages = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().pages(Resource<JSON>(Request(.get, "/cursor"), parse: .json)) { response in
        response.value["next"]?.stringValue.map { Request(.get, "/cursor", parameters: ["after": $0]) }
      }
    }
    let (values, error) = await collect(pages)
    #expect(error == nil)
    #expect(values.map { $0["items"] } == [["a", "b"], ["c"]])
  }

  @Test("Cancelling the loop's task ends it with .cancelled, and loads no more pages")
  func cancellation() async throws {
    let configuration = configuration
    let task = Task { () -> ([[Int]], ServiceError?) in
      var iterator = ServiceConfiguration.$current.withValue(configuration) {
        JSONService().pages(Resource<[Int]>(Request(.get, "/items")))
      }.makeAsyncIterator()
      var values: [[Int]] = []
      do throws(ServiceError) {
        values.append(try await iterator.next() ?? [])
        withUnsafeCurrentTask { $0?.cancel() }  // as if the loop's owner cancelled it now
        while let value = try await iterator.next() { values.append(value) }
        return (values, nil)
      } catch {
        return (values, error)
      }
    }
    let (values, error) = await task.value
    #expect(values == [[10, 11]])
    #expect(error?.kind == .cancelled)
    #expect(error?.description == "GET http://127.0.0.1:1/items?page=2: cancelled")
    #expect(memory.recordedRequests.count == 1)
  }

  @Test("After an error, the sequence ends")
  func endsAfterError() async throws {
    var iterator = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().pages(Resource<[Int]>(Request(.get, "/broken")))
    }.makeAsyncIterator()
    #expect(try await iterator.next() == [1])
    await #expect(throws: ServiceError.self) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }
}
