import Argonaut
import Foundation
import Testing

@testable import ArgonautServices

@Suite("Redaction of secret-looking names")
struct RedactionTests {
  @Test(
    "Names that contain a secret marker, in any case, are secret",
    arguments: [
      "password", "Password", "new_passwd", "token", "access_token", "X-Auth-Token", "clientSecret",
      "api_key", "X-API-KEY", "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie",
    ])
  func secretNames(name: String) {
    #expect(Redaction.isSecret(name))
  }

  @Test("Ordinary names are not", arguments: ["userName", "email", "page", "q", "Content-Type", "Accept"])
  func ordinaryNames(name: String) {
    #expect(!Redaction.isSecret(name))
  }

  @Test("URLs lose secret query values and the user-info password, whatever their encoding")
  func urls() {
    #expect(
      Redaction.url("https://ada:hunter2@example.com/a?Token=x&page=1&api%5Fkey=y&flag#frag")
        == "https://ada:<redacted>@example.com/a?Token=<redacted>&page=1&api%5Fkey=<redacted>&flag#frag")
    #expect(Redaction.url("/plain/path") == "/plain/path")
  }

  @Test("Header lines are sorted and secret values hidden")
  func headers() {
    #expect(
      Redaction.headerLines(["Authorization": "Bearer x", "Accept": "application/json", "X-Session-Token": "y"])
        == ["Accept: application/json", "Authorization: <redacted>", "X-Session-Token: <redacted>"])
  }

  @Test("JSON bodies lose secret fields at any depth")
  func json() {
    let body: JSON = [
      "user": "ada", "password": "p", "devices": [["pushToken": "t", "name": "phone"]], "secret": ["a": 1],
    ]
    #expect(
      Redaction.json(body)
        == [
          "user": "ada", "password": "<redacted>", "devices": [["pushToken": "<redacted>", "name": "phone"]],
          "secret": "<redacted>",
        ])
  }

  @Test("Body excerpts: JSON redacted, forms redacted, text folded to one line and cut")
  func bodyExcerpts() {
    #expect(
      Redaction.bodyExcerpt(Data(#"{"token": "abc", "n": 1}"#.utf8), contentType: "application/json")
        == #"{"token":"<redacted>","n":1}"#)
    #expect(
      Redaction.bodyExcerpt(Data("user=ada&password=p".utf8), contentType: "application/x-www-form-urlencoded")
        == "user=ada&password=<redacted>")
    #expect(Redaction.bodyExcerpt(Data("<p>\n  Hello\n</p>\n".utf8), contentType: "text/html") == "<p> Hello </p>")
    #expect(Redaction.bodyExcerpt(Data(String(repeating: "x", count: 300).utf8), contentType: nil).count == 200)
    #expect(Redaction.bodyExcerpt(Data(), contentType: nil) == "(empty body)")
  }

  @Test("A decoding error does not print the value found at a secret key")
  func decodeErrors() {
    let error = DecodeError.multiple([
      .typeMismatch(expected: "String", actual: "number 12345", path: ["session", "accessToken"]),
      .typeMismatch(expected: "String", actual: "number 7", path: ["session", "id"]),
    ])
    #expect(
      Redaction.decodeError(error).description
        == "session.accessToken: expected String, found <redacted>\nsession.id: expected String, found number 7")
  }
}
