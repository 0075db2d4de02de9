/// Strict percent-encoding for path segments and query components.
///
/// Only RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) pass through; every
/// other byte of the UTF-8 text becomes `%XX`. That includes `+` (which many servers
/// read as a space in a query), `&`, `=`, `#`, `/`, `%`, `?`, spaces and all non-ASCII
/// text, so any string survives the round trip through a server unchanged.
enum PercentEncoding {
  /// `text` with every byte outside the unreserved set written as `%XX` (uppercase hex).
  static func encode(_ text: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `text` encoded for use as one whole path segment. Besides `encode`, the segments
  /// `.` and `..` are encoded too, so a value can never climb the path.
  static func encodeSegment(_ text: String) -> String {
    switch text {
    case ".": return "%2E"
    case "..": return "%2E%2E"
    default: return encode(text)
    }
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
