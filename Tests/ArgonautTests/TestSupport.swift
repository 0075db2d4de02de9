import Foundation

/// Paths to the shared corpora beside the package root (`../shared`).
enum Corpus {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  static let testSuite = shared.appendingPathComponent("corpora/JSONTestSuite/test_parsing")
  static let bench = shared.appendingPathComponent("corpora/bench")

  static var hasTestSuite: Bool { FileManager.default.fileExists(atPath: testSuite.path) }
  static var hasBench: Bool { FileManager.default.fileExists(atPath: bench.path) }

  /// The JSONTestSuite file names starting with `prefix`, sorted; empty when absent.
  static func testSuiteFiles(prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: testSuite.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func testSuiteBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: testSuite.appendingPathComponent(name)))
  }

  static func benchBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: bench.appendingPathComponent(name)))
  }
}

/// Runs CPU-heavy `work` on a thread of its own and waits for it without blocking.
///
/// Swift Testing runs tests as tasks on the cooperative pool, which has one thread a
/// core: two on a 2-core machine. A synchronous test that computes for seconds holds
/// one of them all along, and the other suites' tasks (such as the services tests,
/// which mostly wait for a server) queue behind it. On a thread of its own, the work
/// competes for the processor like any thread, and the pool stays free.
///
/// `work` only computes; the test checks its result afterwards, in the test's task,
/// where `#expect` knows which test it belongs to.
func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: work()) }
    thread.stackSize = 16 << 20
    thread.start()
  }
}

/// Runs `executable` with `arguments` on a thread of its own (waiting for a process
/// blocks its thread, which must not be one of the cooperative pool's) and returns its
/// exit status and what it wrote to standard output, and to standard error when
/// `mergingErrors`.
func runProcess(
  _ executable: String, _ arguments: [String], mergingErrors: Bool = false
) async throws -> (status: Int32, output: Data) {
  try await offCooperativePool { () -> Result<(status: Int32, output: Data), any Error> in
    Result {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      if mergingErrors { process.standardError = pipe }
      try process.run()
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, output)
    }
  }.get()
}
