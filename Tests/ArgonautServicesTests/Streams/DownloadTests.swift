import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads to a file and upload progress, over real HTTP from the fault server.
@Suite("Downloads and uploads with progress", .needsPython, .faultServer)
struct DownloadTests {
  /// A fresh directory for one test.
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-download-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The file names in `directory`.
  static func contents(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  func run<T>(_ body: (StreamService) async throws -> T) async throws -> T {
    let configuration = try FaultFixture.configuration()
    return try await ServiceConfiguration.$current.withValue(configuration) { try await body(StreamService()) }
  }

  @Test("256 MB go to the file as they arrive; progress never decreases and ends at the total")
  func bigDownload() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("big.bin")
    let size = 256 << 20
    let reports = Locked<[TransferProgress]>([])
    let response = try await run { service in
      try await service.download(
        Request(.get, "/stream/pattern", query: [QueryItem("bytes", "\(size)")]), to: destination
      ) { progress in reports.withLock { $0.append(progress) } }
    }
    #expect(response.value == destination)
    #expect(response.statusCode == 200)
    #expect(try Self.contents(directory) == ["big.bin"], "no temporary file is left")
    let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
    #expect((attributes[.size] as? NSNumber)?.intValue == size)
    // A few samples of the content, at places that are not chunk-aligned.
    let handle = try FileHandle(forReadingFrom: destination)
    defer { try? handle.close() }
    for offset in [0, 251 * 1000 + 17, size / 2 + 3, size - 5] {
      try handle.seek(toOffset: UInt64(offset))
      let byte = try #require(try handle.read(upToCount: 1)?.first)
      #expect(byte == UInt8(offset % 251), "byte \(offset)")
    }
    let progress = reports.current
    #expect(progress.first == TransferProgress(completed: 0, total: Int64(size)))
    #expect(progress.last == TransferProgress(completed: Int64(size), total: Int64(size)))
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completed <= $1.completed })
    #expect(progress.count > 10, "reported as the chunks arrived")
  }

  @Test("A connection dropped mid-download leaves nothing at the destination, and keeps an existing file")
  func droppedDownload() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("file.bin")
    try Data("old content".utf8).write(to: destination)
    let error = try await run { service in
      await result(in: try FaultFixture.configuration()) { () async throws(ServiceError) in
        try await service.download(
          Request(.get, "/stream/pattern", query: [QueryItem("bytes", "1000000"), QueryItem("drop", "300000")]),
          to: destination)
      }.failure
    }
    #expect(error?.kind == .transportFailure, "\(String(describing: error))")
    #expect(try Self.contents(directory) == ["file.bin"], "no partial file")
    #expect(try Data(contentsOf: destination) == Data("old content".utf8))
  }

  @Test("A successful download replaces an existing file")
  func replaces() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("file.bin")
    try Data("old content that is longer than the new one".utf8).write(to: destination)
    _ = try await run { service in
      try await service.download(Request(.get, "/stream/pattern", query: [QueryItem("bytes", "10")]), to: destination)
    }
    #expect(try Data(contentsOf: destination) == Data((0..<10).map { UInt8($0) }))
  }

  @Test("A status that is not accepted fails before any file is written")
  func unacceptableStatus() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("file.bin")
    let error = try await run { service in
      await result(in: try FaultFixture.configuration()) { () async throws(ServiceError) in
        try await service.download(Request(.get, "/no-such-file"), to: destination)
      }.failure
    }
    #expect(error?.kind == .unacceptableStatus)
    #expect(error?.statusCode == 404)
    #expect(
      error?.description.hasSuffix(
        #"unacceptable status 404 (application/json): {"error":"no route for /no-such-file"}"#) == true,
      "\(String(describing: error))")
    #expect(try Self.contents(directory).isEmpty)
  }

  @Test("A destination whose directory does not exist is an invalid request, and nothing is sent")
  func missingDirectory() async throws {
    let memory = InMemoryTransport()
    memory.on(nil, "/*", respond: .text("x"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let destination = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file.bin")
    let error = await result(in: configuration) { () async throws(ServiceError) in
      try await StreamService().download(Request(.get, "/file"), to: destination)
    }.failure
    #expect(error?.kind == .invalidRequest)
    #expect(error?.description.contains("cannot write a download to /nonexistent-") == true)
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("Cancelling a download leaves nothing at the destination")
  func cancelled() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("file.bin")
    let memory = InMemoryTransport()
    memory.on(nil, "/*", respond: .stream([.text("first part"), .stall]))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let (started, signal) = AsyncStream<Void>.makeStream()
    let task = Task {
      await result(in: configuration) { () async throws(ServiceError) in
        try await StreamService().download(Request(.get, "/file"), to: destination) { progress in
          if progress.completed > 0 { signal.yield() }
        }
      }
    }
    for await _ in started { break }
    task.cancel()
    #expect(await task.value.failure?.kind == .cancelled)
    #expect(try Self.contents(directory).isEmpty)
  }

  @Test("Uploading a file reports progress that never decreases and ends at the file's size")
  func uploadProgress() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("upload.bin")
    let size = 3 << 20
    try Data(repeating: 7, count: size).write(to: file)
    let reports = Locked<[TransferProgress]>([])
    let response = try await run { service in
      try await service.response(for: Request(.put, "/stream/sink", body: .file(file))) { progress in
        reports.withLock { $0.append(progress) }
      }
    }
    #expect(try response.json()["received"] == .number(JSONNumber(size)))
    let progress = reports.current
    #expect(progress.last == TransferProgress(completed: Int64(size), total: Int64(size)))
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completed < $1.completed })
    #if canImport(FoundationNetworking)
      #expect(progress.count > 1, "reported as the file was sent: \(progress)")
    #endif
  }
}
