/// `argonaut-generate openapi DOC --output DIR [--access public|internal] [--tag NAME]… [--operation ID]…`.
///
/// Parsed by hand, like ``Arguments``, so the tool has no package dependency.
struct OpenAPIArguments: Equatable, Sendable {
  /// The document's path.
  var document = ""
  /// The directory that receives `Models.swift` and the service files.
  var output = ""
  /// `--access public` (the default) or `internal`.
  var isPublic = true
  /// `--help` or `-h`.
  var wantsHelp = false
  /// `--tag NAME` and `--operation ID`, each repeatable: the operations kept.
  var filter = OperationFilter()

  static let usage = """
    USAGE: argonaut-generate openapi DOC --output DIR [--access public|internal]
                                     [--tag NAME]... [--operation ID]...

    Writes Swift models (Models.swift) and one Service class per tag (UsersService.swift…)
    for an OpenAPI 3.0 or 3.1 document in JSON or YAML (told apart by content). A relative
    $ref (schemas/pet.yaml#/Pet) is read from the file it names, relative to the file that
    holds it. What cannot be translated is reported on standard error with its JSON
    pointer; the output compiles regardless.

    OPTIONS:
      --output DIR       The directory to write into (created if needed).
      --access LEVEL     public (the default) or internal.
      --tag NAME         Keep the operations tagged NAME (repeatable), and what they reference.
      --operation ID     Keep the operation whose operationId is ID (repeatable), and what
                         it references. With neither, every operation is generated.
      -h, --help         Show this help.
    """

  /// Parses `arguments`, without the program name and `openapi`.
  init(parsing arguments: [String]) throws(Arguments.UsageError) {
    var remaining = arguments[...]
    var documents: [String] = []
    while let argument = remaining.popFirst() {
      if argument == "-" || !argument.hasPrefix("-") {
        documents.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(Arguments.UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw Arguments.UsageError(description: "\(name) needs a value") }
        return next
      }
      switch name {
      case "-h", "--help": wantsHelp = true
      case "--output", "-o": output = try value()
      case "--tag": filter.tags.append(try value())
      case "--operation": filter.operationIds.append(try value())
      case "--access":
        switch try value() {
        case "public": isPublic = true
        case "internal": isPublic = false
        case let other: throw Arguments.UsageError(description: "--access \(other): expected public or internal")
        }
      default: throw Arguments.UsageError(description: "unknown option \(name)")
      }
    }
    if wantsHelp { return }
    guard documents.count == 1 else {
      throw Arguments.UsageError(
        description: documents.isEmpty
          ? "no input: give one OpenAPI document" : "give one OpenAPI document, not \(documents.count)")
    }
    document = documents[0]
    guard !output.isEmpty else { throw Arguments.UsageError(description: "--output DIR is required") }
  }
}

/// Runs the `openapi` subcommand: reads, generates, writes, reports.
enum OpenAPICommand {
  /// Runs with `arguments` (after `openapi`); returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    var standardError = StandardError()
    let parsed: OpenAPIArguments
    do {
      parsed = try OpenAPIArguments(parsing: arguments)
    } catch {
      print(OpenAPIArguments.usage, to: &standardError)
      print("argonaut-generate: \(error.description)", to: &standardError)
      return 64
    }
    if parsed.wantsHelp {
      print(OpenAPIArguments.usage)
      return 0
    }
    let name = Arguments.baseName(parsed.document)
    let document: OpenAPIDocument
    do {
      document = try OpenAPIDocument(bytes: InputFile.bytes(at: parsed.document), name: name, path: parsed.document)
    } catch let error as InputFile.ReadError {
      print("argonaut-generate: \(error.description)", to: &standardError)
      return 66
    } catch {
      print("argonaut-generate: \(error)", to: &standardError)
      return 65
    }
    let filtered: OpenAPIDocument
    do {
      filtered = try parsed.filter.apply(to: document)
    } catch {
      print("argonaut-generate: \(error.description)", to: &standardError)
      return 64
    }
    let output = OpenAPIGenerator(options: .init(isPublic: parsed.isPublic, sourceName: name)).generate(filtered)
    for diagnostic in output.diagnostics {
      print("argonaut-generate: \(diagnostic)", to: &standardError)
    }
    do {
      try OutputDirectory.write(output.files, to: parsed.output)
    } catch {
      print("argonaut-generate: \(error.description)", to: &standardError)
      return 73
    }
    let counts = output.counts
    print(
      "argonaut-generate: wrote \(output.files.count) files to \(parsed.output): \(counts.models) models, "
        + "\(counts.services) services, \(counts.operations) operations; \(output.diagnostics.count) warnings",
      to: &standardError)
    return 0
  }
}
