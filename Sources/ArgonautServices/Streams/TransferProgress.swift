/// How far a transfer has come: bytes done, out of a total when it is known.
///
/// ```swift
/// let file = try await service.download(Request(.get, "/big.bin"), to: destination) { progress in
///   print(progress.completed, progress.total ?? -1)
/// }
/// ```
///
/// ``Service/download(_:to:progress:)`` reports the bytes written to the file, out
/// of the response's `Content-Length`; ``Service/response(for:progress:)`` reports
/// the bytes of a body sent, out of its size. Reports never go backwards, and the
/// last one of a transfer that succeeds has ``completed`` equal to ``total`` when the
/// total is known.
public struct TransferProgress: Sendable, Hashable {
  /// The bytes transferred so far.
  public var completed: Int64
  /// The bytes to transfer in all, when known: from `Content-Length` for a download.
  public var total: Int64?

  /// Creates a progress report.
  public init(completed: Int64, total: Int64?) {
    self.completed = completed
    self.total = total
  }

  /// The share done, from 0 to 1, when the total is known (1 for an empty transfer).
  public var fractionCompleted: Double? {
    guard let total else { return nil }
    guard total > 0 else { return 1 }
    return min(1, Double(completed) / Double(total))
  }
}

extension TransferProgress: CustomStringConvertible {
  /// Such as `512 of 2048 bytes (25%)`, or `512 bytes` when the total is unknown.
  public var description: String {
    guard let total, let fraction = fractionCompleted else { return "\(completed) bytes" }
    return "\(completed) of \(total) bytes (\(Int((fraction * 100).rounded(.down)))%)"
  }
}

/// Hands progress reports to a closure, never going backwards: a retried upload
/// starts from zero again, but its reports wait until they pass the last one.
final class TransferProgressReporter: Sendable {
  private let report: @Sendable (TransferProgress) -> Void
  private let last = Locked<TransferProgress?>(nil)

  /// The reporter of the upload that the current task sends, if any.
  @TaskLocal static var upload: TransferProgressReporter?

  init(_ report: @escaping @Sendable (TransferProgress) -> Void) {
    self.report = report
  }

  /// The bytes sent so far, summed from each delegate call's own count.
  private let sent = Locked<Int64>(0)

  /// Reports one delegate call of an upload: `bytesSent` more bytes, of `total`.
  ///
  /// The running sum of `bytesSent` is what counts, not the call's `totalBytesSent`:
  /// FoundationNetworking queues its delegate calls and reads `totalBytesSent` when a
  /// call runs, so on a busy machine every queued call said the whole size, and an
  /// upload reported its progress once, at the end. The sum is capped at `total`.
  func reportSent(_ bytesSent: Int64, total: Int64?) {
    let completed = sent.withLock { sent in
      sent += max(0, bytesSent)
      if let total { sent = min(sent, total) }
      return sent
    }
    report(completed: completed, total: total)
  }

  /// Reports `completed` of `total`, unless an earlier report got as far. The
  /// closure runs with the lock held, so that reports from two threads cannot pass
  /// each other.
  func report(completed: Int64, total: Int64?) {
    last.withLock { last in
      if let previous = last, previous.completed >= completed { return }
      let progress = TransferProgress(completed: completed, total: total)
      last = progress
      report(progress)
    }
  }
}
