/// English singulars for the names of array elements: `statuses` → `status`,
/// `categories` → `category`, `people` → `person`.
///
/// Only the last word of a camel-cased name changes (`userMentions` →
/// `userMention`). A name that does not look plural is returned as it is.
enum Singularize {
  /// The singular of `name`.
  static func singular(_ name: String) -> String {
    let words = Identifiers.words(in: name)
    guard let last = words.last, last.utf8.count > 1 else { return name }
    let singular = singularWord(last)
    guard singular != last, name.hasSuffix(last) else { return name }
    return String(name.dropLast(last.count)) + singular
  }

  private static let irregular: [String: String] = [
    "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
    "geese": "goose", "teeth": "tooth", "feet": "foot", "indices": "index", "vertices": "vertex",
    "matrices": "matrix", "criteria": "criterion", "phenomena": "phenomenon",
  ]

  /// Words that end in `s` but are not plurals.
  private static let unchanged: Set<String> = [
    "news", "series", "species", "status", "bus", "campus", "virus", "alias", "canvas", "gas", "lens", "bonus",
    "corpus", "plus", "minus", "analysis", "basis", "axis", "this", "yes", "always", "less", "its", "has", "is",
    "was", "does", "ios", "macos", "tvos", "watchos", "visionos",
  ]

  /// Plurals in `ies` whose singular ends in `ie`.
  private static let pluralsOfIe: Set<String> = [
    "movies", "cookies", "zombies", "calories", "selfies", "rookies", "pies", "ties", "lies", "goodies",
    "freebies", "brownies", "hoodies",
  ]

  private static func singularWord(_ word: String) -> String {
    let lower = word.lowercased()
    if let singular = irregular[lower] { return matchingCase(singular, of: word) }
    if unchanged.contains(lower) || !lower.hasSuffix("s") || lower.hasSuffix("ss") || lower.hasSuffix("us")
      || lower.hasSuffix("is")
    {
      return word
    }
    let stem = word.dropLast()
    if lower.hasSuffix("ies"), lower.count > 4, !pluralsOfIe.contains(lower) {
      return word.dropLast(3) + (isUpper(word) ? "Y" : "y")
    }
    if lower.hasSuffix("sses") || lower.hasSuffix("shes") || lower.hasSuffix("ches") || lower.hasSuffix("xes")
      || lower.hasSuffix("zzes") || lower.hasSuffix("uses")
    {
      return String(word.dropLast(2))
    }
    return String(stem)
  }

  private static func isUpper(_ word: String) -> Bool { word.utf8.allSatisfy { !(0x61...0x7A).contains($0) } }

  private static func matchingCase(_ singular: String, of word: String) -> String {
    if isUpper(word) { return singular.uppercased() }
    if let first = word.utf8.first, (0x41...0x5A).contains(first) {
      return singular.prefix(1).uppercased() + singular.dropFirst()
    }
    return singular
  }
}
