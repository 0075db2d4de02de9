import Foundation

/// Compile-time figures: a clean debug build of the core module, and the
/// type-checking of a 20-field `curry(T.init) <^> … <*> …` decoder.
struct CompileTime: Codable {
  var coreCleanDebugBuildSeconds: Double?
  var twentyFieldDecoderTypeCheckMilliseconds: Double?
  var twentyFieldDecoderWarnings: [String] = []

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func measure() -> CompileTime {
    var result = CompileTime()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-compile-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let start = Date()
    let build = run(
      "swift", ["build", "--target", "Argonaut", "--scratch-path", scratch.path, "--package-path", packageRoot.path])
    guard build.status == 0 else {
      print("compile-time: the clean build failed:\n\(build.output)")
      return result
    }
    result.coreCleanDebugBuildSeconds = Date().timeIntervalSince(start)

    let model = scratch.appendingPathComponent("TwentyFields.swift")
    try? twentyFieldModel().write(to: model, atomically: true, encoding: .utf8)
    let check = run(
      "swiftc",
      [
        "-typecheck", "-swift-version", "6", "-I", scratch.appendingPathComponent("debug/Modules").path,
        "-Xfrontend", "-warn-long-expression-type-checking=200", "-Xfrontend", "-debug-time-function-bodies",
        model.path,
      ])
    result.twentyFieldDecoderWarnings = check.output.split(separator: "\n").filter { $0.contains("warning:") }.map(
      String.init)
    // -debug-time-function-bodies prints "12.34ms\t<file>:<line>:<col>\t<decl>" per body.
    result.twentyFieldDecoderTypeCheckMilliseconds = check.output.split(separator: "\n")
      .filter { $0.contains("decode") }
      .compactMap { Double($0.split(separator: "\t").first?.replacingOccurrences(of: "ms", with: "") ?? "") }
      .max()
    return result
  }

  /// A model with 20 fields of assorted types and its applicative decoder.
  static func twentyFieldModel() -> String {
    let types = ["String", "Int", "Double", "Bool", "String?", "[String]", "Int64", "UInt8", "Float", "[Int]?"]
    let fields = (0..<20).map { ("field\($0)", types[$0 % types.count]) }
    var text = "import Argonaut\n\nstruct TwentyFields {\n"
    for (name, type) in fields { text += "  let \(name): \(type)\n" }
    text += "}\n\nextension TwentyFields: Decodable {\n  static func decode(_ j: JSON) -> Decoded<TwentyFields> {\n"
    text += "    curry(TwentyFields.init)\n"
    for (index, (name, type)) in fields.enumerated() {
      let op = index == 0 ? "<^>" : "<*>"
      let lookup = type.hasPrefix("[") ? (type.hasSuffix("?") ? "<||?" : "<||") : (type.hasSuffix("?") ? "<|?" : "<|")
      text += "      \(op) j \(lookup) \"\(name)\"\n"
    }
    return text + "  }\n}\n"
  }

  static func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (-1, "\(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
