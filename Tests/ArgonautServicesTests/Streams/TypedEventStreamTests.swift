import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

@Suite("TypedEventStream: each event's data decoded, [DONE] ends it")
struct TypedEventStreamTests {
  /// The values of `body`, served as an event stream, decoded as `StreamUser`.
  private func users(_ chunks: [String]) async -> (
    elements: [StreamUser], error: ServiceError?, memory: InMemoryTransport
  ) {
    let memory = InMemoryTransport()
    memory.on(nil, "/feed", respond: .stream(chunks.map { .text($0) }, contentType: "text/event-stream"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let (elements, error) = await ServiceConfiguration.$current.withValue(configuration) {
      await collect(StreamService().events(Request(.get, "/feed"), as: StreamUser.self))
    }
    return (elements, error, memory)
  }

  @Test("Each event's data decodes; empty events are skipped; the body's end ends the sequence")
  func decodes() async {
    let (users, error, memory) = await users([
      "event: user\ndata: {\"userName\": \"ada\", \"email\": \"a@x\"}\n\n", ": keep-alive\n\nevent: ping\n\n",
      "data: {\"userName\": \"bob\",\ndata: \"email\": \"b@x\"}\n\n",
    ])
    #expect(error == nil)
    #expect(users.map(\.userName) == ["ada", "bob"])
    #expect(memory.recordedRequests.first?.header("Accept") == "text/event-stream")
  }

  @Test("An event whose data is exactly [DONE] ends the sequence, whatever follows")
  func done() async {
    let (users, error, _) = await users([
      "data: {\"userName\": \"ada\", \"email\": \"a@x\"}\n\ndata: [DONE]\n\n", "data: not JSON\n\n",
    ])
    #expect(error == nil)
    #expect(users.map(\.userName) == ["ada"])
  }

  @Test("An event that does not decode ends the sequence with decodingFailed, after the values before it")
  func badEvent() async {
    let (users, error, _) = await users([
      "data: {\"userName\": \"ada\", \"email\": \"a@x\"}\n\n", "data: {\"userName\": 1}\n\n",
      "data: {\"userName\": \"bob\", \"email\": \"b@x\"}\n\n",
    ])
    #expect(users.map(\.userName) == ["ada"])
    #expect(error?.kind == .decodingFailed)
    #expect(error?.description.contains("StreamUser") == true)
  }

  @Test("Data that is not JSON fails with decodingFailed")
  func notJSON() async {
    let (users, error, _) = await users(["data: [DONE]x\n\n"])
    #expect(users.isEmpty)
    #expect(error?.kind == .decodingFailed)
  }

  @Test("The iterator reads in the caller's isolation, on the main actor too")
  @MainActor
  func mainActor() async throws {
    let memory = InMemoryTransport()
    memory.on(
      nil, "/feed",
      respond: .stream(
        [.text("data: {\"userName\": \"ada\", \"email\": \"a@x\"}\n\ndata: [DONE]\n\n")],
        contentType: "text/event-stream"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    var names: [String] = []
    try await ServiceConfiguration.$current.withValue(configuration) {
      for try await user in StreamService().events(Request(.get, "/feed"), as: StreamUser.self) {
        MainActor.assertIsolated()
        names.append(user.userName)
      }
    }
    #expect(names == ["ada"])
  }
}
