import Argonaut
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// Adds `operations` to `queue`, and returns once all of them, and `others` (already
/// queued elsewhere), have finished, without blocking a thread: a last operation that
/// depends on them all resumes the caller.
func runToCompletion(_ operations: [Operation], on queue: OperationQueue, after others: [Operation] = []) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let done = BlockOperation { continuation.resume() }
    for operation in operations + others { done.addDependency(operation) }
    queue.addOperations(operations + [done], waitUntilFinished: false)
  }
}

/// The results a completion received, in order.
final class Deliveries<Value: Sendable>: Sendable {
  let results = Locked<[Result<Value, ServiceError>]>([])
  var count: Int { results.current.count }
  func record(_ result: Result<Value, ServiceError>) { results.withLock { $0.append(result) } }
}

@Suite("ResourceOperation: resources on an OperationQueue (real HTTP)", .needsPython, .exampleServer)
struct ResourceOperationOverHTTPTests {
  var configuration: ServiceConfiguration {
    get throws { try Fixture.serverConfiguration() }
  }

  @Test("An operation loads its resource; the result is readable after it finishes")
  func loads() async throws {
    let service = PinnedJSONService(configuration: try configuration)
    let deliveries = Deliveries<[Event]>()
    let operation = ResourceOperation(
      resource: Resource<[Event]>(Request(.get, "/github/events")), service: service, completion: deliveries.record)
    #expect(operation.isAsynchronous)
    #expect(!operation.isExecuting && !operation.isFinished && operation.result == nil)
    await runToCompletion([operation], on: OperationQueue())
    #expect(operation.isFinished)
    #expect(!operation.isExecuting)
    #expect(try operation.result?.get().map(\.id) == ["101", "102"])
    #expect(deliveries.count == 1)
    #expect(try deliveries.results.current.first?.get().map(\.id) == ["101", "102"])
  }

  @Test("A dependent operation starts only after its dependency has finished")
  func dependencies() async throws {
    let service = PinnedJSONService(configuration: try configuration)
    let order = Locked<[String]>([])
    // Without the dependency, the fast load would finish first on a concurrent queue.
    let slow = ResourceOperation(
      resource: Resource<JSON>(Request(.get, "/slow", parameters: ["ms": "300"]), parse: .json), service: service
    ) { _ in order.withLock { $0.append("slow") } }
    let fast = ResourceOperation(
      resource: Resource<[Event]>(Request(.get, "/github/events")), service: service
    ) { _ in order.withLock { $0.append("fast: slow.isFinished=\(slow.isFinished), slow.result=\(slow.result != nil)") }
    }
    fast.addDependency(slow)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 4
    await runToCompletion([fast, slow], on: queue)
    #expect(order.current == ["slow", "fast: slow.isFinished=true, slow.result=true"])
    #expect(try slow.result?.get() == ["slept": 300])
  }

  @Test("Cancelling a running operation over HTTP delivers .cancelled once, and it finishes")
  func cancelWhileRunning() async throws {
    let service = PinnedJSONService(configuration: try configuration)
    let deliveries = Deliveries<JSON>()
    let operation = ResourceOperation(
      resource: Resource<JSON>(Request(.get, "/slow", parameters: ["ms": "30000"]), parse: .json), service: service,
      completion: deliveries.record)
    let queue = OperationQueue()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = BlockOperation { continuation.resume() }
      done.addDependency(operation)
      queue.addOperations([operation, done], waitUntilFinished: false)
      operation.cancel()  // before or after it started: either way, one .cancelled
    }
    #expect(operation.isFinished)
    #expect(operation.result?.failure?.kind == .cancelled)
    #expect(deliveries.count == 1)
    #expect(deliveries.results.current.first?.failure?.kind == .cancelled)
  }
}

@Suite("ResourceOperation: cancellation and state, in memory")
struct ResourceOperationTests {
  let memory = InMemoryTransport()
  var service: PinnedJSONService {
    PinnedJSONService(configuration: ServiceConfiguration(environment: .local(port: 1), transport: memory))
  }

  @Test("Cancelled before it starts: .cancelled once, no request, and the queue still finishes it")
  func cancelBeforeStart() async throws {
    memory.on(.get, "/item", respond: .json(["ok": true]))
    let deliveries = Deliveries<JSON>()
    let operation = ResourceOperation(
      resource: Resource<JSON>(Request(.get, "/item"), parse: .json), service: service, completion: deliveries.record)
    operation.cancel()
    operation.cancel()
    await runToCompletion([operation], on: OperationQueue())
    #expect(operation.isCancelled && operation.isFinished && !operation.isExecuting)
    #expect(operation.result?.failure?.kind == .cancelled)
    #expect(operation.result?.failure?.description == "GET http://127.0.0.1:1/item: cancelled")
    #expect(deliveries.count == 1)
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("Cancelled while its request is in flight: .cancelled once, and it finishes")
  func cancelWhileRunning() async throws {
    let arrived = AsyncStream<Void>.makeStream()
    memory.on(.get, "/hang") { _ in
      arrived.continuation.yield()
      return .noResponse
    }
    let deliveries = Deliveries<JSON>()
    let operation = ResourceOperation(
      resource: Resource<JSON>(Request(.get, "/hang"), parse: .json), service: service, completion: deliveries.record)
    let queue = OperationQueue()
    let finished = Task { await runToCompletion([operation], on: queue) }
    var iterator = arrived.stream.makeAsyncIterator()
    await iterator.next()  // the request reached the transport: the operation is running
    #expect(operation.isExecuting)
    #expect(!operation.isFinished)
    operation.cancel()
    await finished.value
    #expect(operation.isFinished && !operation.isExecuting)
    #expect(operation.result?.failure?.kind == .cancelled)
    #expect(deliveries.count == 1)
  }

  @Test("A cancel after it finished changes nothing")
  func cancelAfterFinish() async throws {
    memory.on(.get, "/item", respond: .json(["ok": true]))
    let deliveries = Deliveries<JSON>()
    let operation = ResourceOperation(
      resource: Resource<JSON>(Request(.get, "/item"), parse: .json), service: service, completion: deliveries.record)
    await runToCompletion([operation], on: OperationQueue())
    operation.cancel()
    #expect(try operation.result?.get() == ["ok": true])
    #expect(deliveries.count == 1)
  }

  @Test("An error of the load is the result, delivered once")
  func failure() async throws {
    memory.on(.get, "/avatar", respond: .text("<html></html>", contentType: "text/html"))
    let deliveries = Deliveries<Data>()
    let operation = ResourceOperation(
      resource: Resource<Data>(Request(.get, "/avatar"), parse: .image), service: service,
      completion: deliveries.record)
    await runToCompletion([operation], on: OperationQueue())
    #expect(operation.result?.failure?.kind == .unacceptableContentType)
    #expect(deliveries.count == 1)
  }

  @Test("The configuration is the service's when the operation is created, not the queue thread's")
  func configurationAtCreation() async throws {
    memory.on(.get, "/item", respond: .json(["ok": true]))
    let operation = ServiceConfiguration.$current.withValue(
      ServiceConfiguration(environment: .local(port: 1), transport: memory)
    ) {
      ResourceOperation(resource: Resource<JSON>(Request(.get, "/item"), parse: .json), service: JSONService())
    }
    await runToCompletion([operation], on: OperationQueue())
    #expect(try operation.result?.get() == ["ok": true])
  }

  @Test("Many operations with dependencies, some cancelled, all finish with one result each", arguments: 0..<5)
  func stress(round: Int) async throws {
    memory.on(.get, "/item/{n}") { request in .json(["n": .string(request.pathSegments[1])]) }
    let count = 24
    let deliveries = (0..<count).map { _ in Deliveries<JSON>() }
    let operations = (0..<count).map { index in
      ResourceOperation(
        resource: Resource<JSON>(Request(.get, "/item/\(index)"), parse: .json), service: service,
        completion: deliveries[index].record)
    }
    for index in 1..<count where index % 3 == 0 { operations[index].addDependency(operations[index - 1]) }
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 3
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = BlockOperation { continuation.resume() }
      for operation in operations { done.addDependency(operation) }
      queue.addOperations(operations + [done], waitUntilFinished: false)
      for index in stride(from: round % 4, to: count, by: 4) { operations[index].cancel() }
    }
    for (index, operation) in operations.enumerated() {
      #expect(operation.isFinished)
      #expect(deliveries[index].count == 1, "operation \(index) delivered \(deliveries[index].count) times")
      if let value = try? operation.result?.get() {
        #expect(value == ["n": .string("\(index)")])
      } else {
        #expect(operation.result?.failure?.kind == .cancelled)
      }
    }
  }

  #if canImport(Darwin)
    @Test("Key-value observers see isExecuting and isFinished change")
    func keyValueObserving() async throws {
      memory.on(.get, "/item", respond: .json(["ok": true]))
      let operation = ResourceOperation(
        resource: Resource<JSON>(Request(.get, "/item"), parse: .json), service: service)
      let changes = Locked<[String]>([])
      let executing = operation.observe(\.isExecuting, options: [.new]) { _, change in
        changes.withLock { $0.append("isExecuting=\(change.newValue ?? false)") }
      }
      let finished = operation.observe(\.isFinished, options: [.new]) { _, change in
        changes.withLock { $0.append("isFinished=\(change.newValue ?? false)") }
      }
      await runToCompletion([operation], on: OperationQueue())
      executing.invalidate()
      finished.invalidate()
      #expect(changes.current.contains("isExecuting=true"))
      #expect(changes.current.contains("isFinished=true"))
    }
  #endif
}
