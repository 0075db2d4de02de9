// Streams and transfers: server-sent events as a chat shows them, and a download
// with a progress bar, over real HTTP; then a JSON Lines file written and streamed
// back.
//
// Run it with `Playgrounds/run Streams`, or by hand after
// `swift build -c release --product ArgonautDynamic`:
//
//   swift -swift-version 6 -O -I .build/release/Modules -L .build/release -lArgonautDynamic Playgrounds/Streams.swift
//
// It starts the fault server (Fixtures/FaultServer/server.py, Python 3), whose
// `/stream/…` endpoints send bodies over time: `/stream/echo` sends a request's body
// back a few bytes at a time, the way a chat API streams its tokens. It exits with
// status 1 if anything unexpected happens.

import Argonaut
import ArgonautFoundation
import ArgonautServices
import Foundation
import NewsFeedExample

/// Stops the playground with a message and a failing exit status.
func fail(_ message: String) -> Never {
  print("✘ \(message)")
  exit(1)
}

// MARK: 1. Start the server

let playgrounds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let script = playgrounds.deletingLastPathComponent().appendingPathComponent("Fixtures/FaultServer/server.py")
let server: ExampleServer
do {
  server = try ExampleServer.start(script: script)
} catch {
  fail("could not start the fault server: \(error)")
}

final class ChatService: Service {
  typealias Model = JSON
}

/// One token of a chat completion, as the events' data carry it.
struct Delta: Decodable {
  let token: String
  static func decode(_ json: JSON) -> Decoded<Delta> {
    Delta.init <^> json <| "token"
  }
}

let configuration = ServiceConfiguration(environment: server.environment, timeout: .seconds(30))

await ServiceConfiguration.$current.withValue(configuration) {
  let service = ChatService()

  // MARK: 2. A chat-style stream of token events

  // The server echoes this event stream, 7 bytes every 20 ms: each event reaches
  // the loop as soon as its empty line does, long before the body ends.
  let tokens = ["Argonaut ", "streams ", "server-", "sent ", "events ", "as ", "they ", "arrive."]
  var body = ": a comment the parser skips\n"
  for token in tokens { body += "event: delta\ndata: {\"token\": \"\(token)\"}\n\n" }
  body += "event: done\ndata: [DONE]\n\n"
  let chat = Request(
    .post, "/stream/echo", query: [QueryItem("split", "7"), QueryItem("ms", "20")], body: .text(body))

  print("Assistant: ", terminator: "")
  var received = ""
  do throws(ServiceError) {
    for try await event in service.events(chat) {
      if event.event == "done" { break }
      let delta: Decoded<Delta> = event.decode(as: Delta.self)
      guard let token = delta.value?.token else { fail("not a delta: \(event)") }
      received += token
      print(token, terminator: "")
      fflush(nil)  // all C streams: standard output among them
    }
  } catch {
    fail("the chat stream failed: \(error)")
  }
  print()
  guard received == tokens.joined() else { fail("the tokens arrived as \(received)") }

  // MARK: 3. JSON Lines and bytes

  let export = Request(
    .post, "/stream/echo", query: [QueryItem("split", "5"), QueryItem("type", "application/x-ndjson")],
    body: .text("{\"id\": 1}\n{\"id\": 2}\n\n{\"id\": 3}\n"))
  var ids: [JSON] = []
  do throws(ServiceError) {
    for try await row in service.lines(export) { ids.append(row["id"] ?? .null) }
  } catch {
    fail("the JSON Lines failed: \(error)")
  }
  print("JSON Lines ids: \(ids)")
  guard ids == [1, 2, 3] else { fail("wrong ids") }

  // MARK: 4. A download with a progress bar

  let destination = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-playground.bin")
  defer { try? FileManager.default.removeItem(at: destination) }
  let size = 64 << 20
  var lastPercent = -1
  do {
    let file = try await service.download(
      Request(.get, "/stream/pattern", query: [QueryItem("bytes", "\(size)")]), to: destination
    ) { progress in
      let percent = Int((progress.fractionCompleted ?? 0) * 100)
      guard percent != lastPercent else { return }
      lastPercent = percent
      let bar = String(repeating: "█", count: percent / 4) + String(repeating: "·", count: 25 - percent / 4)
      print("\rDownloading [\(bar)] \(percent)% ", terminator: "")
      fflush(nil)  // all C streams: standard output among them
    }
    print()
    let written = try FileManager.default.attributesOfItem(atPath: file.value.path)[.size] as? NSNumber
    guard written?.intValue == size else { fail("the file has \(written ?? -1) bytes") }
    print("Downloaded \(size >> 20) MiB to \(file.value.lastPathComponent), status \(file.statusCode)")
  } catch {
    fail("the download failed: \(error)")
  }
}
server.stop()

// MARK: 5. A JSON Lines file, written and streamed back

/// An issue of a tracker, one per line of the file.
struct Issue: Decodable, JSONEncodable {
  let number: Int
  let title: String

  static func decode(_ json: JSON) -> Decoded<Issue> {
    curry(Issue.init) <^> json <| "number" <*> json <| "title"
  }

  func encode() -> JSON {
    ["number": number.encode(), "title": title.encode()]
  }
}

let issuesFile = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-issues.jsonl")
let issues = (1...10_000).map { Issue(number: $0, title: "Issue #\($0)") }
do throws(JSONLinesError) {
  // One compact value a line, LF-terminated, written to a temporary file and renamed:
  // a reader sees the old file or the new one, never a part.
  try JSONLines.write(issues, to: issuesFile)
  // Read back 64 KiB at a time: memory stays flat, whatever the file's size.
  var count = 0
  for try await issue in JSONLines.rows(contentsOf: issuesFile, as: Issue.self) {
    guard issue.number == count + 1 else { fail("issue \(issue.number) came as row \(count + 1)") }
    count += 1
  }
  print("Wrote and read back \(count) issues in \(issuesFile.lastPathComponent)")
  guard count == issues.count else { fail("read \(count) issues") }
} catch {
  fail("the JSON Lines file failed: \(error)")
}

// A bad line fails with its number, counted from 1, blank lines included.
let badFile = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-bad.jsonl")
// Its second line is blank, and its third is not JSON.
let badText = "{\"number\": 1, \"title\": \"ok\"}\n\n{\"number\": 2, \"title\": }\n"
try Data(badText.utf8).write(to: badFile)
do throws(JSONLinesError) {
  for try await issue in JSONLines.rows(contentsOf: badFile, as: Issue.self) { print("Read issue \(issue.number)") }
  fail("the bad line was read")
} catch {
  print("As expected: \(error)")
  guard error.kind == .invalidJSON, error.line == 3 else { fail("not the error expected: \(error)") }
}
try? FileManager.default.removeItem(at: issuesFile)
try? FileManager.default.removeItem(at: badFile)
print("✔ Streams playground done")
