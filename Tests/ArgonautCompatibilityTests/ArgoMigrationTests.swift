import Argonaut
import ArgonautCompatibility
import ArgonautTestSupport
import Foundation
import Testing

// The rows of the migration guide (MigratingFromArgo.md in ArgonautCompatibility.docc)
// that go beyond the imports, each as a
// ported decoder or test would write it. This file imports Foundation, as Argo's
// users did, and Argo's `Argo.Decodable` becomes `Argonaut.Decodable` (the plain name
// `Decodable` would mean Argonaut's protocol here too; see FoundationAmbiguityTests).

struct Account {
  let id: Int64
  let name: String
  let email: String?
}

extension Account: Argonaut.Decodable {
  static func decode(_ json: JSON) -> Decoded<Account> {
    return curry(Account.init)
      <^> json.decodeNumericString("id")  // Argo read Int64 from "123"; Argonaut says so
      <*> json["name"]
      <*> json[optional: "email"]
  }
}

@Suite("Migrating from Argo: the guide's rows beyond the imports", .offThePool)
struct ArgoMigrationTests {
  @Test("Argonaut.Decodable beside Foundation, and Int64 from a numeric string")
  func accounts() throws {
    let json: JSON = ["id": "9007199254740993", "name": "ada"]  // a JSON literal, not [String: Any]
    let account: Account? = decode(json)
    #expect(account?.id == 9_007_199_254_740_993)
    #expect(account?.email == nil)
  }

  @Test("a DecodeError pattern binds the path too")
  func errorPatterns() {
    let wrongType: Decoded<Account> = decode(["id": "1", "name": 7])
    guard case .failure(.typeMismatch(let expected, let actual, let path)) = wrongType else {
      Issue.record("expected a type mismatch, found \(wrongType)")
      return
    }
    #expect(expected == "String" && actual == "number 7" && path.description == "name")

    let missing: Decoded<Account> = decode(["id": "1"])
    guard case .failure(.missingKey(let key, _)) = missing else {
      Issue.record("expected a missing key, found \(missing)")
      return
    }
    #expect(key == "name")
  }

  @Test("descriptions read like diagnostics, with paths, not like Argo's")
  func descriptions() {
    let missing: Decoded<Account> = decode(["id": "1"])
    #expect(missing.description == "failure(name: missing key)")  // Argo: Failure(MissingKey(name))
    let wrongType: Decoded<Account> = decode(["id": 1, "name": "ada"])
    #expect(
      wrongType.error?.description == #"id: expected Int64 in a numeric string, found number 1"#)
    // Argo: Custom(My Custom Error)
    #expect(DecodeError.custom("My Custom Error").description == "(root): My Custom Error")
    #expect(Decoded.success(1).description == "success(1)")  // Argo: Success(1)
  }

  @Test("expected errors in tests: a type mismatch built as decoders render it, with its path")
  func expectedErrors() {
    let account: Decoded<Account> = decode(["id": 1])
    let expected: [DecodeError] = [
      .typeMismatch(expected: "Int64 in a numeric string", found: 1).prefixed(by: "id"),
      .missingKey("name"),
    ]
    #expect(account.error == .multiple(expected))
    #expect(
      account.error != .multiple([.typeMismatch(expected: "Int64 in a numeric string", found: 1), .missingKey("name")]))
    #expect(account.description == "failure(id: expected Int64 in a numeric string, found number 1\nname: missing key)")
  }

  @Test("what Argo accepted and Argonaut does not: numbers as booleans, trailing commas")
  func deliberateDifferences() {
    let number: Decoded<Bool> = decode(1)
    #expect(number.error?.description == "(root): expected Bool, found number 1")
    #expect(throws: JSONParseError.self) { try JSON(parsing: #"{"url": "http://example.com",}"#) }
  }
}
