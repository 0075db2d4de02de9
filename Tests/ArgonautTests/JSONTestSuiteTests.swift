import Argonaut
import ArgonautTestSupport
import Testing

/// nst/JSONTestSuite: `y_` must be accepted, `n_` rejected; `i_` is our call, made
/// below, and must never crash.
@Suite(
  "JSONTestSuite conformance", .offThePool,
  .enabled(if: Corpus.hasTestSuite, "../shared/corpora/JSONTestSuite is absent: conformance tests skipped"))
struct JSONTestSuiteTests {
  /// Our decisions for the implementation-defined files. Numbers of any size are
  /// valid JSON (their conversion may fail later, as a typed decode error); invalid
  /// UTF-8, lone surrogates and UTF-16 input are rejected; a UTF-8 byte order mark
  /// is ignored; 500 levels of nesting are within the default limit of 512.
  static let implementationDefined: [String: Bool] = [
    "i_number_double_huge_neg_exp.json": true,
    "i_number_huge_exp.json": true,
    "i_number_neg_int_huge_exp.json": true,
    "i_number_pos_double_huge_exp.json": true,
    "i_number_real_neg_overflow.json": true,
    "i_number_real_pos_overflow.json": true,
    "i_number_real_underflow.json": true,
    "i_number_too_big_neg_int.json": true,
    "i_number_too_big_pos_int.json": true,
    "i_number_very_big_negative_int.json": true,
    "i_object_key_lone_2nd_surrogate.json": false,
    "i_string_1st_surrogate_but_2nd_missing.json": false,
    "i_string_1st_valid_surrogate_2nd_invalid.json": false,
    "i_string_UTF-16LE_with_BOM.json": false,
    "i_string_UTF-8_invalid_sequence.json": false,
    "i_string_UTF8_surrogate_U+D800.json": false,
    "i_string_incomplete_surrogate_and_escape_valid.json": false,
    "i_string_incomplete_surrogate_pair.json": false,
    "i_string_incomplete_surrogates_escape_valid.json": false,
    "i_string_invalid_lonely_surrogate.json": false,
    "i_string_invalid_surrogate.json": false,
    "i_string_invalid_utf-8.json": false,
    "i_string_inverted_surrogates_U+1D11E.json": false,
    "i_string_iso_latin_1.json": false,
    "i_string_lone_second_surrogate.json": false,
    "i_string_lone_utf8_continuation_byte.json": false,
    "i_string_not_in_unicode_range.json": false,
    "i_string_overlong_sequence_2_bytes.json": false,
    "i_string_overlong_sequence_6_bytes.json": false,
    "i_string_overlong_sequence_6_bytes_null.json": false,
    "i_string_truncated-utf-8.json": false,
    "i_string_utf16BE_no_BOM.json": false,
    "i_string_utf16LE_no_BOM.json": false,
    "i_structure_500_nested_arrays.json": true,
    "i_structure_UTF-8_BOM_empty_object.json": true,
  ]

  @Test("the corpus is complete")
  func corpusIsComplete() {
    #expect(Corpus.testSuiteFiles(prefix: "y_").count == 95)
    #expect(Corpus.testSuiteFiles(prefix: "n_").count == 188)
    #expect(Set(Corpus.testSuiteFiles(prefix: "i_")) == Set(Self.implementationDefined.keys))
  }

  @Test(
    "every y_ document is accepted, and prints back to an equal value", arguments: Corpus.testSuiteFiles(prefix: "y_"))
  func accepts(_ name: String) throws {
    let json = try JSON(parsing: try Corpus.testSuiteBytes(name))
    let reparsed = try JSON(parsing: json.description)
    #expect(reparsed == json)
    #expect(try JSON(parsing: json.serialized(.pretty)) == json)
  }

  @Test("every n_ document is rejected with a JSONParseError", arguments: Corpus.testSuiteFiles(prefix: "n_"))
  func rejects(_ name: String) throws {
    let bytes = try Corpus.testSuiteBytes(name)
    let error = #expect(throws: JSONParseError.self) { try JSON(parsing: bytes) }
    #expect(error.map { $0.line >= 1 && $0.column >= 1 && $0.offset <= bytes.count } == true)
  }

  @Test("every i_ document has its documented outcome", arguments: Corpus.testSuiteFiles(prefix: "i_"))
  func implementationDefined(_ name: String) throws {
    let accepted = (try? JSON(parsing: try Corpus.testSuiteBytes(name))) != nil
    #expect(accepted == Self.implementationDefined[name], "\(name)")
  }
}
