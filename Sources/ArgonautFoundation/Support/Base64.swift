import Foundation

/// Base64 on bytes for the `.base64` data strategies: canonical text with padding, as
/// `Data(base64Encoded:)` and `base64EncodedString()` read and write it. Anything the
/// decoder does not take here goes to Foundation, so the results are Foundation's.
enum Base64 {
  static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The value of each base64 character, 0xFF for others.
  static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (n, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(n) }
    return table
  }()

  /// The bytes of canonical, padded base64 `text`; `nil` for anything else (which
  /// Foundation then decides on).
  static func decode(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
    let n = text.count
    guard n % 4 == 0 else { return nil }
    if n == 0 { return Data() }
    var padding = 0
    if text[n - 1] == UInt8(ascii: "=") { padding = text[n - 2] == UInt8(ascii: "=") ? 2 : 1 }
    let count = n / 4 * 3 - padding
    return values.withUnsafeBufferPointer { values -> Data? in
      var data = Data(count: count)
      let ok = data.withUnsafeMutableBytes { raw -> Bool in
        let output = raw.bindMemory(to: UInt8.self)
        var o = 0
        var i = 0
        while i < n {
          let a = values[Int(text[i])]
          let b = values[Int(text[i + 1])]
          let last = i + 4 == n
          let c = last && padding == 2 ? 0 : values[Int(text[i + 2])]
          let d = last && padding >= 1 ? 0 : values[Int(text[i + 3])]
          guard a | b | c | d != 0xFF, (a | b | c | d) & 0xC0 == 0 else { return false }
          let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          output[o] = UInt8(truncatingIfNeeded: word >> 16)
          if o + 1 < count { output[o + 1] = UInt8(truncatingIfNeeded: word >> 8) }
          if o + 2 < count { output[o + 2] = UInt8(truncatingIfNeeded: word) }
          // Canonical: the bits that padding drops are zero.
          if last && ((padding == 2 && word & 0xFFFF != 0) || (padding == 1 && word & 0xFF != 0)) { return false }
          o += 3
          i += 4
        }
        return true
      }
      return ok ? data : nil
    }
  }

  /// Writes `data` as a JSON string of padded base64, `/` escaped when `escapingSlashes`.
  static func write(_ data: Data, escapingSlashes: Bool, to out: UnsafeMutablePointer<RawBuffer<UInt8>>) {
    out.pointee.reserve((data.count + 2) / 3 * 8 + 2)
    out.pointee.append(UInt8(ascii: "\""))
    alphabet.withUnsafeBufferPointer { alphabet in
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        func put(_ index: UInt32) {
          let byte = alphabet[Int(index & 0x3F)]
          if escapingSlashes && byte == UInt8(ascii: "/") { out.pointee.append(UInt8(ascii: "\\")) }
          out.pointee.append(byte)
        }
        var i = 0
        while i + 3 <= bytes.count {
          let word = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
          put(word >> 18)
          put(word >> 12)
          put(word >> 6)
          put(word)
          i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
          let word = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
          put(word >> 18)
          put(word >> 12)
          if rest == 2 { put(word >> 6) } else { out.pointee.append(UInt8(ascii: "=")) }
          out.pointee.append(UInt8(ascii: "="))
        }
      }
    }
    out.pointee.append(UInt8(ascii: "\""))
  }
}
