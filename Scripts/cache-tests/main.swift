// Runs the test definitions of http-tests/cache-tests (exported to JSON by
// Scripts/cache-tests.sh) through CacheMiddleware, in-process, as a private,
// browser-like cache: the origin answers each request as the case says (as the
// suite's server does), on a clock that moves only when a case pauses.
//
// It follows the suite's client and server (test-engine/client/test.mjs,
// test-engine/server/handle-test.mjs) and its scoring (test-engine/lib/results.mjs,
// with dependencies honoured, as cache-tests.fyi shows them). Not run by CI.
//
//   swift run CacheTests [--stale-when-disconnected] tests.json [test-id]
//
// `--stale-when-disconnected` runs the cache with `servesStaleWhenDisconnected`, so
// that the suite's `stale-close` check and the required cases that depend on it
// (`stale-close-must-revalidate`, `stale-close-no-cache`) are scored. Without it,
// the cache runs as `CacheMiddleware`'s defaults make it.

import Foundation

@testable import ArgonautServices

// MARK: The clock

/// Time as the cache and the origin see it: it moves only when a case pauses.
final class HarnessClock: MiddlewareClock, @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  var now: Date { lock.withLock { current } }
  func advance(_ seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
  func sleep(for duration: Duration) async throws {
    advance(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
  }
}

// MARK: JSON helpers

typealias Object = [String: Any]

extension Dictionary where Key == String, Value == Any {
  func string(_ key: String) -> String? { self[key] as? String }
  func bool(_ key: String) -> Bool { (self[key] as? Bool) == true }
  func has(_ key: String) -> Bool { self[key] != nil }
  func list(_ key: String) -> [Any] { self[key] as? [Any] ?? [] }
}

/// A header as the suite writes one: `[name, value]` or `[name, value, saved]`.
struct Field {
  var name: String
  var value: Any
  var saved: Bool

  init?(_ any: Any) {
    guard let parts = any as? [Any], parts.count >= 2, let name = parts[0] as? String else { return nil }
    self.name = name
    self.value = parts[1]
    self.saved = parts.count < 3 || (parts[2] as? Bool) == true
  }

  var text: String {
    if let string = value as? String { return string }
    if let number = value as? NSNumber { return number.stringValue }
    return "\(value)"
  }
}

// MARK: HTTP dates as the suite writes them

let dateFields: Set<String> = ["date", "expires", "last-modified", "if-modified-since", "if-unmodified-since"]

func httpDate(milliseconds: Double, delta: Double, rfc850: Bool) -> String {
  let date = Date(timeIntervalSince1970: ((milliseconds + delta * 1000) / 1000).rounded(.down))
  guard rfc850 else { return HTTPDate.string(from: date) }
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "GMT")
  formatter.dateFormat = "EEEE, dd-MMM-yy HH:mm:ss 'GMT'"
  return formatter.string(from: date)
}

/// The suite's `fixupHeader`: integer dates relative to `Server-Now`, and
/// `magic_locations`.
func fixup(_ field: Field, serverNow: Double?, baseURL: String?, config: Object) -> Field {
  var field = field
  let name = field.name.lowercased()
  if dateFields.contains(name), let delta = field.value as? NSNumber, !(field.value is String), let serverNow {
    let rfc850 = (config["rfc850date"] as? [String])?.contains(name) == true
    field.value = httpDate(milliseconds: serverNow, delta: delta.doubleValue, rfc850: rfc850)
  }
  if ["location", "content-location"].contains(name), config.bool("magic_locations") {
    let value = field.text
    field.value = value.isEmpty ? (baseURL ?? "") : "\(baseURL ?? "")/\(value)"
  }
  return field
}

/// Header fields as a dictionary, repeated names joined with `, ` as a client does.
func joined(_ fields: [(String, String)]) -> [String: String] {
  var headers: [String: String] = [:]
  var names: [String: String] = [:]
  for (name, value) in fields {
    if let existing = names[name.lowercased()] {
      headers[existing] = headers[existing]! + ", " + value
    } else {
      names[name.lowercased()] = name
      headers[name] = value
    }
  }
  return headers
}

// MARK: The origin

struct ServerRequest {
  var requestNumber: Int?
  var method: String
  var headers: [String: String]  // lowercased names
  var savedResponseHeaders: [(String, String)]
}

struct Disconnected: Error {}

/// The suite's server for one case (handle-test.mjs).
final class Origin: @unchecked Sendable {
  // @unchecked: every mutable property is only touched under `lock`.
  private let lock = NSLock()
  let uuid: String
  let clock: HarnessClock
  private var configs: [Object]
  private var state: [ServerRequest] = []

  init(uuid: String, configs: [Object], clock: HarnessClock) {
    self.uuid = uuid
    self.configs = configs
    self.clock = clock
  }

  var serverState: [ServerRequest] { lock.withLock { state } }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let pause = lock.withLock { () -> Double? in
      let number = Int(request.header("Req-Num") ?? "") ?? (state.count + 1)
      guard number >= 1, number <= configs.count else { return nil }
      return (configs[number - 1]["response_pause"] as? NSNumber)?.doubleValue
    }
    if let pause { clock.advance(pause) }
    return try lock.withLock { try respond(request) }
  }

  private func respond(_ request: HTTPRequest) throws -> HTTPResponse {
    let serverNumber = state.count + 1
    let clientNumber = Int(request.header("Req-Num") ?? "")
    let number = clientNumber ?? serverNumber
    guard number >= 1, number <= configs.count else {
      return HTTPResponse(statusCode: 409, body: Data("config not found for request \(serverNumber)".utf8))
    }
    let config = configs[number - 1]
    let now = (clock.now.timeIntervalSince1970 * 1000).rounded(.down)

    var status = (config["response_status"] as? [Any])?.first as? Int ?? 200
    if let expected = config.string("expected_type"), expected.hasSuffix("validated"), number >= 2 {
      let previous = configs[number - 2].list("response_headers").compactMap(Field.init)
      func previousValue(_ name: String) -> String? {
        previous.last { $0.name.lowercased() == name }?.text
      }
      if let lastModified = previousValue("last-modified"), request.header("If-Modified-Since") == lastModified {
        status = 304
      }
      if let etag = previousValue("etag"), request.header("If-None-Match") == etag { status = 304 }
      if status != 304 { status = 999 }
    }

    let path = request.url.path + (request.url.query.map { "?" + $0 } ?? "")
    var fields: [(String, String)] = [
      ("Server-Base-Url", path), ("Server-Request-Count", "\(serverNumber)"),
      ("Client-Request-Count", clientNumber.map(String.init) ?? "NaN"),
      ("Server-Now", String(format: "%.0f", now)),
    ]
    var saved: [(String, String)] = []
    var fixed: [Any] = []
    for raw in config.list("response_headers") {
      guard let field = Field(raw) else { continue }
      let done = fixup(field, serverNow: now, baseURL: path, config: config)
      fixed.append([done.name, done.value, done.saved])
      fields.append((done.name, done.text))
      if done.saved {
        if let index = saved.firstIndex(where: { $0.0.lowercased() == done.name.lowercased() }) {
          saved[index].1 += ", " + done.text
        } else {
          saved.append((done.name, done.text))
        }
      }
    }
    // The suite rewrites its configuration in place: later requests see the dates.
    configs[number - 1]["response_headers"] = fixed
    if !fields.contains(where: { $0.0.lowercased() == "content-type" }) { fields.append(("Content-Type", "text/plain")) }
    var requestHeaders: [String: String] = [:]
    for (name, value) in request.headers { requestHeaders[name.lowercased()] = value }
    state.append(
      ServerRequest(
        requestNumber: clientNumber, method: request.method.rawValue, headers: requestHeaders,
        savedResponseHeaders: saved))
    fields.append(("Request-Numbers", state.map { $0.requestNumber.map(String.init) ?? "NaN" }.joined(separator: " ")))

    if config.bool("disconnect") { throw Disconnected() }
    var body = Data()
    if status != 204 && status != 304 {
      let text = config.string("response_body").flatMap { $0.isEmpty ? nil : $0 } ?? uuid
      body = Data(text.utf8)
    }
    return HTTPResponse(statusCode: status, headers: joined(fields), body: body)
  }
}

// MARK: The client

struct Failure: Error {
  var setup: Bool
  var message: String
}

func check(_ setup: Bool, _ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw Failure(setup: setup, message: message()) }
}

func isSetup(_ config: Object, _ member: String) -> Bool {
  config.bool("setup") || (config["setup_tests"] as? [String])?.contains(member) == true
}

func lowercasedHeaders(_ response: HTTPResponse) -> [String: String] {
  var headers: [String: String] = [:]
  for (name, value) in response.headers { headers[name.lowercased()] = value }
  return headers
}

/// Runs one case; `nil` when it passes, else what went wrong (`setup` for a setup
/// failure, as the suite counts them).
func run(_ test: Object, cache: CacheMiddleware, clock: HarnessClock) async -> (kind: String, message: String)? {
  let uuid = UUID().uuidString.lowercased()
  let configs = test.list("requests").compactMap { $0 as? Object }
  let origin = Origin(uuid: uuid, configs: configs, clock: clock)
  var responses: [HTTPResponse] = []
  do {
    for (index, config) in configs.enumerated() {
      let number = index + 1
      var path = "/test/\(uuid)"
      if let filename = config.string("filename") { path += "/\(filename)" }
      if let query = config.string("query_arg") { path += "?\(query)" }
      var fields: [(String, String)] = []
      for raw in config.list("request_headers") {
        guard var field = Field(raw) else { continue }
        if config.bool("magic_ims"), field.name.lowercased() == "if-modified-since", let previous = responses.last {
          let serverNow = lowercasedHeaders(previous)["server-now"].flatMap(Double.init)
          field = fixup(field, serverNow: serverNow, baseURL: nil, config: config)
        }
        fields.append((field.name, field.text))
      }
      if config.string("cache") == "no-cache", !fields.contains(where: { $0.0.lowercased() == "cache-control" }) {
        fields.append(("Cache-Control", "max-age=0"))  // what Fetch sends for cache: "no-cache"
      }
      if let name = test.string("name") { fields.append(("Test-Name", name)) }
      fields.append(("Test-ID", test.string("id") ?? ""))
      fields.append(("Req-Num", "\(number)"))
      let method = HTTPMethod(rawValue: config.string("request_method") ?? "GET")
      let request = HTTPRequest(
        method: method, url: URL(string: "http://origin.test\(path)")!, headers: joined(fields),
        body: config.string("request_body").map { Data($0.utf8) })
      let response: HTTPResponse
      do {
        response = try await cache.intercept(request, next: origin.send, detached: origin.send)
      } catch {
        return ("TypeError", "request \(number) failed: \(error)")
      }
      await cache.backgroundRevalidationsFinished()
      responses.append(response)
      try checkResponse(config, number: number, response, uuid: uuid, method: method)
      if config.bool("pause_after") { clock.advance(3) }
    }
    try checkServerRequests(configs, responses, origin.serverState)
    return nil
  } catch let failure as Failure {
    return (failure.setup ? "Setup" : "Assertion", failure.message)
  } catch {
    return ("Harness", "\(error)")
  }
}

func checkResponse(_ config: Object, number: Int, _ response: HTTPResponse, uuid: String, method: HTTPMethod) throws {
  let headers = lowercasedHeaders(response)
  let serverNumber = headers["server-request-count"].flatMap { Int($0) }
  if let numbers = headers["request-numbers"]?.split(separator: " "), Set(numbers).count != numbers.count {
    try check(true, false, "retry")
  }
  if let expected = config.string("expected_type") {
    let setup = isSetup(config, "expected_type")
    if expected == "cached", !(response.statusCode == 304 && serverNumber == nil) {
      try check(setup, (serverNumber ?? Int.max) < number, "Response \(number) does not come from cache")
    }
    if expected == "not_cached" {
      try check(setup, serverNumber == number, "Response \(number) comes from cache")
    }
  }
  if config.has("expected_status") {
    if let status = config["expected_status"] as? Int {
      try check(
        isSetup(config, "expected_status"), response.statusCode == status,
        "Response \(number) status is \(response.statusCode), not \(status)")
    }
  } else if let status = (config["response_status"] as? [Any])?.first as? Int {
    try check(true, response.statusCode == status, "Response \(number) status is \(response.statusCode), not \(status)")
  } else if response.statusCode == 999 {
    try check(isSetup(config, "expected_type"), false, "Request \(number) should have been conditional, but it was not.")
  } else {
    try check(true, response.statusCode == 200, "Response \(number) status is \(response.statusCode), not 200")
  }
  let presentSetup = isSetup(config, "expected_response_headers")
  for raw in config.list("expected_response_headers") {
    if let name = raw as? String {
      try check(presentSetup, headers[name.lowercased()] != nil, "Response \(number) \(name) header not present.")
    } else if let parts = raw as? [Any], parts.count > 2, let name = parts[0] as? String, let op = parts[1] as? String {
      let value = headers[name.lowercased()]
      try check(presentSetup, value != nil, "Response \(number) \(name) header not present.")
      if op == "=" {
        let other = headers[(parts[2] as? String ?? "").lowercased()]
        try check(presentSetup, value == other, "Response \(number) header \(name) is \(value ?? "null"), should match")
      } else {
        let bound = (parts[2] as? NSNumber)?.intValue ?? 0
        try check(
          presentSetup, (value.flatMap { Int($0) } ?? Int.min) > bound,
          "Response \(number) header \(name) is \(value ?? "null"), should be bigger than \(bound)")
      }
    } else if let field = Field(raw) {
      let expected = fixup(
        field, serverNow: headers["server-now"].flatMap(Double.init), baseURL: headers["server-base-url"],
        config: config
      ).text
      let value = headers[field.name.lowercased()]
      try check(
        presentSetup, value == expected,
        "Response \(number) header \(field.name) is \"\(value ?? "null")\", not \"\(expected)\"")
    }
  }
  let missingSetup = isSetup(config, "expected_response_headers_missing")
  for raw in config.list("expected_response_headers_missing") {
    if let name = raw as? String {
      try check(
        missingSetup, headers[name.lowercased()] == nil,
        "Response \(number) includes unexpected header \(name): \"\(headers[name.lowercased()] ?? "")\"")
    } else if let field = Field(raw), let value = headers[field.name.lowercased()] {
      // Stricter than the suite's client, whose check of this form never runs.
      try check(
        missingSetup, !value.contains(field.text), "Response \(number) header \(field.name) still has value \"\(value)\"")
    }
  }
  let body = String(decoding: response.body, as: UTF8.self)
  if config["check_body"] as? Bool == false { return }
  if config.has("expected_response_text") {
    if let text = config.string("expected_response_text") {
      try check(isSetup(config, "expected_response_text"), body == text, "Response body is \"\(body)\", not \"\(text)\"")
    }
  } else if let text = config.string("response_body") {
    try check(true, body == text, "Response body is \"\(body)\", not \"\(text)\"")
  } else if ![204, 304].contains(response.statusCode), method != .head {
    try check(true, body == uuid, "Response body is \"\(body)\", not \"\(uuid)\"")
  }
}

func checkServerRequests(_ configs: [Object], _ responses: [HTTPResponse], _ state: [ServerRequest]) throws {
  var serverIndex = 0
  for (index, config) in configs.enumerated() {
    let number = index + 1
    let typeSetup = isSetup(config, "expected_type")
    let serverRequest = serverIndex < state.count ? state[serverIndex] : nil
    var validating: [String] = []
    if let expected = config.string("expected_type") {
      if expected == "cached" { continue }
      if expected == "not_cached" {
        try check(
          typeSetup, serverRequest?.requestNumber == number,
          "Response \(number) comes from cache (\(serverRequest?.requestNumber.map(String.init) ?? "none") on server)")
      }
      if expected == "etag_validated" { validating.append("if-none-match") }
      if expected == "lm_validated" { validating.append("if-modified-since") }
    }
    serverIndex += 1
    for name in validating {
      try check(typeSetup, serverRequest != nil, "request \(number) wasn't sent to server")
      try check(typeSetup, serverRequest?.headers[name] != nil, "request \(number) doesn't have \(name) header")
    }
    let presentSetup = isSetup(config, "expected_request_headers")
    for raw in config.list("expected_request_headers") {
      if let name = raw as? String {
        try check(presentSetup, serverRequest?.headers[name.lowercased()] != nil, "Request \(number) \(name) header not present.")
      } else if let field = Field(raw) {
        let value = serverRequest?.headers[field.name.lowercased()]
        try check(presentSetup, value == field.text, "Request \(number) header \(field.name) is \"\(value ?? "null")\", not \"\(field.text)\"")
      }
    }
    let missingSetup = isSetup(config, "expected_request_headers_missing")
    for raw in config.list("expected_request_headers_missing") {
      if let name = raw as? String {
        try check(missingSetup, serverRequest?.headers[name.lowercased()] == nil, "Request \(number) \(name) header present.")
      } else if let field = Field(raw) {
        try check(
          missingSetup, serverRequest?.headers[field.name.lowercased()] != field.text,
          "Request \(number) header \(field.name) is \"\(field.text)\"")
      }
    }
    if let serverRequest, index < responses.count {
      let received = lowercasedHeaders(responses[index])
      for (name, value) in serverRequest.savedResponseHeaders {
        let lowered = name.lowercased()
        // The suite's browser mode skips Set-Cookie here too, because Fetch hides it;
        // this client reads every field, so it checks it.
        if lowered == "date" { continue }
        try check(
          true, received[lowered] == value,
          "Response \(number) header \(name) is \"\(received[lowered] ?? "null")\", not \"\(value)\"")
      }
    }
    if let method = config.string("expected_method") {
      try check(
        isSetup(config, "expected_method"), serverRequest?.method == method,
        "Request \(number) had method \(serverRequest?.method ?? "none"), not \(method)")
    }
  }
}

// MARK: Scoring

/// Cases this cache fails on purpose, with the reason; reported apart, never as passes.
/// None at present: the two Set-Cookie cases that were here pass since the cache
/// stores that field (RFC 9111 §3.1).
let excluded: [String: String] = [:]

let staleWhenDisconnected = CommandLine.arguments.contains("--stale-when-disconnected")
let arguments = CommandLine.arguments.filter { $0 != "--stale-when-disconnected" }
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]),
  let suites = try JSONSerialization.jsonObject(with: data) as? [Object]
else {
  FileHandle.standardError.write(Data("usage: CacheTests [--stale-when-disconnected] tests.json [test-id]\n".utf8))
  exit(2)
}
let only = arguments.count >= 3 ? arguments[2] : nil

let clock = HarnessClock()
let cache = CacheMiddleware(
  storage: .memory, byteLimit: 512 * 1024 * 1024, servesStaleWhenDisconnected: staleWhenDisconnected, clock: clock)
print("servesStaleWhenDisconnected: \(staleWhenDisconnected)")
var tests: [String: Object] = [:]
var order: [String] = []
var results: [String: (kind: String, message: String)?] = [:]
for suite in suites {
  for case let test as Object in suite.list("tests") {
    guard let id = test.string("id") else { continue }
    tests[id] = test
    // A private, browser-like cache: the suite's browser mode.
    if test.bool("cdn_only") || test.bool("browser_skip") { continue }
    if let only, id != only { continue }
    order.append(id)
    results[id] = await run(test, cache: cache, clock: clock)
  }
}

@MainActor func kind(_ id: String) -> String { tests[id]?.string("kind") ?? "required" }

/// The suite's `determineTestResult`, dependencies honoured.
@MainActor func outcome(_ id: String) -> String {
  guard let result = results[id] else { return "untested" }
  for dependency in tests[id]?["depends_on"] as? [String] ?? [] where !["pass", "yes"].contains(outcome(dependency)) {
    return "dependency"
  }
  if let result {
    if result.kind == "Setup" { return result.message == "retry" ? "retry" : "setup" }
    if result.kind == "Harness" { return "harness" }
  }
  switch kind(id) {
  case "optimal": return result == nil ? "pass" : "optional-fail"
  case "check": return result == nil ? "yes" : "no"
  default: return result == nil ? "pass" : "fail"
  }
}

var totals: [String: [String: Int]] = [:]
for id in order {
  var state = outcome(id)
  if excluded[id] != nil, state != "pass" { state = "excluded" }
  totals[kind(id), default: [:]][state, default: 0] += 1
  var line = "\(state.uppercased().padding(toLength: 13, withPad: " ", startingAt: 0)) \(id) [\(kind(id))]"
  if let reason = excluded[id], state == "excluded" {
    line += ": \(reason)"
  } else if let result = results[id] ?? nil {
    line += ": \(result.kind): \(result.message)"
  } else if state == "dependency" {
    let failed = (tests[id]?["depends_on"] as? [String] ?? []).filter { !["pass", "yes"].contains(outcome($0)) }
    line += ": depends on \(failed.joined(separator: ", "))"
  }
  print(line)
}
print("")
for kind in ["required", "optimal", "check"] {
  let counts = totals[kind, default: [:]]
  let total = counts.values.reduce(0, +)
  let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
  print("\(kind): \(total) cases: \(parts)")
}
let required = totals["required", default: [:]]
exit((required["fail", default: 0] + required["setup", default: 0] + required["harness", default: 0]) == 0 ? 0 : 1)
