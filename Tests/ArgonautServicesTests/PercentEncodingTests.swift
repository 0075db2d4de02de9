import Testing

@testable import ArgonautServices

@Suite("Percent-encoding: only RFC 3986's unreserved characters pass")
struct PercentEncodingTests {
  @Test(
    "Reserved, special and non-ASCII characters are encoded",
    arguments: [
      ("AZaz09-._~", "AZaz09-._~"),
      ("+", "%2B"), ("&", "%26"), ("=", "%3D"), ("#", "%23"), ("/", "%2F"), ("%", "%25"),
      ("?", "%3F"), (" ", "%20"), (":", "%3A"), ("@", "%40"), ("'", "%27"), ("\"", "%22"),
      ("é", "%C3%A9"), ("日本", "%E6%97%A5%E6%9C%AC"), ("👍", "%F0%9F%91%8D"), ("\n", "%0A"),
    ])
  func encodes(text: String, encoded: String) {
    #expect(PercentEncoding.encode(text) == encoded)
  }

  @Test("Decoding what was encoded gives the text back", arguments: ["a+b c&d=e#f/g%h?i", "ça 👩🏽‍💻", ""])
  func roundTrip(text: String) {
    #expect(PercentEncoding.encode(text).removingPercentEncoding == text)
  }

  @Test("Whole dot segments are encoded so that they cannot climb the path")
  func dotSegments() {
    #expect(PercentEncoding.encodeSegment(".") == "%2E")
    #expect(PercentEncoding.encodeSegment("..") == "%2E%2E")
    #expect(PercentEncoding.encodeSegment("...") == "...")
    #expect(PercentEncoding.encodeSegment("a.b") == "a.b")
  }
}
