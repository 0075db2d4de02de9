#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a sample's bytes with the C library, since the tool does not import Foundation.
enum InputFile {
  /// A file that could not be read, with the system's reason.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// The bytes of the file at `path`, or of standard input for `-`.
  static func bytes(at path: String) throws(ReadError) -> [UInt8] {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw ReadError(description: "\(path): \(reason())") }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(description: "\(path): \(reason())")
      }
      bytes += chunk[..<count]
    }
  }

  private static func reason() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(cString: message)
  }
}

/// Writes to standard error.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { buffer in
      guard var address = buffer.baseAddress else { return }
      var remaining = buffer.count
      while remaining > 0 {
        let written = writeBytes(STDERR_FILENO, address, remaining)
        guard written > 0 else { return }
        address += written
        remaining -= written
      }
    }
  }
}

/// The C library's `write`, which the method above hides.
private func writeBytes(_ descriptor: Int32, _ address: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, address, count)
}
