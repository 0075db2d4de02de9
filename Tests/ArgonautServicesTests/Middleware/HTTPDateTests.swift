import Foundation
import Testing

@testable import ArgonautServices

@Suite("HTTPDate: the three forms of RFC 9110 dates")
struct HTTPDateTests {
  let expected = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test(
    "The IMF-fixdate and the two obsolete forms",
    arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
  func forms(text: String) {
    #expect(HTTPDate.parse(text) == expected)
  }

  @Test("Formatting gives the IMF-fixdate, and parsing it gives the date back")
  func roundTrip() {
    #expect(HTTPDate.string(from: expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
    for seconds in stride(from: -2_000_000_000, through: 4_000_000_000, by: 86_399_937) {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(HTTPDate.parse(HTTPDate.string(from: date)) == date)
      #expect(HTTPDate.string(from: date) == HTTPDateText.string(from: date))
    }
  }

  @Test(
    "Anything else is nil",
    arguments: [
      "", "0", "-1", "tomorrow", "Sun, 31 Feb 2024 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
      "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Xyz 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 08:49 GMT",
    ])
  func invalid(text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }
}
