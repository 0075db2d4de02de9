import Argonaut
@_spi(Benchmarks) import ArgonautServices
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The streams benchmark (`--streams`): event-stream parsing speed, JSON Lines
/// against the same rows as one array, and the peak memory growth of a 256 MB
/// download from the fault server on loopback.
enum StreamsBenchmark {
  /// A row of the JSON Lines case.
  struct Row: Argonaut.Decodable {
    let id: Int
    let name: String
    let score: Double
    let tags: [String]

    static func decode(_ json: JSON) -> Decoded<Row> {
      curry(Row.init) <^> json <| "id" <*> json <| "name" <*> json <| "score" <*> json <|| "tags"
    }
  }

  final class BenchService: Service {
    typealias Model = JSON
  }

  /// Runs an async body to completion from synchronous code (the benchmark's main thread).
  static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> T {
    let result = Locked<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
      result.set(try! await body())
      done.signal()
    }
    done.wait()
    return result.get()!
  }

  /// `bytes` cut into `size`-byte parts for a scripted stream.
  static func parts(_ bytes: [UInt8], size: Int) -> [StubResponse.StreamPart] {
    stride(from: 0, to: bytes.count, by: size).map { .bytes(Array(bytes[$0..<min($0 + size, bytes.count)])) }
  }

  /// Chat-style token events, as a streaming LLM API sends them: 16 MiB of text, and
  /// the number of events in it.
  static func chatEvents() -> (text: [UInt8], events: Int) {
    var text = ""
    var index = 0
    while text.utf8.count < 16 << 20 {
      text +=
        "event: delta\nid: \(index)\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"token \(index)\"}}]}\n\n"
      index += 1
    }
    return (Array(text.utf8), index)
  }

  /// `bytes` in 16 KiB chunks, for the parser alone: the loopback-free path, no
  /// transport and no async sequence.
  static func chunks(_ bytes: [UInt8]) -> [Data] {
    stride(from: 0, to: bytes.count, by: 16 << 10).map { Data(bytes[$0..<min($0 + (16 << 10), bytes.count)]) }
  }

  /// Parses the chat events `iterations` times with the parser alone (`parser`) or
  /// through `events(_:)` over an in-memory transport (`events`), for a profiler.
  static func profile(path: String, iterations: Int) -> Never {
    let (eventText, events) = chatEvents()
    let memory = InMemoryTransport()
    memory.on(.get, "/events", respond: .stream(parts(eventText, size: 16 << 10), contentType: "text/event-stream"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let eventChunks = chunks(eventText)
    for _ in 0..<iterations {
      if path == "events" {
        let count = wait {
          try await ServiceConfiguration.$current.withValue(configuration) {
            var count = 0
            for try await _ in BenchService().events(Request(.get, "/events")) { count += 1 }
            return count
          }
        }
        precondition(count == events)
      } else {
        precondition(try! ServerSentEventStream.parse(eventChunks) == events)
      }
    }
    exit(0)
  }

  static func run(rounds: Int) -> Never {
    let (eventText, events) = chatEvents()
    let memory = InMemoryTransport()
    memory.on(.get, "/events", respond: .stream(parts(eventText, size: 16 << 10), contentType: "text/event-stream"))
    let eventChunks = chunks(eventText)

    // The same 200,000 rows as JSON Lines and as one array.
    var rows: [String] = []
    for row in 0..<200_000 {
      rows.append(#"{"id":\#(row),"name":"row \#(row) ✓","score":\#(Double(row) / 7),"tags":["a","b\#(row % 10)"]}"#)
    }
    let lines = Array(rows.joined(separator: "\n").utf8)
    let array = Array(("[" + rows.joined(separator: ",\n") + "]").utf8)
    memory.on(.get, "/rows", respond: .stream(parts(lines, size: 16 << 10), contentType: "application/x-ndjson"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let service = BenchService()

    @Sendable func parseEvents() async throws -> Int {
      try await ServiceConfiguration.$current.withValue(configuration) {
        var count = 0
        for try await _ in service.events(Request(.get, "/events")) { count += 1 }
        return count
      }
    }
    @Sendable func decodeLines() async throws -> Int {
      try await ServiceConfiguration.$current.withValue(configuration) {
        var count = 0
        for try await _ in service.lines(Request(.get, "/rows"), as: Row.self) { count += 1 }
        return count
      }
    }
    precondition(wait(parseEvents) == events)
    precondition(try! ServerSentEventStream.parse(eventChunks) == events)
    precondition(wait(decodeLines) == rows.count)
    precondition([Row].decode(try! JSON(parsing: array)).value?.count == rows.count)

    var sse = Samples()
    var parser = Samples()
    var jsonLines = Samples()
    var oneArray = Samples()
    for _ in 0..<rounds {
      sse.secondsPerOperation.append(time(1) { _ = wait(parseEvents) })
      parser.secondsPerOperation.append(time(1) { consume(try! ServerSentEventStream.parse(eventChunks)) })
      jsonLines.secondsPerOperation.append(time(1) { _ = wait(decodeLines) })
      oneArray.secondsPerOperation.append(time(1) { consume([Row].decode(try! JSON(parsing: array))) })
    }
    let megabytes = Double(eventText.count) / 1e6
    print("Streams (process CPU time, median of \(rounds) rounds)")
    print(
      "  SSE parser alone, in-memory 16 KiB chunks: \(format(megabytes / parser.median)) MB/s "
        + "(\(format(Double(events) / parser.median / 1e6)) M events/s)")
    print(
      "  SSE, events(_:) over in-memory 16 KiB chunks: \(format(megabytes / sse.median)) MB/s "
        + "(\(events) events, \(format(Double(events) / sse.median / 1e6)) M events/s)")
    print(
      "  JSON Lines, lines(_:as:) of 200,000 rows: \(format(jsonLines.median * 1000)) ms; the same rows as one array: "
        + "\(format(oneArray.median * 1000)) ms; ratio \(format(jsonLines.median / oneArray.median))x")

    if let growth = downloadGrowth(bytes: 256 << 20) {
      print("  download(_:to:) of 256 MiB over loopback: peak memory growth \(format(Double(growth) / 1_048_576)) MiB")
    } else {
      print("  download: skipped (needs python3 and /proc)")
    }
    exit(0)
  }

  static func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : "%.2f", value)
  }

  /// Starts the fault server and measures the download in a child process.
  static func downloadGrowth(bytes: Int) -> Int? {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return nil }
    let script = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/FaultServer/server.py")
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = ["python3", script.path, "--watch-stdin"]
    let input = Pipe()
    let output = Pipe()
    server.standardInput = input
    server.standardOutput = output
    guard (try? server.run()) != nil else { return nil }
    defer { try? input.fileHandleForWriting.close() }
    var line = Data()
    while !line.contains(0x0A), let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
      line += byte
    }
    guard
      let port = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else { return nil }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--download-probe", "\(port)", "\(bytes)"]
    let pipe = Pipe()
    child.standardOutput = pipe
    guard (try? child.run()) != nil else { return nil }
    let result = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return Int(String(decoding: result, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// In the child: downloads 1 MiB to warm up, resets the peak, downloads `bytes`,
  /// and prints the growth of the peak resident set.
  static func downloadProbe(port: Int, bytes: Int) -> Never {
    let configuration = ServiceConfiguration(environment: .local(port: port))
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-download-\(getpid())")
    defer { try? FileManager.default.removeItem(at: destination) }
    @Sendable func download(_ size: Int) async throws -> Int {
      try await ServiceConfiguration.$current.withValue(configuration) {
        _ = try await BenchService().download(
          Request(.get, "/stream/pattern", query: [QueryItem("bytes", "\(size)")]), to: destination)
        return size
      }
    }
    _ = wait { try await download(1 << 20) }
    Memory.trimHeap()
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    if descriptor >= 0 {
      _ = write(descriptor, "5", 1)
      close(descriptor)
    }
    let baseline = Memory.status("VmRSS")
    _ = wait { try await download(bytes) }
    let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber)?.intValue
    precondition(size == bytes, "the download is incomplete: \(size ?? -1) bytes")
    print(Swift.max(0, Memory.status("VmHWM") - baseline))
    exit(0)
  }
}

/// A value set once by a task and read after it.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // `@unchecked`: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: Value?

  init() {}

  func set(_ newValue: Value) { lock.withLock { value = newValue } }
  func get() -> Value? { lock.withLock { value } }
}
