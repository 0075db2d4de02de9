import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Integers in numeric strings", .offThePool)
struct NumericStringTests {
  struct Tweet: Equatable {
    let id: Int64
    let inReplyTo: UInt64?
    let text: String
  }

  static func decodeTweet(_ j: JSON) -> Decoded<Tweet> {
    build(
      Tweet.init, j.decodeNumericString("id_str"), j.decodeNumericStringIfPresent("in_reply_to_id_str"), j <| "text")
  }

  @Test("Twitter's id_str decodes exactly, beyond 2^53")
  func twitterIds() throws {
    let json: JSON = ["id_str": "505874924095815681", "in_reply_to_id_str": "18446744073709551615", "text": "hi"]
    #expect(
      try Self.decodeTweet(json).get()
        == Tweet(id: 505_874_924_095_815_681, inReplyTo: UInt64.max, text: "hi"))
    #expect(
      try Self.decodeTweet(["id_str": "-9223372036854775808", "in_reply_to_id_str": .null, "text": ""]).get().id == .min
    )
  }

  @Test(
    "anything but an optional sign and digits, or a value out of range, fails",
    arguments: [
      ("12a", "Int64"), (" 12", "Int64"), ("12 ", "Int64"), ("1e3", "Int64"), ("1.0", "Int64"), ("", "Int64"),
      ("-", "Int64"), ("9223372036854775808", "Int64"), ("-1", "UInt64"), ("18446744073709551616", "UInt64"),
      ("0x10", "Int"),
    ])
  func rejects(text: String, type: String) {
    let json: JSON = ["id": .string(text)]
    let error: DecodeError?
    switch type {
    case "UInt64": error = json.decodeNumericString("id", as: UInt64.self).error
    case "Int": error = json.decodeNumericString("id", as: Int.self).error
    default: error = json.decodeNumericString("id", as: Int64.self).error
    }
    #expect(error?.description == "id: expected \(type) in a numeric string, found string \(JSON.string(text))")
  }

  @Test("a number is not a numeric string, and a plain Int64 stays strict about strings")
  func strict() {
    let json: JSON = ["id": 12, "id_str": "12"]
    #expect(
      json.decodeNumericString("id", as: Int64.self).error?.description
        == "id: expected Int64 in a numeric string, found number 12")
    #expect(((json <| "id_str") as Decoded<Int64>).error?.description == #"id_str: expected Int64, found string "12""#)
    #expect(json.decodeNumericString(["id_str"], as: UInt8.self) == .success(12))
    #expect(json.decode("id_str", using: Int16.decode(numericString:)) == .success(12))
    #expect(json.decodeNumericString("missing", as: Int.self).error == .missingKey("missing"))
    #expect(Int8.decode(numericString: "+127") == .success(127))
  }
}
