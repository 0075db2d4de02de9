import Foundation

/// One byte range of a `Range` request (RFC 9110 §14.1.2), cut from a stored
/// complete response.
enum ByteRange {
  /// A `206 Partial Content` with the part of `response`'s body that `range` asks
  /// for, or `nil` when `range` is not one satisfiable byte range (several ranges,
  /// another unit, bad syntax): the request then goes to the server.
  static func partial(of response: HTTPResponse, range: String) -> HTTPResponse? {
    let length = response.body.count
    let text = range.trimmingCharacters(in: .whitespaces)
    guard text.lowercased().hasPrefix("bytes="), length > 0 else { return nil }
    let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
    let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
    let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
    let lower: Int
    let upper: Int
    if first.isEmpty {
      guard let suffix = number(last), suffix > 0 else { return nil }
      lower = max(0, length - suffix)
      upper = length - 1
    } else {
      guard let start = number(first), start < length else { return nil }
      lower = start
      if last.isEmpty {
        upper = length - 1
      } else {
        guard let end = number(last), end >= start else { return nil }
        upper = min(end, length - 1)
      }
    }
    var partial = response
    partial.statusCode = 206
    partial.body = response.body.subdata(in: lower..<(upper + 1))
    partial.headers = HTTPHeaders.merging(
      response.headers,
      ["Content-Range": "bytes \(lower)-\(upper)/\(length)", "Content-Length": "\(upper - lower + 1)"])
    return partial
  }

  private static func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return Int(text)
  }
}
