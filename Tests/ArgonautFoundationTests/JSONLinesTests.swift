import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautFoundation

/// An issue of a tracker: a model that decodes with Argonaut and encodes to JSON.
private struct Issue: Argonaut.Decodable, JSONEncodable, Equatable, Sendable {
  let number: Int
  let title: String
  let labels: [String]

  static func decode(_ json: JSON) -> Decoded<Issue> {
    curry(Issue.init) <^> json <| "number" <*> json <| "title" <*> json <|| "labels"
  }

  func encode() -> JSON {
    ["number": number.encode(), "title": title.encode(), "labels": labels.encode()]
  }
}

/// A directory of its own for each test, removed at its end.
private struct Scratch: ~Copyable {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-jsonlines-\(UUID())")

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The file `name` in the directory, holding `text` when given.
  func file(_ name: String, _ text: String? = nil) throws -> URL {
    let url = directory.appendingPathComponent(name)
    if let text { try Data(text.utf8).write(to: url) }
    return url
  }

  /// The names of the files in the directory, hidden ones included.
  var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() }
}

/// The values of `sequence` until it ends, and the error that ended it, if any.
private func read<Value>(_ sequence: JSONLines.Rows<Value>) async -> (values: [Value], error: JSONLinesError?) {
  var values: [Value] = []
  do {
    for try await value in sequence { values.append(value) }
    return (values, nil)
  } catch {
    return (values, error)
  }
}

@Suite("JSON Lines files: JSONLines.write(_:to:) and JSONLines.rows(contentsOf:as:)")
struct JSONLinesTests {
  fileprivate static let issues = [
    Issue(number: 1, title: "Crash on launch", labels: ["bug"]),
    Issue(number: 2, title: "Typo: \"recieve\"\nin README ✓", labels: []),
    Issue(number: 3, title: "Faster JSON Lines", labels: ["perf", "streams"]),
  ]

  @Test("write then rows: the same values back, each written as one compact line ended by LF")
  func roundTrip() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("issues.jsonl")
    try JSONLines.write(Self.issues, to: file)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(
      text == """
        {"number":1,"title":"Crash on launch","labels":["bug"]}
        {"number":2,"title":"Typo: \\"recieve\\"\\nin README ✓","labels":[]}
        {"number":3,"title":"Faster JSON Lines","labels":["perf","streams"]}

        """)
    let (issues, error) = await read(JSONLines.rows(contentsOf: file, as: Issue.self))
    #expect(error == nil)
    #expect(issues == Self.issues)
    let (values, jsonError) = await read(JSONLines.rows(contentsOf: file))
    #expect(jsonError == nil)
    #expect(values == Self.issues.map { $0.encode() })
    #expect(scratch.names == ["issues.jsonl"], "no temporary file is left")
  }

  @Test("Any sequence writes, a lazy one included; an empty one writes an empty file")
  func writesSequences() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("numbers.jsonl")
    try JSONLines.write((1...3).lazy.map { ["n": $0.encode()] as JSON }, to: file)
    #expect(try String(contentsOf: file, encoding: .utf8) == "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n")
    try JSONLines.write([Issue](), to: file)
    #expect(try Data(contentsOf: file).isEmpty)
  }

  @Test("A file of one line, with or without its LF")
  func oneLine() async throws {
    let scratch = try Scratch()
    for text in [#"{"number":7,"title":"One","labels":[]}"# + "\n", #"{"number":7,"title":"One","labels":[]}"#] {
      let (issues, error) = await read(JSONLines.rows(contentsOf: try scratch.file("one.jsonl", text), as: Issue.self))
      #expect(error == nil)
      #expect(issues == [Issue(number: 7, title: "One", labels: [])], "\(text.debugDescription)")
    }
  }

  @Test("An empty file, and one of blank lines only, have no rows")
  func emptyFiles() async throws {
    let scratch = try Scratch()
    for text in ["", "\n", "\n  \n\t\r\n\r\n"] {
      let (values, error) = await read(JSONLines.rows(contentsOf: try scratch.file("empty.jsonl", text)))
      #expect(error == nil, "\(text.debugDescription)")
      #expect(values.isEmpty, "\(text.debugDescription)")
    }
  }

  @Test("Blank lines are skipped but counted: a line that is not JSON is named by its number, column and offset")
  func invalidLine() async throws {
    let scratch = try Scratch()
    let text = "{\"n\": 1}\n\n   \n{\"n\": 2}\n{\"n\": }\n{\"n\": 3}\n"
    let file = try scratch.file("bad.jsonl", text)
    let (values, error) = await read(JSONLines.rows(contentsOf: file))
    #expect(values == [["n": 1], ["n": 2]], "the lines before the bad one are read")
    let failure = try #require(error)
    #expect(failure.kind == .invalidJSON)
    #expect(failure.line == 5)
    #expect(failure.url == file)
    #expect(failure.parseError?.line == 5)
    #expect(failure.parseError?.column == 7)
    #expect(failure.parseError?.offset == 29)
    #expect(failure.decodeError == nil)
    #expect(failure.underlyingError == nil)
    #expect(failure.description == "\(file.path): line 5, column 7: expected a value, found '}'")
  }

  @Test("A line that does not decode is named by its number, blank lines counted")
  func undecodableLine() async throws {
    let scratch = try Scratch()
    let text = #"{"number":1,"title":"a","labels":[]}"# + "\n\n" + #"{"number":2,"labels":[]}"# + "\n"
    let file = try scratch.file("bad.jsonl", text)
    let (issues, error) = await read(JSONLines.rows(contentsOf: file, as: Issue.self))
    #expect(issues == [Issue(number: 1, title: "a", labels: [])])
    let failure = try #require(error)
    #expect(failure.kind == .decodingFailed)
    #expect(failure.line == 3)
    #expect(failure.decodeError?.description == "title: missing key")
    #expect(failure.description == "\(file.path): could not decode Issue on line 3: title: missing key")
  }

  @Test("CRLF lines read as LF lines; a bad one is named with its column, the CR not counted")
  func crlf() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("crlf.jsonl", "1\r\n\r\n[2]\r\n\"three\"\r\n")
    let (values, error) = await read(JSONLines.rows(contentsOf: file))
    #expect(error == nil)
    #expect(values == [1, [2], "three"])
    let bad = try scratch.file("bad.jsonl", "1\r\n[2,\r\n")
    let (before, failure) = await read(JSONLines.rows(contentsOf: bad))
    #expect(before == [1])
    #expect(failure?.line == 2)
    #expect(failure?.description == "\(bad.path): line 2, column 4: expected a value, found end of input")
  }

  @Test("A last line without LF is read, also after a CR")
  func lastLineWithoutLineFeed() async throws {
    let scratch = try Scratch()
    for text in ["1\n2\n3", "1\r\n2\r\n3\r", "1\n\n2\n 3 "] {
      let (values, error) = await read(JSONLines.rows(contentsOf: try scratch.file("last.jsonl", text)))
      #expect(error == nil, "\(text.debugDescription)")
      #expect(values == [1, 2, 3], "\(text.debugDescription)")
    }
  }

  @Test(
    "A file of many megabytes is read a chunk at a time: the bytes held stay within a chunk and a line", .offThePool)
  func boundedMemory() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("big.jsonl")
    let count = 120_000
    let rows = (0..<count).lazy.map { Issue(number: $0, title: "issue \($0) ✓", labels: ["a", "b\($0 % 10)"]) }
    try JSONLines.write(rows, to: file)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    #expect(size > 100 * JSONLinesFileReader.chunkSize, "\(size) bytes")
    var iterator = JSONLines.rows(contentsOf: file, as: Issue.self).makeAsyncIterator()
    var read = 0
    while let issue = try await iterator.next() {
      guard issue.number == read else { break }
      read += 1
    }
    #expect(read == count)
    let longestLine = 80  // each line is under 80 bytes
    #expect(iterator.peakByteCount > 0)
    #expect(
      iterator.peakByteCount <= JSONLinesFileReader.chunkSize + longestLine, "\(iterator.peakByteCount) bytes held")
  }

  @Test("A file that does not exist, a directory, or a URL that is not a file's, fails with the system's error")
  func unreadable() async throws {
    let scratch = try Scratch()
    let missing = try scratch.file("missing.jsonl")
    let (values, error) = await read(JSONLines.rows(contentsOf: missing, as: Issue.self))
    #expect(values.isEmpty)
    let failure = try #require(error)
    #expect(failure.kind == .readFailed)
    #expect(failure.line == nil)
    #expect((failure.underlyingError as? POSIXError)?.code == .ENOENT)
    #expect(failure.description == "\(missing.path): cannot read: No such file or directory")
    let (_, directoryError) = await read(JSONLines.rows(contentsOf: scratch.directory))
    #expect(directoryError?.kind == .readFailed)
    #expect((directoryError?.underlyingError as? POSIXError)?.code == .EISDIR)
    // Not a file URL: neither read nor written.
    let remote = try #require(URL(string: "https://example.com/issues.jsonl"))
    let (_, remoteError) = await read(JSONLines.rows(contentsOf: remote))
    #expect((remoteError?.underlyingError as? POSIXError)?.code == .EINVAL)
    let writeError = try #require(throws: JSONLinesError.self) { try JSONLines.write(Self.issues, to: remote) }
    #expect(writeError.kind == .writeFailed)
    #expect((writeError.underlyingError as? POSIXError)?.code == .EINVAL)
  }

  @Test("A failed write leaves the destination as it was, and no temporary file")
  func failedWrite() throws {
    let scratch = try Scratch()
    // A directory where the file should go: the rename fails.
    let destination = try scratch.file("taken")
    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
    let error = try #require(throws: JSONLinesError.self) { try JSONLines.write(Self.issues, to: destination) }
    #expect(error.kind == .writeFailed)
    #expect(error.url == destination)
    #expect(error.underlyingError is POSIXError)
    #expect(scratch.names == ["taken"])
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    // A directory that does not exist: nothing can be created.
    let nowhere = scratch.directory.appendingPathComponent("no/such.jsonl")
    let missing = try #require(throws: JSONLinesError.self) { try JSONLines.write(Self.issues, to: nowhere) }
    #expect((missing.underlyingError as? POSIXError)?.code == .ENOENT)
    #expect(missing.description == "\(nowhere.path): cannot write: No such file or directory")
  }

  @Test("An existing file is replaced whole")
  func replaces() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("issues.jsonl", String(repeating: "{\"old\": true}\n", count: 1000))
    try JSONLines.write(Self.issues.prefix(1), to: file)
    let (issues, error) = await read(JSONLines.rows(contentsOf: file, as: Issue.self))
    #expect(error == nil)
    #expect(issues == Array(Self.issues.prefix(1)))
    #expect(scratch.names == ["issues.jsonl"])
  }

  @Test("Cancelling the loop's task ends the loop with a cancelled error, before the next chunk")
  func cancellation() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("big.jsonl")
    let count = 20_000
    try JSONLines.write((0..<count).lazy.map { Issue(number: $0, title: "issue \($0)", labels: []) }, to: file)
    let task = Task { () async -> (Int, JSONLinesError?) in
      var read = 0
      do throws(JSONLinesError) {
        for try await _ in JSONLines.rows(contentsOf: file, as: Issue.self) {
          read += 1
          if read == 1 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return (read, nil)
      } catch {
        return (read, error)
      }
    }
    let (read, error) = await task.value
    #expect(error?.kind == .cancelled)
    #expect(error?.description == "\(file.path): cancelled")
    // The values of the first chunk, at most: each line is over 40 bytes.
    #expect(read >= 1 && read <= JSONLinesFileReader.chunkSize / 40, "\(read) of \(count) rows read")
  }

  @Test("A loop on an actor reads every row there, without leaving it")
  func isolation() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("issues.jsonl")
    let rows = (0..<5000).map { Issue(number: $0, title: "issue \($0)", labels: []) }
    try JSONLines.write(rows, to: file)
    let (numbers, jobs) = try await CountingActor().run { actor in
      var numbers: [Int] = []
      for try await issue in JSONLines.rows(contentsOf: file, as: Issue.self) {
        actor.assertIsolated()
        numbers.append(issue.number)
      }
      return numbers
    }
    #expect(numbers == Array(0..<5000))
    #expect(jobs == 0, "the loop came back to its actor \(jobs) times")
  }

  @Test("A loop on the main actor reads the rows in order, there")
  @MainActor
  func mainActor() async throws {
    let scratch = try Scratch()
    let file = try scratch.file("issues.jsonl")
    try JSONLines.write(Self.issues, to: file)
    var issues: [Issue] = []
    for try await issue in JSONLines.rows(contentsOf: file, as: Issue.self) {
      MainActor.assertIsolated()
      issues.append(issue)
    }
    #expect(issues == Self.issues)
  }
}
