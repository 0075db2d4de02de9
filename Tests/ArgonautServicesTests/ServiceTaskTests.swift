import Argonaut
import Dispatch
import Foundation
import Testing

@testable import ArgonautServices

@Suite("ServiceTask: completions run once, on the chosen queue, and can be cancelled")
struct ServiceTaskTests {
  static let queueKey = DispatchSpecificKey<String>()

  func memory() -> InMemoryTransport {
    let memory = InMemoryTransport()
    memory.on(.get, "/ok", respond: .json(["ok": true]))
    memory.on(.get, "/slow", respond: .json(["ok": true]).delayed(by: .milliseconds(400)))
    return memory
  }

  @Test("The completion runs on the queue the configuration names")
  func customQueue() async throws {
    let queue = DispatchQueue(label: "ServiceTaskTests.callbacks")
    queue.setSpecific(key: Self.queueKey, value: "callbacks")
    let configuration = ServiceConfiguration(
      environment: .local(port: 1), transport: memory(), callbackQueue: queue, timeout: .seconds(600))
    let seen: String? = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        _ = JSONService().getRequest(url: "/ok", parameters: nil, headers: nil) { _ in
          continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey))
        }
      }
    }
    #expect(seen == "callbacks")
  }

  @Test("By default the completion runs off the main thread, so a command-line program needs no run loop")
  func defaultQueue() async throws {
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory(), timeout: .seconds(600))
    let onMain: Bool = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        _ = JSONService().getRequest(url: "/ok", parameters: nil, headers: nil) { _ in
          continuation.resume(returning: Thread.isMainThread)
        }
      }
    }
    #expect(!onMain)
  }

  @Test("An invalid request still completes asynchronously, never inside the call")
  func invalidRequestIsAsynchronous() async throws {
    let called = Locked(false)
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      JSONService().send(Request(.get, "/users/{id}")) { result in
        called.withLock { $0 = true }
        continuation.resume(returning: result)
      }
      #expect(!called.current, "the completion ran before the call returned")
    }
    #expect(outcome.failure?.kind == .invalidRequest)
  }

  @Test("A cancel racing the answer still gives exactly one completion", arguments: 0..<20)
  func cancelRace(round: Int) async throws {
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory(), timeout: .seconds(600))
    let calls = Locked(0)
    let done = DispatchSemaphore(value: 0)
    let handle = ServiceConfiguration.$current.withValue(configuration) {
      JSONService().getRequest(url: "/ok", parameters: nil, headers: nil) { _ in
        calls.withLock { $0 += 1 }
        done.signal()
      }
    }
    if round % 2 == 0 { await Task.yield() }
    handle.cancel()
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        done.wait()
        continuation.resume()
      }
    }
    try await Task.sleep(for: .milliseconds(50))
    #expect(calls.current == 1)
    #expect(handle.isFinished)
  }

  @Test("A cancel after the completion does nothing")
  func cancelAfterFinish() async throws {
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory(), timeout: .seconds(600))
    let calls = Locked(0)
    let handle = Locked<ServiceTask?>(nil)
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      ServiceConfiguration.$current.withValue(configuration) {
        let task = JSONService().getRequest(url: "/ok", parameters: nil, headers: nil) { result in
          calls.withLock { $0 += 1 }
          continuation.resume(returning: result)
        }
        handle.withLock { $0 = task }
      }
    }
    #expect(try outcome.get() == ["ok": true])
    let task = try #require(handle.current)
    task.cancel()
    #expect(!task.isCancelled)
    try await Task.sleep(for: .milliseconds(50))
    #expect(calls.current == 1)
  }

  @Test("Cancelling stops the transport's work")
  func cancelStopsTransport() async throws {
    let memory = memory()
    let configuration = ServiceConfiguration(environment: .local(port: 1), transport: memory, timeout: .seconds(600))
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      let task = ServiceConfiguration.$current.withValue(configuration) {
        JSONService().getRequest(url: "/slow", parameters: nil, headers: nil) { continuation.resume(returning: $0) }
      }
      task.cancel()
    }
    #expect(outcome.failure?.kind == .cancelled)
    #expect(outcome.failure?.description == "GET http://127.0.0.1:1/slow: cancelled")
  }
}
