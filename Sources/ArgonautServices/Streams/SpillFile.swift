import Foundation

/// A temporary file that holds the bytes of a body that a consumer has not caught
/// up with: appended at its end, read from its start, emptied when read up.
///
/// It is unlinked as soon as it is created, so it disappears with its descriptor,
/// even if the process dies. Not thread-safe: ``ChunkBuffer`` uses it under its lock.
final class SpillFile {
  private let descriptor: Int32
  private var writeOffset: Int64 = 0
  private var readOffset: Int64 = 0

  /// How many bytes are written and not yet read.
  var pending: Int { Int(writeOffset - readOffset) }

  /// Creates the file in the temporary directory, or returns `nil` when it cannot.
  init?() {
    var template = Array((NSTemporaryDirectory() + "/argonaut-stream-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Appends `data`.
  /// - Returns: `false` when the write failed (the disk is full, say).
  func append(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes -> Bool in
      var done = 0
      while done < bytes.count {
        let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(writeOffset))
        guard written > 0 else { return false }
        done += written
        writeOffset += Int64(written)
      }
      return true
    }
  }

  /// Reads up to `limit` of the pending bytes; empties the file once they are all read.
  /// - Returns: The bytes, or `nil` when the read failed.
  func read(upTo limit: Int) -> Data? {
    let count = min(limit, pending)
    var data = Data(count: count)
    let read = data.withUnsafeMutableBytes { bytes in
      pread(descriptor, bytes.baseAddress!, count, off_t(readOffset))
    }
    guard read > 0 else { return nil }
    if read < count { data.removeLast(count - read) }
    readOffset += Int64(read)
    if readOffset == writeOffset {
      readOffset = 0
      writeOffset = 0
      _ = ftruncate(descriptor, 0)
    }
    return data
  }
}
