import Foundation

/// The pages of a paginated resource, as an `AsyncSequence`: one value per page.
///
/// ```swift
/// for try await events in github.pages(Resource<[Event]>(Request(.get, "/events"))) {
///   print(events.count)          // each element is one page's [Event]
/// }
/// ```
///
/// By default the next page is the target of the response's `Link` header with
/// `rel="next"` (RFC 8288), as GitHub sends; the sequence ends on a page without
/// one. ``Service/pages(_:next:)`` takes a function that computes the next request
/// instead, for cursors in the body.
///
/// Pages load one at a time, as the loop asks for them: leaving the loop loads no
/// more, and cancelling its task ends it with a ``ServiceError/Kind/cancelled``
/// error. A `Link` header that does not parse is a ``ServiceError/Kind/invalidLink``
/// error, and a next page that was already loaded is a
/// ``ServiceError/Kind/paginationLoop`` error: the loop never runs forever on a
/// server's mistake.
public struct Pages<Value>: AsyncSequence, Sendable {
  /// One page's value.
  public typealias Element = Value

  let resource: Resource<Value>
  let configuration: ServiceConfiguration
  /// The next page's request after a page, or `nil` for the last page; `nil` follows `Link`.
  let next: (@Sendable (Response<Value>) throws -> Request?)?

  /// Starts loading at the first page.
  public func makeAsyncIterator() -> Iterator {
    Iterator(pages: self, pending: resource)
  }

  /// Loads the pages one by one.
  public struct Iterator: AsyncIteratorProtocol {
    let pages: Pages
    /// The next page to load; `nil` once the sequence ended.
    var pending: Resource<Value>?
    /// The method, URL and body of every page loaded or about to be.
    var visited: Set<PageKey> = []
    /// Why there is no next page, thrown by the next call: the page that led here
    /// was read, the one it points to cannot be.
    var failure: ServiceError?

    /// Loads the next page.
    /// - Returns: Its value, or `nil` after the last page.
    /// - Throws: ``ServiceError``; the sequence ends after an error. A page whose
    ///   `Link` does not parse, or leads to a page already loaded, is returned; the
    ///   call after it throws.
    public mutating func next() async throws(ServiceError) -> Value? {
      try await nextResponse()?.value
    }

    /// Loads the next page, with its status and headers.
    mutating func nextResponse() async throws(ServiceError) -> Response<Value>? {
      if let failure {
        self.failure = nil
        throw failure
      }
      guard let resource = pending else { return nil }
      pending = nil
      let configuration = pages.configuration
      if visited.isEmpty {
        if let built = try? resource.request.resolved(in: configuration) { visited.insert(PageKey(built)) }
      }
      if Task.isCancelled { throw .cancelled(resource.request, try? resource.request.resolved(in: configuration)) }

      let loaded = try await ResourceLoader.load(resource, in: configuration)
      do throws(ServiceError) {
        guard let request = try following(loaded) else { return loaded.response }
        let built = try request.resolved(in: configuration)
        guard visited.insert(PageKey(built)).inserted else {
          throw ServiceError.paginationLoop(
            revisiting: built.url, response: loaded.first.response, request: loaded.first.request
          ).sent(loaded.first.sentRequests)
        }
        var nextPage = resource
        nextPage.request = request
        pending = nextPage
      } catch {
        failure = error
      }
      return loaded.response
    }

    /// The request of the page after `loaded`, or `nil` when it is the last.
    func following(_ loaded: ResourceLoader.Loaded<Value>) throws(ServiceError) -> Request? {
      if let next = pages.next {
        do {
          return try next(loaded.response)
        } catch let error as ServiceError {
          throw error.attaching(loaded.first.request, loaded.first.response).sent(loaded.first.sentRequests)
        } catch {
          throw .invalidRequest(
            "the next-page function failed: \(ServiceError.describe(error))", request: loaded.first.request)
        }
      }
      let first = loaded.first
      guard let field = first.response.header("Link") else { return nil }
      let links: [WebLink]
      do {
        links = try WebLink.parse(field, relativeTo: first.request.url)
      } catch {
        throw .invalidLink(error.description, response: first.response, request: first.request)
      }
      guard let target = links.first(where: { $0.relations.contains("next") })?.target else { return nil }
      let original = pages.resource.request
      return Request(
        .get, target.absoluteString, headers: original.headers, timeout: original.timeout,
        acceptedStatusCodes: original.acceptedStatusCodes)
    }
  }
}

/// The pages of a paginated resource with their responses: one ``Response`` per page,
/// with its status and header fields.
///
/// ```swift
/// for try await page in github.pageResponses(Resource<[Event]>(Request(.get, "/events"))) {
///   print(page.value.count, page.header("X-RateLimit-Remaining") ?? "?", page.isFromCache)
/// }
/// ```
///
/// It follows the same pages as ``Pages``, and ends, fails and stops the same way.
public struct PageResponses<Value>: AsyncSequence, Sendable {
  /// One page's response.
  public typealias Element = Response<Value>

  let pages: Pages<Value>

  /// Starts loading at the first page.
  public func makeAsyncIterator() -> Iterator {
    Iterator(pages: pages.makeAsyncIterator())
  }

  /// Loads the pages one by one.
  public struct Iterator: AsyncIteratorProtocol {
    var pages: Pages<Value>.Iterator

    /// Loads the next page.
    /// - Returns: Its response, or `nil` after the last page.
    /// - Throws: ``ServiceError``; the sequence ends after an error.
    public mutating func next() async throws(ServiceError) -> Response<Value>? {
      try await pages.nextResponse()
    }
  }
}

/// What makes two page requests the same: the method, the absolute URL and the body.
struct PageKey: Hashable, Sendable {
  let method: HTTPMethod
  let url: String
  let body: Data?

  init(_ request: HTTPRequest) {
    method = request.method
    url = request.url.absoluteString
    body = request.body
  }
}

extension Service {
  /// The pages of `resource`, following each response's `Link: <…>; rel="next"`.
  ///
  /// ```swift
  /// for try await events in github.pages(Resource<[Event]>(Request(.get, "/events"))) { … }
  /// ```
  ///
  /// The next page's request keeps the first one's headers, timeout and accepted
  /// statuses. The configuration is the service's when `pages` is called.
  ///
  /// - Parameter resource: The first page.
  /// - Returns: One value per page, loaded as the loop asks for it.
  public func pages<Value>(_ resource: Resource<Value>) -> Pages<Value> {
    Pages(resource: resource, configuration: configuration, next: nil)
  }

  /// The pages of `resource` as responses, following each response's
  /// `Link: <…>; rel="next"`: each page's value with its status and header fields.
  ///
  /// ```swift
  /// for try await page in github.pageResponses(eventsResource) {
  ///   print(page.value.count, page.header("X-RateLimit-Remaining") ?? "?")
  /// }
  /// ```
  ///
  /// - Parameter resource: The first page.
  /// - Returns: One ``Response`` per page, loaded as the loop asks for it.
  public func pageResponses<Value>(_ resource: Resource<Value>) -> PageResponses<Value> {
    PageResponses(pages: pages(resource))
  }

  /// The pages of `resource` as responses, with `next` computing each page's successor.
  ///
  /// - Parameters:
  ///   - resource: The first page.
  ///   - next: The request of the page after `response`'s, or `nil` after the last.
  /// - Returns: One ``Response`` per page, loaded as the loop asks for it.
  public func pageResponses<Value>(
    _ resource: Resource<Value>, next: @escaping @Sendable (Response<Value>) throws -> Request?
  ) -> PageResponses<Value> {
    PageResponses(pages: pages(resource, next: next))
  }

  /// The pages of `resource`, with `next` computing each page's successor.
  ///
  /// ```swift
  /// let pages = service.pages(firstPage) { response in
  ///   response.value.nextCursor.map { Request(.get, "/items", parameters: ["cursor": $0]) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - resource: The first page.
  ///   - next: The request of the page after `response`'s, or `nil` after the last.
  ///     A ``ServiceError`` it throws ends the sequence with that error.
  /// - Returns: One value per page, loaded as the loop asks for it.
  public func pages<Value>(
    _ resource: Resource<Value>, next: @escaping @Sendable (Response<Value>) throws -> Request?
  ) -> Pages<Value> {
    Pages(resource: resource, configuration: configuration, next: next)
  }
}
