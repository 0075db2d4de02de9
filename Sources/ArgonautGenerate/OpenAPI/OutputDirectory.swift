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
  ///
  /// Removes the `Models+N.swift` files that a previous, larger run wrote and this one
  /// did not, so that their declarations do not clash with the new ones.
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
    let written = Set(files.map(\.name))
    for name in try entries(of: directory) where isModelsPart(name) && !written.contains(name) {
      let target = directory + (directory.hasSuffix("/") ? "" : "/") + name
      if unlink(target) != 0 { throw WriteError(description: "\(target): \(reason())") }
    }
  }

  /// Whether `name` is `Models+N.swift`, a later part of the models.
  static func isModelsPart(_ name: String) -> Bool {
    guard name.hasPrefix("Models+"), name.hasSuffix(".swift") else { return false }
    let number = name.dropFirst("Models+".count).dropLast(".swift".count)
    return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func entries(of directory: String) throws(WriteError) -> [String] {
    guard let stream = opendir(directory) else { throw WriteError(description: "\(directory): \(reason())") }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return names
  }

  private static func reason() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(cString: message)
  }
}
