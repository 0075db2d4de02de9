// The C allocator, for the one buffer that benefits from `realloc`: the tape. Growing
// a large block in place (glibc uses mremap) means the parser never holds an old
// and a new copy of the tape at once, and hands its buffer to the document as is.
#if canImport(Glibc)
  // The C library's own module, without the Glibc overlay: importing the overlay makes
  // every job of a clean debug build of the core slower (its Swift declarations join
  // every lookup, and the index rebuilds it from its interface). See `DocumentLocks`.
  import SwiftGlibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#elseif canImport(WASILibc)
  import WASILibc
#endif

enum SystemMemory {
  /// Resizes `pointer` (or allocates, when it is `nil`) to hold `count` elements.
  static func reallocate<T: BitwiseCopyable>(_ pointer: UnsafeMutablePointer<T>?, count: Int) -> UnsafeMutablePointer<T>
  {
    let bytes = Swift.max(1, count) * MemoryLayout<T>.stride
    guard let raw = realloc(pointer.map(UnsafeMutableRawPointer.init), bytes) else {
      preconditionFailure("Argonaut: out of memory allocating \(bytes) bytes")
    }
    return raw.assumingMemoryBound(to: T.self)
  }

  /// Frees a buffer from `reallocate`.
  static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>?) {
    if let pointer { free(UnsafeMutableRawPointer(pointer)) }
  }
}
