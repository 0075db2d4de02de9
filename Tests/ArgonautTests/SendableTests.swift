import Argonaut
import ArgonautTestSupport
import Testing

/// Compiles only if each type is `Sendable`; the test then checks a value crosses
/// a task boundary intact.
private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Sendable", .offThePool)
struct SendableTests {
  @Test("the core's public types are Sendable")
  func publicTypes() {
    requireSendable(JSON.self)
    requireSendable(JSONObject.self)
    requireSendable(JSONArray.self)
    requireSendable(JSONNumber.self)
    requireSendable(JSONParseError.self)
    requireSendable(JSONParseError.Kind.self)
    requireSendable(JSONParsingOptions.self)
    requireSendable(JSONSerializer.self)
    requireSendable(JSONPath.self)
    requireSendable(DecodeError.self)
    requireSendable(Decoded<Int>.self)
    requireSendable(Decoded<[String: JSON]>.self)
  }

  @Test("a parsed document is shared safely across tasks")
  func sharedAcrossTasks() async throws {
    let json = try JSON(parsing: #"{"ids": [1, 2, 3], "name": "Ada"}"#)
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask { (json["ids"]?.arrayValue ?? []).compactMap(\.intValue).reduce(0, +) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sums == Array(repeating: 6, count: 8))
  }
}
