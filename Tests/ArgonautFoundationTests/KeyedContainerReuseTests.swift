import ArgonautFoundation
import ArgonautTestSupport
import Foundation
import Testing

// ArgonautJSONDecoder reuses a keyed container for the next object of the same key
// type once nobody holds it. These models hold containers in every way that reuse
// could get wrong: across nested values of the same key type, side by side, and after
// `decode` has returned. Each result is compared with JSONDecoder's.

/// A tree whose `init(from:)` reads its own name only after decoding its children,
/// which use the same key type.
private struct Node: Codable, Equatable {
  let name: String
  let children: [Node]

  enum CodingKeys: String, CodingKey { case name, children }

  init(name: String, children: [Node]) {
    self.name = name
    self.children = children
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    children = try container.decode([Node].self, forKey: .children)
    name = try container.decode(String.self, forKey: .name)
  }
}

/// Two containers of one key type open at once: its own, and a nested one.
private struct Pair: Decodable, Equatable {
  let outer: Int
  let inner: Int

  enum CodingKeys: String, CodingKey { case value, nested }

  init(outer: Int, inner: Int) {
    self.outer = outer
    self.inner = inner
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let nested = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .nested)
    inner = try nested.decode(Int.self, forKey: .value)
    outer = try container.decode(Int.self, forKey: .value)
  }
}

/// Keeps its container, to be read after `decode` has returned.
private struct Kept: Decodable {
  enum CodingKeys: String, CodingKey { case id, next }
  let container: KeyedDecodingContainer<CodingKeys>
  let next: [Kept]

  init(from decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: CodingKeys.self)
    next = try container.decodeIfPresent([Kept].self, forKey: .next) ?? []
  }

  func ids() throws -> [Int] {
    try [container.decode(Int.self, forKey: .id)] + next.flatMap { try $0.ids() }
  }
}

/// Where `Watched` leaves a weak reference to the decoder that decoded it.
private final class DecoderWatch: @unchecked Sendable {
  weak var decoder: AnyObject?
  static let key = CodingUserInfoKey(rawValue: "watch")!
}

/// Records its decoder in the `DecoderWatch` of `userInfo`, and opens a container.
private struct Watched: Decodable {
  enum CodingKeys: String, CodingKey { case id }
  let id: Int

  init(from decoder: any Decoder) throws {
    (decoder.userInfo[DecoderWatch.key] as? DecoderWatch)?.decoder = decoder as AnyObject
    id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
  }
}

private struct Snake: Codable, Equatable {
  let firstName: String
  let lastName: String?
}

@Suite("Keyed container reuse", .offThePool)
struct KeyedContainerReuseTests {
  static func both<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, strategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
  ) throws -> (T, T) {
    let data = Data(text.utf8)
    let ours = ArgonautJSONDecoder()
    ours.keyDecodingStrategy = strategy
    let theirs = JSONDecoder()
    theirs.keyDecodingStrategy = strategy
    return (try ours.decode(type, from: data), try theirs.decode(type, from: data))
  }

  @Test("a container read after its children, which use the same key type, still reads its own object")
  func treeReadsItsNameLast() throws {
    let text = #"""
      {"name":"root","children":[
        {"name":"a","children":[{"name":"a1","children":[]},{"name":"a2","children":[]}]},
        {"children":[],"name":"b"},
        {"name":"c","children":[{"children":[{"name":"c11","children":[]}],"name":"c1"}]}]}
      """#
    let (ours, theirs) = try Self.both(Node.self, text)
    #expect(ours == theirs)
    #expect(ours.children.map(\.name) == ["a", "b", "c"])
    #expect(ours.children[2].children[0].children[0].name == "c11")
  }

  @Test("two containers of one key type open at once read their own objects")
  func nestedSameKeyType() throws {
    let text = #"[{"value":1,"nested":{"value":2}},{"nested":{"value":4},"value":3}]"#
    let pairs = try ArgonautJSONDecoder().decode([Pair].self, from: Data(text.utf8))
    #expect(pairs == [Pair(outer: 1, inner: 2), Pair(outer: 3, inner: 4)])
  }

  @Test("a container kept past decode reads its own object, and later decodes are not affected")
  func keptContainers() throws {
    let decoder = ArgonautJSONDecoder()
    let first = try decoder.decode(
      [Kept].self, from: Data(#"[{"id":1,"next":[{"id":2},{"id":3}]},{"id":4}]"#.utf8))
    let second = try decoder.decode([Kept].self, from: Data(#"[{"id":5},{"id":6,"next":[{"id":7}]}]"#.utf8))
    #expect(try first.flatMap { try $0.ids() } == [1, 2, 3, 4])
    #expect(try second.flatMap { try $0.ids() } == [5, 6, 7])
  }

  @Test("the decoder is freed when decode returns: the kept containers do not keep it alive")
  func decoderIsFreed() throws {
    let watch = DecoderWatch()
    let decoder = ArgonautJSONDecoder()
    decoder.userInfo[DecoderWatch.key] = watch
    let values = try decoder.decode([Watched].self, from: Data(#"[{"id":1},{"id":2},{"id":3}]"#.utf8))
    #expect(values.map(\.id) == [1, 2, 3])
    #expect(watch.decoder == nil)
  }

  @Test("converted keys are converted again for each object a container is reused for")
  func convertedKeysPerObject() throws {
    let text =
      #"[{"first_name":"Ada","last_name":"Lovelace"},{"last_name":"Hopper","first_name":"Grace"},{"first_name":"Alan"}]"#
    let (ours, theirs) = try Self.both([Snake].self, text, strategy: .convertFromSnakeCase)
    #expect(ours == theirs)
    #expect(ours.map(\.lastName) == ["Lovelace", "Hopper", nil])
  }

  @Test("errors after a reused container keep the path of the failing object")
  func errorPathsAfterReuse() throws {
    let text = #"[{"x":1,"y":2},{"x":3,"y":4},{"x":5,"y":"six"}]"#
    struct Point: Decodable { let x: Int, y: Int }
    do {
      _ = try ArgonautJSONDecoder().decode([Point].self, from: Data(text.utf8))
      Issue.record("decoded a string as Int")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["Index 2", "y"])
    }
  }
}
