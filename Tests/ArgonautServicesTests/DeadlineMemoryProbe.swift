import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

/// A measurement, not a check: the resident memory of the process after rounds of
/// requests that finish at once but carry a 300 s deadline. Runs only with
/// `ARGONAUT_MEMORY_PROBE=rounds x requests` (for example `40x5000`); see
/// `Scripts/deadline-memory.sh`, which prints the figures.
@Suite("Deadline memory probe (ARGONAUT_MEMORY_PROBE)")
struct DeadlineMemoryProbe {
  static let setting = ProcessInfo.processInfo.environment["ARGONAUT_MEMORY_PROBE"]

  @Test("RSS after each round of requests with a 300 s deadline", .enabled(if: setting != nil))
  func probe() async throws {
    let parts = try #require(Self.setting?.split(separator: "x").compactMap { Int($0) })
    try #require(parts.count == 2, "ARGONAUT_MEMORY_PROBE is rounds x requests, such as 40x5000")
    let (rounds, requests) = (parts[0], parts[1])
    let memory = InMemoryTransport()
    memory.on(.get, "/ok", respond: .json(["ok": true]))
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(300))
    var figures: [Int] = []
    for round in 1...rounds {
      await withTaskGroup(of: Void.self) { group in
        for start in stride(from: 0, to: requests, by: requests / 8) {
          group.addTask {
            for _ in start..<min(start + requests / 8, requests) {
              _ = await result(in: configuration) { () async throws(ServiceError) in
                try await JSONService().getRequest(url: "/ok", parameters: nil, headers: nil)
              }
            }
          }
        }
      }
      memory.reset()
      memory.on(.get, "/ok", respond: .json(["ok": true]))
      let rss = Self.residentBytes()
      figures.append(rss)
      print("memory-probe round \(round): \(rss / 1024) KiB resident after \(round * requests) requests")
    }
    let growth = figures.last! - figures[figures.count / 4]
    print(
      "memory-probe growth from round \(figures.count / 4 + 1) to \(rounds): \(growth / 1024) KiB, "
        + "\(growth / max(1, (rounds - figures.count / 4 - 1) * requests)) bytes per request")
  }

  /// The resident set size, from `/proc/self/statm` (Linux); 0 elsewhere.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
