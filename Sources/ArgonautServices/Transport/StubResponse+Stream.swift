import Foundation

extension StubResponse {
  /// One step of a scripted stream body: bytes, a pause, a dropped connection, or
  /// silence.
  ///
  /// ```swift
  /// memory.on(.get, "/v1/chat", respond: .stream([
  ///   .text("data: {\"token\": \"Hel\"}\n\n"),
  ///   .pause(.milliseconds(20)),
  ///   .text("data: {\"token\": \"lo\"}\n\n"),
  /// ], contentType: "text/event-stream"))
  /// ```
  public struct StreamPart: Sendable {
    enum Step: Sendable {
      case bytes(Data)
      case pause(Duration)
      case failure(any Error)
      case stall
    }

    let step: Step

    /// These bytes, as one chunk.
    public static func bytes(_ bytes: [UInt8]) -> StreamPart { StreamPart(step: .bytes(Data(bytes))) }

    /// This text in UTF-8, as one chunk.
    public static func text(_ text: String) -> StreamPart { StreamPart(step: .bytes(Data(text.utf8))) }

    /// A pause of `duration` before the next part.
    public static func pause(_ duration: Duration) -> StreamPart { StreamPart(step: .pause(duration)) }

    /// The connection drops: the body fails with `error`, as a real transport's does,
    /// such as `URLError(.networkConnectionLost)`.
    public static func failure(_ error: any Error) -> StreamPart { StreamPart(step: .failure(error)) }

    /// The server goes silent: no more bytes, and no end, until the reader's idle
    /// timeout or cancellation.
    public static let stall = StreamPart(step: .stall)
  }

  /// A body sent in parts, as a server does over time: streams read each text or
  /// bytes part as one chunk as it comes, after the pauses before it; any other
  /// call gets the whole body once the script has run.
  ///
  /// - Parameters:
  ///   - parts: The script: chunks, pauses, a failure or a stall.
  ///   - status: The status. Defaults to 200.
  ///   - contentType: The content type, such as `text/event-stream`.
  ///   - headers: More header fields.
  public static func stream(
    _ parts: [StreamPart], status: Int = 200, contentType: String = "application/octet-stream",
    headers: [String: String] = [:]
  ) -> StubResponse {
    let head = HTTPResponse(
      statusCode: status, headers: HTTPHeaders.merging(["Content-Type": contentType], headers))
    return StubResponse(.stream(head, parts))
  }
}

extension InMemoryTransport: StreamingTransport {
  /// Answers `request` as ``send(_:)`` does, but hands over the head at once and
  /// plays a scripted stream's parts into its body as the reader asks for them.
  func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
    let stub = try await answer(request)
    switch stub.outcome {
    case .stream(let head, let parts):
      let buffer = ChunkBuffer(capacity: 64 << 10)
      let player = Task { await Self.play(parts, into: buffer) }
      buffer.onStop { player.cancel() }
      var streamed = head
      streamed.bodyStream = BodyStream(buffer)
      return streamed
    default:
      return try await Self.response(to: stub).streamed()
    }
  }

  /// Plays `parts` into `buffer`, waiting for room after each chunk.
  static func play(_ parts: [StubResponse.StreamPart], into buffer: ChunkBuffer) async {
    for part in parts {
      switch part.step {
      case .bytes(let data):
        guard buffer.append(data) else { return }
        await buffer.room()
      case .pause(let duration):
        do {
          try await Task.sleep(for: duration)
        } catch {
          return
        }
      case .failure(let error):
        buffer.finish(.failed(error))
        return
      case .stall:
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        return
      }
    }
    buffer.finish(.finished)
  }

  /// The whole response of a scripted stream, once its script has run: for a
  /// call that does not stream.
  static func collect(_ head: HTTPResponse, _ parts: [StubResponse.StreamPart]) async throws -> HTTPResponse {
    var response = head
    for part in parts {
      switch part.step {
      case .bytes(let data): response.body.append(data)
      case .pause(let duration): try await Task.sleep(for: duration)
      case .failure(let error): throw error
      case .stall: while true { try await Task.sleep(for: .seconds(3600)) }
      }
    }
    return response
  }
}
