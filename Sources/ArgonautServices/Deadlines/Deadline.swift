import Dispatch

/// A one-shot timer that runs an action when a request's time is up, and that frees
/// everything it holds as soon as it is cancelled.
///
/// A `DispatchSourceTimer`, not a sleeping task: a cancelled `Task.sleep` keeps its
/// timer entry until the time it was asked to wait for, so every request with a
/// 300 s timeout held its memory for 300 s. A cancelled dispatch source lets go of
/// its handler at once.
///
/// `@unchecked Sendable` is sound: the only stored property is a constant reference
/// to a dispatch source, whose methods (`cancel`, and `activate` in `init`) are
/// thread-safe; Dispatch does not mark its source protocols `Sendable`.
final class Deadline: @unchecked Sendable {
  private let timer: any DispatchSourceTimer

  /// Arms a timer that runs `action` once, `duration` from now, on a global queue.
  ///
  /// - Parameters:
  ///   - duration: How long from now; a huge duration is clamped to about 290 years.
  ///   - action: What to run when the time is up; it must be cheap.
  init(after duration: Duration, action: @escaping @Sendable () -> Void) {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler(handler: action)
    timer.schedule(deadline: .now() + Self.interval(duration), repeating: .never, leeway: .milliseconds(1))
    self.timer = timer
    Self.observer?.track(self)
    timer.activate()
  }

  deinit {
    timer.cancel()
  }

  /// Disarms the timer: the action will not run, and the handler is released.
  func cancel() {
    timer.cancel()
  }

  /// `duration` as a dispatch interval in nanoseconds, clamped to what fits.
  static func interval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return .nanoseconds(0) }
    let (wholeNanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow, wholeNanoseconds <= Int64(Int.max) - 1_000_000_000 else { return .nanoseconds(Int.max) }
    return .nanoseconds(Int(wholeNanoseconds + attoseconds / 1_000_000_000))
  }

  /// Watches the deadlines created by the current task, for tests: bound with
  /// `Deadline.$observer.withValue(_:operation:)`.
  @TaskLocal static var observer: DeadlineObserver?
}

/// Records weak references to the deadlines created while it is bound, so that a
/// test can count how many are still alive, without any timing.
final class DeadlineObserver: Sendable {
  private struct Entry: Sendable {
    weak var deadline: Deadline?
  }

  private let entries = Locked<[Entry]>([])

  func track(_ deadline: Deadline) {
    entries.withLock { $0.append(Entry(deadline: deadline)) }
  }

  /// How many deadlines were created while bound.
  var created: Int { entries.withLock { $0.count } }

  /// How many of them are still in memory.
  var alive: Int { entries.withLock { entries in entries.count { $0.deadline != nil } } }
}
