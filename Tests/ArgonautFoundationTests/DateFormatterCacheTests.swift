import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautFoundation

@Suite("Date.decoder(format:): one formatter per format and time zone", .offThePool)
struct DateFormatterCacheTests {
  @Test("Reading 1,000 dates makes one formatter; another format or time zone makes one more")
  func oneFormatterPerFormat() throws {
    let cache = DateFormatterCache()
    let utc = try #require(TimeZone(identifier: "UTC"))
    let paris = try #require(TimeZone(identifier: "Europe/Paris"))
    for day in 1...1000 {
      let text = "2024-01-\(String(format: "%02d", day % 28 + 1))"
      #expect(cache.date(from: text, format: "yyyy-MM-dd", timeZone: utc) != nil)
    }
    #expect(cache.count == 1)
    let noon = cache.date(from: "2024-03-01 12:00", format: "yyyy-MM-dd HH:mm", timeZone: utc)
    #expect(noon == Date(timeIntervalSince1970: 1_709_294_400))
    #expect(cache.count == 2)
    let parisNoon = cache.date(from: "2024-03-01 12:00", format: "yyyy-MM-dd HH:mm", timeZone: paris)
    #expect(parisNoon == Date(timeIntervalSince1970: 1_709_294_400 - 3600))
    #expect(cache.count == 3)
    #expect(cache.date(from: "not a date", format: "yyyy-MM-dd", timeZone: utc) == nil)
  }

  @Test("A decoder made for every value reads through the shared formatter")
  func decoderPerValue() {
    let texts = (1...50).map { JSON.string("2024-05-\(String(format: "%02d", $0 % 28 + 1)) 08:30") }
    let dates = texts.map { Date.decoder(format: "yyyy-MM-dd HH:mm")($0).value }
    #expect(dates.allSatisfy { $0 != nil })
    #expect(dates[0] == Date(timeIntervalSince1970: 1_714_552_200 + 86_400))
    #expect(Date.decoder(format: "yyyy-MM-dd HH:mm")(.number(3)).error != nil)
  }

  @Test("Formatters are shared safely by concurrent decoders")
  func concurrent() async {
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask {
          let text = JSON.string("2024-06-\(String(format: "%02d", index % 28 + 1))")
          return Date.decoder(format: "yyyy-MM-dd")(text).value != nil
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 64 && results.allSatisfy { $0 })
  }
}
