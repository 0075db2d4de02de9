import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The scenarios that ``StreamFaultTests`` runs in a child process, against the fault
/// server on the port it is given; skipped in a normal run.
///
/// Each scenario runs a few times over (a race that hangs in one run of four still
/// shows), then a plain request proves that the process can still make one.
@Suite(
  "Streams that stop early: the child process",
  .enabled(if: ProcessInfo.processInfo.environment[streamFaultVariable] != nil))
struct StreamFaultChildProcess {
  /// Six, or `ARGONAUT_STREAM_FAULT_ROUNDS` for a longer soak by hand.
  static let rounds = ProcessInfo.processInfo.environment["ARGONAUT_STREAM_FAULT_ROUNDS"].flatMap { Int($0) } ?? 6
  /// 256 MiB: far more than any scenario reads before it stops.
  static let flood = QueryItem("bytes", String(256 << 20))

  let configuration: ServiceConfiguration
  /// A service of the configuration bound when it is asked for: the scenarios run
  /// with `configuration` bound.
  var service: StreamService { StreamService() }

  init() throws {
    let port = try #require(ProcessInfo.processInfo.environment[streamFaultPortVariable].flatMap { Int($0) })
    configuration = ServiceConfiguration(environment: .local(port: port), timeout: .seconds(600))
  }

  @Test("Runs the scenario it is given, then a plain request")
  func run() async throws {
    let name = try #require(ProcessInfo.processInfo.environment[streamFaultVariable])
    let scenario = try #require(StreamFaultScenario(rawValue: name))
    try await ServiceConfiguration.$current.withValue(configuration) {
      for round in 1...Self.rounds {
        try await run(scenario, round: round)
      }
      let afterwards = try await StreamService().response(for: Request(.get, "/ok"))
      #expect(afterwards.statusCode == 200, "a plain request after the scenario")
    }
  }

  func run(_ scenario: StreamFaultScenario, round: Int) async throws {
    switch scenario {
    case .bytesBreak:
      var count = 0
      for try await _ in service.bytes(flood("bytes")) {
        count += 1
        break
      }
      #expect(count == 1)
    case .eventsBreak:
      var first: ServerSentEvent?
      for try await event in service.events(flood("sse")) {
        first = event
        break
      }
      #expect(first?.data == #"{"index": 0, "text": "a token of text"}"#)
    case .linesBreak:
      var first: JSON?
      for try await line in service.lines(flood("ndjson")) {
        first = line
        break
      }
      #expect(first?["index"]?.intValue == 0)
    case .linesBadLine:
      let (rows, error) = await collect(service.lines(flood("bad-ndjson")))
      #expect(rows.isEmpty)
      #expect(error?.kind == .invalidJSON, "\(String(describing: error))")
    case .eventsLineTooLong:
      var small = configuration
      small.maximumResponseSize = 64 << 10
      let request = flood("long-line")
      let (events, error) = await ServiceConfiguration.$current.withValue(small) {
        await collect(StreamService().events(request))
      }
      #expect(events.isEmpty)
      #expect(error?.kind == .responseTooLarge, "\(String(describing: error))")
    case .bytesRejectedStatus:
      let (chunks, error) = await collect(service.bytes(flood("bytes", status: 500)))
      #expect(chunks.isEmpty)
      #expect(error?.statusCode == 500, "\(String(describing: error))")
      #expect(error?.response?.body.count == Pipeline.streamExcerptLimit)
    case .downloadRejectedStatus:
      let directory = try Self.directory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let error = await downloadError(flood("bytes", status: 500), to: directory.appendingPathComponent("file"))
      #expect(error?.statusCode == 500, "\(String(describing: error))")
      #expect(try Self.contents(directory).isEmpty, "no temporary file is left")
    case .downloadCancel:
      try await cancelDownload(stage: round % 4)
    case .bytesCancel:
      let request = flood("bytes")
      try await cancelLoop { service, gate in
        for try await _ in service.bytes(request) { gate.open() }
      }
    case .eventsCancel:
      let request = flood("sse")
      try await cancelLoop { service, gate in
        for try await _ in service.events(request) { gate.open() }
      }
    case .linesCancel:
      let request = flood("ndjson")
      try await cancelLoop { service, gate in
        for try await _ in service.lines(request) { gate.open() }
      }
    case .uploadCancel:
      let file = try Self.file(bytes: 64 << 20)
      defer { try? FileManager.default.removeItem(at: file) }
      let started = AsyncGate()
      let service = service
      let upload = Task { () throws(ServiceError) -> HTTPResponse in
        try await service.response(for: Request(.put, "/stream/sink", body: .file(file))) { progress in
          if progress.completed > 0 { started.open() }
        }
      }
      await started.wait()
      upload.cancel()
      let result = await upload.result
      #expect((result.failure as? ServiceError)?.kind == .cancelled, "\(result)")
    case .uploadClosed, .uploadReset, .uploadAnsweredEarly:
      let how = ["uploadClosed": "close", "uploadReset": "reset", "uploadAnsweredEarly": "early"][scenario.rawValue]!
      let file = try Self.file(bytes: 8 << 20)
      defer { try? FileManager.default.removeItem(at: file) }
      for _ in 0..<5 {
        let request = Request(
          .put, "/stream/cut-upload", query: [QueryItem("how", how), QueryItem("after", "65536")], body: .file(file))
        do {
          let response = try await service.response(for: request)
          Issue.record("the cut upload succeeded: \(response.statusCode)")
        } catch {
          // The server may have answered 413 before it closed: either is a clear failure.
          #expect(error.kind == .transportFailure || error.statusCode == 413, "\(error)")
        }
      }
    }
  }

  /// A request for `/stream/flood` of `kind`.
  func flood(_ kind: String, status: Int = 200) -> Request {
    Request(.get, "/stream/flood", query: [QueryItem("kind", kind), Self.flood, QueryItem("status", String(status))])
  }

  func downloadError(_ request: Request, to destination: URL) async -> ServiceError? {
    do {
      _ = try await service.download(request, to: destination)
      return nil
    } catch {
      return error
    }
  }

  /// Cancels a download: before the head (0), mid-body (1), while the reader lags
  /// behind the network (2), and after the last byte, before the file is moved (3).
  func cancelDownload(stage: Int) async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("file.bin")
    let request =
      stage == 3
      ? Request(.get, "/stream/pattern", query: [QueryItem("bytes", "100000")])
      : flood("bytes")
    let gate = AsyncGate()
    let service = service
    let download = Task { () throws(ServiceError) -> Response<URL> in
      try await service.download(request, to: destination) { progress in
        switch stage {
        case 1 where progress.completed > 0: gate.open()
        case 2 where progress.completed > 0:
          gate.open()
          Thread.sleep(forTimeInterval: 0.001)  // the reader lags behind the network
        case 3 where progress.completed == progress.total:
          // The last byte is written: cancel before the move, from inside the loop.
          withUnsafeCurrentTask { $0?.cancel() }
        default: break
        }
      }
    }
    if stage == 1 || stage == 2 { await gate.wait() }
    if stage != 3 { download.cancel() }
    let result = await download.result
    #expect((result.failure as? ServiceError)?.kind == .cancelled, "stage \(stage): \(result)")
    #expect(try Self.contents(directory).isEmpty, "stage \(stage): no file is left")
  }

  /// Runs `loop` in a task, cancels it once the loop has opened the gate (it has an
  /// element), and expects `.cancelled`.
  func cancelLoop(_ loop: @escaping @Sendable (StreamService, AsyncGate) async throws -> Void) async throws {
    let service = service
    let gate = AsyncGate()
    let task = Task {
      defer { gate.open() }  // a loop that fails before its first element frees the wait
      try await loop(service, gate)
    }
    await gate.wait()
    task.cancel()
    guard case .failure(let error) = await task.result else {
      Issue.record("the loop ended by itself")
      return
    }
    #expect((error as? ServiceError)?.kind == .cancelled, "\(error)")
  }

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-fault-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func contents(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
  }

  static func file(bytes: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-upload-\(UUID().uuidString)")
    try Data(repeating: 0x61, count: bytes).write(to: url)
    return url
  }
}

/// A gate that tasks wait at until it is opened, once.
final class AsyncGate: Sendable {
  private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.isOpen else { return [] }
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if open { continuation.resume() }
    }
  }
}
