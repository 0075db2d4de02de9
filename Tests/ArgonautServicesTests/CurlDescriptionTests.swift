import Argonaut
import ArgonautTestSupport
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// The words that `/bin/sh` reads from `command`, with `curl` replaced by `printf`.
private func shellWords(_ command: String) throws -> [String] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  let script = "printf '%s\\0' " + command.dropFirst("curl ".count)
  process.arguments = ["-c", script]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
    String(decoding: $0, as: UTF8.self)
  }
}

@Suite("HTTPRequest.curlDescription: a command that runs as written, with every secret redacted", .offThePool)
struct CurlDescriptionTests {
  static let base = ServiceConfiguration(environment: .local(port: 8080), timeout: .seconds(30))

  func built(_ request: Request) throws -> HTTPRequest {
    try request.resolved(in: Self.base)
  }

  @Test("Method, URL, sorted headers and a JSON body, secrets redacted, quoted for sh")
  func jsonRequest() throws {
    let request = try built(
      Request(
        .post, "/login", query: [QueryItem("token", "tok-q-123"), QueryItem("page", "2")],
        headers: ["Authorization": "Bearer tok-h-456", "X-Note": "it's fine"],
        body: .json(["userName": "o'brien", "password": "pw-789"])))
    let command = request.curlDescription
    for secret in ["tok-q-123", "tok-h-456", "pw-789"] {
      #expect(!command.contains(secret), "\(command)")
    }
    #expect(
      try shellWords(command) == [
        "-X", "POST", "http://127.0.0.1:8080/login?token=<redacted>&page=2",
        "-H", "Accept: application/json", "-H", "Authorization: <redacted>",
        "-H", "Content-Type: application/json", "-H", "X-Note: it's fine",
        "--data-binary", #"{"userName":"o'brien","password":"<redacted>"}"#,
      ])
  }

  @Test("A GET has no -X; a HEAD is --head; a form and a multipart body are redacted field by field")
  func otherShapes() throws {
    #expect(try shellWords(built(Request(.get, "/feed")).curlDescription).first == "http://127.0.0.1:8080/feed")
    #expect(try shellWords(built(Request(.head, "/feed")).curlDescription).first == "--head")
    let form = try built(
      Request(
        .post, "/oauth",
        body: .data(Data("grant=refresh&refresh_token=rt-999".utf8), contentType: "application/x-www-form-urlencoded")))
    #expect(try shellWords(form.curlDescription).last == "grant=refresh&refresh_token=<redacted>")
    var multipart = try MultipartFormData(boundary: "b")
    multipart.append("user", "ada")
    multipart.append("password", "pw-multi-1")
    let upload = try built(Request(.post, "/signup", body: .multipart(multipart)))
    let body = try #require(try shellWords(upload.curlDescription).last)
    #expect(body.contains("name=\"password\"\r\n\r\n<redacted>\r\n"))
    #expect(body.contains("name=\"user\"\r\n\r\nada\r\n"))
  }

  @Test("A binary body is not written; a file body is sent from its file")
  func binaryAndFile() throws {
    let binary = try built(
      Request(.put, "/blob", body: .data(Data([0, 1, 2, 0xFF]), contentType: "application/octet-stream")))
    #expect(try shellWords(binary.curlDescription).last == "<4 bytes of application/octet-stream not shown>")
    var request = try built(Request(.put, "/blob"))
    request.bodyFile = URL(fileURLWithPath: "/tmp/it's a movie.mp4")
    #expect(try shellWords(request.curlDescription).suffix(2) == ["--data-binary", "@/tmp/it's a movie.mp4"])
  }
}

@Suite(
  "curlDescription runs as written against the example server", .needsPython, .exampleServer, .offThePool,
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is not installed: skipped"))
struct CurlAgainstServerTests {
  @Test("curl sends the same method, path, headers and body as the service would")
  func runs() async throws {
    let configuration = try Fixture.serverConfiguration()
    let request = try Request(
      .post, "/echo/a%20b", query: [QueryItem("q", "x y")], headers: ["X-Quote": "it's"],
      body: .json(["name": "o'brien"])
    ).resolved(in: configuration)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", request.curlDescription + " --silent"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let echo = try JSON(parsing: data)
    #expect(echo["method"] == "POST")
    #expect(echo["rawPath"] == "/echo/a%20b")
    #expect(echo["headers"]?["x-quote"] == "it's")
    #expect(echo["json"] == ["name": "o'brien"])
    #expect(echo["query"] == [["q", "x y"]])
  }
}
