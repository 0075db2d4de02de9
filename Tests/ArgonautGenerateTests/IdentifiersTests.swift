import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

@Suite("Identifiers and singulars", .offThePool)
struct IdentifiersTests {
  @Test(
    "keys become lowerCamelCase property names",
    arguments: [
      ("user_name", "userName"), ("userName", "userName"), ("profile_image_url_https", "profileImageUrlHttps"),
      ("URL", "url"), ("HTTPStatus", "httpStatus"), ("id_str", "idStr"), ("first name", "firstName"),
      ("x-request-id", "xRequestId"), ("@id", "id"), ("PLEYEL_PLEYEL", "pleyelPleyel"), ("2fa", "_2fa"),
      ("é", "field"), ("", "field"), ("default", "`default`"), ("class", "`class`"), ("self", "selfValue"),
      ("init", "initValue"), ("encode", "encodeValue"), ("Type", "type"), ("a2B", "a2B"),
    ])
  func propertyNames(key: String, name: String) {
    #expect(Identifiers.propertyName(for: key) == name)
  }

  @Test(
    "keys become UpperCamelCase type names",
    arguments: [
      ("retweeted_status", "RetweetedStatus"), ("user", "User"), ("URL", "URL"), ("areaNames", "AreaNames"),
      ("VENUE_NAMES", "VenueNames"), ("3d", "Type3d"),
    ])
  func typeNames(key: String, name: String) {
    #expect(Identifiers.typeName(for: key) == name)
  }

  @Test("keys are written as exact Swift string literals")
  func stringLiterals() {
    #expect(Identifiers.stringLiteral(#"quote"back\slash"#) == #""quote\"back\\slash""#)
    #expect(Identifiers.stringLiteral("tab\tline\n\u{1}é") == #""tab\tline\n\u{1}é""#)
  }

  @Test(
    "array keys name their elements in the singular",
    arguments: [
      ("statuses", "status"), ("hashtags", "hashtag"), ("user_mentions", "user_mention"), ("categories", "category"),
      ("people", "person"), ("boxes", "box"), ("matches", "match"), ("movies", "movie"), ("news", "news"),
      ("status", "status"), ("data", "data"), ("userMentions", "userMention"), ("URLs", "URL"), ("s", "s"),
      ("addresses", "address"),
    ])
  func singulars(plural: String, singular: String) {
    #expect(Singularize.singular(plural) == singular)
  }

  @Test(
    "argument labels in a call need no backticks, but inout does",
    arguments: [("`default`", "default"), ("`let`", "let"), ("`var`", "var"), ("`inout`", "`inout`"), ("name", "name")])
  func argumentLabels(name: String, label: String) {
    #expect(Identifiers.argumentLabel(name) == label)
  }
}
