import Foundation

/// A request that no stored response matches, because of `Vary`, validating the
/// stored responses of its URL and partition that it cannot be served as such (RFC
/// 9111 §4.3.1: "a cache is allowed to validate a response that it cannot choose
/// with the request header fields it is sending").
///
/// The request carries their entity tags in `If-None-Match`. A `304 Not Modified`
/// says that the representation the server selected for *this* request has the
/// entity tag it names (RFC 9110 §15.4.5), so the stored response with that tag is
/// the one to serve, and to store for this request (RFC 9111 §4.3.3):
///
/// - **A strong tag** selects the stored responses with the same strong tag (strong
///   comparison, RFC 9110 §8.8.3.2): a strong validator is unique across all the
///   representations of a resource (§8.8.1), so they are one representation; the
///   most recent is taken. A stored weak tag with the same opaque tag is not
///   selected.
/// - **A weak tag** selects the stored responses whose tag matches it weakly, and
///   the most recent of them, as RFC 9111 §4.3.3 says — but only when they are one
///   representation (the same content, `Content-Type`, `Content-Encoding` and
///   `Content-Language`). A weak tag may be shared by representations with different
///   data (RFC 9110 §8.8.1 names a gzip and an identity coding), and across `Vary`
///   the choice between them would decide which content is served: then none is.
/// - **No tag**, or one that selects none, selects nothing: the caller asks again
///   without condition.
///
/// Only entity tags: a `Last-Modified` date is implicitly weak (RFC 9110 §8.8.2.2)
/// and does not tell one variant from another, so it never crosses `Vary`.
/// Only stored `200` responses: a 304 means the request would have had a `200`.
struct VariantValidation {
  /// The stored responses whose tags the request sends, most recent first.
  let candidates: [(key: String, entry: CachedResponse)]
  /// The `If-None-Match` value: their distinct tags, most recent first.
  let ifNoneMatch: String

  /// The most distinct tags a request sends: those of the most recent responses.
  static let tagLimit = 8

  /// The stored responses of `partition` among `stored` (the entries of one URL, none
  /// of which matches the request) that carry a valid entity tag, with the most
  /// recent ``tagLimit`` distinct tags; `nil` when there are none.
  init?(_ stored: [(key: String, entry: CachedResponse)], partition: String?) {
    var tags: [String] = []
    var candidates: [(key: String, entry: CachedResponse)] = []
    for candidate in stored.sorted(by: { $0.entry.responseTime > $1.entry.responseTime })
    where candidate.entry.partition == partition && candidate.entry.response.statusCode == 200 {
      guard let tag = candidate.entry.entityTag else { continue }
      if !tags.contains(tag.text) {
        guard tags.count < Self.tagLimit else { continue }
        tags.append(tag.text)
      }
      candidates.append(candidate)
    }
    guard !candidates.isEmpty else { return nil }
    self.candidates = candidates
    self.ifNoneMatch = tags.joined(separator: ", ")
  }

  /// The stored response that the `304 Not Modified` `notModified` confirms for the
  /// request, by its `ETag`; `nil` when it confirms none.
  func selected(by notModified: HTTPResponse) -> (key: String, entry: CachedResponse)? {
    guard let tag = notModified.header("ETag").flatMap(EntityTag.init) else { return nil }
    let matching = candidates.filter { candidate in
      guard let stored = candidate.entry.entityTag else { return false }
      return tag.isWeak ? stored.opaque == tag.opaque : !stored.isWeak && stored.opaque == tag.opaque
    }
    guard let newest = matching.max(by: { $0.entry.responseTime < $1.entry.responseTime }) else { return nil }
    if tag.isWeak, matching.contains(where: { !$0.entry.isSameRepresentation(as: newest.entry) }) { return nil }
    return newest
  }
}

/// An entity tag (RFC 9110 §8.8.3): `"xyzzy"`, or `W/"xyzzy"` when weak.
struct EntityTag: Hashable {
  /// Whether it is weak (`W/`).
  let isWeak: Bool
  /// The quoted opaque tag, quotes included.
  let opaque: Substring
  /// The field value as received, without the whitespace around it.
  var text: String { (isWeak ? "W/" : "") + String(opaque) }

  /// The tag in `value`, or `nil` when it is not one valid entity tag: `W/` is
  /// case-sensitive, the opaque tag is quoted and holds no `"`.
  init?(_ value: String) {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    let weak = trimmed.hasPrefix("W/")
    let opaque = weak ? trimmed.dropFirst(2) : Substring(trimmed)
    guard opaque.count >= 2, opaque.first == "\"", opaque.last == "\"",
      !opaque.dropFirst().dropLast().contains("\"")
    else { return nil }
    self.isWeak = weak
    self.opaque = opaque
  }
}

extension CachedResponse {
  /// The response's `ETag`, when it is a valid entity tag.
  var entityTag: EntityTag? {
    response.header("ETag").flatMap(EntityTag.init)
  }

  /// Whether `other` holds the same representation: the same content, and the same
  /// `Content-Type`, `Content-Encoding` and `Content-Language`.
  func isSameRepresentation(as other: CachedResponse) -> Bool {
    response.body == other.response.body
      && ["Content-Type", "Content-Encoding", "Content-Language"].allSatisfy {
        response.header($0) == other.response.header($0)
      }
  }
}
