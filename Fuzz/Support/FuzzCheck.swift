// Shared by every fuzz target: how a broken property is reported.
//
// A fuzz target must never trap on its own account, only on a real defect, so that
// libFuzzer's "deadly signal" always means a bug in the library. `check` traps in
// release builds too (unlike `assert`), with the property and the input's size.

/// Traps with `message` when `condition` is false.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("fuzz property broken: \(message())") }
}

/// The input as an array of bytes.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
