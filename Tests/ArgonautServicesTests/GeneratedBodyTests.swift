import Argonaut
import ArgonautServices
import Foundation
import Testing

@Suite("Form and multipart bodies as generated services send them: RequestBody.form, MultipartFile, JSON parts")
struct GeneratedBodyTests {
  @Test("A form body joins percent-encoded pairs with &, in order, repeating a name as given")
  func form() {
    let body = RequestBody.form([
      QueryItem("To", "+1 555"), QueryItem("MediaUrl", "https://a.example/x?y=1&z"), QueryItem("MediaUrl", "é"),
      QueryItem("Flag", nil),
    ])
    #expect(body.contentType == "application/x-www-form-urlencoded")
    #expect(
      String(decoding: body.data, as: UTF8.self)
        == "To=%2B1%20555&MediaUrl=https%3A%2F%2Fa.example%2Fx%3Fy%3D1%26z&MediaUrl=%C3%A9&Flag")
    #expect(RequestBody.form([]).data.isEmpty)
  }

  @Test("A file part takes the file's name and type, or the part's name and application/octet-stream")
  func files() throws {
    var form = try MultipartFormData(boundary: "B")
    form.append("photo", file: MultipartFile(data: Data("jpeg".utf8), filename: "a.jpg", contentType: "image/jpeg"))
    form.append("raw", file: MultipartFile(data: Data([0, 1])))
    form.append("meta", json: ["album": "Holidays", "year": 2024])
    let text = String(decoding: form.data, as: UTF8.self)
    let expected =
      "--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\njpeg\r\n"
      + "--B\r\nContent-Disposition: form-data; name=\"raw\"; filename=\"raw\"\r\n"
      + "Content-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\r\n"
      + "--B\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n"
      + "{\"album\":\"Holidays\",\"year\":2024}\r\n--B--\r\n"
    #expect(text == expected)
  }

  @Test("MultipartFile is a value: equal when its bytes, name and type are")
  func value() {
    let file = MultipartFile(data: Data("x".utf8), filename: "x.txt")
    #expect(file == MultipartFile(data: Data("x".utf8), filename: "x.txt", contentType: nil))
    #expect(file != MultipartFile(data: Data("x".utf8)))
    #expect(file.contentType == nil)
  }
}
