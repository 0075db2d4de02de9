import Argonaut
import ArgonautServices
import Foundation
import ServiceTestSupport
import Testing

@Suite("MultipartFormData: boundaries as RFC 2046 allows them, and secret fields redacted")
struct MultipartBoundaryTests {
  @Test(
    "A boundary that RFC 2046 §5.1.1 does not allow is rejected",
    arguments: [
      ("", "it is empty"),
      (String(repeating: "a", count: 71), "it is longer than 70 characters"),
      ("abc\r\nContent-Type: text/html", "it contains U+D, which a boundary cannot hold"),
      ("abc\ndef", "it contains U+A, which a boundary cannot hold"),
      ("ab\"c", "it contains \"\"\", which a boundary cannot hold"),
      ("abcé", "it contains \"é\", which a boundary cannot hold"),
      ("abc ", "it ends with a space"),
    ])
  func rejected(boundary: String, reason: String) {
    let error = #expect(throws: MultipartFormData.InvalidBoundary.self) {
      try MultipartFormData(boundary: boundary)
    }
    #expect(error?.boundary == boundary)
    #expect(error?.reason == reason)
  }

  @Test(
    "Boundaries of 1 to 70 allowed characters are accepted",
    arguments: ["b", String(repeating: "z", count: 70), "a'()+_,-./:=? b", "----WebKitFormBoundary7MA4YWxkTrZu0gW"])
  func accepted(boundary: String) throws {
    let form = try MultipartFormData(boundary: boundary)
    #expect(form.contentType == "multipart/form-data; boundary=\(boundary)")
  }

  @Test("An invalid boundary's error says which and why")
  func description() {
    let error = #expect(throws: MultipartFormData.InvalidBoundary.self) {
      try MultipartFormData(boundary: "a\r\nb")
    }
    #expect(
      error?.description == #"invalid multipart boundary "a\r\nb": it contains U+D, which a boundary cannot hold"#)
  }

  @Test("A field value that contains the boundary fails the call before anything is sent")
  func valueContainsBoundary() async throws {
    var form = try MultipartFormData(boundary: "XyZ")
    form.append("title", "Sunset")
    #expect(form.partContainingBoundary == nil)
    form.append("notes", "a line\r\n--XyZ--\r\nsmuggled")
    form.append("later", "--XyZ")
    #expect(form.partContainingBoundary == "notes")
    let memory = InMemoryTransport()
    memory.on(.post, "/photos", respond: .json(["ok": true]))
    let configuration = ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600))
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.post, "/photos", body: .multipart(form)))
      }.failure)
    #expect(error.kind == .invalidRequest)
    #expect(error.description.contains(#"the multipart part "notes" contains the boundary "XyZ""#))
    #expect(memory.recordedRequests.isEmpty)
  }

  @Test("A file part that contains the boundary is caught too")
  func fileContainsBoundary() throws {
    var form = try MultipartFormData(boundary: "b0und")
    form.append("photo", data: Data("\r\n--b0und\r\n".utf8), filename: "x.bin")
    #expect(form.partContainingBoundary == "photo")
  }

  @Test("A multipart field named like a secret is redacted by name, as JSON and form fields are")
  func secretField() async throws {
    var form = try MultipartFormData(boundary: "XyZ")
    form.append("user", "ada")
    form.append("password", "pw-9")  // too short to be redacted by value: by name only
    form.append("api_token", "tok-multipart-5521")
    form.append("avatar", data: Data("PNG".utf8), filename: "password.png")
    let memory = InMemoryTransport()
    memory.on(.post, "/signup") { request in
      .json(
        ["error": .string("rejected"), "echo": .string(String(decoding: request.body ?? Data(), as: UTF8.self))],
        status: 400)
    }
    let records = RecordSink()
    let configuration = ServiceConfiguration(
      environment: .local(port: 8080), transport: memory, timeout: .seconds(600),
      middleware: [LoggingMiddleware(level: .bodies, records.sink)])
    let error = try #require(
      await result(in: configuration) { () async throws(ServiceError) in
        try await JSONService().response(for: Request(.post, "/signup", body: .multipart(form)))
      }.failure)
    let record = try #require(records.records.first)
    let requestBody = try #require(record.requestBody)
    #expect(requestBody.contains(#"name="user" ada"#))
    #expect(requestBody.contains(#"name="password" <redacted>"#))
    #expect(requestBody.contains(#"name="api_token" <redacted>"#))
    #expect(requestBody.contains("PNG"))  // a file is not a secret field, whatever its file name
    for text in [error.description, error.debugDescription, record.description, requestBody] {
      #expect(!text.contains("pw-9"), "\(text)")
      #expect(!text.contains("tok-multipart-5521"), "\(text)")
    }
  }
}
