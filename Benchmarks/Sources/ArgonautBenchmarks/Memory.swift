import Argonaut
import Foundation

/// Peak memory while parsing, measured in a fresh child process so that nothing
/// else this process allocated distorts it.
enum Memory {
  /// Runs in the child: loads the document, resets the peak, parses, and prints
  /// the growth of the peak resident set in bytes.
  static func probe(document name: String, engine: String) -> Never {
    let document = Documents.corpus().first { $0.name == name } ?? Documents.generated(name)
    let bytes = document.bytes
    let data = document.data
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident set.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let baseline = status("VmRSS")
    if engine == "argonaut" {
      consume(try! JSON(parsing: bytes))
    } else {
      consume(try! JSONSerialization.jsonObject(with: data))
    }
    let peak = status("VmHWM")
    print(Swift.max(0, peak - baseline))
    exit(0)
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
  static func peakGrowth(document: String, engine: String) -> Int? {
    guard FileManager.default.fileExists(atPath: "/proc/self/status") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-probe", document, engine]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
