import Foundation

/// A value that several threads share, guarded by a lock.
///
/// `Synchronization.Mutex` would say the same thing without `@unchecked`, but it needs
/// macOS 15 / iOS 18, above the package's minimum platforms (macOS 13 / iOS 16).
///
/// `@unchecked Sendable` is sound here: `value` is private and only ever touched
/// inside `withLock`, which holds `lock` for the whole access; and `Value` itself is
/// `Sendable`, so what a caller copies out may cross threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value.
  var current: Value { withLock { $0 } }
}
