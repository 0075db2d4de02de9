#if canImport(Glibc)
  // The C library's module, not the Glibc overlay, which costs a clean debug build of
  // the core about a tenth of its compiler work for nothing the core uses.
  import SwiftGlibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
#endif

/// The mutexes that guard the little mutable state of documents: the key indexes
/// that lookups build lazily, and the tapes of built containers.
///
/// A fixed set of mutexes, shared by every document and picked by the document's
/// identity, so that parsing a document allocates no lock of its own. Each critical
/// section is a dictionary read or write, so sharing a mutex costs little. The core
/// cannot use Foundation's `NSLock`, and the `Synchronization` module's `Mutex` needs
/// macOS 15, so this wraps the platform's mutex.
enum DocumentLocks {
  /// Calls `body` holding the mutex of `document` (a `JSONDocument`, or a built container).
  static func withLock<R>(for document: AnyObject, _ body: () throws -> R) rethrows -> R {
    let stripe = Int(UInt(bitPattern: ObjectIdentifier(document).hashValue) % UInt(stripes.count))
    stripes.lock(stripe)
    defer { stripes.unlock(stripe) }
    return try body()
  }

  static let stripes = MutexStripes(count: 32)
}

/// A fixed array of platform mutexes that lives as long as the process.
///
/// `@unchecked Sendable`: the mutexes are raw memory that the compiler cannot check.
/// They are initialized before the instance is published, never moved or freed, and
/// only ever used through the platform's thread-safe lock and unlock calls.
final class MutexStripes: @unchecked Sendable {
  #if os(Windows)
    typealias Primitive = SRWLOCK
  #elseif canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    typealias Primitive = pthread_mutex_t
  #else
    typealias Primitive = UInt8  // a platform without threads
  #endif

  let count: Int
  private let mutexes: UnsafeMutablePointer<Primitive>

  init(count: Int) {
    self.count = count
    mutexes = .allocate(capacity: count)
    for i in 0..<count {
      #if os(Windows)
        InitializeSRWLock(mutexes + i)
      #elseif canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        (mutexes + i).initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutexes + i, nil)
        precondition(status == 0, "Argonaut: pthread_mutex_init failed (\(status))")
      #else
        (mutexes + i).initialize(to: 0)
      #endif
    }
  }

  func lock(_ i: Int) {
    #if os(Windows)
      AcquireSRWLockExclusive(mutexes + i)
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      let status = pthread_mutex_lock(mutexes + i)
      precondition(status == 0, "Argonaut: pthread_mutex_lock failed (\(status))")
    #endif
  }

  func unlock(_ i: Int) {
    #if os(Windows)
      ReleaseSRWLockExclusive(mutexes + i)
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      let status = pthread_mutex_unlock(mutexes + i)
      precondition(status == 0, "Argonaut: pthread_mutex_unlock failed (\(status))")
    #endif
  }
}
