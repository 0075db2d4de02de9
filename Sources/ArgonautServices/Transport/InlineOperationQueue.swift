import Foundation

#if canImport(FoundationNetworking)
  /// A delegate queue that runs each operation at once, on the thread that adds it.
  ///
  /// FoundationNetworking (Linux) reads a body with libcurl on the session's work
  /// queue, and hands each chunk to the delegate by adding an operation to the
  /// delegate queue, without waiting: with an ordinary queue, chunks pile up in
  /// the queue, out of reach, as fast as the network delivers them. Run inline, the
  /// delegate's `didReceive data` is part of libcurl's write callback, and the
  /// chunk goes straight to the stream's ``ChunkBuffer``, which bounds the memory.
  ///
  /// The delegate must return quickly and never wait: every session's work queue
  /// targets one serial queue for the whole process, so a delegate that blocks
  /// stalls every URLSession request of the process. (Nor can a task be paused
  /// there: `URLSessionTask.suspend()` detaches the transfer, and `resume()` sends
  /// the request again.) For the same reason it must never call the session's
  /// synchronous API (`finishTasksAndInvalidate`, `getTasks`) directly.
  ///
  /// `@unchecked Sendable`, as `OperationQueue` itself is: it adds no state.
  final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
