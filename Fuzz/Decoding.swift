import Argonaut
import CorpusModels

// Fuzz target: decoding.
//
// Parses the input and decodes it as several model types: the corpus models of the
// benchmarks (twitter.json, citm_catalog.json, canada.json), a hand-written model
// with optional, nested, recursive and key-path members, and the standard
// conformances. A success must encode and decode back to an equal value; a failure
// must describe itself, one line per failure, each starting with its path.

enum Role: String, Equatable {
  case admin, member
}
extension Role: Decodable, JSONEncodable {}

struct Person: Equatable {
  let name: String
  let age: UInt8?
  let email: String?
  let tags: [String]
  let scores: [String: Double]
  let role: Role
  let friends: [Person]?
}

extension Person: Decodable {
  static func decode(_ j: JSON) -> Decoded<Person> {
    curry(Person.init)
      <^> j <| "name"
      <*> j <|? "age"
      <*> j <|? ["contact", "email"]
      <*> j <|| "tags"
      <*> (j <| "scores" <|> pure([:]))
      <*> j <| "role"
      <*> j <||? "friends"
  }
}

extension Person: JSONEncodable {
  func encode() -> JSON {
    [
      "name": name.encode(), "age": age.encode(), "contact": ["email": email.encode()], "tags": tags.encode(),
      "scores": scores.encode(), "role": role.encode(), "friends": friends.encode(),
    ]
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func decodingOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let json = try? JSON(parsing: fuzzInput(data, size), options: JSONParsingOptions(maximumDepth: 2_000))
  else { return 0 }
  checkRoundTrip(Twitter.self, json)
  checkRoundTrip(CitmCatalog.self, json)
  checkRoundTrip(FeatureCollection.self, json)
  checkRoundTrip(Person.self, json)
  checkRoundTrip([Person].self, json)
  checkRoundTrip([String: [Int64]].self, json)
  checkRoundTrip([[Double]].self, json)
  checkRoundTrip([UInt8?].self, json)
  checkRoundTrip([String: JSON].self, json)
  checkRoundTrip(JSON.self, json)
  if case .object(let object) = json, let key = object.keys.first {
    checkRoundTrip(Person.self, json, rootKey: key)
  }
  checkDictionary(json)
  return 0
}

/// Decodes `json` (or its member at `rootKey`) as `T`: a success encodes and decodes
/// back to an equal value, and a failure describes itself.
func checkRoundTrip<T: Decodable & JSONEncodable & Equatable>(_ type: T.Type, _ json: JSON, rootKey: String? = nil)
where T.DecodedType == T {
  let decoded: Decoded<T> = rootKey.map { decode(json, rootKey: $0) } ?? decode(json)
  switch decoded {
  case .success(let value):
    let encoded = value.encode()
    check(T.decode(encoded) == .success(value), "\(T.self) does not survive encoding: \(encoded)")
    let reparsed = try? JSON(parsing: encoded.description, options: JSONParsingOptions(maximumDepth: 2_000))
    check(reparsed.map { T.decode($0) == .success(value) } == true, "\(T.self): encoded text does not decode back")
  case .failure(let error):
    checkError(error)
  }
}

/// Every failure has a path and a message, one line each.
func checkError(_ error: DecodeError) {
  let failures = error.errors
  let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
  check(!failures.isEmpty && failures.count == lines.count, "\(failures.count) failures in \(lines.count) lines")
  for (failure, line) in zip(failures, lines) {
    check(line.hasPrefix("\(failure.path): "), "'\(line)' does not start with its path \(failure.path)")
    if case .multiple = failure { check(false, "multiple is not flattened") }
  }
}

/// `[String: Int]` holds exactly the object's integer members, or fails naming a key.
func checkDictionary(_ json: JSON) {
  let decoded: Decoded<[String: Int]> = decode(json)
  guard case .object(let object) = json else {
    check(decoded.error != nil, "a non-object decoded as a dictionary")
    return
  }
  switch decoded {
  case .success(let dictionary):
    check(dictionary.count == object.count, "\(dictionary.count) entries from \(object.count) members")
    for (key, value) in dictionary {
      check(object[key]?.intValue == value, "\(key): \(value)")
    }
  case .failure(let error):
    checkError(error)
    check(error.errors.allSatisfy { !$0.path.isRoot }, "a member's failure has no key")
  }
}
