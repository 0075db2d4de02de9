/// The command line: `argonaut-generate [--type NAME] [--codable] [--access public] FILE...`.
///
/// Parsed by hand, so the tool has no package dependency.
struct Arguments: Equatable, Sendable {
  /// The sample files; `-` is standard input.
  var files: [String] = []
  /// The root type's name, when given.
  var typeName: String?
  /// `--access public`.
  var isPublic = false
  /// `--codable`.
  var codable = false
  /// `--help` or `-h`.
  var wantsHelp = false

  static let usage = """
    USAGE: argonaut-generate [--type NAME] [--codable] [--access public|internal] FILE...

    Prints Swift models with Argonaut decoders and encoders for the sample JSON files
    (`-` reads standard input). Every sample is a document of the same kind: the types
    cover all of them.

    OPTIONS:
      --type NAME        The root type's name (for a root array, its elements').
                         Default: the first file's name, or Root.
      --codable          Also conform to Codable, with CodingKeys.
      --access LEVEL     public or internal (the default).
      -h, --help         Show this help.

    WHAT IT INFERS:
      Optionals  A key missing from some objects is T?, left out when nil; a key that
                 was null is T?, written null when nil; a key missing from some and
                 null in others is T?? (nil: absent, .some(nil): null; a JSON: JSON?).
      Maps       An object is a [String: T] when it never has a key, when every key is
                 an id (digits, a UUID, a long hexadecimal id), when 20 keys or more
                 hold objects of one shape, or when 100 keys or more hold values of
                 one scalar kind (GitHub's emoji list: [String: String]). Other objects
                 are structs: a 20-field user stays one. A root map is a typealias.
      Numbers    Int, Int64 or UInt64 for integers, Double with a fraction or an
                 exponent; JSON for numbers no Swift number holds exactly.
    """

  /// A mistake on the command line, with a message for standard error.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Parses `arguments`, without the program name.
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    var onlyFiles = false
    while let argument = remaining.popFirst() {
      if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
        files.append(argument)
        continue
      }
      let (name, inlineValue) = Arguments.split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw UsageError(description: "\(name) needs a value") }
        return next
      }
      switch name {
      case "--": onlyFiles = true
      case "-h", "--help": wantsHelp = true
      case "--codable": codable = true
      case "--type", "-t":
        let type = try value()
        guard Arguments.isTypeName(type) else {
          throw UsageError(
            description: "--type \(type): not a Swift type name (letters, digits and _, not first a digit)")
        }
        typeName = type
      case "--access":
        switch try value() {
        case "public": isPublic = true
        case "internal": isPublic = false
        case let other: throw UsageError(description: "--access \(other): expected public or internal")
        }
      default: throw UsageError(description: "unknown option \(name)")
      }
    }
    if files.isEmpty && !wantsHelp {
      throw UsageError(description: "no input: give one or more FILEs, or - for standard input")
    }
  }

  /// `--name=value` as its two halves.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Whether `name` can name a Swift type: ASCII letters, digits and `_`, not starting with a digit.
  static func isTypeName(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
    let valid = name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) || $0 == 0x5F }
    return valid && !Naming.reservedTypeNames.contains(name) && !Identifiers.keywords.contains(name)
  }

  /// The options for the generator: the type name defaults to the first file's name.
  var options: GeneratorOptions {
    let names = files.map { $0 == "-" ? "standard input" : Arguments.baseName($0) }
    let derived = files.first.flatMap {
      $0 == "-" ? nil : Identifiers.typeName(for: Arguments.stem(Arguments.baseName($0)))
    }
    let fallback = derived.flatMap { Arguments.isTypeName($0) ? $0 : nil } ?? "Root"
    return GeneratorOptions(typeName: typeName ?? fallback, isPublic: isPublic, codable: codable, sourceNames: names)
  }

  static func baseName(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
  }

  static func stem(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
