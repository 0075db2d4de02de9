/// The text of YAML numbers rewritten as JSON numbers, digit for digit.
enum NumberText {
  static func withoutLeadingZeros(_ digits: ArraySlice<UInt8>) -> String {
    let trimmed = digits.drop { $0 == UInt8(ascii: "0") }
    return trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)
  }

  /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` as JSON text: no `+`, no
  /// leading zeros, a `0` before a leading `.`, no `.` without digits after it.
  static func jsonFloat(_ text: [UInt8]) -> String? {
    var i = 0
    var out = ""
    if i < text.count && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
      if text[i] == UInt8(ascii: "-") { out = "-" }
      i += 1
    }
    let integerStart = i
    while i < text.count && Byte.isDigit(text[i]) { i += 1 }
    let integer = text[integerStart..<i]
    var fraction: ArraySlice<UInt8> = []
    if i < text.count && text[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while i < text.count && Byte.isDigit(text[i]) { i += 1 }
      fraction = text[fractionStart..<i]
      guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    } else if integer.isEmpty {
      return nil
    }
    out += withoutLeadingZeros(integer)
    if !fraction.isEmpty { out += "." + String(decoding: fraction, as: UTF8.self) }
    if i < text.count && (text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E")) {
      i += 1
      var exponent = "e"
      if i < text.count && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
        exponent.append(Character(Unicode.Scalar(text[i])))
        i += 1
      }
      let exponentStart = i
      while i < text.count && Byte.isDigit(text[i]) { i += 1 }
      guard i > exponentStart else { return nil }
      out += exponent + String(decoding: text[exponentStart..<i], as: UTF8.self)
    }
    return i == text.count ? out : nil
  }

  /// Digits in base 8 or 16 as a decimal string, of any length; `nil` when a digit
  /// is not one of the base's.
  static func decimal(fromDigits digits: ArraySlice<UInt8>, radix: Int) -> String? {
    // Little-endian limbs of 9 decimal digits each.
    var limbs: [UInt64] = [0]
    let base: UInt64 = 1_000_000_000
    for digit in digits {
      guard Byte.isHexDigit(digit) else { return nil }
      let value = UInt64(Byte.hexValue(digit))
      guard value < UInt64(radix) else { return nil }
      var carry = value
      for i in limbs.indices {
        let product = limbs[i] * UInt64(radix) + carry
        limbs[i] = product % base
        carry = product / base
      }
      if carry > 0 { limbs.append(carry) }
    }
    var text = String(limbs[limbs.count - 1])
    for limb in limbs.dropLast().reversed() {
      let part = String(limb)
      text += String(repeating: "0", count: 9 - part.count) + part
    }
    return text
  }
}
