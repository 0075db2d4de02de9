/// Byte classes of YAML's grammar, on UTF-8 bytes. The input ends with a 0 byte
/// sentinel (the reader rejects a NUL in the text itself).
enum Byte {
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let lf = UInt8(ascii: "\n")
  static let cr = UInt8(ascii: "\r")
  static let end: UInt8 = 0

  static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
  static func isBreak(_ b: UInt8) -> Bool { b == lf || b == cr }
  static func isBreakOrEnd(_ b: UInt8) -> Bool { b == lf || b == cr || b == end }
  static func isBlankOrBreakOrEnd(_ b: UInt8) -> Bool { isBlank(b) || isBreakOrEnd(b) }

  /// `,[]{}`: the characters that end a plain scalar inside a flow collection.
  static func isFlowIndicator(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): return true
    default: return false
    }
  }

  /// The characters that cannot start a plain scalar (with exceptions for `-?:`).
  static func isIndicator(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
      UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
      UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
      return true
    default: return false
    }
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  static func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
  }

  static func hexValue(_ b: UInt8) -> UInt32 {
    if isDigit(b) { return UInt32(b - UInt8(ascii: "0")) }
    if b >= UInt8(ascii: "a") { return UInt32(b - UInt8(ascii: "a") + 10) }
    return UInt32(b - UInt8(ascii: "A") + 10)
  }

  /// Letters, digits and `-`: the characters of a tag handle's name.
  static func isWordCharacter(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || b == UInt8(ascii: "-")
  }

  /// A printable rendering of the byte at `offset` for error messages.
  static func describe(_ bytes: [UInt8], at offset: Int) -> String {
    guard offset < bytes.count - 1 else { return "end of input" }
    let b = bytes[offset]
    switch b {
    case lf: return "a line break"
    case cr: return "a line break"
    case tab: return "a tab"
    case UInt8(ascii: "'"): return "\"'\""
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(b)))'"
    case 0..<0x20, 0x7F: return "control character U+00\(b < 16 ? "0" : "")\(String(b, radix: 16, uppercase: true))"
    default:
      var end = offset + 1
      while end < bytes.count - 1 && bytes[end] & 0xC0 == 0x80 { end += 1 }
      return "'\(String(decoding: bytes[offset..<end], as: UTF8.self))'"
    }
  }
}
