import Argonaut
import ArgonautFoundation
@_spi(Benchmarks) import ArgonautServices
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The streams benchmark (`--streams`): event-stream parsing speed, JSON Lines
/// against the same rows as one array, the same loops on the main actor against off
/// it, and the peak memory growth of a 256 MB download from the fault server on
/// loopback.
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

  /// A service with a configuration of its own, for loops that run outside the
  /// task-local configuration's scope.
  final class ConfiguredService: Service {
    typealias Model = JSON
    let configuration: ServiceConfiguration

    init(_ configuration: ServiceConfiguration) {
      self.configuration = configuration
    }
  }

  /// A loop of the main-actor comparison: its name, the bytes it reads, the elements
  /// it counts, and the loop, run in the isolation it is given.
  struct LoopCase: Sendable {
    let name: String
    let bytes: Int
    let elements: Int
    let loop: @Sendable (isolated (any Actor)?) async throws -> Int
  }

  /// Counts the elements of `sequence` with a `for try await` loop run in `isolation`:
  /// on the main actor (`MainActor.shared`) or off any actor (`nil`). The loop is
  /// the same code either way.
  static func count<S: AsyncSequence>(_ sequence: S, isolation: isolated (any Actor)?) async throws -> Int {
    var count = 0
    for try await _ in sequence { count += 1 }
    return count
  }

  /// `base`, with an iterator that implements `next()` alone, as the streams'
  /// iterators did before they implemented `next(isolation:)`: a loop on an actor
  /// then goes through the default `next(isolation:)`, which leaves the actor for
  /// each element and comes back.
  struct ThroughNext<Base: AsyncSequence>: AsyncSequence {
    typealias Element = Base.Element
    typealias Failure = any Error
    let base: Base

    struct Iterator: AsyncIteratorProtocol {
      var base: Base.AsyncIterator
      mutating func next() async throws -> Base.Element? { try await base.next() }
    }

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }
  }

  /// Runs `body` on the main actor and waits for it. Called from another thread: the
  /// main thread serves the main actor (see ``start(rounds:linesOnly:)``).
  static func waitOnMain<T: Sendable>(_ body: @escaping @MainActor @Sendable () async throws -> T) -> T {
    precondition(!Thread.isMainThread, "the main thread must be free to run the main actor")
    let result = Locked<T>()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      result.set(try! await body())
      done.signal()
    }
    done.wait()
    return result.get()!
  }

  /// Runs ``run(rounds:linesOnly:)`` on a thread of its own, and leaves the main
  /// thread to serve the main actor, which the main-actor loops run on.
  static func start(rounds: Int, linesOnly: Bool) -> Never {
    let thread = Thread { run(rounds: rounds, linesOnly: linesOnly) }
    thread.stackSize = 8 << 20
    thread.start()
    dispatchMain()
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

  /// An event stream of 16 MiB: the events that `event(index)` writes, and their number.
  static func eventStream(_ event: (Int) -> String) -> (text: [UInt8], events: Int) {
    var text = ""
    var index = 0
    while text.utf8.count < 16 << 20 {
      text += event(index)
      index += 1
    }
    return (Array(text.utf8), index)
  }

  /// Short token events, each with a type and an id: the most work per byte.
  static func chatEvents() -> (text: [UInt8], events: Int) {
    eventStream {
      "event: delta\nid: \($0)\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"token \($0)\"}}]}\n\n"
    }
  }

  /// The event streams of the benchmark, by name: short token events with a type and
  /// an id, and the shapes of two streaming chat APIs (OpenAI's chat completion
  /// chunks: one `data` line per event; Anthropic's content block deltas: a type and
  /// a `data` line).
  static func eventStreams() -> [(name: String, text: [UInt8], events: Int)] {
    let tokens = chatEvents()
    let openAI = eventStream {
      "data: {\"id\":\"chatcmpl-AbC123dEf456\",\"object\":\"chat.completion.chunk\",\"created\":1732694400,"
        + "\"model\":\"gpt-4o-mini-2024-07-18\",\"system_fingerprint\":\"fp_0ba0d124f1\",\"choices\":[{\"index\":0,"
        + "\"delta\":{\"content\":\" token \($0)\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    }
    let anthropic = eventStream {
      "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
        + "\"delta\":{\"type\":\"text_delta\",\"text\":\" token \($0)\"}}\n\n"
    }
    return [
      ("token events, type + id + data", tokens.text, tokens.events),
      ("OpenAI-style chunks, data only", openAI.text, openAI.events),
      ("Anthropic-style deltas, type + data", anthropic.text, anthropic.events),
    ]
  }

  /// `bytes` in 16 KiB chunks, for the parser alone: the loopback-free path, no
  /// transport and no async sequence.
  static func chunks(_ bytes: [UInt8]) -> [Data] {
    stride(from: 0, to: bytes.count, by: 16 << 10).map { Data(bytes[$0..<min($0 + (16 << 10), bytes.count)]) }
  }

  /// The 200,000 rows of the JSON Lines case, as JSON Lines and as one array.
  static func rows() -> (lines: [UInt8], array: [UInt8], count: Int) {
    var rows: [String] = []
    for row in 0..<200_000 {
      rows.append(#"{"id":\#(row),"name":"row \#(row) ✓","score":\#(Double(row) / 7),"tags":["a","b\#(row % 10)"]}"#)
    }
    return (
      Array(rows.joined(separator: "\n").utf8), Array(("[" + rows.joined(separator: ",\n") + "]").utf8), rows.count
    )
  }

  /// Decodes the rows `iterations` times through `lines(_:as:)` over an in-memory
  /// transport (`lines`), or as one array with `[Row].decode` (`array`), for a profiler.
  static func profileLines(path: String, iterations: Int) -> Never {
    let (lines, array, count) = rows()
    let memory = InMemoryTransport()
    memory.on(.get, "/rows", respond: .stream(parts(lines, size: 16 << 10), contentType: "application/x-ndjson"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    for _ in 0..<iterations {
      if path == "lines" {
        let decoded = wait {
          try await ServiceConfiguration.$current.withValue(configuration) {
            var decoded = 0
            for try await _ in BenchService().lines(Request(.get, "/rows"), as: Row.self) { decoded += 1 }
            return decoded
          }
        }
        precondition(decoded == count)
      } else {
        precondition([Row].decode(try! JSON(parsing: array)).value?.count == count)
      }
    }
    exit(0)
  }

  /// Parses one of the event streams (`stream`, an index into ``eventStreams()``)
  /// `iterations` times with the parser alone (`parser`), the parser with each event's
  /// data and id read as strings (`read`), or through `events(_:)`
  /// over an in-memory transport (`events`), for a profiler; `lines` and `array`
  /// run ``profileLines(path:iterations:)`` instead.
  static func profile(path: String, iterations: Int, stream: Int) -> Never {
    if path == "lines" || path == "array" { profileLines(path: path, iterations: iterations) }
    let (_, eventText, events) = eventStreams()[stream]
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
      } else if path == "read" {
        let count = try! ServerSentEventStream.parse(eventChunks) { event in
          consume(event.data.utf8.count &+ (event.id?.utf8.count ?? 0))
        }
        precondition(count == events)
      } else {
        precondition(try! ServerSentEventStream.parse(eventChunks) == events)
      }
    }
    exit(0)
  }

  /// Times the JSON Lines case: with `linesOnly`, alone (no event streams and no download).
  static func run(rounds: Int, linesOnly: Bool = false) -> Never {
    let streams = linesOnly ? [] : eventStreams()
    let memory = InMemoryTransport()
    for (index, stream) in streams.enumerated() {
      memory.on(
        .get, "/events/\(index)", respond: .stream(parts(stream.text, size: 16 << 10), contentType: "text/event-stream")
      )
    }
    // The same chunks for the parser alone.
    let streamChunks = streams.map { chunks($0.text) }

    // The same 200,000 rows as JSON Lines and as one array.
    let (lines, array, rowCount) = rows()
    memory.on(.get, "/rows", respond: .stream(parts(lines, size: 16 << 10), contentType: "application/x-ndjson"))
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory)
    let service = BenchService()

    @Sendable func parseEvents(_ index: Int) async throws -> Int {
      try await ServiceConfiguration.$current.withValue(configuration) {
        var count = 0
        for try await _ in service.events(Request(.get, "/events/\(index)")) { count += 1 }
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
    for (index, stream) in streams.enumerated() {
      precondition(wait { try await parseEvents(index) } == stream.events)
      precondition(try! ServerSentEventStream.parse(streamChunks[index]) == stream.events)
    }
    precondition(wait(decodeLines) == rowCount)
    precondition([Row].decode(try! JSON(parsing: array)).value?.count == rowCount)

    // The same loops on the main actor and off it, with the loop in one function:
    // the events, the rows through lines(_:as:), and the rows from a file through
    // JSONLines.rows(contentsOf:as:).
    let configured = ConfiguredService(configuration)
    let rowsFile = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-rows-\(getpid()).jsonl")
    try! Data(lines).write(to: rowsFile)
    defer { try? FileManager.default.removeItem(at: rowsFile) }
    var mainActorCases: [LoopCase] = []
    for (index, stream) in streams.enumerated() {
      let request = Request(.get, "/events/\(index)")
      mainActorCases.append(
        LoopCase(name: "events(_:), " + stream.name, bytes: stream.text.count, elements: stream.events) {
          try await count(configured.events(request), isolation: $0)
        })
    }
    if !linesOnly {
      mainActorCases.append(
        LoopCase(name: "lines(_:as:), 200,000 rows", bytes: lines.count, elements: rowCount) {
          try await count(configured.lines(Request(.get, "/rows"), as: Row.self), isolation: $0)
        })
      mainActorCases.append(
        LoopCase(name: "JSONLines.rows(contentsOf:as:), the same", bytes: lines.count, elements: rowCount) {
          try await count(JSONLines.rows(contentsOf: rowsFile, as: Row.self), isolation: $0)
        })
    }
    for loopCase in mainActorCases {
      precondition(wait { try await loopCase.loop(nil) } == loopCase.elements)
      precondition(waitOnMain { try await loopCase.loop(MainActor.shared) } == loopCase.elements)
    }
    // What a loop on the main actor cost before the iterators implemented
    // next(isolation:): the first event stream through next() alone.
    let throughNext: @Sendable (isolated (any Actor)?) async throws -> Int = {
      try await count(ThroughNext(base: configured.events(Request(.get, "/events/0"))), isolation: $0)
    }

    var sse = Array(repeating: Samples(), count: streams.count)
    var parser = Array(repeating: Samples(), count: streams.count)
    var reading = Array(repeating: Samples(), count: streams.count)
    var jsonLines = Samples()
    var oneArray = Samples()
    var offMain = Array(repeating: Samples(), count: mainActorCases.count)
    var onMain = Array(repeating: Samples(), count: mainActorCases.count)
    var nextOffMain = Samples()
    var nextOnMain = Samples()
    for _ in 0..<rounds {
      if !linesOnly {
        for (index, loopCase) in mainActorCases.enumerated() {
          offMain[index].secondsPerOperation.append(time(1) { _ = wait { try await loopCase.loop(nil) } })
          onMain[index].secondsPerOperation.append(
            time(1) { _ = waitOnMain { try await loopCase.loop(MainActor.shared) } })
        }
        nextOffMain.secondsPerOperation.append(time(1) { _ = wait { try await throughNext(nil) } })
        nextOnMain.secondsPerOperation.append(time(1) { _ = waitOnMain { try await throughNext(MainActor.shared) } })
      }
      for index in streams.indices {
        sse[index].secondsPerOperation.append(time(1) { _ = wait { try await parseEvents(index) } })
        parser[index].secondsPerOperation.append(
          time(1) { consume(try! ServerSentEventStream.parse(streamChunks[index])) })
        // The same, with each event's data and id read as strings (the parser keeps
        // them as bytes of the chunk until then).
        reading[index].secondsPerOperation.append(
          time(1) {
            consume(
              try! ServerSentEventStream.parse(streamChunks[index]) { event in
                consume(event.data.utf8.count &+ (event.id?.utf8.count ?? 0))
              })
          })
      }
      jsonLines.secondsPerOperation.append(time(1) { _ = wait(decodeLines) })
      oneArray.secondsPerOperation.append(time(1) { consume([Row].decode(try! JSON(parsing: array))) })
    }
    if !linesOnly {
      print("Streams (process CPU time, median of \(rounds) rounds; 16 MiB of event text fed in 16 KiB chunks)")
      print(
        "  SSE                                         parser alone   + data, id read       events(_:)    bytes/event"
          + "   fastest round alone")
    }
    for (index, stream) in streams.enumerated() {
      let megabytes = Double(stream.text.count) / 1e6
      let name = stream.name.padding(toLength: 38, withPad: " ", startingAt: 0)
      let alone = "\(format(megabytes / parser[index].median)) MB/s".leftPadded(to: 16)
      let read = "\(format(megabytes / reading[index].median)) MB/s".leftPadded(to: 18)
      let through = "\(format(megabytes / sse[index].median)) MB/s".leftPadded(to: 16)
      // The fastest round too: load only adds CPU time here (see the JSON Lines ratio).
      let fastest = "\(format(megabytes / parser[index].min)) MB/s".leftPadded(to: 16)
      print(
        "  \(name)\(alone)\(read) \(through)   \(String(stream.text.count / stream.events).leftPadded(to: 11))\(fastest)"
      )
    }
    print(
      "  JSON Lines, lines(_:as:) of 200,000 rows: \(format(jsonLines.median * 1000)) ms; the same rows as one array: "
        + "\(format(oneArray.median * 1000)) ms; ratio \(format(jsonLines.median / oneArray.median))x")
    // On a shared machine the two medians swing apart by tens of percent between
    // runs: load only adds CPU time (cache and memory contention), so the fastest
    // round of each side and the ratio within each round (run back to back) are
    // steadier figures.
    let ratios = zip(jsonLines.secondsPerOperation, oneArray.secondsPerOperation).map { $0 / $1 }.sorted()
    print(
      "  JSON Lines ratio, fastest round of each: \(format(jsonLines.min / oneArray.min))x; "
        + "median of the rounds' ratios: \(format(ratios[ratios.count / 2]))x")
    if linesOnly {
      print("  per-round ratios: \(ratios.map { format($0) }.joined(separator: " "))")
      exit(0)
    }

    // The same loop on the main actor and off it: the median of the rounds' own
    // ratios (each round runs the two back to back), as for JSON Lines.
    print("  On the main actor: the same for-try-await loop run on @MainActor and off it (median MB/s)")
    print("                                                       off main      on main   main/off-main")
    func mainRow(_ name: String, _ megabytes: Double, _ off: Samples, _ on: Samples) {
      let ratios = zip(on.secondsPerOperation, off.secondsPerOperation).map { $0 / $1 }.sorted()
      print(
        "  \(name.padding(toLength: 50, withPad: " ", startingAt: 0))"
          + "\(format(megabytes / off.median).leftPadded(to: 10))\(format(megabytes / on.median).leftPadded(to: 13))"
          + "\((format(ratios[ratios.count / 2]) + "x").leftPadded(to: 15))")
    }
    for (index, loopCase) in mainActorCases.enumerated() {
      mainRow(loopCase.name, Double(loopCase.bytes) / 1e6, offMain[index], onMain[index])
    }
    if let first = streams.first {
      mainRow(
        "events(_:) through next() alone (as before), token", Double(first.text.count) / 1e6, nextOffMain, nextOnMain)
    }

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

extension String {
  /// The string with spaces before it, to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: Swift.max(0, width - count)) + self
  }
}
