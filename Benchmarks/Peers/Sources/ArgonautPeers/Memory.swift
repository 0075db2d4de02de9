import Argonaut
import Foundation
import PeerShims

/// Peak memory while parsing, measured in a fresh child process per library, so
/// that nothing else this process allocated distorts it. The input is loaded (and,
/// for simdjson, padded) before the baseline; the growth counts what parsing adds.
enum Memory {
  /// Runs in the child and prints the growth of the peak resident set, in bytes.
  static func probe(path: String, engine: Engine) -> Never {
    guard let data = FileManager.default.contents(atPath: path) else {
      print("-1")
      exit(1)
    }
    let bytes = [UInt8](data)
    let warmUp = Array(#"{"a": [1, -2.5e-3, 1844674407370955161, true, null], "b\u00e9": "x\ny é"}"#.utf8)
    let contender = Contender(engine, bytes: bytes)
    Contender(engine, bytes: warmUp).parse()
    _ = status("VmRSS")
    trimHeap()
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident set.
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    if descriptor >= 0 {
      _ = write(descriptor, "5", 1)
      close(descriptor)
    }
    let baseline = status("VmRSS")
    contender.parse()
    let peak = status("VmHWM")
    blackHole((contender, data))
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

  /// The peak growth for `engine` parsing `bytes`, from a child process; `nil` where unsupported.
  static func peakGrowth(of bytes: [UInt8], engine: Engine) -> Int? {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-peers-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    guard (try? Data(bytes).write(to: file)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-probe", file.path, engine.rawValue]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
