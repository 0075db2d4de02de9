#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing the generated files with the C library, since the tool does not import Foundation.
enum OutputDirectory {
  /// A directory or a file that could not be written, with the system's reason.
  struct WriteError: Error, CustomStringConvertible {
    var description: String
  }

  /// Creates `directory` (and its parents) and writes each file into it, replacing any.
  static func write(_ files: [(name: String, contents: String)], to directory: String) throws(WriteError) {
    var path = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw WriteError(description: "\(path): \(reason())")
      }
    }
    for file in files {
      let target = directory + (directory.hasSuffix("/") ? "" : "/") + file.name
      guard let handle = fopen(target, "wb") else { throw WriteError(description: "\(target): \(reason())") }
      let bytes = Array(file.contents.utf8)
      let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
      let closed = fclose(handle)
      guard written == bytes.count, closed == 0 else { throw WriteError(description: "\(target): \(reason())") }
    }
  }

  private static func reason() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(cString: message)
  }
}
