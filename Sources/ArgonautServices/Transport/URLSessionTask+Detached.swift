import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTask {
  /// Cancels the task from a queue of its own, and returns at once.
  ///
  /// FoundationNetworking's `cancel()` (Swift 6.3's, before swift-corelibs-foundation
  /// #5417) runs `workQueue.sync` on the session's work queue: called from a delegate
  /// callback, which runs on that queue, it deadlocks, and with it every URLSession
  /// of the process (every session's work queue targets one serial queue). Called
  /// from a task of the cooperative pool, it blocks a pool thread until libcurl is
  /// done with the queue. Argonaut never calls `cancel()` directly: a stream's stop
  /// action, a delegate that refuses a body, and a cancelled task all come here.
  func cancelDetached() {
    DispatchQueue.global().async { self.cancel() }
  }
}
