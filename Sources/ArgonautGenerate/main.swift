import Argonaut

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// argonaut-generate [--type NAME] [--codable] [--access public] FILE...
//
// Reads every sample, and prints Swift models with Argonaut decoders and encoders
// that cover all of them. See `Generator` for the pipeline.

func fail(_ message: String, status: Int32) -> Never {
  var standardError = StandardError()
  print("argonaut-generate: \(message)", to: &standardError)
  exit(status)
}

// argonaut-generate openapi DOC.json --output DIR: see `OpenAPICommand`.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "openapi" {
  exit(OpenAPICommand.run(Array(CommandLine.arguments.dropFirst(2))))
}

let arguments: Arguments
do {
  arguments = try Arguments(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
  var standardError = StandardError()
  print(Arguments.usage, to: &standardError)
  fail(error.description, status: 64)
}
if arguments.wantsHelp {
  print(Arguments.usage)
  exit(0)
}

var samples: [JSON] = []
for file in arguments.files {
  do {
    samples.append(try JSON(parsing: InputFile.bytes(at: file)))
  } catch let error as InputFile.ReadError {
    fail(error.description, status: 66)
  } catch {
    fail("\(file == "-" ? "standard input" : file): \(error)", status: 65)
  }
}
print(Generator(options: arguments.options).source(for: samples), terminator: "")
