import ArgonautServices
import Foundation

/// A clock for middleware tests: time moves only when a middleware sleeps on it (or
/// a test calls `advance`), and every sleep is recorded. Nothing waits for real.
final class ManualClock: MiddlewareClock, Sendable {
  private struct State {
    var now: Date
    var sleeps: [Duration] = []
  }

  private let lock = NSLock()
  // Only touched under `lock`.
  nonisolated(unsafe) private var state: State

  init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    state = State(now: now)
  }

  var now: Date { lock.withLock { state.now } }

  /// Every duration slept, in order.
  var sleeps: [Duration] { lock.withLock { state.sleeps } }

  /// Moves time forward.
  func advance(by duration: Duration) {
    lock.withLock { state.now = state.now.addingTimeInterval(Self.seconds(duration)) }
  }

  func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    lock.withLock {
      state.sleeps.append(duration)
      state.now = state.now.addingTimeInterval(Self.seconds(duration))
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// A clock whose sleeps last an hour, for real: only a cancellation ends them.
struct EndlessClock: MiddlewareClock {
  /// One entry per sleep begun.
  let sleeping = Tally()

  var now: Date { Date() }
  func sleep(for duration: Duration) async throws {
    sleeping.add("\(duration)")
    try await Task.sleep(for: .seconds(3600))
  }
}

/// Waits, without blocking a thread, until `condition` holds.
func eventually(_ condition: () -> Bool) async throws {
  while !condition() { try await Task.sleep(for: .milliseconds(5)) }
}

/// A thread-safe counter and log for tests.
final class Tally: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var entries: [String] = []

  func add(_ entry: String) { lock.withLock { entries.append(entry) } }
  var all: [String] { lock.withLock { entries } }
  var count: Int { lock.withLock { entries.count } }
}

/// A transport that holds the requests with a given `Authorization` until `count` of
/// them have arrived, then lets them all through: so that they are all in flight with
/// the same token at once, whatever the scheduling.
struct BarrierTransport: HTTPTransport {
  let inner: any HTTPTransport
  let count: Int
  let authorization: String
  let arrived = Tally()

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if request.header("Authorization") == authorization {
      arrived.add(request.path)
      try await eventually { arrived.count >= count }
    }
    return try await inner.send(request)
  }
}
