import Argonaut
import ArgonautYAML

// Fuzz target: the YAML reader.
//
// Any input either fails with a well-formed YAMLParseError (a line and column from 1,
// and the `line L, column C: expected …, found …` description), or reads to
// documents that each print as JSON that parses back to an equal value. Reading
// one document agrees with reading the stream. Nothing may crash or hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func yamlOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
  let documents: [JSON]
  do {
    documents = try JSON.documents(yaml: text)
  } catch {
    check(error.line >= 1 && error.column >= 1, "line \(error.line), column \(error.column)")
    check(
      error.description == "line \(error.line), column \(error.column): expected \(error.expected), found \(error.found)",
      error.description)
    check((try? JSON(yaml: text)) == nil, "JSON(yaml:) accepted what documents(yaml:) rejected")
    return 0
  }
  for document in documents {
    let printed = JSONSerializer.compact.string(from: document)
    let parsed = try? JSON(parsing: printed, options: JSONParsingOptions(maximumDepth: 100_000))
    check(parsed == document, "the JSON printed from a YAML document does not parse back equal")
  }
  if documents.count == 1 {
    check((try? JSON(yaml: text)) == documents[0], "JSON(yaml:) differs from documents(yaml:)[0]")
  }
  return 0
}
