/// A position in the input: the byte offset, the 1-based line and the 0-based column
/// in Unicode scalars (the scanner's indentation arithmetic uses 0-based columns, as
/// libyaml's does; errors add one).
struct Mark: Hashable, Sendable {
  var offset: Int
  var line: Int
  var column: Int

  static let start = Mark(offset: 0, line: 1, column: 0)
}
