import Argonaut
import ArgonautCompatibility
import ArgonautTestSupport
import Testing

// Argo 5's free functions, with Argo's semantics: `sequence` stops at the first failure,
// `catDecoded` drops failures, `flatReduce` stops combining at the first failure, and
// `decodedJSON` reads `null` as a missing key.

@Suite("Argo 5's functions: sequence, catDecoded, flatReduce, decodedJSON", .offThePool)
struct ArgoFunctionsTests {
  @Test("sequence over an array: every value in order, or the first failure alone")
  func sequenceArray() {
    let values: Decoded<[Int]> = sequence([.success(1), .success(2), .success(3)])
    #expect(values.value == [1, 2, 3])
    #expect(sequence([Decoded<Int>]()).value == [])

    let failing: Decoded<[Int]> = sequence([.success(1), .missingKey("a"), .missingKey("b")])
    #expect(failing.error == .missingKey("a"))  // not .multiple: Argo's sequence stops
  }

  @Test("sequence over a dictionary: the values under their keys, or a failure")
  func sequenceDictionary() {
    let values: Decoded<[String: Int]> = sequence(["a": .success(1), "b": .success(2)])
    #expect(values.value == ["a": 1, "b": 2])

    let failing: Decoded<[Int: String]> = sequence([1: .success("x"), 2: .customError("bad")])
    #expect(failing.error == .custom("bad"))
  }

  @Test("sequence of decoded elements is not the standard library's sequence(first:next:)")
  func sequenceOfDecoders() throws {
    let json = try JSON(parsing: "[1, 2, 3]")
    guard case .array(let elements) = json else { throw DecodeError.custom("not an array") }
    let numbers = sequence(elements.map(Int.decode))
    #expect(numbers.value == [1, 2, 3])
  }

  @Test("catDecoded keeps the successes of an array, in order")
  func catDecodedArray() {
    let decoded: [Decoded<String>] = [.success("a"), .missingKey("x"), .success("b"), .customError("y")]
    #expect(catDecoded(decoded) == ["a", "b"])
    #expect(catDecoded([Decoded<String>.missingKey("x")]).isEmpty)
  }

  @Test("catDecoded keeps the successes of a dictionary, under their keys")
  func catDecodedDictionary() {
    let decoded: [String: Decoded<Int>] = ["a": .success(1), "b": .missingKey("b"), "c": .success(3)]
    #expect(catDecoded(decoded) == ["a": 1, "c": 3])
  }

  @Test("flatReduce folds while each step succeeds, and stops at the first failure")
  func flatReduceSteps() {
    var calls = 0
    let sum = flatReduce([1, 2, 3], initial: 10) { total, next -> Decoded<Int> in
      calls += 1
      return .success(total + next)
    }
    #expect(sum.value == 16 && calls == 3)

    calls = 0
    let stopped = flatReduce([1, -2, 3], initial: 0) { total, next -> Decoded<Int> in
      calls += 1
      return next < 0 ? .customError("negative \(next)") : .success(total + next)
    }
    #expect(stopped.error == .custom("negative -2"))
    #expect(calls == 2)

    #expect(flatReduce([Int](), initial: "start") { _, _ in .customError("never") }.value == "start")
  }

  @Test("flatReduce with decodedJSON walks a key path, as Argo's subscripts did")
  func keyPathWalk() {
    let json: JSON = ["user": ["address": ["city": "Paris"]]]
    let city = flatReduce(["user", "address", "city"], initial: json, combine: decodedJSON)
    #expect(city.value == "Paris")
    let missing = flatReduce(["user", "phone", "number"], initial: json, combine: decodedJSON)
    #expect(missing.error == .missingKey("phone"))
  }

  @Test("decodedJSON: the value, a missing key for absent or null, a mismatch off an object")
  func decodedJSONCases() {
    let json: JSON = ["name": "Ada", "nothing": .null, "list": [1]]
    #expect(decodedJSON(json, forKey: "name").value == "Ada")
    #expect(decodedJSON(json, forKey: "list").value == [1])
    #expect(decodedJSON(json, forKey: "absent").error == .missingKey("absent"))
    #expect(decodedJSON(json, forKey: "nothing").error == .missingKey("nothing"))

    let notAnObject = decodedJSON([1], forKey: "name")
    #expect(notAnObject.error == .typeMismatch(expected: "Object", actual: "array [1]"))
    #expect(notAnObject.error?.description == "(root): expected Object, found array [1]")
  }

  @Test("decodeArray and decodeObject are [T].decode and [String: T].decode")
  func arrayAndObject() {
    let strings: Decoded<[String]> = decodeArray(["a", "b"])
    #expect(strings.value == ["a", "b"])
    let counts: Decoded<[String: Int]> = decodeObject(["a": 1, "b": 2])
    #expect(counts.value == ["a": 1, "b": 2])
    let wrong: Decoded<[Int]> = decodeArray(["a": 1])
    #expect(wrong.error == .typeMismatch(expected: "Array", actual: #"object {"a":1}"#))
  }
}
