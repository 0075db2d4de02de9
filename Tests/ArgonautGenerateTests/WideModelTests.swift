import Argonaut
import ArgonautTestSupport
import Testing

@testable import ArgonautGenerate

/// Models of any width compile in time linear in the width: a `curry` chain up to 20
/// members, one `build` up to 50, then a function per run of at most 20 members, one
/// that assembles the model from their tuples, and an encoder of statements. `Scripts/generator-check.sh` compiles a 1,500-field model
/// under `-warn-long-expression-type-checking=200`.
@Suite("Wide models", .offThePool)
struct WideModelTests {
  /// A record of `count` members of mixed kinds, and a second sample without every
  /// third key, so that some members are optional.
  private func record(_ count: Int, names: (Int) -> String = { "field_\($0)" }) -> String {
    let first = JSON.object(
      JSONObject(
        (0..<count).map { index in
          (names(index), index.isMultiple(of: 2) ? JSON.number(JSONNumber(index)) : .string("s\(index)"))
        }))
    let second = JSON.object(
      JSONObject(
        (0..<count).filter { !$0.isMultiple(of: 3) }.map { index in
          (names(index), index.isMultiple(of: 2) ? JSON.number(JSONNumber(index)) : .string("t\(index)"))
        }))
    return GeneratorFixtures.source(first, second)
  }

  @Test("up to 50 members: one build call with the lookups inline", arguments: [21, 50])
  func oneBuild(count: Int) {
    let source = record(count)
    #expect(source.contains("    build(\n      Root.init,\n      j <|? \"field_0\",\n      j <| \"field_1\",\n"))
    #expect(source.contains("    JSON(omittingNil: [\n"))
    #expect(!source.contains("let part0"))
  }

  @Test("past 50 members: a function per run of at most 20, and an encoder of statements", arguments: [51, 130])
  func statements(count: Int) {
    let source = record(count)
    let lines = source.split(separator: "\n").map(String.init)
    let chunks = SwiftRenderer.chunks(count, limit: 20)
    #expect(source.contains("    build(\n      assemble,\n      decodePart0(j),\n"))
    #expect(lines.contains("      decodePart\(chunks.count - 1)(j)"))
    #expect(lines.count { $0.hasPrefix("  private typealias Part") } == chunks.count)
    #expect(lines.contains("  private typealias Part0 = ("))
    #expect(lines.contains { $0.hasPrefix("  private static func assemble(") })
    #expect(lines.contains("      field0: p0.0,"))
    #expect(lines.contains("      field\(count - 1): p\(chunks.count - 1).\(chunks.last!.count - 1)"))
    #expect(lines.count { $0.hasPrefix("  private static func decodePart") } == chunks.count)
    #expect(lines.contains("  private static func decodePart0(_ j: JSON) -> Decoded<Part0> {"))
    #expect(lines.contains("      { (" + (0..<chunks[0].count).map { "$\($0)" }.joined(separator: ", ") + ") },"))
    #expect(lines.contains("      j.decodeIfPresent(\"field_0\", as: Int.self),"))
    #expect(lines.contains("      j.decode(\"field_1\", as: String.self),"))
    #expect(lines.count { $0.hasPrefix("      j.decode") } == count)
    #expect(lines.contains("    var members: [(String, JSON)] = []"))
    #expect(lines.contains("    members.reserveCapacity(\(count))"))
    #expect(lines.contains("    members.append((\"field_1\", self.field1.encode()))"))
    #expect(lines.contains("    if let value = self.field3 { members.append((\"field_3\", value.encode())) }"))
    #expect(lines.contains("    return .object(JSONObject(members))"))
    #expect(!source.contains("JSON(omittingNil:"))
  }

  @Test("with --access public, a public memberwise initializer up to 300 members, none past it")
  func publicInitializer() {
    func source(_ count: Int) -> String {
      // Numbers and strings: a record, not a map of numbers.
      let record = JSON.object(
        JSONObject((0..<count).map { ("field_\($0)", $0 == 1 ? "one" : JSON.number(JSONNumber($0))) }))
      return GeneratorFixtures.source(record, options: GeneratorOptions(isPublic: true))
    }
    #expect(source(300).contains("  public init(\n    field0: Int,\n"))
    #expect(source(300).contains("    self.field299 = field299\n"))
    #expect(!source(301).contains("init("))
    #expect(source(301).contains("public struct Root: Sendable {\n  public let field0: Int\n"))
  }

  @Test("chunks are at most the limit, as even as they can be, and at least two long", arguments: [51, 60, 99, 1_500])
  func chunks(count: Int) {
    let chunks = SwiftRenderer.chunks(count, limit: 20)
    #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == count)
    #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(chunks.allSatisfy { $0.count <= 20 && $0.count >= 2 })
    #expect(chunks.map(\.count).max()! - chunks.map(\.count).min()! <= 1)
  }

  @Test("a member or a type named like a decoding helper does not hide it")
  func localNames() {
    let source = record(60) { ["j", "decodePart0", "assemble", "part_0"][safe: $0] ?? "field_\($0)" }
    #expect(source.contains("  static func decode(_ j: JSON) -> Decoded<Root> {"))
    #expect(source.contains("    build(\n      make,\n      decodeChunk0(j),\n"))
    #expect(source.contains("  private static func decodeChunk0(_ j: JSON) -> Decoded<Part0> {"))
    #expect(source.contains("  private static func make(_ p0: Part0, _ p1: Part1, _ p2: Part2) -> Root {\n"))
    #expect(!source.contains("static func decodePart0(") && !source.contains("func assemble("))
    #expect(source.contains("    if let value = self.j { members.append((\"j\", value.encode())) }"))
    #expect(source.contains("    members.append((\"decodePart0\", self.decodePart0.encode()))"))
    let typed = GeneratorFixtures.source(
      .object(
        JSONObject(
          (0..<60).map { ("field_\($0)", $0 == 1 ? ["x": 1] : JSON.number(JSONNumber($0))) } + [("part0", ["y": 2])])))
    #expect(typed.contains("struct Part0: Sendable {"))
    #expect(typed.contains("  private typealias Chunk0 = ("))
    #expect(!typed.contains("typealias Part0"))
  }

  @Test("members named curry, build or pure do not hide the functions: they are called by their module's name")
  func functionNames() {
    let narrow = GeneratorFixtures.source(["curry": 1, "pure": .null], ["curry": 2])
    #expect(
      narrow.contains("    Argonaut.curry(Root.init)\n      <^> j <| \"curry\"\n      <*> Argonaut.pure(j[\"pure\"])\n")
    )
    let fields = (0..<60).map { ("field_\($0)", JSON.number(JSONNumber($0))) }
    let wide = GeneratorFixtures.source(
      .object(JSONObject(fields + [("pure", .null)])), .object(JSONObject(fields + [("build", "ci")])))
    #expect(wide.contains("    Argonaut.build(\n      assemble,\n"))
    #expect(wide.contains("      Argonaut.pure(j[\"pure\"]),\n"))
    #expect(wide.contains("      j.decodeIfPresent(\"build\", as: String.self)\n"))
    let unqualified = GeneratorFixtures.source(.object(JSONObject(fields)))
    #expect(unqualified.contains("    build(\n      assemble,\n") && !unqualified.contains("Argonaut."))
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
