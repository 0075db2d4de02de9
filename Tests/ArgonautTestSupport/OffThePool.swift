import Foundation
import Testing

/// Runs a test on a thread outside Swift's cooperative pool.
///
/// The pool has one thread per core: two on CI. A test that computes for seconds
/// without suspending (random number conversions, the corpus) holds one of them for
/// all that time, and two such tests stop every other test's tasks, such as a request
/// racing its deadline, for as long as they run. On a busy machine that was a minute,
/// and an in-memory request timed out. Under this trait the test's own code, and its
/// child tasks (the cases of a parameterized test), run on one dedicated thread that
/// all such tests share in turn, which the operating system schedules beside the
/// pool's threads: the pool stays free for the tests that wait on I/O and deadlines.
///
/// ```swift
/// @Test("Random decimal strings match the standard library", .offThePool)
/// ```
public struct OffThePoolTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's scope covers its tests, which get their own.
    guard !test.isSuite else { return try await function() }
    try await withTaskExecutorPreference(Self.executor) { try await function() }
  }

  /// The one thread that every such test shares, one job after another: a thread per
  /// test would leave the pool's threads a smaller share of the cores, not a larger one.
  static let executor = ThreadExecutor(name: "off-the-pool tests")
}

extension Trait where Self == OffThePoolTrait {
  /// Runs the test on the thread that such tests share, off Swift's cooperative pool:
  /// for tests that compute for a long time without suspending, or block.
  public static var offThePool: Self { Self() }
}

/// A task executor with one thread of its own, which runs its jobs in order, for as
/// long as the process lives.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs` is only touched with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  init(name: String) {
    let thread = Thread { [self] in run() }
    thread.name = name
    thread.stackSize = 8 << 20  // deep-nesting tests recurse
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
