import Foundation

/// The directives of a `Cache-Control` header field (RFC 9111 §5.2), such as
/// `max-age=60, must-revalidate`.
///
/// Names compare case-insensitively; a quoted value is unquoted. A directive that
/// appears twice keeps its first value. A `max-age` that is not a non-negative integer
/// counts as `0` (RFC 9111 §4.2.1 asks for that, so that it errs on the side of
/// staleness).
struct CacheControl: Hashable, Sendable {
  private var directives: [String: String?] = [:]

  /// The directives of `header`; none for `nil`.
  init(_ header: String?) {
    guard let header else { return }
    for part in header.split(separator: ",") {
      let item = part.trimmingCharacters(in: .whitespaces)
      guard !item.isEmpty else { continue }
      let name: String
      var value: String?
      if let equals = item.firstIndex(of: "=") {
        name = item[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var raw = item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") { raw = String(raw.dropFirst().dropLast()) }
        value = raw
      } else {
        name = item.lowercased()
      }
      if directives[name] == nil { directives[name] = .some(value) }
    }
  }

  /// Whether the directive `name` is present, with or without a value.
  func has(_ name: String) -> Bool { directives[name] != nil }

  /// The value of `name` in seconds: `nil` when absent, 0 when unreadable, and
  /// values too large for `Int` capped.
  func seconds(_ name: String) -> Int? {
    guard let entry = directives[name] else { return nil }
    guard let text = entry, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return 0 }
    return Int(text) ?? Int.max
  }

  var noStore: Bool { has("no-store") }
  var noCache: Bool { has("no-cache") }
  var mustRevalidate: Bool { has("must-revalidate") }
  var maxAge: Int? { seconds("max-age") }
  var minFresh: Int? { seconds("min-fresh") }

  /// A request's `max-stale`: `nil` when absent, `Int.max` without a value (any
  /// staleness).
  var maxStale: Int? {
    guard let entry = directives["max-stale"] else { return nil }
    return entry == nil ? Int.max : seconds("max-stale")
  }
}
