import Foundation

/// The parts of a `multipart/form-data` body, as the redactor reads them: each
/// part's field name, file name and content.
///
/// It reads what ``MultipartFormData`` writes, and any body that follows RFC 7578:
/// parts between `--boundary` delimiter lines, each with its header fields, a blank
/// line and its content. A body that does not parse yields no parts.
struct MultipartParts {
  /// One part of the body.
  struct Part {
    /// The `name` of its `Content-Disposition`.
    let name: String
    /// The `filename` of its `Content-Disposition`, for a file part.
    let filename: String?
    /// The range of its content in the body.
    let range: Range<Int>
    /// Its content.
    let content: Data
  }

  /// The parts, in order.
  let fields: [Part]

  /// The parts of `body`, or `nil` when `contentType` is not `multipart/form-data`
  /// with a boundary. When `body` is only the start of a body, its last part ends
  /// where `body` does.
  init?(_ body: Data, contentType: String?) {
    guard let boundary = Self.boundary(in: contentType) else { return nil }
    let bytes = [UInt8](body)
    let delimiter = Array("--\(boundary)".utf8)
    var starts: [Int] = []
    var index = 0
    while let found = Self.find(delimiter, in: bytes, from: index) {
      // A delimiter starts the body or follows a CRLF.
      if found == 0 || (found >= 2 && bytes[found - 2] == 13 && bytes[found - 1] == 10) { starts.append(found) }
      index = found + delimiter.count
    }
    var parts: [Part] = []
    // A body cut short (the start of a larger one) ends its last part at its end.
    let ends = starts.dropFirst().map { $0 - 2 } + [bytes.count]
    for (start, end) in zip(starts, ends) {
      let headerStart = start + delimiter.count
      guard let blank = Self.find(Array("\r\n\r\n".utf8), in: bytes, from: headerStart), blank < end else { continue }
      let contentStart = blank + 4
      let contentEnd = max(contentStart, end)  // before the CRLF of the next delimiter
      let head = String(decoding: bytes[headerStart..<blank], as: UTF8.self)
      guard let disposition = Self.disposition(in: head) else { continue }
      parts.append(
        Part(
          name: disposition.name, filename: disposition.filename, range: contentStart..<contentEnd,
          content: Data(bytes[contentStart..<contentEnd])))
    }
    fields = parts
  }

  /// The `boundary` parameter of a `multipart/form-data` content type.
  static func boundary(in contentType: String?) -> String? {
    guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The `name` and `filename` of the `Content-Disposition` field among `head`'s lines.
  private static func disposition(in head: String) -> (name: String, filename: String?)? {
    for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
      let name = parameter("name", in: line)
      return name.map { ($0, parameter("filename", in: line)) }
    }
    return nil
  }

  /// The value of `name="…"` (or unquoted) in a header line.
  static func parameter(_ name: String, in line: Substring) -> String? {
    for piece in line.split(separator: ";").dropFirst() {
      let pair = piece.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
      return value.replacingOccurrences(of: "%22", with: "\"")
    }
    return nil
  }

  /// The first index at or after `start` where `needle` occurs in `bytes`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// `body` with the content of every text part whose name is secret replaced by
  /// `<redacted>`.
  func redacting(_ body: Data, isSecret: (String) -> Bool) -> Data {
    var result = Data()
    var copied = 0
    for part in fields where part.filename == nil && isSecret(part.name) {
      result.append(body[body.startIndex + copied..<body.startIndex + part.range.lowerBound])
      result.append(Data(Redaction.placeholder.utf8))
      copied = part.range.upperBound
    }
    result.append(body[(body.startIndex + copied)...])
    return result
  }
}
