/// One `name=value` pair of a URL's query.
///
/// ```swift
/// let request = Request(.get, "/search", query: [QueryItem("q", "a+b & c"), QueryItem("page", "2")])
/// // → /search?q=a%2Bb%20%26%20c&page=2
/// ```
///
/// Names and values are plain text: the request percent-encodes them when it builds
/// the URL, so never encode them yourself.
public struct QueryItem: Hashable, Sendable, CustomStringConvertible {
  /// The parameter's name, unencoded.
  public var name: String
  /// The parameter's value, unencoded; `nil` writes the name alone (`?flag`).
  public var value: String?

  /// Creates a query item.
  /// - Parameters:
  ///   - name: The parameter's name, unencoded.
  ///   - value: The parameter's value, unencoded; `nil` writes the name alone.
  public init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }

  /// The items of a dictionary, sorted by name so that the URL is the same on every run.
  ///
  /// ```swift
  /// QueryItem.sorted(["b": "2", "a": "1"])  // [a=1, b=2]
  /// ```
  public static func sorted(_ parameters: [String: String]) -> [QueryItem] {
    parameters.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { QueryItem($0.key, $0.value) }
  }

  /// The item as it appears in a URL, percent-encoded: `name=value`.
  public var description: String {
    let name = PercentEncoding.encode(name)
    guard let value else { return name }
    return "\(name)=\(PercentEncoding.encode(value))"
  }
}
