import Argonaut
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Peak memory while parsing, measured in a fresh child process so that nothing
/// else this process allocated distorts it.
enum Memory {
  /// Runs in the child: loads the document from `path`, warms up, resets the peak,
  /// parses, and prints the growth of the peak resident set in bytes.
  static func probe(path: String, engine: String) -> Never {
    // Read with POSIX calls into an array of the exact size: no buffers freed behind.
    var info = stat()
    let file = open(path, O_RDONLY)
    guard file >= 0, fstat(file, &info) == 0 else {
      print("-1")
      exit(1)
    }
    let size = Int(info.st_size)
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = read(file, buffer.baseAddress, size)
    }
    close(file)
    let data = Data(bytes)
    // Warm up on a small document with every kind of value, so that code pages
    // (a fixed overhead) are resident, without leaving a large freed heap behind
    // for the measured parse to reuse. The status reader is warmed up too.
    let warmUp = Array(
      #"{"a": [1, -2.5e-3, 0.30000000000000004, 18446744073709551616, true, null], "b\u00e9": "x\ny \ud83d\ude80 é"}"#
        .utf8)
    if engine == "argonaut" {
      consume(try! JSON(parsing: warmUp))
    } else {
      consume(try! JSONSerialization.jsonObject(with: Data(warmUp)))
    }
    _ = status("VmRSS")
    // Return freed heap pages to the system, so that reusing them counts as growth.
    trimHeap()
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident set.
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    if descriptor >= 0 {
      _ = write(descriptor, "5", 1)
      close(descriptor)
    }
    let baseline = status("VmRSS")
    if engine == "argonaut" {
      consume(try! JSON(parsing: bytes))
    } else {
      consume(try! JSONSerialization.jsonObject(with: data))
    }
    let peak = status("VmHWM")
    // Both inputs stay alive until here, so no freed block is reused by the parse.
    consume((data, bytes))
    print(Swift.max(0, peak - baseline))
    exit(0)
  }

  /// Calls glibc's `malloc_trim(0)`, which Swift's Glibc module does not export.
  static func trimHeap() {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    typealias MallocTrim = @convention(c) (Int) -> Int32
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  }

  /// A `/proc/self/status` field, in bytes.
  static func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return 0 }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return kilobytes * 1024
  }

  /// Runs the probe in a child process; `nil` where unsupported.
  static func peakGrowth(of document: Document, engine: String) -> Int? {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-probe-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    guard (try? document.data.write(to: file)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-probe", file.path, engine]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
