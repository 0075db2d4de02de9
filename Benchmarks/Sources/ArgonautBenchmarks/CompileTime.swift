import Foundation

/// Compile-time figures: a clean debug build of the core module, and the
/// type-checking of wide decoders: a 20-field `curry(T.init) <^> … <*> …` chain,
/// 40- and 80-field `build(T.init, …)` calls, and how fast a 21-field `curry` chain
/// is rejected (with a message that points to `build`).
struct CompileTime: Codable {
  var coreCleanDebugBuildSeconds: Double?
  var twentyFieldDecoderTypeCheckMilliseconds: Double?
  var twentyFieldDecoderWarnings: [String] = []
  var fortyFieldBuildTypeCheckMilliseconds: Double?
  var eightyFieldBuildTypeCheckMilliseconds: Double?
  var eightyFieldEncoderTypeCheckMilliseconds: Double?
  var buildWarnings: [String] = []
  /// Wall-clock seconds of `swiftc -typecheck` on a 21-field `curry` chain, which must fail.
  var twentyOneFieldCurrySeconds: Double?
  /// Whether that failure's message points to `build`.
  var twentyOneFieldCurryPointsToBuild: Bool?

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
    let modules = scratch.appendingPathComponent("debug/Modules").path

    let chain = typeCheck(model(fields: 20, style: .curry), named: "TwentyFields", modules: modules, in: scratch)
    result.twentyFieldDecoderTypeCheckMilliseconds = chain.milliseconds
    result.twentyFieldDecoderWarnings = chain.warnings
    let forty = typeCheck(model(fields: 40, style: .build), named: "FortyFields", modules: modules, in: scratch)
    let eighty = typeCheck(model(fields: 80, style: .build), named: "EightyFields", modules: modules, in: scratch)
    let encoder = typeCheck(model(fields: 80, style: .encode), named: "EightyEncoded", modules: modules, in: scratch)
    result.fortyFieldBuildTypeCheckMilliseconds = forty.milliseconds
    result.eightyFieldBuildTypeCheckMilliseconds = eighty.milliseconds
    result.eightyFieldEncoderTypeCheckMilliseconds = encoder.milliseconds
    result.buildWarnings = forty.warnings + eighty.warnings + encoder.warnings
    let wide = typeCheck(model(fields: 21, style: .curry), named: "TwentyOneFields", modules: modules, in: scratch)
    result.twentyOneFieldCurrySeconds = wide.seconds
    result.twentyOneFieldCurryPointsToBuild = wide.status != 0 && wide.output.contains("use build(")
    return result
  }

  /// Type-checks `source` against the freshly built core, timing each function body.
  static func typeCheck(_ source: String, named name: String, modules: String, in scratch: URL) -> (
    status: Int32, milliseconds: Double?, seconds: Double, warnings: [String], output: String
  ) {
    let file = scratch.appendingPathComponent("\(name).swift")
    try? source.write(to: file, atomically: true, encoding: .utf8)
    let start = Date()
    let check = run(
      "swiftc",
      [
        "-typecheck", "-swift-version", "6", "-I", modules, "-Xfrontend", "-warn-long-expression-type-checking=200",
        "-Xfrontend", "-debug-time-function-bodies", file.path,
      ])
    let seconds = Date().timeIntervalSince(start)
    let lines = check.output.split(separator: "\n")
    // -debug-time-function-bodies prints "12.34ms\t<file>:<line>:<col>\t<decl>" per body, where
    // <decl> reads "static method <module>.(file).Model extension.decode@…".
    let milliseconds =
      lines
      .filter { $0.contains("extension.decode") || $0.contains("extension.encode") }
      .compactMap { Double($0.split(separator: "\t").first?.replacingOccurrences(of: "ms", with: "") ?? "") }
      .max()
    let warnings = lines.filter { $0.contains("warning:") }.map(String.init)
    return (check.status, milliseconds, seconds, warnings, check.output)
  }

  enum Style { case curry, build, encode }

  /// A model with `count` fields of assorted types, and its decoder (or encoder).
  static func model(fields count: Int, style: Style) -> String {
    let types = ["String", "Int", "Double", "Bool", "String?", "[String]", "Int64", "UInt8", "Float", "[Int]?"]
    let fields = (0..<count).map { ("field\($0)", types[$0 % types.count]) }
    var text = "import Argonaut\n\nstruct Model {\n"
    for (name, type) in fields { text += "  let \(name): \(type)\n" }
    func lookup(_ type: String) -> String {
      type.hasPrefix("[") ? (type.hasSuffix("?") ? "<||?" : "<||") : (type.hasSuffix("?") ? "<|?" : "<|")
    }
    switch style {
    case .curry:
      text += "}\n\nextension Model: Decodable {\n  static func decode(_ j: JSON) -> Decoded<Model> {\n"
      text += "    curry(Model.init)\n"
      for (index, (name, type)) in fields.enumerated() {
        text += "      \(index == 0 ? "<^>" : "<*>") j \(lookup(type)) \"\(name)\"\n"
      }
    case .build:
      text += "}\n\nextension Model: Decodable {\n  static func decode(_ j: JSON) -> Decoded<Model> {\n"
      text += "    build(\n      Model.init,\n"
      text += fields.map { name, type in "      j \(lookup(type)) \"\(name)\"" }.joined(separator: ",\n") + ")\n"
    case .encode:
      text += "}\n\nextension Model: JSONEncodable {\n  func encode() -> JSON {\n    [\n"
      text += fields.map { name, _ in "      \"\(name)\": \(name).encode(),\n" }.joined() + "    ]\n"
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

extension CompileTime {
  /// The lines about `build`, the encoder and the 21-field `curry` chain.
  func printWideDecoders() {
    if let ms = fortyFieldBuildTypeCheckMilliseconds {
      print(String(format: "Type-checking a 40-field build(T.init, …) decoder: %.0f ms", ms))
    }
    if let ms = eightyFieldBuildTypeCheckMilliseconds {
      print(String(format: "Type-checking an 80-field build(T.init, …) decoder: %.0f ms", ms))
    }
    if let ms = eightyFieldEncoderTypeCheckMilliseconds {
      print(String(format: "Type-checking an 80-field encode() -> JSON: %.0f ms", ms))
    }
    if let seconds = twentyOneFieldCurrySeconds, let pointsToBuild = twentyOneFieldCurryPointsToBuild {
      let message = pointsToBuild ? "with a message pointing to build" : "WITHOUT the message pointing to build"
      print(String(format: "A 21-field curry chain is rejected in %.2f s, ", seconds) + message)
    }
  }
}
