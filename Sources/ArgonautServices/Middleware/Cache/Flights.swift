/// The origin requests a ``CacheMiddleware`` has in flight, so that identical
/// requests share one (request collapsing): the first becomes the leader and sends
/// it; the others wait for its outcome.
final class Flights: Sendable {
  /// What the followers of a flight get.
  enum Outcome: Sendable {
    /// The response as the cache stored it: a follower may use it when its request
    /// matches it (its `Vary` fields, such as `Authorization` within a partition).
    case shared(CachedResponse)
    /// Nothing to share (the response may not be stored, or the leader failed):
    /// each follower sends its own request.
    case notShared
  }

  /// One request in flight and its followers.
  final class Flight: Sendable {
    private struct State: Sendable {
      var outcome: Outcome?
      var waiters: [Int: CheckedContinuation<Outcome?, Never>] = [:]
      var nextWaiter = 0
    }
    private let state = Locked(State())

    /// How many followers wait.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Waits for the leader's outcome; `nil` when the calling task is cancelled first.
    func outcome() async -> Outcome? {
      let id = state.withLock { state -> Int in
        state.nextWaiter += 1
        return state.nextWaiter
      }
      return await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome?, Never>) in
          let ready: Outcome?? = state.withLock { state in
            if let outcome = state.outcome { return .some(outcome) }
            if Task.isCancelled { return .some(nil) }
            state.waiters[id] = continuation
            return nil
          }
          if let ready { continuation.resume(returning: ready) }
        }
      } onCancel: {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
      }
    }

    /// Hands `outcome` to every follower, present and future.
    func finish(_ outcome: Outcome) {
      let waiters = state.withLock { state in
        state.outcome = outcome
        defer { state.waiters = [:] }
        return Array(state.waiters.values)
      }
      for waiter in waiters { waiter.resume(returning: outcome) }
    }
  }

  /// Whether the caller leads a new flight or follows one.
  enum Role {
    case leader(Flight)
    case follower(Flight)
  }

  private let flights = Locked([String: Flight]())

  /// Joins the flight of `id`, or starts one.
  func join(_ id: String) -> Role {
    flights.withLock { flights in
      if let flight = flights[id] { return .follower(flight) }
      let flight = Flight()
      flights[id] = flight
      return .leader(flight)
    }
  }

  /// Ends the flight of `id`, led by the caller, with `outcome`.
  func finish(_ id: String, _ flight: Flight, _ outcome: Outcome) {
    flights.withLock { flights in
      if flights[id] === flight { flights[id] = nil }
    }
    flight.finish(outcome)
  }

  /// How many flights there are now.
  var count: Int { flights.withLock { $0.count } }

  /// How many requests wait for another's response now.
  var waiterCount: Int {
    flights.withLock { $0.values.reduce(0) { $0 + $1.waiterCount } }
  }
}
