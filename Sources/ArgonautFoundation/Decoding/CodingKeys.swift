import Foundation

/// The key of an array element in a coding path: `Index 3`, as `JSONDecoder` names it.
///
/// One word wide, so it fits an existential's inline buffer: pushing it onto a
/// coding path allocates nothing.
struct IndexKey: CodingKey {
  let index: Int

  init(_ index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.index = intValue }

  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}

/// A key known only by its text: a dictionary key, or a key handed to a custom strategy.
///
/// Two words wide, so it fits an existential's inline buffer.
struct StringKey: CodingKey {
  let stringValue: String

  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { self.stringValue = String(intValue) }

  var intValue: Int? { nil }

  /// The key `JSONDecoder` uses for `superDecoder()`.
  static let `super` = StringKey("super")
}

/// The key of a dictionary whose keys are integers, as `Dictionary`'s own coding writes them.
struct IntegerStringKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init?(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = Int(stringValue)
  }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

enum SnakeCase {
  /// `JSONDecoder`'s `convertFromSnakeCase`: `user_name` → `userName`, `_id_` → `_id_`.
  ///
  /// Leading and trailing underscores stay; the words between are joined, the first
  /// lowercased and the rest capitalized; a key without an inner underscore is kept as is.
  static func camelCase(fromSnakeCase key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first && key[last] == "_" { key.formIndex(before: &last) }
    let words = key[first...last].split(separator: "_")
    guard words.count > 1 else { return key }
    var joined = words[0].lowercased()
    for word in words.dropFirst() { joined += word.capitalized }
    return String(key[..<first]) + joined + String(key[key.index(after: last)...])
  }

  /// `JSONEncoder`'s `convertToSnakeCase`: `userName` → `user_name`, `myURLValue` → `my_url_value`.
  ///
  /// Words start at an uppercase letter; a run of capitals is one word, whose last
  /// capital starts the next word when a lowercase letter follows it.
  static func snakeCase(fromCamelCase key: String) -> String {
    guard !key.isEmpty else { return key }
    var words: [Range<String.Index>] = []
    var wordStart = key.startIndex
    var searchRange = key.index(after: wordStart)..<key.endIndex
    while let upper = key.rangeOfCharacter(from: .uppercaseLetters, options: [], range: searchRange) {
      words.append(wordStart..<upper.lowerBound)
      searchRange = upper.lowerBound..<searchRange.upperBound
      guard let lower = key.rangeOfCharacter(from: .lowercaseLetters, options: [], range: searchRange) else {
        wordStart = searchRange.lowerBound
        break
      }
      let nextCharacterAfterCapital = key.index(after: upper.lowerBound)
      if lower.lowerBound == nextCharacterAfterCapital {
        wordStart = upper.lowerBound
      } else {
        let beforeLower = key.index(before: lower.lowerBound)
        words.append(upper.lowerBound..<beforeLower)
        wordStart = beforeLower
      }
      searchRange = lower.upperBound..<searchRange.upperBound
    }
    words.append(wordStart..<searchRange.upperBound)
    return words.map { key[$0].lowercased() }.joined(separator: "_")
  }
}
