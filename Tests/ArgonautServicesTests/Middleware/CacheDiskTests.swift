import Foundation
import Testing

@testable import ArgonautServices

/// `CacheMiddleware(storage: .disk(directory:))`: entries in files that survive the
/// middleware and the process.
@Suite("CacheMiddleware on disk: across instances and processes, atomic, corruption-proof, within its byte limit")
struct CacheDiskTests {
  let clock = ManualClock()
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-cache-\(UUID().uuidString)")

  func cache(byteLimit: Int = 1 << 20) -> CacheMiddleware {
    CacheMiddleware(storage: .disk(directory: directory), byteLimit: byteLimit, clock: clock)
  }

  /// The entry files in the directory, and their sizes.
  func files() throws -> [String: Int] {
    var sizes: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
      sizes[name] = (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
    return sizes
  }

  func origin() -> CacheOrigin {
    CacheOrigin { request, number in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600", "ETag": #""\#(number)""#],
        body: Data("\(request.url.path) #\(number)".utf8))
    }
  }

  @Test("A response stored by one instance is served by a new one, with its headers, Vary and credential")
  func newInstance() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language", "X-Kept": "yes"],
        body: Data("for \(request.header("Accept-Language") ?? "none")".utf8))
    }
    let request = cacheRequest("/x", headers: ["Accept-Language": "fr", "Authorization": "Bearer t"])
    _ = try await cache().send(request, to: origin)
    clock.advance(by: .seconds(10))
    let later = cache()
    #expect(later.storedCount == 1)
    let hit = try await later.send(request, to: origin)
    #expect(hit.isFromCache)
    #expect(hit.text == "for fr")
    #expect(hit.header("X-Kept") == "yes")
    #expect(hit.header("Age") == "10")
    #expect(origin.hits == 1)
    // Another language, or another credential, is still a miss.
    _ = try await later.send(
      cacheRequest("/x", headers: ["Accept-Language": "de", "Authorization": "Bearer t"]), to: origin)
    _ = try await later.send(
      cacheRequest("/x", headers: ["Accept-Language": "fr", "Authorization": "Bearer u"]), to: origin)
    #expect(origin.hits == 3)
    // No token on disk.
    for name in try files().keys {
      let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
      #expect(!text.contains("Bearer"))
    }
  }

  @Test("Revalidation and removal reach the files")
  func updatesReachTheFiles() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { request, number in
      if request.header("If-None-Match") != nil {
        return HTTPResponse(statusCode: 304, headers: ["ETag": #""e""#, "Cache-Control": "max-age=600"])
      }
      return HTTPResponse(
        statusCode: 200, headers: ["ETag": #""e""#, "Cache-Control": "max-age=0"], body: Data("body \(number)".utf8))
    }
    _ = try await cache().send(cacheRequest("/x"), to: origin)
    _ = try await cache().send(cacheRequest("/x"), to: origin)  // a 304 makes it fresh for 600 s
    #expect(try await cache().send(cacheRequest("/x"), to: origin).text == "body 1")
    #expect(origin.hits == 2)
    _ = try await cache().send(cacheRequest("/x", method: .delete), to: origin)
    #expect(cache().storedCount == 0)
    #expect(try files().isEmpty)
  }

  @Test("Truncated, corrupt and foreign entry files are ignored and removed, never trusted")
  func corruptFiles() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = origin()
    let writer = cache()
    for path in ["/a", "/b", "/c"] { _ = try await writer.send(cacheRequest(path), to: origin) }
    let names = try files().keys.filter { $0.hasSuffix(".entry") }.sorted()
    #expect(names.count == 3)
    // Truncate one, flip a byte of another, and add files that are not entries.
    let truncated = directory.appendingPathComponent(names[0])
    let whole = try Data(contentsOf: truncated)
    try whole.prefix(whole.count / 2).write(to: truncated)
    let flipped = directory.appendingPathComponent(names[1])
    var bytes = [UInt8](try Data(contentsOf: flipped))
    bytes[bytes.count / 2] ^= 0xff
    try Data(bytes).write(to: flipped)
    try Data("not an entry".utf8).write(to: directory.appendingPathComponent("foreign.entry"))
    try Data().write(to: directory.appendingPathComponent("empty.entry"))
    try Data(DiskCacheStore.magic).write(to: directory.appendingPathComponent("magic-only.entry"))
    try Data("kept".utf8).write(to: directory.appendingPathComponent("README.txt"))

    let reader = cache()
    #expect(reader.storedCount == 1)
    #expect(Set(try files().keys) == [names[2], "README.txt"])
    var served = 0
    for path in ["/a", "/b", "/c"] where try await reader.send(cacheRequest(path), to: origin).isFromCache {
      served += 1
    }
    #expect(served == 1)
    #expect(origin.hits == 5)
  }

  @Test("A file damaged after launch is dropped at the next lookup")
  func damagedAfterLaunch() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = origin()
    let cache = cache()
    _ = try await cache.send(cacheRequest("/a"), to: origin)
    let name = try #require(try files().keys.first)
    try Data("garbage".utf8).write(to: directory.appendingPathComponent(name))
    let again = try await cache.send(cacheRequest("/a"), to: origin)
    #expect(!again.isFromCache)
    #expect(again.text == "/a #2")
    #expect(origin.hits == 2)
    #expect(cache.storedCount == 1)
    #expect(try await cache.send(cacheRequest("/a"), to: origin).text == "/a #2")
  }

  @Test("The byte limit holds for the files, and a smaller limit at launch evicts the oldest")
  func byteLimit() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { _, _ in
      HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data(count: 1000))
    }
    let cache = cache(byteLimit: 10_000)
    for number in 0..<30 { _ = try await cache.send(cacheRequest("/item/\(number)"), to: origin) }
    let sizes = try files()
    #expect(sizes.values.reduce(0, +) <= 10_000)
    #expect(sizes.values.reduce(0, +) == cache.storedByteCount)
    #expect(sizes.count == cache.storedCount)
    #expect(sizes.count >= 5)  // each file holds 1,000 bytes of body and its metadata
    // The newest survive; a new instance with half the limit keeps the newest half.
    #expect(try await cache.send(cacheRequest("/item/29"), to: origin).isFromCache)
    let smaller = self.cache(byteLimit: 5000)
    #expect(try files().values.reduce(0, +) <= 5000)
    #expect(try await smaller.send(cacheRequest("/item/29"), to: origin).isFromCache)
    #expect(try await !smaller.send(cacheRequest("/item/0"), to: origin).isFromCache)
  }

  @Test("Two instances writing the same directory at once leave only whole entries, and no temporary files")
  func twoInstances() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = origin()
    let first = cache()
    let second = cache()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for round in 0..<40 {
        for cache in [first, second] {
          group.addTask { _ = try await cache.send(cacheRequest("/shared/\(round % 10)"), to: origin) }
        }
      }
      try await group.waitForAll()
    }
    let names = try files().keys
    #expect(names.allSatisfy { $0.hasSuffix(".entry") })  // no temporary file left
    for name in names {
      #expect(DiskCacheStore.decode(try Data(contentsOf: directory.appendingPathComponent(name))) != nil)
    }
    let third = cache()
    #expect(third.storedCount == 10)
    for number in 0..<10 {
      #expect(try await third.send(cacheRequest("/shared/\(number)"), to: origin).isFromCache)
    }
  }

  @Test("An unwritable directory stores nothing and fails nothing")
  func unwritable() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-not-a-dir-\(UUID().uuidString)")
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let cache = CacheMiddleware(storage: .disk(directory: file), clock: clock)
    let origin = origin()
    let response = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(response.statusCode == 200)
    #expect(cache.storedCount == 0)
    _ = try await cache.send(cacheRequest("/x"), to: origin)
    #expect(origin.hits == 2)
  }
}

/// Another process sharing the directory: this test binary, run again with only
/// ``CacheDiskChildProcess`` selected and the directory in its environment.
@Suite("CacheMiddleware on disk: another process shares the directory")
struct CacheDiskProcessTests {
  let clock = ManualClock()
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-cache-\(UUID().uuidString)")

  /// Runs the child writer and waits for it, off the cooperative pool.
  func runChild() async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "CacheDiskChildProcess"]
    var environment = ProcessInfo.processInfo.environment
    environment[CacheDiskChildProcess.variable] = directory.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do { try process.run() } catch { continuation.resume(throwing: error) }
    }
  }

  @Test("Entries written by another process, while this one writes too, are whole and served here")
  func childProcess() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data("parent \(request.url.path)".utf8))
    }
    let parent = CacheMiddleware(storage: .disk(directory: directory), clock: clock)
    async let status = runChild()
    for round in 0..<200 {
      _ = try await parent.intercept(
        cacheRequest("/shared/\(round % 10)", headers: ["Cache-Control": "no-cache"]), next: origin.send)
    }
    #expect(try await status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.allSatisfy { $0.hasSuffix(".entry") })
    for name in names {
      #expect(DiskCacheStore.decode(try Data(contentsOf: directory.appendingPathComponent(name))) != nil)
    }
    let fresh = CacheMiddleware(storage: .disk(directory: directory), clock: clock)
    #expect(fresh.storedCount == 20)
    for number in 0..<10 {
      let child = try await fresh.intercept(cacheRequest("/child/\(number)"), next: origin.send)
      #expect(child.isFromCache)
      #expect(child.text == "child /child/\(number)")
      #expect(try await fresh.intercept(cacheRequest("/shared/\(number)"), next: origin.send).isFromCache)
    }
  }
}

/// The environment variable that gives the child process its directory.
let cacheChildVariable = "ARGONAUT_CACHE_CHILD_DIRECTORY"

/// The writer that ``CacheDiskProcessTests`` runs in a child process; skipped in a
/// normal run.
@Suite(
  "CacheMiddleware on disk: the child process's writer",
  .enabled(if: ProcessInfo.processInfo.environment[cacheChildVariable] != nil))
struct CacheDiskChildProcess {
  static let variable = cacheChildVariable

  @Test("Writes /child/0…9 and /shared/0…9 to the directory it is given")
  func write() async throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.variable])
    let cache = CacheMiddleware(storage: .disk(directory: URL(fileURLWithPath: path)), clock: ManualClock())
    let origin = CacheOrigin { request, _ in
      HTTPResponse(
        statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data("child \(request.url.path)".utf8))
    }
    for round in 0..<200 {
      let path = round % 2 == 0 ? "/child/\(round / 2 % 10)" : "/shared/\(round / 2 % 10)"
      _ = try await cache.intercept(cacheRequest(path, headers: ["Cache-Control": "no-cache"]), next: origin.send)
    }
  }
}
