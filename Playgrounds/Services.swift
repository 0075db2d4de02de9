// Services: one small class per API domain, over real HTTP.
//
// Run it with `Playgrounds/run Services`, or by hand after
// `swift build -c release --product ArgonautDynamic`:
//
//   swift -swift-version 6 -O -I .build/release/Modules -L .build/release -lArgonautDynamic Playgrounds/Services.swift
//
// It starts the bundled example server (Fixtures/ExampleServer/server.py, Python 3)
// on a free port of 127.0.0.1, logs in and reads a news feed through
// `UserService` and `NewsFeedService`, shows a failure, loads resources (pages,
// headers, images, text), and stops the server.
// It exits with status 1 if anything unexpected happens.

import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Stops the playground with a message and a failing exit status.
func fail(_ message: String) -> Never {
  print("✘ \(message)")
  exit(1)
}

// MARK: 1. Start the example server
//
// The server script sits next to this playground's folder; `#filePath` finds it
// from any working directory. `ExampleServer` runs it with `python3`, reads the
// port it prints (`PORT 54321`), and stops it when asked (or when we exit).

let playgrounds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let script = playgrounds.deletingLastPathComponent().appendingPathComponent("Fixtures/ExampleServer/server.py")

let server: ExampleServer
do {
  server = try ExampleServer.start(script: script)
} catch {
  fail("could not start the example server: \(error)")
}
print("The example server listens on \(server.baseURL)")

// MARK: 2. Point the services at it
//
// `UserService` and `NewsFeedService` declare nothing but their `Model` and their
// methods; they request paths such as `/login`. Where those paths go, and how,
// comes from a `ServiceConfiguration`: here, the local server through the default
// `URLSessionTransport`. Binding it with `$current.withValue` changes nothing at
// the call sites, which is also how tests swap in an `InMemoryTransport`.

let local = ServiceConfiguration(environment: server.environment, timeout: .seconds(10))

// MARK: 3. Log in, completion form
//
// `login(userName:password:completion:)` sends `POST /login` with a JSON body (the
// password never goes in the URL). The completion runs once, on a background
// queue (never the main queue, which a command-line program does not run). It also
// returns a `ServiceTask` we could `cancel()`.
//
// Here a continuation waits for it, so that the script reads top to bottom.
// (`_ =` drops the `ServiceTask`, which this call does not need.)

let user: User
do {
  user = try await withCheckedThrowingContinuation { continuation in
    ServiceConfiguration.$current.withValue(local) {
      _ = UserService().login(userName: SampleData.userName, password: SampleData.password) { result in
        print("  (the completion ran \(Thread.isMainThread ? "on" : "off") the main thread)")
        continuation.resume(with: result)
      }
    }
  }
} catch {
  fail("login failed: \(error)")
}
print("Logged in as \(user.userName) <\(user.email)>, full name: \(user.fullName ?? "none")")

// MARK: 4. Read the news feed, async form
//
// The async forms have the same labels and throw a `ServiceError`. Each post's
// `datePosted` comes from the key `postDate`, as the model's decoder says.

do {
  let feed = try await ServiceConfiguration.$current.withValue(local) {
    try await NewsFeedService().newsFeed(userId: user.userName)
  }
  print("\(user.userName)'s news feed has \(feed.posts.count) posts:")
  for post in feed.posts {
    print("  \(post.datePosted)  \(post.title): \(post.headline)")
  }
  if feed.posts.map(\.title) != SampleData.postTitles { fail("unexpected posts: \(feed.posts)") }
} catch {
  fail("the news feed failed: \(error)")
}

// The same request, completion form, cancelled at once: the completion still runs
// exactly once, with a `.cancelled` error.
let cancelled: ServiceError.Kind? = await withCheckedContinuation { continuation in
  let call = ServiceConfiguration.$current.withValue(local) {
    NewsFeedService().newsFeed(userId: user.userName) { result in
      if case .failure(let error) = result {
        continuation.resume(returning: error.kind)
      } else {
        continuation.resume(returning: nil)
      }
    }
  }
  call.cancel()
}
print("A call cancelled at once ends with: \(cancelled.map(String.init(describing:)) ?? "a result")")
if cancelled != .cancelled { fail("the cancelled call did not report .cancelled") }

// MARK: 5. A failure: the wrong password
//
// The server answers 401. The error says which request failed and why, with the
// body's first bytes; its `kind` and `statusCode` are there for code, and the API's
// own error model decodes from the body it kept. The password never appears in
// what an error prints.

/// Prints what the error of a wrong password tells, and checks that it is a 401
/// that does not print the password.
func explainWrongPassword(_ error: ServiceError) {
  print("A wrong password fails, as it should:")
  print("  \(error)")
  print("  kind: \(error.kind), status: \(error.statusCode.map(String.init) ?? "none")")
  if let apiError = error.decodeBody(as: APIError.self)?.value {
    print("  the API says: \(apiError.message)")
  }
  let printedBody = error.debugDescription.split(separator: "\n").first { $0.hasPrefix("request body") }
  print("  as debugDescription prints it, the \(printedBody ?? "request body is missing")")
  if error.kind != .unacceptableStatus || error.statusCode != 401 { fail("expected a 401, got \(error)") }
  if error.debugDescription.contains("babbage") { fail("the password was printed") }
}

do {
  let intruder = try await ServiceConfiguration.$current.withValue(local) {
    try await UserService().login(userName: "ada", password: "babbage")
  }
  fail("a wrong password logged in as \(intruder)")
} catch let error as ServiceError {
  explainWrongPassword(error)
} catch {
  fail("unexpected error: \(error)")
}

// MARK: 6. The same service, in memory
//
// `SampleData.transport()` answers like the server, from memory: what tests use.
// Only the configuration changes.

let memory = SampleData.transport()
let offline = ServiceConfiguration(environment: .local(port: 8080), transport: memory)
do {
  let feed = try await ServiceConfiguration.$current.withValue(offline) {
    try await NewsFeedService().newsFeed(userId: "ada")
  }
  print("In memory: \(feed.posts.count) posts; the transport recorded \(memory.recordedRequests.map(\.description))")
} catch {
  fail("the in-memory feed failed: \(error)")
}

// MARK: 7. Resources: any value from any service
//
// A service's `Model` is what `getRequest` decodes; anything else is a `Resource`, a
// `Request` plus a parse step, which any service loads. The example server plays
// GitHub: `/github/events` comes in three pages, linked by `Link: <…>; rel="next"`,
// with `X-RateLimit-Remaining` in every response.

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

do {
  try await ServiceConfiguration.$current.withValue(local) {
    let github = GitHubService()
    var ids: [String] = []
    for try await page in github.allEvents() {  // one [Event] per page, loaded as the loop asks
      print("  a page of \(page.count) events: \(page.map(\.id))")
      ids += page.map(\.id)
    }
    let remaining = try await github.rateLimitRemaining()
    print("Read \(ids.count) events across the pages; rate limit remaining: \(remaining.map(String.init) ?? "?")")
    if ids != ["101", "102", "201", "202", "301", "302"] || remaining != 59 { fail("unexpected events \(ids)") }

    // Ready-made parsers: bytes checked against `image/*`, text in the charset of its
    // `Content-Type`, nothing for a 204. `loadResponse` adds the status and headers.
    let avatar = try await github.load(Resource<Data>(Request(.get, "/resources/avatar.png"), parse: .image))
    let text = try await github.load(Resource<String>(Request(.get, "/resources/latin1"), parse: .text))
    let deleted = try await github.loadResponse(Resource<Void>(Request(.delete, "/resources/item"), parse: .nothing))
    print("An avatar of \(avatar.count) bytes, the Latin-1 text \"\(text)\"")
    print("A DELETE answered \(deleted.statusCode), with no body to parse")

    // `map` shapes the value; the resource is a value, reusable anywhere.
    let types = Resource<[Event]>(Request(.get, "/github/events")).map { Set($0.map(\.type)).sorted() }
    print("The first page's event types: \(try await github.load(types))")
  }
} catch {
  fail("the resources failed: \(error)")
}

// Bad input gets a typed error that names the request: an HTML page where an image
// should be, and a server whose pages link back in a circle.
do {
  let htmlAvatar = Resource<Data>(Request(.get, "/status/200", parameters: ["body": "html"]), parse: .image)
  _ = try await ServiceConfiguration.$current.withValue(local) { try await GitHubService().load(htmlAvatar) }
  fail("an HTML page passed for an image")
} catch let error as ServiceError {
  print("An HTML page instead of an image: \(error.kind)\n  \(error)")
}
do {
  let circle = Resource<[Event]>(Request(.get, "/github/loop", parameters: ["page": "1"]))
  try await ServiceConfiguration.$current.withValue(local) {
    for try await _ in GitHubService().pages(circle) {}
  }
  fail("the circular pages ended without an error")
} catch let error as ServiceError {
  print("Pages that link in a circle: \(error.kind)\n  \(error)")
}

// MARK: 8. Resources as operations
//
// Code built on `OperationQueue` loads resources with `ResourceOperation`: an
// asynchronous `Operation` that finishes when its load does, so dependencies work,
// and that delivers `.cancelled` exactly once when cancelled. The service's
// configuration is read when the operation is created.

let operations: [ResourceOperation<[Event]>] = ServiceConfiguration.$current.withValue(local) {
  let github = GitHubService()
  return (1...3).map { page in
    ResourceOperation(
      resource: Resource<[Event]>(Request(.get, "/github/events", parameters: ["page": "\(page)"])), service: github
    ) { result in print("  page \(page) finished: \((try? result.get())?.map(\.id) ?? [])") }
  }
}
operations[1].addDependency(operations[0])  // page 2 after page 1
operations[2].cancel()  // cancelled before it starts: it delivers .cancelled, once
await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
  let done = BlockOperation { continuation.resume() }
  for operation in operations { done.addDependency(operation) }
  OperationQueue().addOperations(operations + [done], waitUntilFinished: false)
}
let outcomes = operations.map { operation -> String in
  switch operation.result {
  case .success(let events)?: return "\(events.count) events"
  case .failure(let error)?: return "\(error.kind)"
  case nil: return "no result"
  }
}
print("The operations ended with: \(outcomes)")
if outcomes != ["2 events", "2 events", "cancelled"] { fail("unexpected operation results \(outcomes)") }

// MARK: 9. Files and uploads
//
// A resource reads a file with the same parse step and errors as over the network:
// here, the server's own sample data. Uploads send a multipart form, or stream a
// file from the disk with its Content-Length; the server's `/upload` echoes what it got.

do {
  let samples = script.deletingLastPathComponent().appendingPathComponent("data")
  let feed = try Resource<NewsFeed>(Request(.get, "/newsFeed")).load(
    fromFile: samples.appendingPathComponent("newsFeed.json"))
  print("From disk: a news feed of \(feed.posts.count) posts")

  var form = MultipartFormData()
  form.append("title", "Sunset")
  form.append("photo", data: Data(repeating: 0xAB, count: 2048), filename: "sunset.jpg", contentType: "image/jpeg")
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-playground-upload.bin")
  try Data(repeating: 0x2A, count: 100_000).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }

  try await ServiceConfiguration.$current.withValue(local) {
    let service = GitHubService()
    let posted = try await service.load(Resource<JSON>(Request(.post, "/upload", body: .multipart(form)), parse: .json))
    let parts = posted["parts"]?.arrayValue.map { $0.compactMap { $0["name"]?.stringValue } } ?? []
    print("A multipart form of \(form.data.count) bytes arrived as parts \(parts)")
    let streamed = try await service.load(Resource<JSON>(Request(.put, "/upload", body: .file(file)), parse: .json))
    print("A file streamed from disk arrived: \(streamed["length"]?.intValue ?? 0) bytes")
    if parts != ["title", "photo"] || streamed["length"]?.intValue != 100_000 { fail("the uploads went wrong") }
  }
} catch {
  fail("files and uploads failed: \(error)")
}

// MARK: 10. Limits and secrets
//
// A response body past `maximumResponseSize` (64 MiB by default) fails with
// `.responseTooLarge`; `URLSessionTransport` stops reading at the limit. Names in
// `secretNames` are secret like `Authorization`: their values never print, and
// such headers are not carried across a redirect to another origin. A `Redactor`
// prints a request the way errors do, for your own logs.

var hardened = local
hardened.maximumResponseSize = 64  // bytes; the news feed is bigger
hardened.secretNames = ["X-Tenant"]  // redacted like Authorization

do {
  _ = try await ServiceConfiguration.$current.withValue(hardened) {
    try await NewsFeedService().newsFeed(userId: user.userName)
  }
  fail("a 64-byte limit let the news feed through")
} catch let error as ServiceError {
  print("With a 64-byte limit: \(error.kind)\n  \(error)")
  if error.kind != .responseTooLarge { fail("expected .responseTooLarge, got \(error)") }
} catch {
  fail("unexpected error: \(error)")
}

let sent = HTTPRequest(
  method: .get, url: URL(string: "https://api.example.com/reset?auth=s3cr3t-code&page=2")!,
  headers: ["X-Tenant": "tenant-secret-42"], secretNames: hardened.secretNames)
let redactor = Redactor(sent)
print(redactor.url(sent.url))  // https://api.example.com/reset?auth=<redacted>&page=2
print(redactor.text("the server echoed tenant-secret-42"))  // the server echoed <redacted>
if redactor.text("tenant-secret-42 s3cr3t-code").contains("secret") { fail("a secret printed") }

// MARK: 11. Stop the server

server.stop()
print("The server has stopped. ✔")
