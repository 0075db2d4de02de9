import ArgonautTestSupport
import Testing

@testable import Argonaut

/// Strings made from a parsed document, through every path (inline, long, escaped,
/// near the end of the document), are exactly the strings the standard library
/// makes, and behave the same.
@Suite("String materialization", .offThePool)
struct StringMaterializationTests {
  /// Pieces of string text: the JSON source and the value it stands for.
  static let pieces: [(source: String, value: String)] = [
    ("a", "a"), ("Z", "Z"), (" ", " "), ("é", "é"), ("日", "日"), ("🚀", "🚀"), ("e\u{301}", "e\u{301}"),
    (#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\u00e9"#, "é"), (#"\u65E5"#, "日"),
    (#"\ud83d\ude80"#, "🚀"), (#"\u0000"#, "\u{0}"), (#"\u007f"#, "\u{7F}"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"),
    (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\uABCD"#, "\u{ABCD}"), (#"\uD83D\uDE80"#, "🚀"), (#"\u07FF"#, "\u{7FF}"),
    (#"\u0800"#, "\u{800}"), (#"\uDBFF\uDFFF"#, "\u{10FFFF}"),
  ]

  /// Checks that `made` is `expected` in every respect a user can observe.
  static func expectSame(_ made: String, _ expected: String, _ comment: Comment) {
    #expect(made == expected, comment)
    #expect(Array(made.utf8) == Array(expected.utf8), comment)
    #expect(made.utf8.count == expected.utf8.count, comment)
    #expect(made.count == expected.count, comment)
    #expect(Array(made.unicodeScalars) == Array(expected.unicodeScalars), comment)
    #expect(made.hashValue == expected.hashValue, comment)
    #expect(made.lowercased() == expected.lowercased(), comment)
    #expect(Set([made, expected]).count == 1, comment)
  }

  @Test("Short strings are made inline on 64-bit platforms, with the standard library's own layout")
  func inlineLayout() {
    #if _pointerBitWidth(_64)
      #expect(InlineString.isAvailable)
    #endif
    #expect(InlineString.layoutMatches() == InlineString.isAvailable)
  }

  @Test("Every length from 0 to 40 bytes, ASCII or not, plain or escaped, as values and keys", arguments: 0..<6)
  func lengthsAndContents(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed))
    for _ in 0..<300 {
      var source = ""
      var value = ""
      let allowEscapes = random.next() % 2 == 0
      let target = Int(random.next() % 41)
      while value.utf8.count < target {
        let piece = Self.pieces.randomElement(using: &random)!
        if !allowEscapes && piece.source != piece.value { continue }
        source += piece.source
        value += piece.value
      }
      let documents = [
        "[\"\(source)\", 1, \"\(source)\"]", "{\"\(source)\": \"\(source)\", \"k\": [\"\(source)\"]}", "\"\(source)\"",
      ]
      for document in documents {
        let json = try JSON(parsing: document)
        var strings: [String] = []
        collect(json, into: &strings)
        #expect(!strings.isEmpty)
        for string in strings where string != "k" {
          Self.expectSame(string, value, "\(document)")
        }
      }
    }
  }

  @Test(
    "Lengths around the inline limit (15 bytes), with a multi-byte character at the boundary, and at the end of the document"
  )
  func inlineBoundaries() throws {
    for length in 12...18 {
      for tail in ["", "é", "日", "🚀"] {
        let value = String(repeating: "x", count: length - tail.utf8.count) + tail
        guard value.utf8.count == length else { continue }
        // At the very end of the document: fewer than 16 bytes follow the text.
        for document in ["\"\(value)\"", "[\"\(value)\"]", "{\"\(value)\":0}", "{\"a\":\"\(value)\"}"] {
          var strings: [String] = []
          collect(try JSON(parsing: document), into: &strings)
          for string in strings where string != "a" {
            Self.expectSame(string, value, "\(document)")
          }
        }
      }
    }
  }

  @Test("Escaped text of up to 15 bytes and one longer than 15 that unescapes to 15 or fewer")
  func escapedAroundTheLimit() throws {
    let cases: [(String, String)] = [
      (#"\u00e9\u00e9\u00e9"#, "ééé"),  // 18 bytes of text, 6 of value
      (#"abcdefghijklm\n"#, "abcdefghijklm\n"),  // 15 bytes of text, 14 of value
      (#"\ud83d\ude80\ud83d\ude80"#, "🚀🚀"),  // 24 bytes of text, 8 of value
      (#"\ud83d\ude80\ud83d\ude80\ud83d\ude80\ud83d\ude80"#, "🚀🚀🚀🚀"),  // 16 bytes of value
      (#"\"\"\"\"\"\"\"\""#, #""""""""""#),
    ]
    for (source, value) in cases {
      let json = try JSON(parsing: "{\"\(source)\": [\"\(source)\", \"\(source)\"]}")
      guard case .object(let object) = json else {
        Issue.record("expected an object")
        return
      }
      for (key, member) in object {
        Self.expectSame(key, value, "key \(source)")
        #expect(member == [.string(value), .string(value)])
      }
      // Looking the key up unescapes it too.
      #expect(object[value] == [.string(value), .string(value)])
    }
  }

  @Test("Every scalar of the Basic Multilingual Plane as a \\u escape, in either case, and every surrogate pair's ends")
  func everyEscapedScalar() throws {
    var random = SplitMix64(seed: 15)
    var source = "["
    var expected: [String] = []
    var scalars = Array(0..<0xD800) + Array(0xE000...0xFFFF)
    scalars += [0x10000, 0x10FFFF, 0x1F680, 0xFFFFF]
    for value in scalars {
      let uppercase = random.next() % 2 == 0
      func escape(_ unit: Int) -> String {
        let digits = String(unit, radix: 16, uppercase: uppercase)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      }
      let hex =
        value > 0xFFFF
        ? escape(0xD800 + ((value - 0x10000) >> 10)) + escape(0xDC00 + ((value - 0x10000) & 0x3FF)) : escape(value)
      // Between plain text, so that words of text and escapes alternate.
      source += "\"ab\(hex)cdefghij\(hex)\","
      let scalar = String(Unicode.Scalar(UInt32(value))!)
      expected.append("ab\(scalar)cdefghij\(scalar)")
    }
    source.removeLast()
    source += "]"
    let json = try JSON(parsing: source)
    guard case .array(let array) = json else {
      Issue.record("expected an array")
      return
    }
    #expect(array.count == expected.count)
    for (made, value) in zip(array, expected) where made != .string(value) {
      Issue.record("\(made) is not \(value.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test("Iterating an object or an array yields what its indices and subscripts do")
  func iteratorsMatchIndices() throws {
    let text = #"""
      {"a": 1, "b": [true, null, {"c": "d"}, []], "a": "last wins", "e": {}, "long key beyond fifteen": -2.5,
       "f": [[1, [2]], "x", 3e0], "g": 18446744073709551616, "h": "a value longer than fifteen bytes",
       "i": "\u00e9t\u00e9", "j": "", "k": false, "l": "日本語のキー", "m": "end"}
      """#
    let json = try JSON(parsing: text)
    guard case .object(let object) = json else {
      Issue.record("expected an object")
      return
    }
    let iterated = Array(object)
    let indexed = object.indices.map { object[$0] }
    #expect(iterated.map(\.key) == indexed.map(\.key))
    #expect(iterated.map(\.value) == indexed.map(\.value))
    #expect(iterated.map(\.key) == ["a", "b", "e", "long key beyond fifteen", "f", "g", "h", "i", "j", "k", "l", "m"])
    #expect(iterated.first?.value == .string("last wins"))
    // String values take the iterator's own path; every other kind goes through `JSON(_:at:)`.
    let strings = iterated.compactMap { member -> String? in
      guard case .string(let string) = member.value else { return nil }
      return string
    }
    #expect(strings == ["last wins", "a value longer than fifteen bytes", "été", "", "日本語のキー", "end"])
    #expect(iterated.map(\.value) == iterated.map { object[$0.key] })
    for (_, value) in object {
      guard case .array(let array) = value else { continue }
      #expect(Array(array) == array.indices.map { array[$0] })
      #expect(Array(array).count == array.count)
    }
    var iterator = JSONObject().makeIterator()
    #expect(iterator.next() == nil)
    var arrayIterator = JSONArray().makeIterator()
    #expect(arrayIterator.next() == nil)
  }

  /// Every key and string of `json`, depth first, as a walk would read them.
  func collect(_ json: JSON, into strings: inout [String]) {
    switch json {
    case .object(let object):
      for (key, value) in object {
        strings.append(key)
        collect(value, into: &strings)
      }
    case .array(let array):
      for element in array { collect(element, into: &strings) }
    case .string(let string):
      strings.append(string)
    case .number, .bool, .null:
      break
    }
  }
}
