import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautServices

/// A transport whose responses arrive whole: each body is already in its buffer, in
/// the given chunks, when the head is handed over, so a loop over it never waits for
/// bytes. The requests take the responses in order; the last one repeats.
private final class BufferedTransport: StreamingTransport {
  private let responses: Locked<[(status: Int, contentType: String, chunks: [[UInt8]])]>

  init(_ responses: [(status: Int, contentType: String, chunks: [[UInt8]])]) {
    self.responses = Locked(responses)
  }

  /// The next response, whole.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let (status, contentType, chunks) = next()
    return HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: Data(chunks.joined()))
  }

  /// The next response, its body already in its buffer.
  func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
    let (status, contentType, chunks) = next()
    let buffer = ChunkBuffer(capacity: chunks.reduce(1) { $0 + $1.count })
    for chunk in chunks { buffer.append(Data(chunk)) }
    buffer.finish(.finished)
    var head = HTTPResponse(statusCode: status, headers: ["Content-Type": contentType])
    head.bodyStream = BodyStream(buffer)
    return head
  }

  private func next() -> (status: Int, contentType: String, chunks: [[UInt8]]) {
    responses.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
  }
}

@Suite("Stream iterators read in the loop's isolation: no switch of executor for each element")
struct StreamIsolationTests {
  static let count = 300

  /// An event stream of `count` events, each a chunk of its own, then a chunk that
  /// sets a reconnection time of 1 ms.
  static let events: [[UInt8]] =
    (0..<count).map { Array("id: \($0)\ndata: {\"n\": \($0)}\n\n".utf8) } + [
      Array("retry: 1\n\n".utf8)
    ]

  /// `count` JSON Lines rows in 150-byte chunks, which cut rows in two.
  static let rows: [[UInt8]] = {
    let text = Array((0..<count).map { "{\"userName\": \"u\($0)\", \"email\": \"u\($0)@x\"}\n" }.joined().utf8)
    return stride(from: 0, to: text.count, by: 150).map { Array(text[$0..<min($0 + 150, text.count)]) }
  }()

  /// A configuration over `transport`.
  static func configuration(_ transport: any HTTPTransport) -> ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 1), transport: transport, timeout: .seconds(600))
  }

  /// Runs `body` on a ``CountingActor`` with `transport`'s configuration.
  static func onActor<T: Sendable>(
    _ transport: any HTTPTransport, _ body: @Sendable (isolated CountingActor) async throws -> T
  ) async throws -> (value: T, jobs: Int) {
    try await ServiceConfiguration.$current.withValue(configuration(transport)) {
      try await CountingActor().run(body)
    }
  }

  /// The most jobs a loop of `count` elements may give its actor: opening the
  /// stream leaves the actor for the middleware and the transport and comes back a
  /// few times, but a value already read comes without a switch. A loop through
  /// `next()` gives one job per element, `count` at least.
  static let jobLimit = 10

  @Test("events(_:): the events in order, each read on the loop's actor, with no job per event")
  func events() async throws {
    let transport = BufferedTransport([(200, "text/event-stream", Self.events)])
    let (ids, jobs) = try await Self.onActor(transport) { actor in
      var ids: [String] = []
      for try await event in StreamService().events(Request(.get, "/feed")) {
        actor.assertIsolated()
        #expect(#isolation === actor)
        ids.append(event.id ?? "-")
      }
      return ids
    }
    #expect(ids == (0..<Self.count).map(String.init))
    #expect(jobs <= Self.jobLimit, "\(jobs) jobs for \(Self.count) events")
  }

  @Test("events(_:reconnecting:): the same across a reconnection, which a 204 ends")
  func reconnectingEvents() async throws {
    let transport = BufferedTransport([
      (200, "text/event-stream", Self.events), (200, "text/event-stream", Self.events), (204, "text/event-stream", []),
    ])
    let (ids, jobs) = try await Self.onActor(transport) { actor in
      var ids: [String] = []
      for try await event in StreamService().events(Request(.get, "/feed"), reconnecting: true) {
        actor.assertIsolated()
        ids.append(event.id ?? "-")
      }
      return ids
    }
    #expect(ids == (0..<Self.count).map(String.init) + (0..<Self.count).map(String.init))
    #expect(jobs <= 2 * Self.jobLimit, "\(jobs) jobs for \(2 * Self.count) events")
  }

  @Test("lines(_:as:): the values in order, with no job per value")
  func decodedLines() async throws {
    let transport = BufferedTransport([(200, "application/x-ndjson", Self.rows)])
    let (names, jobs) = try await Self.onActor(transport) { actor in
      var names: [String] = []
      for try await user in StreamService().lines(Request(.get, "/export"), as: StreamUser.self) {
        actor.assertIsolated()
        names.append(user.userName)
      }
      return names
    }
    #expect(names == (0..<Self.count).map { "u\($0)" })
    #expect(jobs <= Self.jobLimit, "\(jobs) jobs for \(Self.count) values")
  }

  @Test("lines(_:): the JSON values in order, with no job per value")
  func jsonLines() async throws {
    let transport = BufferedTransport([(200, "application/x-ndjson", Self.rows)])
    let (names, jobs) = try await Self.onActor(transport) { actor in
      var names: [String] = []
      for try await row in StreamService().lines(Request(.get, "/export")) {
        actor.assertIsolated()
        names.append(row["userName"]?.stringValue ?? "-")
      }
      return names
    }
    #expect(names == (0..<Self.count).map { "u\($0)" })
    #expect(jobs <= Self.jobLimit, "\(jobs) jobs for \(Self.count) values")
  }

  @Test("bytes(_:): the chunks in order, with no job per chunk already arrived")
  func bytes() async throws {
    let transport = BufferedTransport([(200, "application/octet-stream", Self.events)])
    let (chunks, jobs) = try await Self.onActor(transport) { actor in
      var chunks: [[UInt8]] = []
      for try await chunk in StreamService().bytes(Request(.get, "/big")) {
        actor.assertIsolated()
        chunks.append(chunk)
      }
      return chunks
    }
    #expect(chunks == Self.events)
    #expect(jobs <= Self.jobLimit, "\(jobs) jobs for \(Self.events.count) chunks")
  }

  @Test("A loop through next() alone, without the isolation, comes back to the actor for each element")
  func withoutIsolation() async throws {
    // The counter-check: the limit above is one a loop that switches for each
    // element does not meet.
    let transport = BufferedTransport([(200, "application/octet-stream", Self.events)])
    let (count, jobs) = try await Self.onActor(transport) { _ in
      var iterator = StreamService().bytes(Request(.get, "/big")).makeAsyncIterator()
      var count = 0
      while try await iterator.next() != nil { count += 1 }
      return count
    }
    #expect(count == Self.events.count)
    #expect(jobs > Self.events.count)
  }

  @Test("On the main actor: the events in order, each read there")
  @MainActor
  func mainActor() async throws {
    let transport = BufferedTransport([(200, "text/event-stream", Self.events)])
    let ids = try await ServiceConfiguration.$current.withValue(Self.configuration(transport)) {
      var ids: [String] = []
      for try await event in StreamService().events(Request(.get, "/feed")) {
        MainActor.assertIsolated()
        ids.append(event.id ?? "-")
      }
      return ids
    }
    #expect(ids == (0..<Self.count).map(String.init))
  }
}
