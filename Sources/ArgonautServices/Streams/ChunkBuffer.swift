import Foundation

/// The chunks of one response body on their way from a transport (the producer) to
/// the loop that reads them (the consumer), with back-pressure.
///
/// It holds about ``capacity`` bytes in memory at most. A producer that can wait
/// does so in ``room()`` (a task), or suspends its transfer while ``isFull``
/// (URLSession on Apple platforms), until the consumer has taken half of them: a
/// slow consumer then slows the server down. A producer that cannot wait
/// (FoundationNetworking's URLSession, whose tasks cannot pause) keeps appending,
/// and what goes past the capacity is spilled to a temporary file (``SpillFile``),
/// which the consumer reads in order: memory stays bounded whatever the consumer's
/// pace, and the disk holds the lag.
///
/// The consumer waits for the next chunk in ``next(idleTimeout:)``: at most
/// `idleTimeout` for bytes that do not come, and not at all once its task is
/// cancelled. Either way, and when the consumer calls ``stop(_:)``, the buffer runs
/// its stop action once (which cancels the transfer) and wakes any waiting producer.
///
/// `@unchecked Sendable` is sound: every stored `var` is read and written only while
/// `condition` is locked, and the continuations are resumed after it is unlocked.
final class ChunkBuffer: @unchecked Sendable {
  /// How a body ended, or why it stopped.
  enum End: @unchecked Sendable {
    // `@unchecked`: `any Error` is not `Sendable`, but the transports only store
    // errors that are (URLError, CancellationError, the stubs' `Sendable` errors).
    /// The producer delivered the whole body.
    case finished
    /// The transfer failed: a dropped connection, a reset, a bad chunk.
    case failed(any Error)
    /// No bytes arrived for the consumer's idle timeout.
    case timedOut
    /// The consumer stopped reading: cancelled, or gone.
    case cancelled
  }

  private let condition = NSCondition()
  private var chunks: [Data] = []
  private var head = 0
  private var byteCount = 0
  private var end: End?
  private var reader: CheckedContinuation<Void, Never>?
  private var roomWaiters: [CheckedContinuation<Void, Never>] = []
  private var stopAction: (@Sendable () -> Void)?
  private var isStopped = false
  /// The number of the consumer's current wait for bytes, from 1.
  private var waitNumber = 0
  /// The wait whose idle timeout passed before the wait began.
  private var expiredWait: Int?
  /// The bytes past the capacity, in order, once the consumer lags.
  private var spill: SpillFile?
  /// Whether the spill file could not be created: memory takes everything then.
  private var spillFailed = false

  /// The bytes held before a producer must wait.
  let capacity: Int

  /// A buffer that makes producers wait once it holds `capacity` bytes.
  init(capacity: Int = 1 << 20) {
    self.capacity = max(1, capacity)
  }

  /// Sets what stops the transfer when the consumer stops reading early; runs it at
  /// once if the consumer already has.
  func onStop(_ action: @escaping @Sendable () -> Void) {
    let runNow = locked { () -> Bool in
      if isStopped { return true }
      stopAction = action
      return false
    }
    if runNow { action() }
  }

  // MARK: The producer

  /// Appends `chunk` for the consumer.
  /// - Returns: `false` when the consumer has stopped: the producer should stop too.
  @discardableResult
  func append(_ chunk: Data) -> Bool {
    condition.lock()
    guard end == nil else {
      condition.unlock()
      return false
    }
    if !chunk.isEmpty {
      if spill?.pending ?? 0 > 0 || byteCount >= capacity, let spill = spillFile() {
        // Behind the spilled bytes, or past the capacity: to the disk, in order.
        guard spill.append(chunk) else {
          condition.unlock()
          finish(.failed(CocoaError(.fileWriteOutOfSpace)))
          return false
        }
      } else {
        chunks.append(chunk)
        byteCount += chunk.count
      }
    }
    let waiting = reader
    reader = nil
    condition.unlock()
    waiting?.resume()
    return true
  }

  /// The bytes held in memory now (not counting the spill file).
  var memoryByteCount: Int { locked { byteCount } }

  /// The bytes held in the spill file now.
  var spilledByteCount: Int { locked { spill?.pending ?? 0 } }

  /// Whether the buffer holds ``capacity`` bytes or more, with the body still open.
  var isFull: Bool {
    locked { byteCount >= capacity && end == nil }
  }

  /// The spill file, created when first needed; `nil` if it cannot be. Called with
  /// the lock held.
  private func spillFile() -> SpillFile? {
    if let spill { return spill }
    guard !spillFailed else { return nil }
    spill = SpillFile()
    spillFailed = spill == nil
    return spill
  }

  /// Returns once the buffer has room, or the consumer has stopped.
  func room() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      condition.lock()
      if byteCount < capacity || end != nil {
        condition.unlock()
        continuation.resume()
      } else {
        roomWaiters.append(continuation)
        condition.unlock()
      }
    }
  }

  /// Ends the body: `.finished` after the last chunk, or `.failed` with the
  /// transport's error. The consumer reads the chunks still held before the end.
  func finish(_ how: End) {
    condition.lock()
    guard end == nil else {
      condition.unlock()
      return
    }
    end = how
    let waiting = reader
    reader = nil
    condition.unlock()
    waiting?.resume()
  }

  // MARK: The consumer

  /// The next chunk: at once when one is held, otherwise as soon as one arrives.
  ///
  /// - Parameter idleTimeout: The longest wait for the next bytes.
  /// - Returns: The chunk, or `nil` after the last one.
  /// - Throws: The ``End`` that stopped the body: `.failed`, `.timedOut` or `.cancelled`.
  nonisolated(nonsending) func next(idleTimeout: Duration) async throws(EndError) -> Data? {
    if Task.isCancelled { stop(.cancelled) }
    while true {
      if let taken = take() { return try taken.get() }
      let number = locked { () -> Int in
        waitNumber += 1
        return waitNumber
      }
      await withTaskCancellationHandler {
        let deadline = Deadline(after: idleTimeout) { [weak self] in self?.expire(number) }
        await waitForChunk(number)
        deadline.cancel()
      } onCancel: {
        stop(.cancelled)
      }
    }
  }

  /// Stops the body for the consumer's reason (`.cancelled`, `.timedOut`): drops
  /// what is held, wakes everyone, and runs the stop action. Does nothing once the
  /// consumer stopped already.
  func stop(_ reason: End) {
    stop(reason, if: { true })
  }

  /// ``stop(_:)``, if `condition` holds, judged with the lock held.
  private func stop(_ reason: End, if shouldStop: () -> Bool) {
    condition.lock()
    guard !isStopped, shouldStop() else {
      condition.unlock()
      return
    }
    isStopped = true
    if case .finished? = end, head == chunks.count, case .cancelled = reason {
      // Read to the end already: nothing to stop, and nothing to report.
    } else {
      end = reason
    }
    chunks.removeAll()
    head = 0
    byteCount = 0
    spill = nil
    let (waiting, producers, action) = (reader, roomWaiters, stopAction)
    reader = nil
    roomWaiters = []
    stopAction = nil
    condition.broadcast()
    condition.unlock()
    // The transfer is stopped before the reader resumes: a reader that sees the end
    // knows the producer has been told.
    action?()
    waiting?.resume()
    for producer in producers { producer.resume() }
  }

  /// A chunk or the end, if there is one to take now.
  private func take() -> Result<Data?, EndError>? {
    condition.lock()
    if head < chunks.count {
      let chunk = chunks[head]
      head += 1
      byteCount -= chunk.count
      if head == chunks.count {
        chunks.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 64 && head * 2 >= chunks.count {
        chunks.removeFirst(head)
        head = 0
      }
      var producers: [CheckedContinuation<Void, Never>] = []
      if byteCount <= capacity / 2 {
        producers = roomWaiters
        roomWaiters = []
        condition.broadcast()
      }
      condition.unlock()
      for producer in producers { producer.resume() }
      return .success(chunk)
    }
    if let spill, spill.pending > 0 {
      let chunk = spill.read(upTo: 256 << 10)
      condition.unlock()
      guard let chunk else { return .failure(EndError(reason: .failed(CocoaError(.fileReadUnknown)))) }
      return .success(chunk)
    }
    defer { condition.unlock() }
    switch end {
    case nil: return nil
    case .finished?: return .success(nil)
    case .some(let reason): return .failure(EndError(reason: reason))
    }
  }

  /// Waits until a chunk or the end is there.
  private func waitForChunk(_ number: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      condition.lock()
      if head < chunks.count || end != nil || spill?.pending ?? 0 > 0 {
        condition.unlock()
        continuation.resume()
      } else if expiredWait == number {
        // The idle timeout passed before this wait began.
        condition.unlock()
        stop(.timedOut)
        continuation.resume()
      } else {
        reader = continuation
        condition.unlock()
      }
    }
  }

  /// The idle timeout of wait `number` passed: stops the body if the consumer is
  /// still waiting in it, or marks it, so that the wait stops as soon as it begins
  /// (a timer may fire before the reader has registered).
  private func expire(_ number: Int) {
    stop(
      .timedOut,
      if: {
        guard number == waitNumber, end == nil, head == chunks.count, spill?.pending ?? 0 == 0 else { return false }
        if reader != nil { return true }
        expiredWait = number
        return false
      })
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// The error that ``next(idleTimeout:)`` throws: why the body stopped.
  struct EndError: Error {
    let reason: End
  }
}
