/// Fills the `{name}` placeholders of a URL or path, such as `/users/{id}/posts`.
///
/// Each value is percent-encoded as one path segment. Every placeholder must be
/// filled, every parameter must be used, and no value may be empty: a mistake in a
/// route is reported, never sent to the server as a wrong URL.
struct RouteTemplate {
  let text: String

  /// The template with its placeholders filled.
  /// - Throws: A message saying what is wrong with the template or the parameters.
  func filled(with parameters: [String: String]) throws(RouteTemplateError) -> String {
    var output = ""
    var used = Set<String>()
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      output += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw RouteTemplateError("unclosed '{' in \(text)")
      }
      let name = String(rest[rest.index(after: open)..<close])
      guard !name.isEmpty else { throw RouteTemplateError("empty placeholder {} in \(text)") }
      guard let value = parameters[name] else {
        throw RouteTemplateError("unfilled placeholder {\(name)} in \(text)")
      }
      guard !value.isEmpty else { throw RouteTemplateError("empty value for placeholder {\(name)} in \(text)") }
      output += PercentEncoding.encodeSegment(value)
      used.insert(name)
      rest = rest[rest.index(after: close)...]
    }
    if rest.contains("}") { throw RouteTemplateError("unmatched '}' in \(text)") }
    output += rest
    let unused = parameters.keys.filter { !used.contains($0) }.sorted()
    if !unused.isEmpty {
      throw RouteTemplateError(
        "path parameter\(unused.count == 1 ? "" : "s") \(unused.joined(separator: ", ")) not used by \(text)")
    }
    return output
  }
}

/// Why a route template could not be filled.
struct RouteTemplateError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
