// TEMPORARY stand-in; replaced by the exact implementation.
@usableFromInline func jsonNumberToDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double {
  Double(String(decoding: text, as: UTF8.self)) ?? .nan
}
@usableFromInline func jsonNumberToFloat(_ text: UnsafeBufferPointer<UInt8>) -> Float {
  Float(String(decoding: text, as: UTF8.self)) ?? .nan
}
@usableFromInline func jsonNumberToInt64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
  Int64(String(decoding: text, as: UTF8.self))
}
@usableFromInline func jsonNumberToUInt64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
  UInt64(String(decoding: text, as: UTF8.self))
}
@usableFromInline struct DecimalValue: Hashable, Sendable {
  var isNegative: Bool
  var digits: [UInt8]
  var exponent: Int
  init(jsonNumber text: UnsafeBufferPointer<UInt8>) {
    isNegative = false; digits = Array(text); exponent = 0
  }
  init(_ value: Int64) { isNegative = value < 0; digits = Array(String(value.magnitude).utf8); exponent = 0 }
}
