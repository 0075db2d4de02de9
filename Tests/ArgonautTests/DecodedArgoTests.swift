import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Decoded: Argo 5's helpers", .offThePool)
struct DecodedArgoTests {
  struct NotADecodeError: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }

  @Test("the static error constructors build failures")
  func constructors() {
    #expect(
      Decoded<Int>.typeMismatch(expected: "Int", actual: "a string")
        == .failure(.typeMismatch(expected: "Int", actual: "a string")))
    #expect(
      Decoded<Int>.typeMismatch(expected: "Int", actual: 3.5).error?.description == "(root): expected Int, found 3.5")
    #expect(Decoded<Int>.missingKey("id") == .failure(.missingKey("id")))
    #expect(Decoded<Int>.customError("nope") == .failure(.custom("nope")))
  }

  @Test("fromOptional and optional")
  func optionals() {
    #expect(Decoded.fromOptional(Int?.some(3)) == .success(3))
    #expect(Decoded<Int>.fromOptional(nil).error?.description == "(root): expected Int, found nil")
    #expect(Decoded<Int?>.optional(Decoded<Int>.success(2)) == .success(2))
    #expect(Decoded<Int?>.optional(Decoded<Int>.missingKey("x")) == .success(nil))
    let json: JSON = ["age": "old"]
    let age: Decoded<Int?> = .optional(json <| "age")
    #expect(age == .success(nil))  // Argo's rule: any failure becomes nil
  }

  @Test("materialize keeps a DecodeError, and describes any other error")
  func materializing() {
    #expect(materialize { 42 } == .success(42))
    #expect(materialize { () throws -> Int in throw DecodeError.missingKey("k") } == .failure(.missingKey("k")))
    #expect(materialize { () throws -> Int in throw NotADecodeError() } == .failure(.custom("the disk is full")))
  }

  @Test("dematerialize returns the value or throws the error")
  func dematerializing() throws {
    #expect(try Decoded.success(5).dematerialize() == 5)
    #expect(throws: DecodeError.missingKey("id")) { try Decoded<Int>.missingKey("id").dematerialize() }
  }

  @Test("the description says success or failure, with the error's paths")
  func description() {
    #expect(Decoded.success(5).description == "success(5)")
    let json: JSON = ["user": [:]]
    let name: Decoded<String> = json <| ["user", "name"]
    #expect(name.description == "failure(user.name: missing key)")
    #expect("\(name)" == "failure(user.name: missing key)")
  }
}
