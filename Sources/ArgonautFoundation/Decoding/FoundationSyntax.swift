import Argonaut
import Foundation

/// What `JSONDecoder` reads beyond strict UTF-8 JSON, rewritten as strict UTF-8 JSON
/// for Argonaut's parser, which stays strict.
///
/// - Text in UTF-16 or UTF-32, with or without a byte order mark, detected from the
///   first bytes as `JSONDecoder` does (RFC 4627, section 3).
/// - Trailing commas in arrays and objects (`[1, 2,]`), which `JSONDecoder` accepts
///   in plain JSON too.
/// - `assumesTopLevelDictionary`: members without the braces around them.
/// - `allowsJSON5`: comments, unquoted keys, single-quoted strings, `\x` escapes,
///   escaped line breaks, hexadecimal numbers, a leading `+` or `.`, a trailing `.`,
///   `Infinity` and `NaN`.
///
/// Only `ArgonautJSONDecoder.decode(_:from:)` goes through here: strict UTF-8 JSON is
/// parsed directly, and rewritten only when the strict parse fails (or a JSON5 or
/// top-level dictionary option is on).
enum FoundationSyntax {
  /// The text marking a JSON5 `NaN` or infinity in the rewritten document: a string
  /// starting with a NUL, which no JSON5 string can hold (`JSONDecoder` rejects
  /// `\u0000` and `\x00` in JSON5 mode).
  static let nan = "\u{0}NaN"
  static let infinity = "\u{0}Infinity"
  static let negativeInfinity = "\u{0}-Infinity"

  /// An error in the JSON5 or lenient syntax that the strict parser never sees.
  struct SyntaxError: Error, CustomStringConvertible {
    let message: String
    let offset: Int
    var description: String { "\(message) at byte \(offset)" }
  }

  // MARK: - Encodings

  /// The document as UTF-8, without a byte order mark; `nil` when it already is
  /// UTF-8 without one.
  static func utf8(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [UInt8]? {
    let count = bytes.count
    let b0: UInt8? = count > 0 ? bytes[0] : nil
    let b1: UInt8? = count > 1 ? bytes[1] : nil
    let b2: UInt8? = count > 2 ? bytes[2] : nil
    let b3: UInt8? = count > 3 ? bytes[3] : nil
    let encoding: String.Encoding
    let bom: Int
    switch (b0, b1, b2, b3) {
    case (0, 0, 0xFE, 0xFF): (encoding, bom) = (.utf32BigEndian, 4)
    case (0xFE, 0xFF, 0, 0): (encoding, bom) = (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): (encoding, bom) = (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): (encoding, bom) = (.utf16LittleEndian, 2)
    case (0xEF, 0xBB, 0xBF, _): return Array(bytes[3...])
    case (0, 0, 0, .some(let n)) where n != 0: (encoding, bom) = (.utf32BigEndian, 0)
    case (0, .some(let n1), 0, .some(let n2)) where n1 != 0 && n2 != 0: (encoding, bom) = (.utf16BigEndian, 0)
    case (.some(let n), 0, 0, 0) where n != 0: (encoding, bom) = (.utf32LittleEndian, 0)
    case (.some(let n1), 0, .some(let n2), 0) where n1 != 0 && n2 != 0: (encoding, bom) = (.utf16LittleEndian, 0)
    // Two bytes: a one-character UTF-16 fragment such as `7`.
    case (0, .some(let n), nil, nil) where n != 0: (encoding, bom) = (.utf16BigEndian, 0)
    case (.some(let n), 0, nil, nil) where n != 0: (encoding, bom) = (.utf16LittleEndian, 0)
    default: return nil
    }
    guard let text = String(bytes: bytes[bom...], encoding: encoding) else {
      throw SyntaxError(message: "The data is not valid \(encoding)", offset: 0)
    }
    return Array(text.utf8)
  }

  // MARK: - Rewriting

  /// Rewrites `bytes` (UTF-8) as strict JSON: JSON5 when `json5`, else JSON with
  /// trailing commas; members without braces when `topLevelDictionary`.
  static func strictJSON(_ bytes: UnsafeBufferPointer<UInt8>, json5: Bool, topLevelDictionary: Bool) throws
    -> [UInt8]
  {
    var rewriter = Rewriter(input: bytes, json5: json5)
    rewriter.output.reserveCapacity(bytes.count + 16)
    try rewriter.document(topLevelDictionary: topLevelDictionary)
    return rewriter.output
  }

  struct Rewriter {
    let input: UnsafeBufferPointer<UInt8>
    let json5: Bool
    var position = 0
    var depth = 0
    var output: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>, json5: Bool) {
      self.input = input
      self.json5 = json5
    }

    func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
      SyntaxError(message: message, offset: offset ?? position)
    }

    var peek: UInt8? { position < input.count ? input[position] : nil }

    mutating func document(topLevelDictionary: Bool) throws {
      try skipWhitespace()
      if topLevelDictionary && peek != UInt8(ascii: "{") {
        output.append(UInt8(ascii: "{"))
        try members(closing: nil)
        output.append(UInt8(ascii: "}"))
      } else {
        try value()
      }
      try skipWhitespace()
      if position < input.count { throw fail("Unexpected character after the top-level value") }
    }

    // MARK: Whitespace and comments

    mutating func skipWhitespace() throws {
      while position < input.count {
        switch input[position] {
        case 0x20, 0x09, 0x0A, 0x0D:
          position += 1
        case 0x0B where json5, 0x0C where json5, 0xA0 where json5:
          position += 1
        case UInt8(ascii: "/") where json5 && position + 1 < input.count:
          switch input[position + 1] {
          case UInt8(ascii: "/"):
            position += 2
            while position < input.count && input[position] != 0x0A && input[position] != 0x0D { position += 1 }
          case UInt8(ascii: "*"):
            let start = position
            position += 2
            while true {
              guard position + 1 < input.count else { throw fail("Unterminated block comment", at: start) }
              if input[position] == UInt8(ascii: "*") && input[position + 1] == UInt8(ascii: "/") { break }
              position += 1
            }
            position += 2
          default:
            return
          }
        default:
          return
        }
      }
    }

    // MARK: Values

    mutating func value() throws {
      guard let byte = peek else { throw fail("Unexpected end of data") }
      switch byte {
      case UInt8(ascii: "{"):
        try nest()
        position += 1
        output.append(byte)
        try members(closing: UInt8(ascii: "}"))
        output.append(UInt8(ascii: "}"))
        depth -= 1
      case UInt8(ascii: "["):
        try nest()
        position += 1
        output.append(byte)
        try elements()
        output.append(UInt8(ascii: "]"))
        depth -= 1
      case UInt8(ascii: "\""):
        try string(quote: byte)
      case UInt8(ascii: "'") where json5:
        try string(quote: byte)
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default:
        try number()
      }
    }

    mutating func nest() throws {
      depth += 1
      // The strict parser's own limit is 512; this keeps the rewriter's recursion bounded.
      if depth > 512 { throw fail("Too many nested arrays or objects") }
    }

    mutating func literal(_ word: StaticString) throws {
      let count = word.utf8CodeUnitCount
      guard position + count <= input.count,
        UnsafeBufferPointer(rebasing: input[position..<position + count]).elementsEqual(
          UnsafeBufferPointer(start: word.utf8Start, count: count))
      else { throw fail("Invalid literal") }
      output.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: count))
      position += count
    }

    /// The elements of an array, after its `[`, through its `]`.
    mutating func elements() throws {
      try skipWhitespace()
      if peek == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        try value()
        try skipWhitespace()
        switch peek {
        case UInt8(ascii: "]"):
          position += 1
          return
        case UInt8(ascii: ","):
          position += 1
          try skipWhitespace()
          // A trailing comma.
          if peek == UInt8(ascii: "]") {
            position += 1
            return
          }
          output.append(UInt8(ascii: ","))
        case nil: throw fail("Unexpected end of data in an array")
        default: throw fail("Unexpected character in an array")
        }
      }
    }

    /// The members of an object, after its `{`, through `closing` (`nil`: through the
    /// end of the data).
    mutating func members(closing: UInt8?) throws {
      try skipWhitespace()
      if peek == closing {
        if closing != nil { position += 1 }
        return
      }
      while true {
        try key()
        try skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw fail("Expected ':' in an object") }
        position += 1
        output.append(UInt8(ascii: ":"))
        try skipWhitespace()
        try value()
        try skipWhitespace()
        switch peek {
        case UInt8(ascii: ","):
          position += 1
          try skipWhitespace()
          // A trailing comma.
          if peek == closing {
            if closing != nil { position += 1 }
            return
          }
          output.append(UInt8(ascii: ","))
        case closing:
          if closing != nil { position += 1 }
          return
        case nil: throw fail("Unexpected end of data in an object")
        default: throw fail("Unexpected character in an object")
        }
      }
    }

    mutating func key() throws {
      guard let byte = peek else { throw fail("Unexpected end of data in an object") }
      if byte == UInt8(ascii: "\"") || (json5 && byte == UInt8(ascii: "'")) { return try string(quote: byte) }
      guard json5 else { throw fail("Expected a key in an object") }
      try identifier()
    }

    // MARK: Strings

    /// A string in `quote`s, written in double quotes. Outside JSON5 it is copied as it
    /// is (the strict parser checks it).
    mutating func string(quote: UInt8) throws {
      let start = position
      position += 1
      output.append(UInt8(ascii: "\""))
      var run = position
      while true {
        guard position < input.count else { throw fail("Unterminated string", at: start) }
        let byte = input[position]
        if byte == quote { break }
        if byte == UInt8(ascii: "\\") {
          guard position + 1 < input.count else { throw fail("Unterminated string", at: start) }
          if !json5 {
            position += 2
            continue
          }
          output.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<position]))
          try escape()
          run = position
          continue
        }
        if json5 && byte == UInt8(ascii: "\"") {
          // A double quote inside a single-quoted string.
          output.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<position]))
          output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
          position += 1
          run = position
          continue
        }
        position += 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<position]))
      position += 1
      output.append(UInt8(ascii: "\""))
    }

    /// A JSON5 escape at `position` (the backslash), written as a JSON escape.
    mutating func escape() throws {
      let byte = input[position + 1]
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        output.append(contentsOf: [UInt8(ascii: "\\"), byte])
        position += 2
      case UInt8(ascii: "'"):
        output.append(byte)
        position += 2
      case 0x0A:
        // An escaped line break stays in the string, as in `JSONDecoder`.
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        position += 2
      case 0x0D:
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        position += 2
        if position < input.count && input[position] == 0x0A {
          output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
          position += 1
        }
      case UInt8(ascii: "u"):
        let value = try hex(at: position + 2, digits: 4)
        // `JSONDecoder` rejects an escaped NUL in JSON5.
        guard value != 0 else { throw fail("Escaped NUL in a JSON5 string") }
        output.append(contentsOf: input[position..<position + 6])
        position += 6
      case UInt8(ascii: "x"):
        let value = try hex(at: position + 2, digits: 2)
        guard value != 0 else { throw fail("Escaped NUL in a JSON5 string") }
        writeEscaped(value)
        position += 4
      default:
        throw fail("Invalid escape in a string", at: position + 1)
      }
    }

    func hex(at start: Int, digits: Int) throws -> UInt32 {
      guard start + digits <= input.count else { throw fail("Unexpected end of data in an escape") }
      var value: UInt32 = 0
      for i in start..<start + digits {
        guard let digit = Self.hexDigit(input[i]) else { throw fail("Invalid hexadecimal digit", at: i) }
        value = value << 4 | UInt32(digit)
      }
      return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
      default: return nil
      }
    }

    /// Writes `\u00XX` for a UTF-16 code unit.
    mutating func writeEscaped(_ unit: UInt32) {
      let digits = Array("0123456789abcdef".utf8)
      output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
      for shift in stride(from: 12, through: 0, by: -4) { output.append(digits[Int(unit >> UInt32(shift) & 0xF)]) }
    }

    /// A JSON5 unquoted key: letters, digits, `$`, `_`, `\u` and `\x` escapes.
    mutating func identifier() throws {
      output.append(UInt8(ascii: "\""))
      var first = true
      while position < input.count {
        let byte = input[position]
        if byte == UInt8(ascii: "\\") {
          guard position + 1 < input.count,
            input[position + 1] == UInt8(ascii: "u") || input[position + 1] == UInt8(ascii: "x")
          else { throw fail("Invalid escape in a key") }
          try escape()
          first = false
          continue
        }
        let (scalar, length) = try self.scalar(at: position)
        let allowed = first ? Self.startsKey(scalar) : Self.continuesKey(scalar)
        guard allowed else {
          if first { throw fail("Invalid character at the beginning of a JSON5 unquoted key") }
          break
        }
        if scalar == "\"" { output.append(UInt8(ascii: "\\")) }
        output.append(contentsOf: input[position..<position + length])
        position += length
        first = false
      }
      if first { throw fail("Unexpected end of data in an object") }
      output.append(UInt8(ascii: "\""))
    }

    func scalar(at start: Int) throws -> (Unicode.Scalar, Int) {
      var iterator = UnsafeBufferPointer(rebasing: input[start...]).makeIterator()
      var decoder = UTF8()
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): return (scalar, UTF8.width(scalar))
      default: throw fail("Invalid UTF-8")
      }
    }

    static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "$", "_": return true
      default:
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
          return true
        default: return false
        }
      }
    }

    static func continuesKey(_ scalar: Unicode.Scalar) -> Bool {
      if startsKey(scalar) || scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
      default: return false
      }
    }

    // MARK: Numbers

    /// A number. Outside JSON5 its characters are copied (the strict parser checks
    /// them); in JSON5 it is rewritten as a JSON number, or as a marker string for
    /// `NaN` and the infinities.
    mutating func number() throws {
      let start = position
      guard json5 else {
        while position < input.count {
          switch input[position] {
          case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            position += 1
          default:
            if position == start { throw fail("Unexpected character") }
            output.append(contentsOf: input[start..<position])
            return
          }
        }
        output.append(contentsOf: input[start..<position])
        return
      }
      var negative = false
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
        negative = peek == UInt8(ascii: "-")
        position += 1
      }
      if let word = try nonFinite() {
        // The marker, with its NUL escaped.
        let text = word == "NaN" ? "NaN" : negative ? "-Infinity" : "Infinity"
        output.append(contentsOf: Array("\"\\u0000".utf8))
        output.append(contentsOf: text.utf8)
        output.append(UInt8(ascii: "\""))
        return
      }
      if negative { output.append(UInt8(ascii: "-")) }
      if peek == UInt8(ascii: "0"), position + 1 < input.count,
        input[position + 1] == UInt8(ascii: "x") || input[position + 1] == UInt8(ascii: "X")
      {
        position += 2
        var value: UInt64 = 0
        let digits = position
        while let byte = peek, let digit = Self.hexDigit(byte) {
          let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
          guard !overflow else { throw fail("Hexadecimal number too large", at: start) }
          value = shifted | UInt64(digit)
          position += 1
        }
        guard position > digits else { throw fail("Hexadecimal number without digits", at: start) }
        try endOfNumber(start)
        output.append(contentsOf: String(value).utf8)
        return
      }
      // Digits, an optional fraction (JSON5 allows `.5` and `5.`), an optional exponent.
      let integerStart = position
      while let byte = peek, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { position += 1 }
      let integerDigits = position - integerStart
      if integerDigits == 0 {
        output.append(UInt8(ascii: "0"))
      } else {
        output.append(contentsOf: input[integerStart..<position])
      }
      if peek == UInt8(ascii: ".") {
        position += 1
        let fractionStart = position
        while let byte = peek, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { position += 1 }
        guard integerDigits > 0 || position > fractionStart else { throw fail("Invalid number", at: start) }
        output.append(UInt8(ascii: "."))
        if position == fractionStart {
          output.append(UInt8(ascii: "0"))
        } else {
          output.append(contentsOf: input[fractionStart..<position])
        }
      } else if integerDigits == 0 {
        throw fail("Invalid number", at: start)
      }
      if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
        output.append(UInt8(ascii: "e"))
        position += 1
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
          output.append(input[position])
          position += 1
        }
        let exponentStart = position
        while let byte = peek, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { position += 1 }
        guard position > exponentStart else { throw fail("Invalid number", at: start) }
        output.append(contentsOf: input[exponentStart..<position])
      }
      try endOfNumber(start)
    }

    /// `Infinity` or `NaN` at `position`, consumed; `nil` when neither is there.
    mutating func nonFinite() throws -> String? {
      for word in ["Infinity", "NaN"] where peek == word.utf8.first {
        let end = position + word.utf8.count
        guard end <= input.count, input[position..<end].elementsEqual(word.utf8) else {
          throw fail("Invalid number")
        }
        position = end
        try endOfNumber(position)
        return word
      }
      return nil
    }

    /// Throws when a letter or digit follows the number.
    func endOfNumber(_ start: Int) throws {
      guard let byte = peek else { return }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "$"):
        throw fail("Invalid number", at: start)
      default: return
      }
    }
  }
}
