import ArgonautFoundation
import Foundation
import Synchronization
import Testing

// ArgonautJSONDecoder converts each distinct key of a document once, and looks keys up
// by the ids of their converted forms; ArgonautJSONEncoder writes snake_case keys
// converted from the key's bytes. Every result here is compared with Foundation's own
// coders, given the same strategy, in the same test.

/// Any key, for reading every key of an object whatever it converts to.
private struct AnyKey: CodingKey {
  let stringValue: String
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
  var intValue: Int? { nil }
}

/// Every member of an object: its keys as the strategy converts them (sorted: the order
/// of `allKeys` is a dictionary's in `JSONDecoder`), each with its value, read back
/// through `decode(_:forKey:)` and `contains(_:)`.
private struct AllMembers: Decodable, Equatable {
  let members: [String: Int]
  let keys: [String]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    keys = container.allKeys.map(\.stringValue).sorted()
    var members: [String: Int] = [:]
    for key in container.allKeys where container.contains(key) {
      members[key.stringValue] = try container.decode(Int.self, forKey: key)
    }
    self.members = members
  }
}

/// A model whose keys are looked up by name, for keys that convert to these names.
private struct Named: Codable, Equatable {
  let userName: Int?
  let leading: Int?
  let trailing: Int?
  let both: Int?
  let aB: Int?
  let with2Digits: Int?
  let a1: Int?
  let allCaps: Int?
  let cestina: Int?
  let strasseName: Int?
  let alreadyCamel: Int?
  let x: Int?

  enum CodingKeys: String, CodingKey {
    case userName, aB, with2Digits, a1, allCaps, alreadyCamel, x
    case leading = "_leading"
    case trailing = "trailing_"
    case both = "__both__"
    case cestina = "čeština"
    case strasseName = "straßeName"
  }
}

/// A user, as one of several container types that share snake_case keys.
private struct User: Codable, Equatable {
  let id: Int
  let userName: String
  let createdAt: String
  let avatarUrl: String?
}

/// An event holding users in every way: a nested model, an array of them, a nested
/// keyed container read by hand, and an unkeyed container.
private struct Event: Decodable, Equatable {
  let id: Int
  let createdAt: String
  let actor: User
  let mentions: [User]
  let payloadUserName: String
  let payloadSizes: [Int]

  enum CodingKeys: String, CodingKey { case id, createdAt, actor, mentions, payload }
  enum PayloadKeys: String, CodingKey { case userName, sizeList, createdAt }

  init(
    id: Int, createdAt: String, actor: User, mentions: [User], payloadUserName: String, payloadSizes: [Int]
  ) {
    self.id = id
    self.createdAt = createdAt
    self.actor = actor
    self.mentions = mentions
    self.payloadUserName = payloadUserName
    self.payloadSizes = payloadSizes
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // Nested first, so that two containers are open at once and the outer one reads on after.
    let payload = try container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
    var sizes = try payload.nestedUnkeyedContainer(forKey: .sizeList)
    var payloadSizes: [Int] = []
    while !sizes.isAtEnd { payloadSizes.append(try sizes.decode(Int.self)) }
    self.payloadSizes = payloadSizes
    payloadUserName = try payload.decode(String.self, forKey: .userName)
    id = try container.decode(Int.self, forKey: .id)
    createdAt = try container.decode(String.self, forKey: .createdAt)
    actor = try container.decode(User.self, forKey: .actor)
    mentions = try container.decode([User].self, forKey: .mentions)
  }
}

/// A tree whose nodes use one key type at every depth.
private struct Tree: Codable, Equatable {
  let nodeName: String
  let childNodes: [Tree]?
}

/// Calls to a custom key strategy, in order: each key's coding path, and its text.
private final class Calls: Sendable {
  let calls = Mutex<[[String]]>([])

  func record(_ path: [any CodingKey]) {
    let strings = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    calls.withLock { $0.append(strings) }
  }

  var all: [[String]] { calls.withLock { $0 } }
}

@Suite("Key strategies: each distinct key converted once, with Foundation's results", .offThePool)
struct KeyStrategyTests {
  /// Keys whose conversion is easy to get wrong: underscores at either end, runs of
  /// underscores, digits, capitals, non-ASCII letters whose case mapping changes their
  /// length, and keys that do not change.
  static let snakeKeys = [
    "user_name", "_leading", "trailing_", "__both__", "_", "__", "", "a__b", "a_b_", "_a_b", "a_1", "with_2_digits",
    "1st_place", "a_1b", "ALL_CAPS", "mixed_Case_KEY", "already", "alreadyCamel", "x", "x_y_z", "čeština", "č_eština",
    "straße_name", "ß_ß", "ﬁ_ﬁ", "ǆ_ǆ", "i_ı", "İ_i", "emoji_😀_x", "a.b_c", "key with_space", "tab\t_x", "ĳ_ĳ",
    "ΣΑΣ_σας", "a-b_c-d", "user__name", "USER_NAME", "userName", "snake_case_key_that_is_longer_than_fifteen",
  ]

  static func decoders(
    _ strategy: JSONDecoder.KeyDecodingStrategy = .convertFromSnakeCase
  ) -> (ArgonautJSONDecoder, JSONDecoder) {
    let argonaut = ArgonautJSONDecoder()
    let foundation = JSONDecoder()
    argonaut.keyDecodingStrategy = strategy
    foundation.keyDecodingStrategy = strategy
    return (argonaut, foundation)
  }

  static func json(_ key: String) -> String {
    String(decoding: try! JSONEncoder().encode([key]), as: UTF8.self).dropFirst().dropLast().description
  }

  @Test("each tricky key converts as JSONDecoder converts it, one key per object")
  func trickyKeysOneByOne() throws {
    let (argonaut, foundation) = Self.decoders()
    for key in Self.snakeKeys {
      let data = Data("{\(Self.json(key)):7}".utf8)
      #expect(
        try argonaut.decode(AllMembers.self, from: data) == foundation.decode(AllMembers.self, from: data), "\(key)")
    }
  }

  @Test("all the tricky keys in one object, and again in every order of a second object")
  func trickyKeysTogether() throws {
    let (argonaut, foundation) = Self.decoders()
    let members = Self.snakeKeys.enumerated().map { "\(Self.json($1)):\($0)" }
    var generator = SeededGenerator(seed: 3)
    // Several keys convert to the same name (`user_name`, `user__name`, `USER_NAME`,
    // `userName`): the first in the object wins, so each order gives its own result.
    for order in [members, members.reversed(), members.shuffled(using: &generator)] {
      let text = "[{" + members.joined(separator: ",") + "},{" + order.joined(separator: ",") + "}]"
      let data = Data(text.utf8)
      let ours = try argonaut.decode([AllMembers].self, from: data)
      #expect(ours == (try foundation.decode([AllMembers].self, from: data)))
      #expect(try argonaut.decode([Named].self, from: data) == foundation.decode([Named].self, from: data))
    }
  }

  @Test("keys with escapes convert as their text")
  func escapedKeys() throws {
    let (argonaut, foundation) = Self.decoders()
    let text = #"[{"user\u005fname":1,"\u00e7a_va":2},{"user_name":3,"ça\u005fva":4},{"\u0075ser_name":5}]"#
    let data = Data(text.utf8)
    #expect(try argonaut.decode([AllMembers].self, from: data) == foundation.decode([AllMembers].self, from: data))
    #expect(try argonaut.decode([Named].self, from: data) == foundation.decode([Named].self, from: data))
  }

  /// Events whose users share keys with the events and with each other, in objects of
  /// changing shapes: keys reordered, missing, added, and spelled so that two convert
  /// to one name.
  static let events: String = {
    var events: [String] = []
    for n in 0..<60 {
      var user = [#""id":\#(n)"#, #""user_name":"u\#(n)""#, #""created_at":"c\#(n)""#]
      if n % 3 == 0 { user.append(#""avatar_url":"https://example.com/\#(n)""#) }
      if n % 4 == 1 { user.reverse() }
      if n % 5 == 2 { user.insert(#""extra_key_\#(n)":true"#, at: 1) }
      if n % 7 == 3 { user.append(#""userName":"ignored""#) }
      if n % 11 == 4 { user.insert(#""user__name":"first""#, at: 0) }
      let object = "{" + user.joined(separator: ",") + "}"
      events.append(
        """
        {"id":\(n),"created_at":"e\(n)","actor":\(object),"mentions":[\(object),\(object)],\
        "payload":{"size_list":[\(n),\(n + 1)],"user_name":"p\(n)","created_at":"x"}}
        """)
    }
    return "[" + events.joined(separator: ",") + "]"
  }()

  @Test("the same keys in many objects and in several container types, nested")
  func sharedKeys() throws {
    let (argonaut, foundation) = Self.decoders()
    let data = Data(Self.events.utf8)
    let ours = try argonaut.decode([Event].self, from: data)
    #expect(ours == (try foundation.decode([Event].self, from: data)))
    #expect(ours.count == 60)
    #expect(ours[4].actor.userName == "first")
    #expect(ours[3].actor.userName == "u3")
  }

  @Test("a tree of one key type, containers nested inside each other")
  func nestedOneKeyType() throws {
    let (argonaut, foundation) = Self.decoders()
    let text = #"""
      {"node_name":"root","child_nodes":[{"node_name":"a","child_nodes":[{"node_name":"a1"}]},
      {"child_nodes":[],"node_name":"b"},{"nodeName":"c","node_name":"c2"}]}
      """#
    let data = Data(text.utf8)
    let ours = try argonaut.decode(Tree.self, from: data)
    #expect(ours == (try foundation.decode(Tree.self, from: data)))
    #expect(ours.childNodes?.last?.nodeName == "c")
  }

  @Test("a custom strategy is called for every key of every object, with the key's coding path")
  func customStrategyCalls() throws {
    let ours = Calls()
    let theirs = Calls()
    func strategy(_ calls: Calls) -> JSONDecoder.KeyDecodingStrategy {
      .custom { path in
        calls.record(path)
        let key = path.last!.stringValue
        return AnyKey(stringValue: SnakeCaseReference.camelCase(key))
      }
    }
    let argonaut = ArgonautJSONDecoder()
    argonaut.keyDecodingStrategy = strategy(ours)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = strategy(theirs)
    let data = Data(Self.events.utf8)
    let decoded = try argonaut.decode([Event].self, from: data)
    #expect(decoded == (try foundation.decode([Event].self, from: data)))
    #expect(!ours.all.isEmpty)
    #expect(ours.all == theirs.all)
  }

  @Test("a missing key under a strategy: the same error, path and message as JSONDecoder's")
  func missingKey() throws {
    let text = #"[{"node_name":"root","child_nodes":[{"node_name":"a"},{"child_nodes":[]}]}]"#
    let custom = JSONDecoder.KeyDecodingStrategy.custom {
      AnyKey(stringValue: SnakeCaseReference.camelCase($0.last!.stringValue))
    }
    for strategy in [JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase, custom] {
      let (argonaut, foundation) = Self.decoders(strategy)
      let data = Data(text.utf8)
      let ours = #expect(throws: DecodingError.self) { try argonaut.decode([Tree].self, from: data) }
      let theirs = #expect(throws: DecodingError.self) { try foundation.decode([Tree].self, from: data) }
      guard case .keyNotFound(let key, let context)? = ours, case .keyNotFound(let key2, let context2)? = theirs
      else {
        Issue.record("expected keyNotFound, got \(String(describing: ours)) and \(String(describing: theirs))")
        continue
      }
      #expect(key.stringValue == key2.stringValue)
      #expect(context.codingPath.map(\.stringValue) == context2.codingPath.map(\.stringValue))
      #expect(context.codingPath.map(\.stringValue) == ["Index 0", "childNodes", "Index 1"])
      #expect(context.debugDescription == context2.debugDescription)
    }
  }

  @Test("a key that only an object later in the document has is found there")
  func keyFirstSeenLater() throws {
    let (argonaut, foundation) = Self.decoders()
    let text = #"[{"x":1},{"x":2,"user_name":3},{"user_name":4},{"x":5}]"#
    let data = Data(text.utf8)
    #expect(try argonaut.decode([Named].self, from: data) == foundation.decode([Named].self, from: data))
  }

  // MARK: - Encoding

  @Test("convertToSnakeCase: the same bytes as JSONEncoder, keys shared by many objects and types")
  func encodeSnakeCase() throws {
    let (_, foundation) = Self.decoders()
    let events = try foundation.decode([Event].self, from: Data(Self.events.utf8))
    let users = events.flatMap { [$0.actor] + $0.mentions }
    let trees = try foundation.decode(
      Tree.self, from: Data(#"{"node_name":"r","child_nodes":[{"node_name":"a","child_nodes":[]}]}"#.utf8))
    let ours = ArgonautJSONEncoder()
    let theirs = JSONEncoder()
    ours.keyEncodingStrategy = .convertToSnakeCase
    theirs.keyEncodingStrategy = .convertToSnakeCase
    ours.outputFormatting = .sortedKeys
    theirs.outputFormatting = .sortedKeys
    #expect(try ours.encode(users) == theirs.encode(users))
    #expect(try ours.encode(trees) == theirs.encode(trees))
    ours.outputFormatting = []
    let back = JSONDecoder()
    back.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try back.decode([User].self, from: ours.encode(users)) == users)
  }

  @Test("convertToSnakeCase of tricky names, one per object and all in one sorted object")
  func encodeTrickyNames() throws {
    let names = [
      "a", "A", "aB", "AB", "myURLProperty", "userName", "URLValue", "_leading", "trailing_", "with2Digits",
      "ALLCAPS", "camelCaseWithURLAndID", "x1Y2z", "already_snake", "čeština", "ÉtéÀ", "straßeNAME", "quote\"d",
      "HTTPStatus200OK", "", "aLongerCamelCaseKeyThanFifteenBytes", "ǅungla", "µSecond",
      "at@sign[x]`y{z}AZ", "@[`{@[`{@[`{", "lowercaseonlylongkey", "ZZZZZZZZz", "a_B_c_D_e_F_g_H", "tab\tInKeyX",
    ]
    let ours = ArgonautJSONEncoder()
    let theirs = JSONEncoder()
    ours.keyEncodingStrategy = .convertToSnakeCase
    theirs.keyEncodingStrategy = .convertToSnakeCase
    for name in names {
      let value = [Keyed(keys: [name]), Keyed(keys: [name])]
      #expect(try ours.encode(value) == theirs.encode(value), "\(name)")
    }
    ours.outputFormatting = .sortedKeys
    theirs.outputFormatting = .sortedKeys
    let all = [Keyed(keys: names), Keyed(keys: names.reversed())]
    #expect(try ours.encode(all) == theirs.encode(all))
  }

  @Test("convertToSnakeCase with more distinct keys than the encoder keeps, long and short, each written twice")
  func encodeManyKeys() throws {
    // 600 keys: more than the slots of the encoder's table, and more bytes than it keeps.
    let names = (0..<600).map { n in
      n % 2 == 0 ? "key\(n)Of\(String(repeating: "Long", count: n % 90))X" : "k\(n)Y"
    }
    let ours = ArgonautJSONEncoder()
    let theirs = JSONEncoder()
    ours.keyEncodingStrategy = .convertToSnakeCase
    theirs.keyEncodingStrategy = .convertToSnakeCase
    ours.outputFormatting = .sortedKeys
    theirs.outputFormatting = .sortedKeys
    let value = [Keyed(keys: names), Keyed(keys: names.reversed()), Keyed(keys: names)]
    #expect(try ours.encode(value) == theirs.encode(value))
  }

  @Test("a custom encoding strategy is called for every key, with the key's coding path")
  func encodeCustomCalls() throws {
    let ours = Calls()
    let theirs = Calls()
    func strategy(_ calls: Calls) -> JSONEncoder.KeyEncodingStrategy {
      .custom { path in
        calls.record(path)
        return AnyKey(stringValue: "k_" + path.last!.stringValue)
      }
    }
    let data = Data(Self.events.utf8)
    let (_, foundation) = Self.decoders()
    let users = try foundation.decode([Event].self, from: data).prefix(5).map { [$0.actor] + $0.mentions }
    let argonaut = ArgonautJSONEncoder()
    argonaut.keyEncodingStrategy = strategy(ours)
    argonaut.outputFormatting = .sortedKeys
    let reference = JSONEncoder()
    reference.keyEncodingStrategy = strategy(theirs)
    reference.outputFormatting = .sortedKeys
    #expect(try argonaut.encode(users) == reference.encode(users))
    #expect(!ours.all.isEmpty)
    #expect(ours.all == theirs.all)
  }
}

/// An object with the given keys, each with its index as the value.
private struct Keyed: Encodable {
  let keys: [String]
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyKey.self)
    for (n, key) in keys.enumerated() { try container.encode(n, forKey: AnyKey(stringValue: key)) }
  }
}

/// `convertFromSnakeCase` for a custom strategy in the tests: Foundation's own, through a
/// one-member decode.
private enum SnakeCaseReference {
  static func camelCase(_ key: String) -> String {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let object = try! JSONSerialization.data(withJSONObject: [key: 0])
    return try! decoder.decode(AllMembers.self, from: object).keys.first ?? key
  }
}

/// A deterministic random number generator for shuffles.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }
}
