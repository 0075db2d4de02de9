import Foundation

/// The time as the middleware sees it: the current date, and a way to wait.
///
/// ``RetryMiddleware`` waits between attempts and reads `Retry-After` dates;
/// `CacheMiddleware` decides whether a stored response is still fresh. Both take a
/// clock, so that tests can control time instead of sleeping:
///
/// ```swift
/// final class TestClock: MiddlewareClock, @unchecked Sendable { … }   // now moves only when sleep is called
/// let retry = RetryMiddleware(maxAttempts: 3, clock: testClock)
/// ```
///
/// The default, ``SystemMiddlewareClock``, uses the system's date and `Task.sleep`.
public protocol MiddlewareClock: Sendable {
  /// The current date.
  var now: Date { get }

  /// Waits for `duration`.
  /// - Throws: `CancellationError` as soon as the calling task is cancelled.
  func sleep(for duration: Duration) async throws
}

/// The system's clock: `Date()` and `Task.sleep(for:)`.
public struct SystemMiddlewareClock: MiddlewareClock {
  /// Creates the system clock.
  public init() {}

  /// The current date.
  public var now: Date { Date() }

  /// Waits for `duration` with `Task.sleep(for:)`, which ends early on cancellation.
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}

extension Date {
  /// The duration from `earlier` to this date; negative when this date is earlier.
  func duration(since earlier: Date) -> Duration {
    .seconds(timeIntervalSince(earlier))
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
