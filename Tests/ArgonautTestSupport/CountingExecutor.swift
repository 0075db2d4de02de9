import Foundation

/// A serial executor that counts the jobs it is given, so that a test can see how
/// often a loop on an actor left it and came back, without any timing.
///
/// ```swift
/// let (values, jobs) = try await CountingActor().run { _ in
///   var values: [Int] = []
///   for try await value in sequence { values.append(value) }
///   return values
/// }
/// #expect(jobs < 10)  // not one per value
/// ```
///
/// `@unchecked Sendable` is sound: `enqueued` is only touched with `lock` held, and
/// the jobs run one at a time on a serial queue.
public final class CountingExecutor: SerialExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private var enqueued = 0
  private let queue = DispatchQueue(label: "counting executor")

  /// An executor that has been given no job yet.
  public init() {}

  /// How many jobs it has been given.
  public var count: Int { lock.withLock { enqueued } }

  public func enqueue(_ job: consuming ExecutorJob) {
    lock.withLock { enqueued += 1 }
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// An actor whose jobs run on a ``CountingExecutor``.
public actor CountingActor {
  /// The executor that runs the actor's jobs.
  public let executor = CountingExecutor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// An actor that has run nothing yet.
  public init() {}

  /// Runs `body` on this actor.
  /// - Returns: What `body` returns, and how many jobs the executor was given while
  ///   it ran: once for each time `body` left the actor and came back to it.
  public func run<T: Sendable>(
    _ body: @Sendable (isolated CountingActor) async throws -> T
  ) async rethrows -> (value: T, jobs: Int) {
    let before = executor.count
    let value = try await body(self)
    return (value, executor.count - before)
  }
}
