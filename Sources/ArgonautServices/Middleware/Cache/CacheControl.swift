import Foundation

/// The directives of a `Cache-Control` header field (RFC 9111 §5.2), such as
/// `max-age=60, must-revalidate`.
///
/// Names compare case-insensitively. A value is a token or a quoted string (RFC 9110
/// §5.6.4), whose commas do not end the directive: in `no-cache="a, b", max-age=60`
/// the first directive lists two fields. A directive that appears twice keeps its
/// first value. A `max-age` that is not a non-negative integer counts as `0` (RFC 9111
/// §4.2.1 asks for that, so that it errs on the side of staleness).
struct CacheControl: Hashable, Sendable {
  private var directives: [String: String?] = [:]

  /// The directives of `header`; none for `nil`.
  init(_ header: String?) {
    guard let header else { return }
    var scanner = Scanner(Array(header.utf8))
    while !scanner.atEnd {
      scanner.skip { $0 == UInt8(ascii: ",") || $0 == space || $0 == tab }
      let name = scanner.take { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "=") && $0 != space && $0 != tab }
      scanner.skip { $0 == space || $0 == tab }
      var value: String?
      if scanner.peek == UInt8(ascii: "=") {
        scanner.advance()
        value = scanner.peek == UInt8(ascii: "\"") ? scanner.quoted() : scanner.take { $0 != UInt8(ascii: ",") }
      }
      // Whatever follows up to the next comma (garbage after a quoted string) is ignored.
      scanner.skip { $0 != UInt8(ascii: ",") }
      let key = name.lowercased()
      if !key.isEmpty, directives[key] == nil {
        directives[key] = .some(value.map { $0.trimmingCharacters(in: .whitespaces) })
      }
    }
  }

  /// Whether the directive `name` is present, with or without a value.
  func has(_ name: String) -> Bool { directives[name] != nil }

  /// The value of `name`, `.some(nil)` when it has none, `nil` when absent.
  func value(_ name: String) -> String?? { directives[name] }

  /// The value of `name` in seconds: `nil` when absent, 0 when unreadable, and
  /// values too large for `Int` capped.
  func seconds(_ name: String) -> Int? {
    guard let entry = directives[name] else { return nil }
    guard let text = entry, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
    return Int(text) ?? Int.max
  }

  var noStore: Bool { has("no-store") }
  /// `no-cache` without a list of fields: the response is never used without
  /// revalidation (RFC 9111 §5.2.2.4). With a list, only those fields are withheld.
  var noCache: Bool {
    guard let entry = directives["no-cache"] else { return false }
    return entry.map { $0.isEmpty } ?? true
  }
  /// The field names of `no-cache="a, b"`, lowercased: not stored (RFC 9111 §5.2.2.4).
  var noCacheFields: [String] {
    guard let entry = directives["no-cache"], let list = entry else { return [] }
    return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      .filter { !$0.isEmpty }
  }
  var mustRevalidate: Bool { has("must-revalidate") }
  var mustUnderstand: Bool { has("must-understand") }
  var isPublic: Bool { has("public") }
  var isPrivate: Bool { has("private") }
  var onlyIfCached: Bool { has("only-if-cached") }
  var maxAge: Int? { seconds("max-age") }
  var minFresh: Int? { seconds("min-fresh") }
  var staleWhileRevalidate: Int? { seconds("stale-while-revalidate") }
  var staleIfError: Int? { seconds("stale-if-error") }

  /// A request's `max-stale`: `nil` when absent, `Int.max` without a value (any
  /// staleness).
  var maxStale: Int? {
    guard let entry = directives["max-stale"] else { return nil }
    return entry == nil ? Int.max : seconds("max-stale")
  }
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")

/// A cursor over the bytes of a header field value.
private struct Scanner {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { position >= bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[position] }
  mutating func advance() { position += 1 }

  mutating func skip(while condition: (UInt8) -> Bool) {
    while let byte = peek, condition(byte) { position += 1 }
  }

  mutating func take(while condition: (UInt8) -> Bool) -> String {
    let start = position
    skip(while: condition)
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// A quoted string from its opening quote: its content, with `\` escapes resolved.
  mutating func quoted() -> String {
    advance()
    var content: [UInt8] = []
    while let byte = peek {
      advance()
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\"), let escaped = peek {
        content.append(escaped)
        advance()
      } else {
        content.append(byte)
      }
    }
    return String(decoding: content, as: UTF8.self)
  }
}
