/// Redacts JSON text without parsing it: for a prefix cut from a huge body, which is
/// not a whole document, and for the JSON excerpts inside other text, such as the
/// `found object {"password":"…"}` of a decoding error.
///
/// It walks the bytes once. A string followed by `:` is a key; when `isSecret` says
/// so, the value after it (a string, a number, a literal, or a whole object or
/// array, even one cut short) becomes `"<redacted>"`. With `compact`, whitespace
/// outside strings is dropped, as in a compact serialization.
///
/// - Complexity: O(n) in the length of the text.
struct JSONTextScrubber {
  let isSecret: (String) -> Bool
  let compact: Bool

  func scrub(_ text: some Collection<UInt8>) -> String {
    let bytes = Array(text)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let end = Self.endOfString(bytes, from: index)
        let string = bytes[index..<end]
        output.append(contentsOf: string)
        index = end
        var colon = index
        while colon < bytes.count, Self.isWhitespace(bytes[colon]) { colon += 1 }
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { continue }
        let key = String(decoding: string.dropFirst().dropLast(string.count > 1 ? 1 : 0), as: UTF8.self)
        guard isSecret(key) else { continue }
        if !compact { output.append(contentsOf: bytes[index..<colon]) }
        output.append(UInt8(ascii: ":"))
        var value = colon + 1
        while value < bytes.count, Self.isWhitespace(bytes[value]) {
          if !compact { output.append(bytes[value]) }
          value += 1
        }
        output.append(contentsOf: Array("\"\(Redactor.placeholder)\"".utf8))
        index = Self.endOfValue(bytes, from: value)
      } else if compact && Self.isWhitespace(byte) {
        index += 1
      } else {
        output.append(byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The index just past the string that starts at `start` (a quote), or the end.
  static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index + 1
      default: index += 1
      }
    }
    return bytes.count
  }

  /// The index just past the JSON value that starts at `start`, or the end.
  static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count else { return start }
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return endOfString(bytes, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index = endOfString(bytes, from: index)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default:
          break
        }
        index += 1
      }
      return bytes.count
    default:
      var index = start
      while index < bytes.count, !isWhitespace(bytes[index]),
        ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index])
      {
        index += 1
      }
      return index
    }
  }
}
