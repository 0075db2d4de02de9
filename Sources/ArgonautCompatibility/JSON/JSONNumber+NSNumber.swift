import Argonaut

/// `NSNumber`'s conversions, for decoders that matched Argo's `.number(let n)` and read
/// `n.intValue`.
///
/// ```swift
/// switch json {
/// case .number(let n): return .success(Level(rawValue: n.intValue) ?? .unknown)
/// default: return .typeMismatch(expected: "Level", actual: json)
/// }
/// ```
///
/// These conversions are lossy on purpose, to behave as Argo's `NSNumber` payload did
/// (as swift-corelibs-foundation's `NSNumber` does on Linux, measured with Swift 6.3.1):
///
/// | JSON | `intValue`, `int64Value` | `uintValue`, `uint64Value` | `boolValue` |
/// |---|---|---|---|
/// | `3.7`, `-3.7` | `3`, `-3`: truncated toward zero | `3`, `18446744073709551613`: the bit pattern of `-3` | `true` |
/// | `0.5` | `0` | `0` | `false`: `intValue != 0` |
/// | `18446744073709551614` | `-2`: the bit pattern | `18446744073709551614` | `true` |
/// | `1e20`, `-1e20` | `Int.max`, `Int.min`: clamped | `UInt.max`, `0`: clamped | `true` |
///
/// Past every 64-bit integer, as with `1e20`, `NSNumber`'s result depends on the
/// platform (`Int.min` for both signs on Linux x86-64); these clamp instead. A number
/// that is not an integer goes through `Double`, as `NSNumber` stored it.
///
/// Argonaut's own API never converts with a loss: `3.7` does not decode as an `Int`.
/// Where the exact value matters, read `n.integer(as: Int.self)` (`nil` for `3.7` or a
/// value out of range), `n.doubleValue` (correctly rounded) or `n.text`.
extension JSONNumber {
  /// The value as an `Int`, truncated toward zero as `NSNumber.intValue` does; an
  /// integer above `Int.max` keeps its bit pattern (`18446744073709551614` gives `-2`).
  ///
  /// Lossy, like Argo's payload: `3.7` gives `3`. `integer(as: Int.self)` is exact.
  public var intValue: Int { Int(truncatingIfNeeded: int64Value) }

  /// The value as an `Int64`, truncated toward zero as `NSNumber.int64Value` does; an
  /// integer above `Int64.max` keeps its bit pattern.
  ///
  /// Lossy, like Argo's payload. `integer(as: Int64.self)` is exact.
  public var int64Value: Int64 {
    if let exact = integer(as: Int64.self) { return exact }
    if let large = integer(as: UInt64.self) { return Int64(bitPattern: large) }
    let truncated = doubleValue.rounded(.towardZero)
    // Double(Int64.max) rounds up to 2^63, which does not fit.
    if truncated >= 0x1p63 { return .max }
    if truncated <= -0x1p63 { return .min }
    return Int64(truncated)
  }

  /// The value as a `UInt`, truncated toward zero as `NSNumber.uintValue` does; a
  /// negative integer keeps its bit pattern (`-3.7` gives `UInt.max - 2`).
  ///
  /// Lossy, like Argo's payload. `integer(as: UInt.self)` is exact.
  public var uintValue: UInt { UInt(truncatingIfNeeded: uint64Value) }

  /// The value as a `UInt64`, truncated toward zero as `NSNumber.uint64Value` does; a
  /// negative integer keeps its bit pattern.
  ///
  /// Lossy, like Argo's payload. `integer(as: UInt64.self)` is exact.
  public var uint64Value: UInt64 {
    if let exact = integer(as: UInt64.self) { return exact }
    if let negative = integer(as: Int64.self) { return UInt64(bitPattern: negative) }
    let truncated = doubleValue.rounded(.towardZero)
    if truncated >= 0x1p64 { return .max }
    if truncated >= 0 { return UInt64(truncated) }
    return truncated < -0x1p63 ? 0 : UInt64(bitPattern: Int64(truncated))
  }

  /// Whether the value is not zero once truncated toward zero, as `NSNumber.boolValue`
  /// does: `0` and `0.5` are `false`, `1`, `-3.7` and `2` are `true`.
  ///
  /// Argonaut's `Bool` decoding accepts only `true` and `false`; this is for decoders
  /// that read numbers as flags on purpose.
  public var boolValue: Bool { int64Value != 0 }
}
