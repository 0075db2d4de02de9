import Argonaut

// Fuzz target: the value walk.
//
// Parses the input and visits every value without recursing. Each value goes through
// every accessor, and each accessor must agree with the case: member lookups find
// the members that iteration yields, numbers convert consistently between Int64,
// UInt64, Double, Float and their text, and equal values hash equally. A
// `JSONVisitor` walk of the root, and of each of its members or elements, must see the
// same calls, in the same order, as the values give in document order.

let walkOptions = JSONParsingOptions(maximumDepth: 100_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func valueWalkOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let root = try? JSON(parsing: fuzzInput(data, size), options: walkOptions) else { return 0 }
  checkRoot(root)
  var pending = [root]
  var visited = 0
  while let value = pending.popLast() {
    visited += 1
    check(value == value && value.hashValue == value.hashValue, "a value differs from itself")
    switch value {
    case .object(let object):
      checkKinds(value, object: true)
      let keys = object.keys
      check(keys.count == object.count && object.isEmpty == keys.isEmpty, "count \(object.count), \(keys.count) keys")
      check(Set(keys.map { Array($0.unicodeScalars) }).count == keys.count, "a key appears twice")
      for (key, member) in object {
        check(object[key] == member && value[key] == member, "looking up \(key) finds another value")
        pending.append(member)
      }
      check(object[keys.joined() + "\u{0}"] == nil, "found an absent key")
    case .array(let array):
      checkKinds(value, array: true)
      var offset = 0
      for element in array {
        check(array.element(at: offset) == element && value[offset] == element, "element \(offset) differs")
        pending.append(element)
        offset += 1
      }
      check(offset == array.count && array.element(at: offset) == nil && value[-1] == nil, "\(offset) elements")
    case .string(let string):
      checkKinds(value, string: true)
      check(value.stringValue == string, "stringValue")
      check(JSON.string(string) == value, "a built string differs")
      check((try? JSON(parsing: value.description)) == value, "string \(value) does not round trip")
    case .number(let number):
      checkKinds(value, number: true)
      checkNumber(number, in: value)
    case .bool(let bool):
      checkKinds(value, bool: true)
      check(value.boolValue == bool && JSON.bool(bool) == value, "boolValue")
    case .null:
      checkKinds(value, null: true)
    }
  }
  return 0
}

/// A digest of the calls a visitor receives, in order.
struct CallDigest: JSONVisitor {
  var hasher = Hasher()
  var calls = 0

  mutating func record(_ kind: Int, _ text: String = "", _ count: Int = 0) {
    hasher.combine(kind)
    hasher.combine(text)
    hasher.combine(count)
    calls += 1
  }

  mutating func visitNull() { record(0) }
  mutating func visitBool(_ value: Bool) { record(value ? 1 : 2) }
  mutating func visitNumber(_ value: JSONNumber) { record(3, value.text) }
  mutating func visitString(_ value: String) { record(4, value) }
  mutating func visitKey(_ key: String) { record(5, key) }
  mutating func beginArray(count: Int) { record(6, "", count) }
  mutating func endArray() { record(7) }
  mutating func beginObject(count: Int) { record(8, "", count) }
  mutating func endObject() { record(9) }
}

/// The calls a visitor should receive for `root`, from its values in document order,
/// with a stack rather than recursion.
func expectedCalls(_ root: JSON) -> CallDigest {
  enum Step {
    case value(JSON)
    case key(String)
    case endArray, endObject
  }
  var digest = CallDigest()
  var steps: [Step] = [.value(root)]
  while let step = steps.popLast() {
    switch step {
    case .key(let key): digest.visitKey(key)
    case .endArray: digest.endArray()
    case .endObject: digest.endObject()
    case .value(.null): digest.visitNull()
    case .value(.bool(let value)): digest.visitBool(value)
    case .value(.number(let value)): digest.visitNumber(value)
    case .value(.string(let value)): digest.visitString(value)
    case .value(.array(let array)):
      digest.beginArray(count: array.count)
      steps.append(.endArray)
      steps += array.reversed().map { .value($0) }
    case .value(.object(let object)):
      digest.beginObject(count: object.count)
      steps.append(.endObject)
      for (key, member) in object.reversed() { steps += [.value(member), .key(key)] }
    }
  }
  return digest
}

/// Whole-document properties, each linear in the size of the document.
func checkRoot(_ root: JSON) {
  // The root, then each of its members or elements: values that start inside the tape.
  var walkedValues = [root]
  if case .array(let array) = root { walkedValues += array }
  if case .object(let object) = root { walkedValues += object.map(\.value) }
  for value in walkedValues {
    var walked = CallDigest()
    value.walk(&walked)
    let expected = expectedCalls(value)
    check(
      walked.calls == expected.calls && walked.hasher.finalize() == expected.hasher.finalize(),
      "the visitor walk made \(walked.calls) calls, the values give \(expected.calls)")
  }
  let reparsed = try? JSON(parsing: root.description, options: walkOptions)
  check(reparsed == root && reparsed?.hashValue == root.hashValue, "the root does not round trip")
  if case .object(let object) = root {
    // Equality ignores the order of members; rebuilt in reverse, the object is equal.
    let reversed = JSON.object(JSONObject(object.reversed().map { ($0.key, $0.value) }))
    check(reversed == root && reversed.hashValue == root.hashValue, "member order matters to equality")
  }
  if case .array(let array) = root, !array.isEmpty {
    check(JSON.array(JSONArray(array.dropLast())) != root, "a shorter array is equal")
  }
}

/// Exactly one kind accessor answers, the one for the case.
func checkKinds(
  _ value: JSON, object: Bool = false, array: Bool = false, string: Bool = false, number: Bool = false,
  bool: Bool = false, null: Bool = false
) {
  check((value.objectValue != nil) == object, "objectValue of \(value)")
  check((value.arrayValue != nil) == array, "arrayValue of \(value)")
  check((value.stringValue != nil) == string, "stringValue of \(value)")
  check(value.doubleValue == nil || number, "doubleValue of \(value)")
  check(value.intValue == nil || number, "intValue of \(value)")
  check((value.boolValue != nil) == bool, "boolValue of \(value)")
  check(value.isNull == null, "isNull of \(value)")
}

/// The conversions of one number agree with each other and with its text.
func checkNumber(_ number: JSONNumber, in value: JSON) {
  let text = number.text
  check(JSONNumber(text) == number, "\(text) does not parse back to itself")
  let double = number.doubleValue
  let float = number.floatValue
  check(value.doubleValue == (double.isFinite ? double : nil), "doubleValue of \(text)")
  check(!double.isNaN && !float.isNaN, "\(text) converts to NaN")
  if let int64 = number.integer(as: Int64.self) {
    check(JSONNumber(int64) == number && JSONNumber(int64).hashValue == number.hashValue, "\(text) as \(int64)")
    check(double == Double(int64) && float == Float(int64), "\(text): Double \(double), Float \(float)")
    check(number.integer(as: Int.self) == Int(int64) && value.intValue == Int(int64), "intValue of \(text)")
    check(number.integer(as: Int8.self) == Int8(exactly: int64), "\(text) as Int8")
    check(number.integer(as: UInt8.self) == UInt8(exactly: int64), "\(text) as UInt8")
    check(number.integer(as: UInt64.self) == UInt64(exactly: int64), "\(text) as UInt64")
  } else if let uint64 = number.integer(as: UInt64.self) {
    check(uint64 > UInt64(Int64.max), "\(text) fits UInt64 but not Int64")
    check(JSONNumber(uint64) == number && double == Double(uint64), "\(text) as \(uint64)")
  } else {
    check(value.intValue == nil && number.integer(as: Int32.self) == nil, "\(text) is no Int64 but an Int32")
  }
  if double.isFinite, let shortest = JSONNumber(double) {
    check(shortest.doubleValue == double, "\(double) does not survive printing")
  }
  if float.isFinite, let shortest = JSONNumber(float) {
    check(shortest.floatValue == float, "Float \(float) does not survive printing")
  }
}
