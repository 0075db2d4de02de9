import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON Lines file open for reading, chunk after chunk, into one buffer of
/// ``chunkSize`` bytes that every read reuses; closed when released (a loop left
/// early, say).
final class JSONLinesFileReader {
  /// The bytes read at a time.
  static let chunkSize = 64 << 10

  let url: URL
  private let descriptor: Int32
  private let buffer: UnsafeMutableRawBufferPointer

  /// Opens `url`, a file URL.
  /// - Throws: ``JSONLinesError/Kind/readFailed`` when the file cannot be opened.
  init(url: URL) throws(JSONLinesError) {
    let opened = url.withUnsafeFileSystemRepresentation { path -> (descriptor: Int32, errno: Int32) in
      guard url.isFileURL, let path else { return (-1, EINVAL) }
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      return (descriptor, descriptor < 0 ? errno : 0)
    }
    guard opened.descriptor >= 0 else { throw JSONLinesError(.readFailed(errno: opened.errno), url: url) }
    self.url = url
    descriptor = opened.descriptor
    buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
  }

  deinit {
    close(descriptor)
    buffer.deallocate()
  }

  /// The next bytes of the file, valid until the next call; empty at the file's end.
  /// - Throws: ``JSONLinesError/Kind/readFailed`` when a read fails (the URL names a
  ///   directory, say).
  func nextChunk() throws(JSONLinesError) -> UnsafeRawBufferPointer {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return UnsafeRawBufferPointer(rebasing: buffer[..<count]) }
      guard errno == EINTR else { throw JSONLinesError(.readFailed(errno: errno), url: url) }
    }
  }
}

/// The temporary file that ``JSONLines/write(_:to:)`` fills in the directory of its
/// destination, then moves over it in one `rename(2)`: a reader of the destination
/// sees the old file or the new one, never a part.
final class JSONLinesFileWriter {
  let destination: URL
  private let temporaryPath: String
  /// The open file; -1 once closed.
  private var descriptor: Int32
  /// Whether the file was moved into place or removed.
  private var isDone = false

  /// Creates an empty temporary file next to `destination`, as a new file there
  /// would be created (its mode follows the process's umask).
  /// - Throws: ``JSONLinesError/Kind/writeFailed`` when it cannot be created.
  init(next destination: URL) throws(JSONLinesError) {
    guard destination.isFileURL else { throw JSONLinesError(.writeFailed(errno: EINVAL), url: destination) }
    self.destination = destination
    let directory = destination.deletingLastPathComponent().path
    temporaryPath = "\(directory)/.\(destination.lastPathComponent).\(UUID().uuidString).tmp"
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw JSONLinesError(.writeFailed(errno: errno), url: destination) }
  }

  deinit {
    discard()
  }

  /// Appends `bytes`.
  /// - Throws: ``JSONLinesError/Kind/writeFailed`` (the disk is full, say).
  func append(_ bytes: [UInt8]) throws(JSONLinesError) {
    let failure = bytes.withUnsafeBytes { bytes -> Int32? in
      var done = 0
      while done < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        if written >= 0 {
          done += written
        } else if errno != EINTR {
          return errno
        }
      }
      return nil
    }
    if let failure { throw JSONLinesError(.writeFailed(errno: failure), url: destination) }
  }

  /// Flushes the file to the disk, closes it and moves it over the destination,
  /// replacing any file there: after a crash, the destination is the old file or
  /// the whole new one.
  /// - Throws: ``JSONLinesError/Kind/writeFailed``; the temporary file is removed then.
  func commit() throws(JSONLinesError) {
    let synchronized = fsync(descriptor)
    let closed = close(descriptor)
    descriptor = -1
    guard synchronized == 0, closed == 0, rename(temporaryPath, destination.path) == 0 else {
      let code = errno
      discard()
      throw JSONLinesError(.writeFailed(errno: code), url: destination)
    }
    isDone = true
  }

  /// Closes and removes the temporary file, unless it was moved into place.
  func discard() {
    guard !isDone else { return }
    isDone = true
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
  }
}
