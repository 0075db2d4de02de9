#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time of this process, in seconds.
func processCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Seconds per operation over rounds, with the median and the spread.
struct Samples: Codable {
  var secondsPerOperation: [Double] = []
  var median: Double {
    let sorted = secondsPerOperation.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }
  var min: Double { secondsPerOperation.min() ?? .nan }
  var max: Double { secondsPerOperation.max() ?? .nan }
}

/// Keeps results alive so the optimizer cannot drop the work.
nonisolated(unsafe) var blackHole = 0

@inline(never)
func consume<T>(_ value: T) {
  withUnsafePointer(to: value) { blackHole &+= Int(bitPattern: $0) & 1 }
}

/// Runs `a` and `b` alternately, round after round, on process CPU time, each
/// repeated enough times per round to take about `targetSeconds`.
func compare(
  rounds: Int, targetSeconds: Double = 0.04, _ a: () -> Void, _ b: () -> Void
) -> (Samples, Samples) {
  func iterations(for operation: () -> Void) -> Int {
    let start = processCPUTime()
    operation()
    let once = Swift.max(processCPUTime() - start, 1e-6)
    return Swift.max(1, Int(targetSeconds / once))
  }
  // Warm up both, and size each side's batch.
  let countA = iterations(for: a)
  let countB = iterations(for: b)
  var samplesA = Samples()
  var samplesB = Samples()
  for _ in 0..<rounds {
    samplesA.secondsPerOperation.append(time(countA, a))
    samplesB.secondsPerOperation.append(time(countB, b))
  }
  return (samplesA, samplesB)
}

func time(_ count: Int, _ operation: () -> Void) -> Double {
  let start = processCPUTime()
  for _ in 0..<count { operation() }
  return (processCPUTime() - start) / Double(count)
}
