import Foundation

#if canImport(FoundationNetworking)
  /// A delegate queue that runs each operation at once, on the thread that adds it.
  ///
  /// FoundationNetworking (Linux) reads a body with libcurl on the session's work
  /// queue, and hands each chunk to the delegate by adding an operation to the
  /// delegate queue, without waiting: an ordinary queue lets chunks pile up in
  /// memory as fast as the network delivers them. Run inline, the delegate's
  /// `didReceive data` is part of libcurl's write callback, so a delegate that
  /// blocks stops libcurl reading the socket, and TCP slows the server down: real
  /// back-pressure. (`URLSessionTask.suspend()` cannot do it there: it detaches the
  /// transfer, and `resume()` sends the request again.)
  ///
  /// Only for a session of its own (one per stream): blocking its work queue stalls
  /// every task of that session. A delegate on this queue must never call the
  /// session's synchronous API (`finishTasksAndInvalidate`, `getTasks`) directly:
  /// those wait for the work queue it is running on.
  ///
  /// `@unchecked Sendable`, as `OperationQueue` itself is: it adds no state.
  final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
