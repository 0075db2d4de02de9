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

/// Runs every operation in turn, round after round, each repeated enough times per
/// round to take about `targetSeconds` of CPU time, and returns each one's median
/// seconds per operation. The order rotates each round, so no contender always runs
/// right after another.
func interleavedMedians(rounds: Int, targetSeconds: Double, _ operations: [() -> Void]) -> [Double] {
  let batches = operations.map { operation -> Int in
    operation()  // warm up
    let start = processCPUTime()
    operation()
    let once = Swift.max(processCPUTime() - start, 1e-7)
    return Swift.max(1, Int(targetSeconds / once))
  }
  var samples = Array(repeating: [Double](), count: operations.count)
  for round in 0..<rounds {
    for k in 0..<operations.count {
      let i = (k + round) % operations.count
      let start = processCPUTime()
      for _ in 0..<batches[i] { operations[i]() }
      samples[i].append((processCPUTime() - start) / Double(batches[i]))
    }
  }
  return samples.map { $0.sorted()[$0.count / 2] }
}
