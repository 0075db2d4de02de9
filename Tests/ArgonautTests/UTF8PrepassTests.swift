import ArgonautTestSupport
import Testing

@testable import Argonaut

/// The check of a whole document's UTF-8 before it is scanned (`UTF8Validation.isWellFormed`),
/// for documents dense with non-ASCII, after which a well-formed document's strings are
/// scanned without checking their UTF-8: it accepts exactly the well-formed text, at every
/// place relative to its blocks of 16 and 64 bytes and the end of the input, and the errors
/// of ill-formed documents stay those of the checking scanner, at the first byte of the first
/// ill-formed sequence. Each document is parsed twice: after values dense with non-ASCII,
/// which make the parser check it first, and after ASCII ones, which do not.
@Suite("UTF-8 prepass", .offThePool)
struct UTF8PrepassTests {
  /// Ill-formed sequences of every kind, each ill-formed at its first byte whatever
  /// follows it (every byte after them here is ASCII or a lead byte).
  static let illFormed: [[UInt8]] = [
    [0xC0, 0xAF], [0xC1, 0xBF],  // overlong 2-byte forms
    [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF],  // overlong 3-byte forms
    [0xF0, 0x80, 0x80, 0xAF], [0xF0, 0x8F, 0xBF, 0xBF],  // overlong 4-byte forms
    [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // surrogates
    [0xF4, 0x90, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF],  // above U+10FFFF
    [0xC3], [0xE6, 0x97], [0xE6], [0xF0, 0x9F, 0x9A], [0xF0, 0x9F], [0xF0],  // cut short
    [0x80], [0xBF], [0x9F, 0x80],  // stray continuations
    [0xE6, 0xC0, 0xA5], [0xE6, 0x97, 0xC3, 0xA9],  // a lead byte where a continuation is due
    [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFE], [0xFF],  // bytes that never occur
  ]

  /// Well-formed sequences of every length, with the edges of the restricted ranges.
  static let wellFormed: [[UInt8]] = [
    [0xC2, 0x80], [0xC3, 0xA9], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE6, 0x97, 0xA5], [0xED, 0x9F, 0xBF],
    [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x9A, 0x80],
    [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
  ]

  /// The starts of the documents: an array's first values, dense with non-ASCII (the
  /// parser checks the document's UTF-8 first) or not (it checks each string's).
  static let starts: [[UInt8]] = [
    [UInt8](("[" + String(repeating: "\"日本語のキー\",", count: 40)).utf8), [UInt8]("[1, ".utf8),
  ]

  /// Parses `document` and records an issue unless it fails with `.invalidUTF8` at `offset`,
  /// and unless the parser checks its UTF-8 first when `dense` says it must, or does not
  /// when it says it must not.
  static func expectInvalidUTF8(_ document: [UInt8], at offset: Int, dense: Bool?, _ context: String) {
    if let dense {
      let isDense = document.withUnsafeBufferPointer {
        UTF8Validation.isDenseNonASCII($0.baseAddress!, count: $0.count)
      }
      #expect(isDense == dense, "\(context)")
    }
    do {
      _ = try JSON(parsing: document)
      Issue.record("accepted \(context)")
    } catch {
      #expect(error.kind == .invalidUTF8, "\(context)")
      #expect(error.offset == offset, "\(context)")
    }
  }

  /// Fills a string's text up to `count` bytes with `ascii` or with well-formed
  /// sequences (cycling through `wellFormed`), never splitting one: the offsets where
  /// a sequence may be put.
  static func filler(count: Int, ascii: Bool) -> (bytes: [UInt8], boundaries: [Int]) {
    var bytes: [UInt8] = []
    var boundaries: [Int] = []
    var next = 0
    while bytes.count < count {
      boundaries.append(bytes.count)
      if ascii || next % 3 == 0 {
        bytes.append(UInt8(ascii: "a") &+ UInt8(next % 26))
      } else {
        bytes += wellFormed[next % wellFormed.count]
      }
      next += 1
    }
    boundaries.append(bytes.count)
    return (bytes, boundaries)
  }

  @Test("An ill-formed sequence anywhere in a long string fails at its first byte, in ASCII or non-ASCII text")
  func illFormedAtEveryPlace() {
    for ascii in [true, false] {
      let (text, boundaries) = Self.filler(count: 200, ascii: ascii)
      // Every place up to 150 covers the first block, whole blocks of 64 and of 16.
      for place in boundaries where place <= 150 {
        for sequence in Self.illFormed {
          for (index, start) in Self.starts.enumerated() {
            let prefix = start + [UInt8]("\"".utf8)
            let document = prefix + text[..<place] + sequence + text[place...] + [UInt8]("\"]".utf8)
            let context = "\(sequence) at \(place) (ascii: \(ascii), dense start: \(index == 0))"
            Self.expectInvalidUTF8(
              document, at: prefix.count + place, dense: index == 0 ? true : (ascii ? false : nil), context)
          }
        }
      }
    }
  }

  @Test("An ill-formed sequence at the end of the input, in a string left open, fails at its first byte")
  func illFormedAtTheEnd() {
    for ascii in [true, false] {
      let (text, boundaries) = Self.filler(count: 140, ascii: ascii)
      // Documents of every length around the blocks of 16 and 64, ending in the sequence.
      for place in boundaries {
        for sequence in Self.illFormed {
          for (index, start) in Self.starts.enumerated() {
            let prefix = start + [UInt8]("\"".utf8)
            let document = prefix + text[..<place] + sequence
            let context = "\(sequence) at the end, after \(place) (ascii: \(ascii), dense start: \(index == 0))"
            // Short documents are dense with the sequence alone.
            Self.expectInvalidUTF8(document, at: prefix.count + place, dense: index == 0 ? true : nil, context)
          }
        }
      }
    }
  }

  @Test("A sequence cut short before a run of ASCII of 64 bytes and more fails at its first byte")
  func cutShortBeforeASCIIBlocks() {
    let cut: [[UInt8]] = [[0xC3], [0xE6, 0x97], [0xE6], [0xF0, 0x9F, 0x9A], [0xF0, 0x9F], [0xF0]]
    let after = [UInt8](repeating: UInt8(ascii: "z"), count: 200)
    // The cut sequence ends at every offset around the blocks; all else is ASCII, so
    // the blocks after it are skipped as ASCII.
    for lead in 0..<140 {
      for sequence in cut {
        for (index, start) in Self.starts.enumerated() {
          let prefix = start + [UInt8]("\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: lead)
          let document = prefix + sequence + after + [UInt8]("\"]".utf8)
          let context = "\(sequence) after \(lead) (dense start: \(index == 0))"
          Self.expectInvalidUTF8(document, at: prefix.count, dense: index == 0, context)
        }
      }
    }
  }

  @Test("Well-formed text at every place parses to the same string")
  func wellFormedAtEveryPlace() throws {
    let (text, boundaries) = Self.filler(count: 200, ascii: true)
    for place in boundaries where place <= 150 {
      for sequence in Self.wellFormed {
        for closed in [true, false] {
          for (index, start) in Self.starts.enumerated() {
            let value = text[..<place] + sequence + (closed ? text[place...] : [])
            let document = start + [UInt8]("\"".utf8) + value + [UInt8]("\"]".utf8)
            let json = try JSON(parsing: document)
            let expected = String(decoding: value, as: UTF8.self)
            #expect(json[index == 0 ? 40 : 1] == JSON(stringLiteral: expected), "\(sequence) at \(place)")
          }
        }
      }
    }
  }

  @Test("The prepass accepts random bytes exactly when String(validating:) does")
  func randomBytesMatchTheStandardLibrary() {
    // Pieces of sequences, weighted so that well- and ill-formed text both occur, with
    // runs of ASCII long enough to fill blocks of 64.
    let pieces: [[UInt8]] =
      Self.wellFormed + [
        [UInt8](repeating: UInt8(ascii: "a"), count: 1), [UInt8](repeating: UInt8(ascii: "b"), count: 17),
        [UInt8](repeating: UInt8(ascii: "c"), count: 70),
      ]
    let broken: [[UInt8]] = Self.illFormed + [[0xC2], [0xE0], [0xED], [0xF4], [0xE0, 0xA0], [0xF4, 0x8F, 0xBF]]
    var random = SplitMix64(seed: 3629)
    var accepted = 0
    let trials = 6000
    for trial in 0..<trials {
      var bytes: [UInt8] = []
      if trial % 4 == 0 {
        // Uniformly random bytes, mostly ill-formed.
        let count = Int.random(in: 0...80, using: &random)
        bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      } else {
        for _ in 0..<Int.random(in: 0...30, using: &random) {
          let piece =
            Int.random(in: 0..<40, using: &random) == 0
            ? broken.randomElement(using: &random)! : pieces.randomElement(using: &random)!
          bytes += piece
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      let actual = bytes.withUnsafeBufferPointer { buffer in
        var empty: UInt8 = 0
        return withUnsafePointer(to: &empty) {
          UTF8Validation.isWellFormed(buffer.baseAddress ?? $0, count: buffer.count)
        }
      }
      #expect(actual == expected, "\(bytes)")
      if expected { accepted += 1 }
    }
    // Both outcomes occur often.
    #expect(accepted > trials / 5 && accepted < trials * 4 / 5)
  }

  @Test("Every single-byte change of a well-formed text is judged as String(validating:) judges it")
  func everyByteAtEveryPlace() {
    let base: [UInt8] =
      [UInt8](repeating: UInt8(ascii: "x"), count: 66) + Self.wellFormed.flatMap { $0 }
      + [UInt8](repeating: UInt8(ascii: "y"), count: 20)
    let replacements: [UInt8] = [
      0x00, 0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    var text = base
    for place in 0..<base.count {
      for byte in replacements {
        text[place] = byte
        let expected = String(validating: text, as: UTF8.self) != nil
        let actual = text.withUnsafeBufferPointer { UTF8Validation.isWellFormed($0.baseAddress!, count: $0.count) }
        #expect(actual == expected, "\(byte) at \(place)")
      }
      text[place] = base[place]
    }
  }

  @Test("Non-ASCII text outside strings is an unexpected character, whether the document is well-formed or not")
  func nonASCIIOutsideStrings() {
    for start in Self.starts {
      for (rest, offset) in [
        ([UInt8]("é]".utf8), 0), ([UInt8]("é, \"".utf8) + [0xFF, 0x22, 0x5D], 0), ([0xFF, 0x5D], 0),
        ([UInt8]("\"日本\", 日本]".utf8), 10),
      ] {
        let document = start + rest
        do {
          _ = try JSON(parsing: document)
          Issue.record("accepted \(document)")
        } catch {
          #expect(error.kind == .unexpectedCharacter, "\(document)")
          #expect(error.offset == start.count + offset, "\(document)")
        }
      }
    }
  }

  @Test("Text is dense with non-ASCII when half of its sampled blocks hold some")
  func density() {
    func dense(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer { UTF8Validation.isDenseNonASCII($0.baseAddress!, count: $0.count) }
    }
    #expect(!dense(""))
    #expect(!dense("{\"é\": 1}"))  // shorter than a block
    #expect(!dense(String(repeating: "{\"name\": \"value\"}, ", count: 200)))
    #expect(dense(String(repeating: "{\"名前\": \"値\"}, ", count: 200)))
    // One block in four with non-ASCII, and three in four.
    #expect(!dense(String(repeating: "0123456789abcdeé" + String(repeating: "0123456789abcdef", count: 3), count: 100)))
    #expect(
      dense(
        String(
          repeating: "0123456789abcdeé" + String(repeating: "0123456789abcdeé", count: 2) + "0123456789abcdef",
          count: 100)))
  }

  @Test("Documents parsed together are each checked: an ill-formed one fails where it did alone")
  func documentsTogether() throws {
    // Each dense with non-ASCII, so that each is checked before it is scanned.
    let good = [UInt8]("{\"名前\": \"値\"}\n".utf8)
    let badStart = [UInt8]("{\"名前\": \"値".utf8)
    let bad = badStart + [0xE6, 0x97] + [UInt8]("\"}\n".utf8)
    for document in [good, bad] {
      #expect(document.withUnsafeBufferPointer { UTF8Validation.isDenseNonASCII($0.baseAddress!, count: $0.count) })
    }
    // The good ones alone.
    let goods = good + good
    let values = try JSON.values(
      parsing: goods, documents: [0..<(good.count - 1), good.count..<(goods.count - 1)])
    #expect(values == [["名前": "値"], ["名前": "値"]])
    // An ill-formed one between them.
    let bytes = good + bad + good
    let secondEnd = good.count + bad.count
    let ranges: [Range<Int>] = [0..<(good.count - 1), good.count..<(secondEnd - 1), secondEnd..<(bytes.count - 1)]
    do {
      _ = try JSON.values(parsing: bytes, documents: ranges)
      Issue.record("accepted an ill-formed document")
    } catch {
      #expect(error.kind == .invalidUTF8)
      #expect(error.offset == good.count + badStart.count)
    }
  }

  @Test("The prepass reads only its own bytes: a sequence is neither finished nor started outside them")
  func onlyItsOwnBytes() {
    // Text of every length around the blocks, between the pieces of a sequence that the
    // bytes before it leave unfinished and that the bytes after it would finish.
    let (text, _) = Self.filler(count: 160, ascii: false)
    let before: [UInt8] = [0xF0, 0x9F, 0x98]
    let after: [UInt8] = [0x80, 0x80, 0x80, 0x80]
    for count in 0...140 {
      for cut in [[], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x9A]] as [[UInt8]] {
        let own = Array(text[..<count]) + cut
        let bytes = before + own + after
        let expected = String(validating: own, as: UTF8.self) != nil
        let actual = bytes.withUnsafeBufferPointer {
          UTF8Validation.isWellFormed($0.baseAddress! + before.count, count: own.count)
        }
        #expect(actual == expected, "\(count) bytes and \(cut)")
      }
    }
  }

  @Test("A document whose range ends within a sequence fails there, though the bytes after it finish it")
  func documentCutByItsRange() throws {
    let start = [UInt8](("[" + String(repeating: "\"日本語のキー\",", count: 4) + "\"値").utf8)
    for sequence in [[0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x9A, 0x80]] as [[UInt8]] {
      for cut in 1..<sequence.count {
        let bytes = start + sequence + [UInt8]("\"]\n".utf8)
        let range = 0..<(start.count + cut)
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.isDenseNonASCII($0.baseAddress!, count: range.count) })
        do {
          _ = try JSON.values(parsing: bytes, documents: [range])
          Issue.record("accepted \(sequence) cut after \(cut)")
        } catch {
          #expect(error.kind == .invalidUTF8, "\(sequence) cut after \(cut)")
          #expect(error.offset == start.count, "\(sequence) cut after \(cut)")
        }
      }
      // The whole sequence in the range: the document parses.
      let bytes = start + sequence + [UInt8]("\"]\n".utf8)
      let values = try JSON.values(parsing: bytes, documents: [0..<(bytes.count - 1)])
      #expect(values[0][4] == JSON(stringLiteral: "値" + String(decoding: sequence, as: UTF8.self)))
    }
  }

  @Test("Escapes next to non-ASCII text unescape alike at every place, with or without the prepass")
  func escapesNextToNonASCII() throws {
    let escapes: [(text: String, value: String)] = [
      (#"\n"#, "\n"), (#"\""#, "\""), (#"\u00e9"#, "é"), (#"\u65e5"#, "日"), (#"\ud83d\ude00"#, "😀"),
    ]
    let (text, boundaries) = Self.filler(count: 60, ascii: false)
    for place in boundaries {
      for escape in escapes {
        for (index, start) in Self.starts.enumerated() {
          let head = Array(text[..<place])
          let tail = Array(text[place...])
          let document =
            start + [UInt8]("\"".utf8) + head + [UInt8](escape.text.utf8) + tail + [UInt8]("\"]".utf8)
          let expected =
            String(decoding: head, as: UTF8.self) + escape.value + String(decoding: tail, as: UTF8.self)
          let json = try JSON(parsing: document)
          #expect(json[index == 0 ? 40 : 1] == JSON(stringLiteral: expected), "\(escape.text) at \(place)")
        }
      }
    }
  }

  @Test("After an escape, a control character or an ill-formed sequence fails where it is, with or without the prepass")
  func errorsAfterAnEscape() {
    let (text, boundaries) = Self.filler(count: 60, ascii: false)
    for place in boundaries {
      for (bad, kind) in [
        ([0x0A], JSONParseError.Kind.invalidString), ([0xED, 0xA0, 0x80], .invalidUTF8), ([0xE6], .invalidUTF8),
      ] as [([UInt8], JSONParseError.Kind)] {
        for start in Self.starts {
          let prefix = start + [UInt8](#""\u00e9"#.utf8) + text[..<place]
          let document = prefix + bad + text[place...] + [UInt8]("\"]".utf8)
          do {
            _ = try JSON(parsing: document)
            Issue.record("accepted \(bad) at \(place)")
          } catch {
            #expect(error.kind == kind, "\(bad) at \(place)")
            #expect(error.offset == prefix.count, "\(bad) at \(place)")
          }
        }
      }
    }
  }

}
