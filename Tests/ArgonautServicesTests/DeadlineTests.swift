import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// Deadlines and cancellation hold whatever the transport does, and cost nothing
/// once a call is over. No test here measures time: each checks the order of events,
/// against a backstop that opens the transport 300 s later.
@Suite("Deadlines: on time whatever the transport does, and freed when the call ends")
struct DeadlineTests {
  func configuration(_ transport: any HTTPTransport, timeout: Duration) -> ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 8080), transport: transport, timeout: timeout)
  }

  @Test("A timeout ends the call even when the transport ignores cancellation; the late answer is dropped")
  func timeoutBeatsStubbornTransport() async throws {
    let transport = StubbornTransport()
    let events = Locked<[String]>([])
    transport.openAfter(seconds: 300, noting: events)
    let outcome = await result(in: configuration(transport, timeout: .milliseconds(200))) {
      () async throws(ServiceError) in
      try await JSONService().getRequest(url: "/never", parameters: nil, headers: nil)
    }
    let answeredBeforeCaller = transport.answered
    events.withLock { $0.append("caller") }
    transport.open()
    #expect(outcome.failure?.kind == .timeout)
    #expect(outcome.failure?.timeout == .milliseconds(200))
    #expect(answeredBeforeCaller == 0, "the caller waited for the transport")
    #expect(events.current.first == "caller", "the caller waited for the transport: \(events.current)")
  }

  @Test("Cancelling the Task ends the call even when the transport ignores cancellation")
  func cancelBeatsStubbornTransport() async throws {
    let transport = StubbornTransport()
    let events = Locked<[String]>([])
    transport.openAfter(seconds: 300, noting: events)
    let configuration = configuration(transport, timeout: .seconds(600))
    let call = Task {
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().getRequest(url: "/never", parameters: nil, headers: nil)
      }
    }
    await transport.waitUntilEntered()
    call.cancel()
    let outcome = await call.value
    let answeredBeforeCaller = transport.answered
    events.withLock { $0.append("caller") }
    transport.open()
    #expect(outcome.failure?.kind == .cancelled)
    #expect(answeredBeforeCaller == 0, "the caller waited for the transport")
    #expect(events.current.first == "caller", "the caller waited for the transport: \(events.current)")
  }

  @Test("Cancelling a ServiceTask ends the call even when the transport ignores cancellation")
  func handleCancelBeatsStubbornTransport() async throws {
    let transport = StubbornTransport()
    let events = Locked<[String]>([])
    transport.openAfter(seconds: 300, noting: events)
    let configuration = configuration(transport, timeout: .seconds(600))
    let outcome: Result<JSON, ServiceError> = await withCheckedContinuation { continuation in
      let handle = ServiceConfiguration.$current.withValue(configuration) {
        JSONService().getRequest(url: "/never", parameters: nil, headers: nil) { continuation.resume(returning: $0) }
      }
      Task {
        await transport.waitUntilEntered()
        handle.cancel()
      }
    }
    let answeredBeforeCaller = transport.answered
    events.withLock { $0.append("caller") }
    transport.open()
    #expect(outcome.failure?.kind == .cancelled)
    #expect(answeredBeforeCaller == 0, "the caller waited for the transport")
    #expect(events.current.first == "caller", "the caller waited for the transport: \(events.current)")
  }

  @Test("A call cancelled before it starts never reaches the transport")
  func cancelledBeforeStart() async throws {
    let transport = StubbornTransport()
    let configuration = configuration(transport, timeout: .seconds(600))
    let call = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().getRequest(url: "/never", parameters: nil, headers: nil)
      }
    }
    #expect(await call.value.failure?.kind == .cancelled)
    #expect(transport.sends == 0)
    transport.open()
  }

  @Test("No deadline outlives its call: 2,000 calls with a 300 s timeout leave none in memory")
  func deadlinesAreFreed() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/ok", respond: .json(["ok": true]))
    let configuration = configuration(memory, timeout: .seconds(300))
    let observer = DeadlineObserver()
    try await Deadline.$observer.withValue(observer) {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask {
            for _ in 0..<250 {
              _ = try await result(in: configuration) { () async throws(ServiceError) in
                try await JSONService().getRequest(url: "/ok", parameters: nil, headers: nil)
              }.get()
            }
          }
        }
        try await group.waitForAll()
      }
    }
    #expect(observer.created == 2000)
    #expect(observer.alive == 0)
  }

  @Test("A deadline that passes fires once, and is freed too")
  func firedDeadlineIsFreed() async throws {
    let memory = InMemoryTransport()
    memory.on(.get, "/hang", respond: .noResponse)
    let observer = DeadlineObserver()
    let outcome = await Deadline.$observer.withValue(observer) {
      await result(in: configuration(memory, timeout: .milliseconds(50))) { () async throws(ServiceError) in
        try await JSONService().getRequest(url: "/hang", parameters: nil, headers: nil)
      }
    }
    #expect(outcome.failure?.kind == .timeout)
    #expect(observer.created == 1)
    #expect(observer.alive == 0)
  }

  @Test(
    "Durations become dispatch intervals, clamped",
    arguments: [
      (Duration.milliseconds(300), DispatchTimeInterval.nanoseconds(300_000_000)),
      (.seconds(2), .nanoseconds(2_000_000_000)), (.seconds(Int64.max), .nanoseconds(Int.max)),
      (.seconds(-1), .nanoseconds(0)),
    ])
  func intervals(duration: Duration, interval: DispatchTimeInterval) {
    #expect(Deadline.interval(duration) == interval)
  }
}
