import Argonaut
import ArgonautTestSupport
import Foundation
import ServiceTestSupport
import Testing

@testable import ArgonautServices

/// Bytes that look random, the same on every run (SplitMix64).
func pseudoRandomBytes(count: Int, seed: UInt64) -> Data {
  var random = SplitMix64(seed: seed)
  var bytes = [UInt8]()
  bytes.reserveCapacity(count)
  while bytes.count < count {
    withUnsafeBytes(of: random.next().littleEndian) { bytes.append(contentsOf: $0.prefix(count - bytes.count)) }
  }
  return Data(bytes)
}

@Suite("MultipartFormData: the bytes of a multipart/form-data body")
struct MultipartFormDataTests {
  @Test("Fields and files are written byte for byte, with CRLF line ends and escaped names")
  func bytes() throws {
    var form = try MultipartFormData(boundary: "XyZ")
    form.append("title", "Sunset é")
    form.append("a\"b", data: Data([0x00, 0xFF, 0x0D, 0x0A]), filename: "pic \"1\".png\r\n", contentType: "image/png")
    var expected = Data("--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nSunset é\r\n".utf8)
    expected += Data(
      "--XyZ\r\nContent-Disposition: form-data; name=\"a%22b\"; filename=\"pic %221%22.png%0D%0A\"\r\nContent-Type: image/png\r\n\r\n"
        .utf8)
    expected += Data([0x00, 0xFF, 0x0D, 0x0A]) + Data("\r\n--XyZ--\r\n".utf8)
    #expect(form.data == expected)
    #expect(form.contentType == "multipart/form-data; boundary=XyZ")
    #expect(RequestBody.multipart(form).contentType == "multipart/form-data; boundary=XyZ")
    #expect(try MultipartFormData(boundary: "b").data == Data("--b--\r\n".utf8))
  }

  @Test("A file part reads the file now, with its name and the type of its extension; a missing file throws")
  func fileParts() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-\(UUID().uuidString).txt")
    try Data("hello".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var form = try MultipartFormData(boundary: "b")
    try form.append("notes", fileAt: file)
    let text = String(decoding: form.data, as: UTF8.self)
    #expect(
      text.contains(
        "filename=\"\(file.lastPathComponent)\"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhello\r\n"))
    let missing = file.appendingPathExtension("gone")
    #expect(throws: FileReadError(url: missing, reason: "no such file")) { try form.append("x", fileAt: missing) }
  }

  @Test("A random boundary differs between forms")
  func randomBoundary() {
    #expect(MultipartFormData().boundary != MultipartFormData().boundary)
    #expect(MultipartFormData().boundary.hasPrefix("argonaut-"))
  }
}

@Suite(
  "Uploads over real HTTP: multipart forms and bodies streamed from files, byte for byte", .needsPython, .exampleServer)
struct UploadOverHTTPTests {
  var configuration: ServiceConfiguration {
    get throws { try Fixture.serverConfiguration() }
  }

  /// What the server's `/upload` received.
  func upload(_ request: Request) async throws -> JSON {
    try await result(in: try configuration) { () async throws(ServiceError) in
      try await JSONService().load(Resource<JSON>(request, parse: .json))
    }.get()
  }

  func bytes(_ base64: JSON?) -> Data? {
    base64?.stringValue.flatMap { Data(base64Encoded: $0) }
  }

  @Test("A multipart form arrives byte for byte, and a stdlib parser reads its parts")
  func multipart() async throws {
    let photo = pseudoRandomBytes(count: 70_000, seed: 7)
    var form = try MultipartFormData(boundary: "argonaut-test-boundary")
    form.append("title", "Sunset é, \"quoted\"")
    form.append("photo", data: photo, filename: "sunset.png", contentType: "image/png")
    let received = try await upload(Request(.post, "/upload", body: .multipart(form)))
    #expect(received["contentType"] == "multipart/form-data; boundary=argonaut-test-boundary")
    #expect(bytes(received["body"]) == form.data)
    let parts = Array(try #require(received["parts"]?.arrayValue))
    #expect(parts.count == 2)
    #expect(parts[0]["name"] == "title")
    #expect(bytes(parts[0]["body"]) == Data("Sunset é, \"quoted\"".utf8))
    #expect(parts[1]["name"] == "photo")
    #expect(parts[1]["filename"] == "sunset.png")
    #expect(parts[1]["contentType"] == "image/png")
    #expect(bytes(parts[1]["body"]) == photo)
  }

  @Test("A body streamed from a file arrives byte for byte, with its Content-Length")
  func fileBody() async throws {
    let content = pseudoRandomBytes(count: 1_500_000, seed: 42)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-upload-\(UUID().uuidString).bin")
    try content.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let received = try await upload(
      Request(.put, "/upload", body: .file(file, contentType: "application/octet-stream")))
    #expect(received["method"] == "PUT")
    #expect(received["contentType"] == "application/octet-stream")
    #expect(received["contentLength"] == .string(String(content.count)))
    #expect(received["transferEncoding"] == .null, "sent with a Content-Length, not chunked")
    #expect(received["length"] == JSON(integerLiteral: content.count))
    #expect(bytes(received["body"]) == content)
  }

  @Test("A body file that does not exist is an invalid request, and nothing is sent")
  func missingFile() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent/argonaut-upload.bin")
    let outcome = await result(in: try configuration) { () async throws(ServiceError) in
      try await JSONService().load(Resource<JSON>(Request(.put, "/upload", body: .file(missing)), parse: .json))
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .invalidRequest)
    #expect(
      error.description
        == "PUT /upload: invalid request: cannot send the file /nonexistent/argonaut-upload.bin: no such file")
  }
}
