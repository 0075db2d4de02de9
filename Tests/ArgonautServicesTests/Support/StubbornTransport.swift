import Dispatch
import Foundation

@testable import ArgonautServices

/// A transport that ignores cancellation: every request waits until the test opens
/// the gate, however long that takes, and then answers `200 {"late":true}`.
final class StubbornTransport: HTTPTransport {
  private struct State: Sendable {
    var isOpen = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var entered: [CheckedContinuation<Void, Never>] = []
    var sends = 0
    var answered = 0
  }

  private let state = Locked(State())

  /// How many requests reached the transport.
  var sends: Int { state.withLock { $0.sends } }
  /// How many requests it has answered, after the gate opened.
  var answered: Int { state.withLock { $0.answered } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let entered = state.withLock { state in
      state.sends += 1
      defer { state.entered.removeAll() }
      return state.entered
    }
    for waiter in entered { waiter.resume() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state in
        if !state.isOpen { state.waiting.append(continuation) }
        return state.isOpen
      }
      if open { continuation.resume() }
    }
    state.withLock { $0.answered += 1 }
    return HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"late":true}"#.utf8))
  }

  /// Returns once a request has reached the transport.
  func waitUntilEntered() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let already = state.withLock { state in
        if state.sends == 0 { state.entered.append(continuation) }
        return state.sends > 0
      }
      if already { continuation.resume() }
    }
  }

  /// Lets every waiting and future request answer.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting.removeAll() }
      return state.waiting
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Opens the gate after `seconds`, whatever happens: a backstop, so that a call
  /// that waits for the transport ends the test with a failure instead of a hang.
  func openAfter(seconds: Int, noting events: Locked<[String]>) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
      events.withLock { $0.append("backstop") }
      open()
    }
  }
}
