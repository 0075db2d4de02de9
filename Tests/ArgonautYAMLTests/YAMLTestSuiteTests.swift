import Argonaut
import ArgonautYAML
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// yaml-test-suite, run by `Scripts/yaml-test-suite.sh`, which converts the suite into
/// one directory per case and names it in `YAML_TEST_SUITE_DATA`. Skipped otherwise.
@Suite struct YAMLTestSuiteTests {
  static let data = environment("YAML_TEST_SUITE_DATA")

  @Test(.enabled(if: data != nil, "YAML_TEST_SUITE_DATA names no converted yaml-test-suite"))
  func everyCase() throws {
    let directory = try #require(Self.data)
    var single = (passed: 0, total: 0)
    var multi = (passed: 0, total: 0)
    var errors = (rejected: 0, total: 0)
    var others = (accepted: 0, total: 0)
    var failures: [String] = []
    for name in try listDirectory(directory).sorted() {
      let path = directory + "/" + name
      guard let yaml = readFile(path + "/in.yaml") else { continue }
      let mustFail = readFile(path + "/error") != nil
      let result = Result { () throws(YAMLParseError) in try JSON.documents(yaml: yaml) }
      if mustFail {
        errors.total += 1
        if case .failure = result {
          errors.rejected += 1
        } else {
          failures.append("\(name): accepted, but the suite marks it as an error")
        }
        continue
      }
      guard let jsonText = readFile(path + "/in.json") else {
        // No JSON form (a collection as a key, say): only run, to show it neither
        // crashes nor hangs.
        others.total += 1
        if case .success = result { others.accepted += 1 }
        continue
      }
      let expected = try jsonValues(jsonText)
      if expected.count == 1 { single.total += 1 } else { multi.total += 1 }
      switch result {
      case .failure(let error):
        failures.append("\(name): rejected: \(error)")
      case .success(let documents) where documents == expected:
        if expected.count == 1 { single.passed += 1 } else { multi.passed += 1 }
      case .success(let documents):
        let got = documents.map { JSONSerializer.compact.string(from: $0) }.joined(separator: " ")
        let want = expected.map { JSONSerializer.compact.string(from: $0) }.joined(separator: " ")
        failures.append("\(name): gave \(got.prefix(200)), expected \(want.prefix(200))")
      }
    }
    var report = """
      single-document JSON cases: \(single.passed)/\(single.total)
      multi-document JSON cases: \(multi.passed)/\(multi.total)
      error cases rejected: \(errors.rejected)/\(errors.total)
      cases without a JSON form, run for crashes and hangs: \(others.total) (\(others.accepted) read, \
      \(others.total - others.accepted) rejected)

      """
    report += failures.map { "FAIL \($0)\n" }.joined()
    if failures.isEmpty { report += "all cases pass\n" }
    if let out = environment("YAML_TEST_SUITE_REPORT") { writeFile(out, report) }
    print(report)
  }
}

/// The JSON values of a text that holds several, separated by whitespace.
func jsonValues(_ text: String) throws -> [JSON] {
  let bytes = Array(text.utf8)
  var values: [JSON] = []
  var i = 0
  while true {
    while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) { i += 1 }
    guard i < bytes.count else { return values }
    let start = i
    i = endOfJSONValue(bytes, from: i)
    values.append(try JSON(parsing: Array(bytes[start..<i])))
  }
}

/// Where the JSON value that starts at `start` ends: after its closing bracket or
/// quote, or at the whitespace after a number or literal.
func endOfJSONValue(_ bytes: [UInt8], from start: Int) -> Int {
  var i = start
  var depth = 0
  var inString = false
  while i < bytes.count {
    let b = bytes[i]
    i += 1
    if inString {
      if b == UInt8(ascii: "\\") {
        i += 1
      } else if b == UInt8(ascii: "\"") {
        inString = false
        if depth == 0 { return i }
      }
    } else if b == UInt8(ascii: "\"") {
      inString = true
    } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
      depth += 1
    } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
      depth -= 1
      if depth == 0 { return i }
    } else if depth == 0 && (b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
      return i - 1
    }
  }
  return i
}

func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

func readFile(_ path: String) -> String? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) {
  guard let file = fopen(path, "wb") else { return }
  defer { fclose(file) }
  _ = text.withCString { fputs($0, file) }
}

func listDirectory(_ path: String) throws -> [String] {
  guard let directory = opendir(path) else { throw DirectoryError(path: path) }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if !name.hasPrefix(".") { names.append(name) }
  }
  return names
}

struct DirectoryError: Error {
  var path: String
}
