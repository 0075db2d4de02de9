import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let streamFaultVariable = "ARGONAUT_STREAM_FAULT"
let streamFaultPortVariable = "ARGONAUT_STREAM_FAULT_PORT"

/// Each way a reader can stop while the body still arrives, and each way a server can
/// cut a file upload short, run in a fresh process: a transfer that deadlocks
/// FoundationNetworking's work queue would stall every URLSession request of the
/// process after it, so a hang there must not poison this one. The child runs the
/// scenario (a few times over), then makes a plain request to prove the process still
/// works, and exits 0; this side fails the test when it exits otherwise, or when it
/// has not ended after ``watchdog`` (orders of magnitude above the second or so a
/// scenario takes), and kills it then.
@Suite("Streams and transfers that stop early never freeze the process", .needsPython, .faultServer)
struct StreamFaultTests {
  static let watchdog: Duration = .seconds(300)

  /// Runs `scenario` in a child process against the suite's fault server.
  func runChild(_ scenario: StreamFaultScenario) async throws {
    let server = try #require(FaultFixture.server)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "StreamFaultChildProcess"]
    var environment = ProcessInfo.processInfo.environment
    environment[streamFaultVariable] = scenario.rawValue
    environment[streamFaultPortVariable] = String(server.port)
    process.environment = environment
    // A file, not a pipe: a child that writes much would block on a full pipe.
    let logURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "argonaut-fault-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: logURL) }
    let output = try FileHandle(forWritingTo: logURL)
    defer { try? output.close() }
    process.standardOutput = output
    process.standardError = output
    let ended = Locked<Int32?>(nil)
    let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32?, any Error>) in
      let resumed = Locked(false)
      let resume: @Sendable (Int32?) -> Void = { status in
        let first = resumed.withLock { resumed in
          defer { resumed = true }
          return !resumed
        }
        if first { continuation.resume(returning: status) }
      }
      process.terminationHandler = { process in
        ended.withLock { $0 = process.terminationStatus }
        resume(process.terminationStatus)
      }
      do { try process.run() } catch { continuation.resume(throwing: error) }
      let (seconds, _) = Self.watchdog.components
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(seconds))) {
        guard ended.current == nil else { return }
        process.terminate()
        resume(nil)
      }
    }
    let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    guard let status else {
      Issue.record("\(scenario): the child process hung for \(Self.watchdog) and was killed\n\(log.suffix(4000))")
      return
    }
    #expect(status == 0, "\(scenario): the child process exited with \(status)\n\(log.suffix(4000))")
  }

  @Test(
    "A loop that stops while the body still arrives ends, and the process works after",
    arguments: [
      StreamFaultScenario.bytesBreak, .eventsBreak, .linesBreak, .linesBadLine, .eventsLineTooLong,
      .bytesRejectedStatus, .downloadRejectedStatus,
    ])
  func earlyStop(_ scenario: StreamFaultScenario) async throws {
    try await runChild(scenario)
  }

  @Test(
    "A transfer cancelled at any stage ends as cancelled, leaves no file, and the process works after",
    arguments: [
      StreamFaultScenario.downloadCancel, .bytesCancel, .eventsCancel, .linesCancel, .uploadCancel,
    ])
  func cancelled(_ scenario: StreamFaultScenario) async throws {
    try await runChild(scenario)
  }

  @Test(
    "A file upload that the server cuts short fails as a transport failure, never a crash",
    arguments: [
      StreamFaultScenario.uploadClosed, .uploadReset, .uploadAnsweredEarly,
    ])
  func uploadCut(_ scenario: StreamFaultScenario) async throws {
    try await runChild(scenario)
  }
}

/// The scenarios of ``StreamFaultTests``, one per child process.
enum StreamFaultScenario: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case bytesBreak, eventsBreak, linesBreak, linesBadLine, eventsLineTooLong, bytesRejectedStatus
  case downloadRejectedStatus, downloadCancel, bytesCancel, eventsCancel, linesCancel, uploadCancel
  case uploadClosed, uploadReset, uploadAnsweredEarly

  var testDescription: String { rawValue }
}

/// The faults of a stream's body that must fail, and fail by name, in one process:
/// bodies cut short, reconnection past a short timeout, a page that is not JSON Lines.
@Suite("Streams whose body goes wrong fail, and say how", .needsPython, .faultServer)
struct StreamBodyFaultTests {
  func run<T>(timeout: Duration = .seconds(600), _ body: (StreamService) async throws -> T) async throws -> T {
    let configuration = try FaultFixture.configuration(timeout: timeout)
    return try await ServiceConfiguration.$current.withValue(configuration) { try await body(StreamService()) }
  }

  @Test("Streams ask for an unencoded body, unless the request asks otherwise")
  func identityEncoding() async throws {
    let sent = try await run { service in
      try JSON(parsing: try await collectAll(service.bytes(Request(.get, "/echo"))).joined())
    }
    #expect(sent["headers"]?["accept-encoding"] == "identity")
    let own = try await run { service in
      try JSON(
        parsing: try await collectAll(service.bytes(Request(.get, "/echo", headers: ["Accept-Encoding": "gzip"])))
          .joined())
    }
    #expect(own["headers"]?["accept-encoding"] == "gzip")
  }

  @Test("A body cut short fails the download and the byte stream, and leaves no file")
  func cutShort() async throws {
    // The server compresses only when asked to: unencoded, its Content-Length tells
    // that the body was cut (a gzip body cut inside its framing would not).
    let request = Request(.get, "/stream/gzip", query: [QueryItem("framing", "negotiated")])
    let (chunks, error) = try await run { service in await collect(service.bytes(request)) }
    #expect(chunks.reduce(0) { $0 + $1.count } < 199_936)
    #expect(error?.kind == .transportFailure, "\(String(describing: error))")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-cut-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let downloadError = try await run { service -> ServiceError? in
      do throws(ServiceError) {
        _ = try await service.download(request, to: directory.appendingPathComponent("file"))
        return nil
      } catch {
        return error
      }
    }
    #expect(downloadError?.kind == .transportFailure, "\(String(describing: downloadError))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test("A reconnection time longer than the timeout still reconnects: the wait is not idle time")
  func reconnectionLongerThanTimeout() async throws {
    let session = UUID().uuidString
    // retry 10.5 s, timeout 10 s (four orders of magnitude above a local answer, on a
    // busy machine too): the old rule counted the wait, and gave up 0.0x s after the
    // first event with "no bytes arrived for 10 s". One reconnection, then a 204.
    let (events, error) = try await run(timeout: .seconds(10)) { service in
      await collect(
        service.events(
          Request(
            .get, "/stream/reconnect",
            query: [QueryItem("session", session), QueryItem("connections", "1"), QueryItem("retry", "10500")]),
          reconnecting: true))
    }
    #expect(error == nil, "\(String(describing: error))")
    #expect(events.map(\.data) == ["event 1"])
    let attempts = try await run { service in
      try await service.response(for: Request(.get, "/stream/reconnect-log", query: [QueryItem("session", session)]))
        .json()
    }
    #expect(attempts == [JSON.null, "1"], "reconnected once, with Last-Event-ID: 1")
  }

  @Test(
    "JSON Lines refuse a page that is not JSON, by its Content-Type",
    arguments: ["text/html", "application/xml", "application/json-seq"])
  func linesContentType(_ type: String) async throws {
    let (rows, error) = try await run { service in
      await collect(
        service.lines(
          Request(
            .post, "/stream/echo", query: [QueryItem("split", "64"), QueryItem("type", type)],
            body: .text("<html><body>Bad gateway</body></html>"))))
    }
    #expect(rows.isEmpty)
    #expect(error?.kind == .unacceptableContentType, "\(String(describing: error))")
    #expect(error?.response.map { String(decoding: $0.body, as: UTF8.self) } == "<html><body>Bad gateway</body></html>")
  }

  @Test(
    "JSON Lines read every JSON and plain-text type",
    arguments: [
      "application/jsonl", "application/x-ndjson", "application/json", "binary/octet-stream",
      "application/vnd.api+json", "text/plain", "application/octet-stream",
    ])
  func linesAcceptedTypes(_ type: String) async throws {
    let rows = try await run { service in
      try await collectAll(
        service.lines(
          Request(
            .post, "/stream/echo", query: [QueryItem("split", "3"), QueryItem("type", type)],
            body: .text("{\"a\": 1}\n{\"a\": 2}\n"))))
    }
    #expect(rows == [["a": 1], ["a": 2]])
  }
}

/// A cancelled transfer cancels the transport's task too: the server sees its
/// connection closed.
@Suite("A cancelled download or upload closes its connection", .needsPython, .faultServer)
struct TransferCancelConnectionTests {
  @Test("A download cancelled mid-body closes the connection, and leaves no file")
  func download() async throws {
    let configuration = try FaultFixture.configuration()
    let id = UUID().uuidString
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-cancel-\(id)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await ServiceConfiguration.$current.withValue(configuration) {
      let service = StreamService()
      // The server sends the body, then holds the connection until the client closes it.
      let request = Request(
        .post, "/stream/echo",
        query: [QueryItem("id", id), QueryItem("split", "4096"), QueryItem("type", "application/octet-stream")],
        body: .text(String(repeating: "x", count: 64 << 10)))
      let gate = AsyncGate()
      let download = Task { () throws(ServiceError) -> Response<URL> in
        try await service.download(request, to: directory.appendingPathComponent("file")) { progress in
          if progress.completed > 0 { gate.open() }
        }
      }
      await gate.wait()
      download.cancel()
      let result = await download.result
      #expect((result.failure as? ServiceError)?.kind == .cancelled, "\(result)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
      let closed = try await service.response(for: Request(.get, "/stream/closed", query: [QueryItem("id", id)]))
      #expect(try closed.json()["closed"] == true)
    }
  }
}

/// File uploads on Linux: the body is exactly the file's `Content-Length`, read from
/// a descriptor opened before the request goes out.
@Suite("File uploads send what they say, or fail at once", .needsPython, .faultServer)
struct FileUploadBodyTests {
  static func file(bytes: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-body-\(UUID().uuidString)")
    try Data((0..<bytes).map { UInt8($0 % 251) }).write(to: url)
    return url
  }

  @Test("A file that is gone when the request goes out fails at once, not after the deadline")
  func missingFile() async throws {
    let server = try #require(FaultFixture.server)
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-gone-\(UUID().uuidString)")
    let request = HTTPRequest(
      method: .put, url: server.baseURL.appendingPathComponent("stream/sink"), headers: ["Content-Length": "1000"],
      timeout: .seconds(600), bodyFile: missing)
    await #expect(throws: (any Error).self) { try await URLSessionTransport.shared.send(request) }
  }

  @Test("A 307 to a file upload is the response, not a body-less request the server waits on")
  func temporaryRedirect() async throws {
    let server = try #require(FaultFixture.server)
    let file = try Self.file(bytes: 100_000)
    defer { try? FileManager.default.removeItem(at: file) }
    let configuration = try FaultFixture.configuration()
    let target = server.baseURL.appendingPathComponent("stream/sink").absoluteString
    let result = await result(in: configuration) { () async throws(ServiceError) in
      try await StreamService().response(
        for: Request(
          .put, "/redirect", query: [QueryItem("to", target), QueryItem("status", "307")], body: .file(file)))
    }
    #expect(result.failure?.statusCode == 307, "\(result)")
  }

  #if canImport(FoundationNetworking)
    @Test("The stream sends the Content-Length's bytes: no more when the file grew, an error when it shrank")
    func boundedStream() throws {
      let file = try Self.file(bytes: 1000)
      defer { try? FileManager.default.removeItem(at: file) }
      func drain(_ stream: InputStream) -> (bytes: [UInt8], failed: Bool) {
        stream.open()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 300)
        while stream.hasBytesAvailable {
          let count = stream.read(&buffer, maxLength: buffer.count)
          if count < 0 { return (bytes, true) }
          bytes += buffer[..<count]
        }
        return (bytes, false)
      }
      let grown = drain(try FileBodyStream(file: file, length: 500))
      #expect(grown.bytes == (0..<500).map { UInt8($0 % 251) })
      #expect(!grown.failed)
      let shrunk = drain(try FileBodyStream(file: file, length: 1500))
      #expect(shrunk.bytes.count == 1000)
      #expect(shrunk.failed, "a file shorter than its Content-Length ends the body with an error")
      #expect(throws: CocoaError.self) { try FileBodyStream(file: file.appendingPathExtension("gone"), length: nil) }
    }
  #endif
}

@Suite("Transport failures name what happened, and nothing secret")
struct TransportFailureWordsTests {
  @Test("A URL's user and password in libcurl's message are replaced")
  func userInfo() {
    #expect(
      ServiceError.withoutUserInfo("Unsupported proxy scheme for 'foo://alice:s3cr3t-token@127.0.0.1:1'")
        == "Unsupported proxy scheme for 'foo://***@127.0.0.1:1'")
    #expect(
      ServiceError.withoutUserInfo("Failed to connect to 127.0.0.1 port 1") == "Failed to connect to 127.0.0.1 port 1")
    #expect(
      ServiceError.withoutUserInfo("a http://u:p@h/x?y=@z and https://h2/ok")
        == "a http://***@h/x?y=@z and https://h2/ok")
  }
}
