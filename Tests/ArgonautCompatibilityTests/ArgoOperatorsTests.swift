import Argonaut
import ArgonautCompatibility
import ArgonautTestSupport
import Testing

// Argo 5's operators that the core does not have: `-<<`, `??` on `Decoded`, `+` on
// `DecodeError`, and the `multipleErrors(errors:)` constructor.

private func positive(_ value: Int) -> Decoded<Int> {
  value > 0 ? .success(value) : .customError("\(value) is not positive")
}

@Suite("Argo 5's operators: -<<, ?? and + on DecodeError", .offThePool)
struct ArgoOperatorsTests {
  @Test("-<< is >>- with the function first")
  func flippedFlatMap() {
    let json: JSON = ["age": 36, "debt": -3]
    let age: Decoded<Int> = positive -<< json <| "age"
    #expect(age.value == 36)
    let debt: Decoded<Int> = positive -<< json <| "debt"
    #expect(debt.error == .custom("-3 is not positive"))
    let missing: Decoded<Int> = positive -<< json <| "height"
    #expect(missing.error == .missingKey("height"))
  }

  @Test("-<< associates to the right, as Runes declares it")
  func flippedFlatMapChain() {
    let double: (Int) -> Decoded<Int> = { .success($0 * 2) }
    let result = double -<< positive -<< Decoded.success(5)
    #expect(result.value == 10)
  }

  @Test("?? gives the value, or the default for any failure")
  func defaultValue() {
    let json: JSON = ["retries": 5, "name": 7]
    let retries: Int = json["retries"] ?? 3
    #expect(retries == 5)
    let missing: Int = json["timeout"] ?? 30
    #expect(missing == 30)
    let wrongType: String = json["name"] ?? "anonymous"  // a mismatch defaults too
    #expect(wrongType == "anonymous")
  }

  @Test("?? evaluates the default only on failure")
  func defaultIsLazy() {
    var evaluated = false
    func fallback() -> Int {
      evaluated = true
      return 0
    }
    #expect((Decoded.success(1) ?? fallback()) == 1)
    #expect(!evaluated)
    #expect((Decoded<Int>.missingKey("x") ?? fallback()) == 0)
    #expect(evaluated)
  }

  @Test("?? on an Optional still means the standard library's")
  func optionalCoalescing() {
    let json: JSON = ["name": "Ada"]
    let name: String = json["name"]?.stringValue ?? "none"
    #expect(name == "Ada")
  }

  @Test("+ combines two errors into .multiple, as Argo does")
  func addingErrors() {
    let a = DecodeError.missingKey("a")
    let b = DecodeError.missingKey("b")
    let c = DecodeError.custom("c")
    #expect(a + b == .multiple([a, b]))
    #expect(.multiple([a, b]) + c == .multiple([a, b, c]))  // extended on the left
    #expect(c + .multiple([a, b]) == .multiple([c, a, b]))  // prefixed on the right
    #expect(.multiple([a]) + .multiple([b]) == .multiple([a, .multiple([b])]))  // nested, as Argo
    #expect((a + b).description == "a: missing key\nb: missing key")
  }

  @Test("Decoded.multipleErrors(errors:) fails with .multiple")
  func multipleErrors() {
    let errors: [DecodeError] = [.missingKey("id"), .typeMismatch(expected: "Int", actual: "string \"1\"")]
    let decoded: Decoded<Int> = .multipleErrors(errors: errors)
    #expect(decoded.error == .multiple(errors))
  }
}
