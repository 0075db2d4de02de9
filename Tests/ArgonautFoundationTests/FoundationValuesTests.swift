import Argonaut
import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

@Suite("Foundation values with Argonaut's Decodable and JSONEncodable", .offThePool)
struct FoundationValuesTests {
  @Test(
    "ISO 8601 dates, with or without fractional seconds, in UTC or with an offset",
    arguments: [
      ("2023-11-14T22:13:20Z", 1_700_000_000.0),
      ("2023-11-14T23:13:20+01:00", 1_700_000_000.0),
      ("2023-11-14T22:13:20.250Z", 1_700_000_000.25),
      ("2023-11-14T16:43:20.5-05:30", 1_700_000_000.5),
    ])
  func dates(_ text: String, _ seconds: Double) throws {
    let date = try #require(Date.decode(.string(text)).value)
    #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    #expect(Date.decode(date.encode()).value == date)
  }

  @Test("other date formats through named decoders; bad dates are type mismatches")
  func namedDateDecoders() throws {
    #expect(Date.decodeSecondsSince1970(1_700_000_000).value == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(Date.decodeMillisecondsSince1970(1_700_000_000_500).value == Date(timeIntervalSince1970: 1_700_000_000.5))
    let day = Date.decoder(format: "yyyy-MM-dd")
    #expect(day("1843-09-01").value == Date(timeIntervalSince1970: -3_986_755_200))
    #expect(Date.decode("yesterday").error == .typeMismatch(expected: "ISO 8601 date", actual: "string \"yesterday\""))
    let json = try JSON(parsing: #"{"posted": "2023-11-14T22:13:20Z"}"#)
    let posted: Decoded<Date> = json <| "posted"
    #expect(posted.value == Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test("URL, Data, UUID and Decimal decode and encode")
  func values() throws {
    #expect(URL.decode("https://example.com/a?b=c").value == URL(string: "https://example.com/a?b=c"))
    #expect(URL(string: "https://example.com/")!.encode() == "https://example.com/")
    #expect(Data.decode("AAEC/w==").value == Data([0, 1, 2, 255]))
    #expect(Data([0, 1, 2, 255]).encode() == "AAEC/w==")
    #expect(Data.decode("%%").error != nil)
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    #expect(UUID.decode("E621E1F8-C36C-495A-93FC-0C247A3E6E5F").value == uuid)
    #expect(UUID.decode(uuid.encode()).value == uuid)
    #expect(UUID.decode("nope").error != nil)
    // Exact from the number's digits: 0.1 is one tenth, not the nearest Double.
    let tenth = try #require(Decimal.decode(try JSON(parsing: "0.1")).value)
    #expect(tenth == Decimal(string: "0.1")!)
    #expect(tenth * 10 == 1)
    #expect(
      Decimal.decode(try JSON(parsing: "12345678901234567890.123")).value == Decimal(string: "12345678901234567890.123")
    )
    #expect(Decimal(string: "12.340")!.encode() == (try JSON(parsing: "12.34")))
    #expect(Decimal.decode("1").error != nil)
  }
}
