import Foundation
import Testing

@testable import ArgonautServices

/// The store's cost, counted in list nodes touched (not timed): flat per operation
/// whatever the number of entries.
@Suite("CacheStore: O(1) hits, misses and evictions, counted in nodes touched")
struct CacheStoreTests {
  let clock = ManualClock()

  /// An entry whose size does not depend on its key.
  func entry() -> CachedResponse {
    CachedResponse(
      response: HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data(count: 64)),
      requestTime: clock.now, responseTime: clock.now, varyingHeaders: [:], partition: nil)
  }

  func key(_ number: Int) -> String {
    let digits = String(number)
    return "GET https://origin.test/" + String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// The nodes touched per miss (an insert that evicts one entry) and per hit, in a
  /// store full with `count` entries.
  func costs(full count: Int) -> (miss: Double, hit: Double) {
    let size = entry().byteCount
    let store = CacheStore(byteLimit: count * size)
    for number in 0..<count { store.store(entry(), at: key(number), in: key(number)) }
    #expect(store.count == count)
    let rounds = 1000
    let beforeMisses = store.work
    for number in count..<(count + rounds) { store.store(entry(), at: key(number), in: key(number)) }
    let misses = store.work - beforeMisses
    #expect(store.count == count)
    #expect(store.byteCount <= store.byteLimit)
    let beforeHits = store.work
    for number in stride(from: count, to: count + rounds, by: 1) {
      _ = store.entries(in: key(number))
      store.markUsed(key(number))
    }
    let hits = store.work - beforeHits
    return (Double(misses) / Double(rounds), Double(hits) / Double(rounds))
  }

  @Test("A miss in a full store costs the same with 1,000, 10,000 and 100,000 entries")
  func flatCost() {
    let small = costs(full: 1000)
    let medium = costs(full: 10_000)
    let large = costs(full: 100_000)
    #expect(small.miss == 2)  // unlink the oldest, link the new one
    #expect(medium.miss == small.miss)
    #expect(large.miss == small.miss)
    #expect(small.hit <= 2)
    #expect(large.hit == small.hit)
  }

  @Test("One insert that evicts 16,000 entries touches each of them once, not 16,000 times")
  func bigEviction() {
    let size = entry().byteCount
    let store = CacheStore(byteLimit: 16_000 * size)
    for number in 0..<16_000 { store.store(entry(), at: key(number), in: key(number)) }
    let before = store.work
    let big = CachedResponse(
      response: HTTPResponse(statusCode: 200, body: Data(count: 16_000 * size - 200)),
      requestTime: clock.now, responseTime: clock.now, varyingHeaders: [:], partition: nil)
    #expect(store.store(big, at: "big", in: "big"))
    #expect(store.work - before == 16_001)
    #expect(store.count == 1)
  }

  @Test("The least recently used entry goes first; a use moves an entry to the back")
  func order() {
    let size = entry().byteCount
    let store = CacheStore(byteLimit: 3 * size)
    for number in 0..<3 { store.store(entry(), at: key(number), in: "group") }
    store.markUsed(key(0))
    store.store(entry(), at: key(3), in: "group")
    #expect(Set(store.entries(in: "group").map(\.key)) == [key(0), key(2), key(3)])
    store.removeGroup("group")
    #expect(store.count == 0)
    #expect(store.byteCount == 0)
  }

  @Test("Through the middleware: a miss costs the same with 1,000 and 20,000 responses stored")
  func flatCostThroughTheMiddleware() async throws {
    func missCost(full count: Int) async throws -> Double {
      let origin = CacheOrigin { _, _ in
        HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data("same size".utf8))
      }
      let probe = CacheMiddleware(clock: clock)
      _ = try await probe.send(cacheRequest(String(key(0).dropFirst("GET https://origin.test".count))), to: origin)
      let size = probe.storedByteCount
      let cache = CacheMiddleware(byteLimit: count * size, clock: clock)
      let store = try #require(cache.store as? CacheStore)
      func path(_ number: Int) -> String { String(key(number).dropFirst("GET https://origin.test".count)) }
      for number in 0..<count { _ = try await cache.send(cacheRequest(path(number)), to: origin) }
      #expect(cache.storedCount == count)
      let before = store.work
      for number in count..<(count + 500) { _ = try await cache.send(cacheRequest(path(number)), to: origin) }
      #expect(cache.storedCount == count)
      return Double(store.work - before) / 500
    }
    let small = try await missCost(full: 1000)
    let large = try await missCost(full: 20_000)
    #expect(small == large)
  }
}
