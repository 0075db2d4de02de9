import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Command-line arguments", .offThePool)
struct ArgumentsTests {
  @Test("options and files parse in any order")
  func parses() throws {
    let arguments = try Arguments(parsing: [
      "--type", "Event", "a.json", "--codable", "--access", "public", "-", "b.json",
    ])
    #expect(arguments.files == ["a.json", "-", "b.json"])
    #expect(arguments.typeName == "Event")
    #expect(arguments.codable && arguments.isPublic)
    #expect(
      arguments.options
        == GeneratorOptions(
          typeName: "Event", isPublic: true, codable: true, sourceNames: ["a.json", "standard input", "b.json"]))
  }

  @Test("--name=value works, and -- ends the options")
  func inlineValues() throws {
    let arguments = try Arguments(parsing: ["--type=Feed", "--access=internal", "--", "--odd-name.json"])
    #expect(arguments.typeName == "Feed" && !arguments.isPublic)
    #expect(arguments.files == ["--odd-name.json"])
  }

  @Test("the type name defaults to the first file's name, or Root")
  func defaultTypeName() throws {
    #expect(try Arguments(parsing: ["/data/citm_catalog.json"]).options.typeName == "CitmCatalog")
    #expect(try Arguments(parsing: ["-"]).options.typeName == "Root")
    #expect(try Arguments(parsing: ["123.json"]).options.typeName == "Type123")
    #expect(try Arguments(parsing: ["string.json"]).options.typeName == "Root")
  }

  @Test(
    "mistakes are usage errors that say what is wrong",
    arguments: [
      ([], "no input: give one or more FILEs, or - for standard input"),
      (["--type"], "--type needs a value"),
      (
        ["--type", "my-type", "a.json"],
        "--type my-type: not a Swift type name (letters, digits and _, not first a digit)"
      ),
      (
        ["--type", "String", "a.json"],
        "--type String: not a Swift type name (letters, digits and _, not first a digit)"
      ),
      (["--access", "private", "a.json"], "--access private: expected public or internal"),
      (["--verbose", "a.json"], "unknown option --verbose"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: Arguments.UsageError(description: message)) { try Arguments(parsing: arguments) }
  }

  @Test("--help needs no file")
  func help() throws {
    #expect(try Arguments(parsing: ["--help"]).wantsHelp)
    #expect(
      Arguments.usage.contains("USAGE: argonaut-generate [--type NAME] [--codable] [--access public|internal] FILE..."))
  }

  @Test("--help says when an object is a map, with the thresholds the generator uses")
  func helpSaysTheMapRule() {
    let usage = Arguments.usage.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(
      separator: " ")
    let detection = MapDetection()
    #expect(usage.contains("when \(detection.minimumNamedKeys) keys or more hold objects of one shape"))
    #expect(usage.contains("when \(detection.minimumScalarKeys) keys or more hold values of one scalar kind"))
    #expect(usage.contains("a 20-field user stays one"))
    #expect(usage.contains("a key missing from some and null in others is T??"))
  }
}
