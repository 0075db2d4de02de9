import Argonaut
import ArgonautTestSupport
import Testing

/// Objects and arrays built in Swift keep their members rather than a tape. Whatever
/// the storage, a value reads, compares, hashes and prints the same.
@Suite("Built storage", .offThePool)
struct BuiltStorageTests {
  @Test("built and parsed values are equal, hash alike and print the same, on random values")
  func acrossStorages() throws {
    var random = SplitMix64(seed: 0xB111_7000)
    for _ in 0..<2000 {
      let built = RandomJSON.value(depth: 0, using: &random)
      let parsed = try JSON(parsing: built.description)
      #expect(built == parsed)
      #expect(parsed == built)
      #expect(built.hashValue == parsed.hashValue)
      #expect(built.description == parsed.description)
      for serializer in [JSONSerializer.pretty, JSONSerializer(sortsKeys: true)] {
        #expect(serializer.string(from: built) == serializer.string(from: parsed))
      }
      #expect(RecordingVisitor.events(of: built) == RecordingVisitor.events(of: parsed))
    }
  }

  @Test("nested built values print each member once, in order, beside parsed subtrees")
  func nesting() throws {
    let parsed = try JSON(parsing: #"{"p": [1, "two", {"three": 3.0}]}"#)
    var json: JSON = ["leaf": "a\"b", "n": 1.5, "parsed": parsed]
    for level in 0..<10 { json = ["level": .number(JSONNumber(level)), "child": json, "list": [json, .null]] }
    let text = json.description
    #expect(try JSON(parsing: text) == json)
    #expect(text.hasPrefix(#"{"level":9,"child":{"level":8,"#))
    #expect(text.contains(#"{"leaf":"a\"b","n":1.5,"parsed":{"p":[1,"two",{"three":3.0}]}}"#))
    // Reading a built value gives built and parsed members alike.
    #expect(json["child"]?["level"] == 8)
    #expect(json["list"]?[1] == .null)
  }

  @Test("a repeated key keeps its first position and its last value, compared by UTF-8 bytes")
  func duplicateKeys() throws {
    let small: JSON = ["a": 1, "b": 2, "a": 3, "é": 4, "e\u{301}": 5]
    #expect(small.description == #"{"a":3,"b":2,"é":4,"é":5}"#)
    #expect(small["a"] == 3)
    if case .object(let object) = small { #expect(object.count == 4) }
    // Wide enough to look keys up in a table.
    var members = (0..<100).map { ("k\($0)", JSON.number(JSONNumber($0))) }
    members += [("k7", "seven"), ("k99", "last"), ("e\u{301}", 1), ("é", 2)]
    let wide = JSON.object(JSONObject(members))
    #expect(try JSON(parsing: wide.description) == wide)
    guard case .object(let object) = wide else { return #expect(Bool(false)) }
    #expect(object.count == 102)
    #expect(object["k7"] == "seven")
    #expect(object["k99"] == "last")
    #expect(object.keys.prefix(9).last == "k8")
    #expect(Array(object.keys.suffix(2)) == ["e\u{301}", "é"])
  }

  @Test("values nested 20,000 levels deep build, print, compare and are released without overflowing the stack")
  func deepNesting() throws {
    var json: JSON = "leaf"
    for level in 0..<20_000 { json = level.isMultiple(of: 2) ? [json] : ["k": json] }
    let text = json.description
    #expect(text.utf8.count == 20_000 * 2 + 10_000 * 4 + 6)
    let parsed = try JSON(parsing: text, options: JSONParsingOptions(maximumDepth: 30_000))
    #expect(parsed == json)
    #expect(parsed.hashValue == json.hashValue)
    var depth = 0
    var cursor = json
    while true {
      if case .array(let array) = cursor, let first = array.first {
        cursor = first
      } else if case .object(let object) = cursor, let value = object["k"] {
        cursor = value
      } else {
        break
      }
      depth += 1
    }
    #expect(depth == 20_000)
    #expect(cursor == "leaf")
  }

  @Test("huge built values: a million elements and a hundred thousand members")
  func hugeValues() throws {
    let numbers = JSON.array(JSONArray((0..<1_000_000).map { JSON.number(JSONNumber($0)) }))
    let members = JSON.object(JSONObject((0..<100_000).map { ("key\($0)", JSON.string("v\($0)")) }))
    let json: JSON = ["numbers": numbers, "members": members]
    let parsed = try JSON(parsing: json.description)
    #expect(parsed == json)
    guard case .array(let array) = numbers, case .object(let object) = members else { return #expect(Bool(false)) }
    #expect(array.count == 1_000_000)
    #expect(array.element(at: 999_999) == 999_999)
    let sum: Int = array.reduce(0) { total, element in total + (element.intValue ?? 0) }
    #expect(sum == 999_999 * 1_000_000 / 2)
    #expect(object.count == 100_000)
    #expect(object["key99999"] == "v99999")
    #expect(object["key100000"] == nil)
  }

  @Test("tasks that read one built value at once all see the same members")
  func concurrentReads() async {
    let users: [JSON] = (0..<500).map { id in ["id": .number(JSONNumber(id)), "name": .string("u\(id)")] }
    let json: JSON = ["users": .array(JSONArray(users))]
    let counts = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          guard case .array(let users)? = json["users"] else { return -1 }
          return users.filter { $0["id"]?.intValue.map { $0 % 8 == task } ?? false }.count
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(counts.sorted() == Array(repeating: 62, count: 4) + Array(repeating: 63, count: 4))
  }

  @Test("encode() builds the value that parsing its output gives back")
  func encodedModels() throws {
    let tags = ["a", "b\n", "ü"]
    let scores: [Double] = [1.5, -0.0, 1e300, .leastNonzeroMagnitude]
    let json: JSON = ["tags": tags.encode(), "scores": scores.encode(), "map": ["z": 1, "a": 2].encode()]
    #expect(json.description == #"{"tags":["a","b\n","ü"],"scores":[1.5,-0.0,1e+300,5e-324],"map":{"a":2,"z":1}}"#)
    #expect(try JSON(parsing: json.description) == json)
    #expect(try [Double].decode(json["scores"]!).get() == scores)
  }
}
