import ArgonautTestSupport
import Foundation
import Testing

@testable import ArgonautServices

/// Parses `text` fed in chunks cut at `cuts` (byte offsets), then ends the stream.
private func parse(_ bytes: [UInt8], cuts: [Int] = [], maximumSize: Int = 1 << 20) throws -> [ServerSentEvent] {
  var parser = EventStreamParser(maximumSize: maximumSize)
  var events: [ServerSentEvent] = []
  var start = 0
  for cut in cuts + [bytes.count] where cut >= start {
    try parser.parse(Data(bytes[start..<cut]), into: &events)
    start = cut
  }
  parser.endOfStream()
  return events
}

private func parse(_ text: String, cuts: [Int] = []) throws -> [ServerSentEvent] {
  try parse(Array(text.utf8), cuts: cuts)
}

/// The events of `text` whole, checked to be the same for every single cut, and for
/// every chunk of one byte.
private func parseEverySplit(_ bytes: [UInt8]) throws -> [ServerSentEvent] {
  let whole = try parse(bytes)
  for cut in 0...bytes.count {
    #expect(try parse(bytes, cuts: [cut]) == whole, "cut at byte \(cut)")
  }
  #expect(try parse(bytes, cuts: Array(0...bytes.count)) == whole, "one byte per chunk")
  return whole
}

private func parseEverySplit(_ text: String) throws -> [ServerSentEvent] {
  try parseEverySplit(Array(text.utf8))
}

@Suite("Event stream parsing: the WHATWG rules, whatever the chunks", .offThePool)
struct EventStreamParserTests {
  @Test("An empty line dispatches an event, whose data is its data line")
  func simple() throws {
    #expect(try parseEverySplit("data: hello\n\n") == [ServerSentEvent(data: "hello")])
  }

  @Test("LF, CR and CRLF all end lines, mixed in one stream")
  func lineEnds() throws {
    let events = try parseEverySplit("data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\n\n")
    #expect(events.map(\.data) == ["a", "b", "c", "d"])
  }

  @Test("A CR at a chunk's end ends its line at once, and an LF after it is not an empty line")
  func crAtChunkEnd() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    try parser.parse(Data("data: a\r\n\r".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "a")], "dispatched on the CR, without waiting for the next chunk")
    try parser.parse(Data("\ndata: b\r".utf8), into: &events)
    try parser.parse(Data("\n\r\n".utf8), into: &events)
    #expect(events.map(\.data) == ["a", "b"])
  }

  @Test("Lines starting with a colon are comments")
  func comments() throws {
    let events = try parseEverySplit(": keep-alive\n:\ndata: x\n: in the middle\n\n")
    #expect(events == [ServerSentEvent(data: "x")])
  }

  @Test("Several data lines join with line feeds; an empty data line adds an empty line")
  func multilineData() throws {
    let events = try parseEverySplit("data: first\ndata:\ndata: third\n\ndata\n\n")
    #expect(events.map(\.data) == ["first\n\nthird", ""])
  }

  @Test("A field without a colon has an empty value")
  func fieldWithoutColon() throws {
    let events = try parseEverySplit("event\ndata\ndata\n\n")
    #expect(events == [ServerSentEvent(event: nil, data: "\n")])
  }

  @Test("Only one space after the colon is dropped")
  func oneSpace() throws {
    let events = try parseEverySplit("data:no space\n\ndata:  two spaces\n\ndata:\ttab\n\n")
    #expect(events.map(\.data) == ["no space", " two spaces", "\ttab"])
  }

  @Test("The first colon splits the field; later colons are in the value")
  func colonsInValue() throws {
    #expect(try parseEverySplit("data: a: b:c\n\n").map(\.data) == ["a: b:c"])
  }

  @Test("A byte-order mark at the start is dropped, even split across chunks; elsewhere it stays")
  func byteOrderMark() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let events = try parseEverySplit(bom + Array("data: a\n\n".utf8) + bom + Array("data: b\n\n".utf8))
    // The second mark starts a line whose field is "\u{FEFF}data", which is ignored.
    #expect(events == [ServerSentEvent(data: "a")])
    #expect(try parseEverySplit(bom + Array("\ndata: c\n\n".utf8)) == [ServerSentEvent(data: "c")])
  }

  @Test("UTF-8 characters split across chunks at any byte arrive whole")
  func utf8Split() throws {
    let events = try parseEverySplit("data: héllo wörld 🦊 日本\n\n")
    #expect(events == [ServerSentEvent(data: "héllo wörld 🦊 日本")])
  }

  @Test("Invalid UTF-8 becomes U+FFFD, as the standard's decoder does")
  func invalidUTF8() throws {
    let events = try parseEverySplit(Array("data: a".utf8) + [0xFF, 0xC3] + Array("\n\n".utf8))
    #expect(events == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}")])
  }

  @Test("The event field sets the type of one event; an empty one means message (nil)")
  func eventType() throws {
    let events = try parseEverySplit(
      "event: delta\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\nevent: message\ndata: 4\n\n")
    #expect(events.map(\.event) == ["delta", nil, nil, "message"])
  }

  @Test("The last event ID carries over to later events until changed; nil before any")
  func lastEventID() throws {
    let events = try parseEverySplit("data: a\n\nid: 7\ndata: b\n\ndata: c\n\nid\ndata: d\n\nid: 9\n\ndata: e\n\n")
    #expect(events.map(\.id) == [nil, "7", "7", "", "9"])
  }

  @Test("An id holding a NUL is ignored")
  func idWithNul() throws {
    let events = try parseEverySplit(Array("id: 1\ndata: a\n\nid: 2".utf8) + [0] + Array("\ndata: b\n\n".utf8))
    #expect(events.map(\.id) == ["1", "1"])
  }

  @Test("retry sets the block's reconnection time when all ASCII digits; anything else is ignored")
  func retry() throws {
    let text =
      "retry: 2500\ndata: a\n\ndata: b\n\nretry: 12a\ndata: c\n\nretry:\ndata: d\n\nretry: -1\ndata: e\n\n"
      + "retry:  3\ndata: f\n\nretry: 99999999999999999999999\ndata: g\n\n"
    let events = try parseEverySplit(text)
    #expect(events.map(\.retry) == [2500, nil, nil, nil, nil, nil, Int.max])
    var parser = EventStreamParser(maximumSize: 1024)
    var sink: [ServerSentEvent] = []
    try parser.parse(Data("retry: 10\n\nretry: x\n\n".utf8), into: &sink)
    #expect(sink.isEmpty, "a block without data dispatches nothing")
    #expect(parser.reconnectionTime == 10, "but its retry still sets the stream's reconnection time")
  }

  @Test("Unknown fields and wrongly-cased names are ignored")
  func unknownFields() throws {
    let events = try parseEverySplit("Data: no\nDATA: no\nfoo: bar\ndata: yes\n\n")
    #expect(events.map(\.data) == ["yes"])
  }

  @Test("A block without data dispatches nothing, but its id takes effect")
  func blockWithoutData() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    try parser.parse(Data("id: 5\nevent: ping\n\ndata: after\n\n".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "after", id: "5")], "the type does not carry over")
    #expect(parser.lastEventID == "5")
  }

  @Test("An event that the stream's end cuts is not dispatched, nor is a last line without its end")
  func cutAtEnd() throws {
    #expect(try parseEverySplit("data: a\n\ndata: b\n").map(\.data) == ["a"])
    #expect(try parseEverySplit("data: a\n\ndata: b").map(\.data) == ["a"])
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    try parser.parse(Data("id: 3\ndata: cut".utf8), into: &events)
    parser.endOfStream()
    #expect(parser.lastEventID == nil, "the cut block's id never took effect")
    try parser.parse(Data("\n\ndata: next\n\n".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "next")], "the next stream starts afresh")
  }

  @Test("A stream that ends between a CR and its LF does not see an empty line in the next stream")
  func crThenReconnect() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    try parser.parse(Data("id: 1\ndata: a\r\r".utf8), into: &events)
    parser.endOfStream()
    try parser.parse(Data("\ndata: b\n\n".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")])
  }

  @Test("next(in:at:) makes one event at a time, and leaves the offset past the line that dispatched it")
  func oneAtATime() throws {
    let bytes = Array("data: a\n\n: note\ndata: b\n\ndata: c".utf8)
    var parser = EventStreamParser(maximumSize: 1024)
    var offset = 0
    var seen: [(String, Int)] = []
    try bytes.withUnsafeBytes { chunk in
      while let event = try parser.next(in: chunk, at: &offset) { seen.append((event.data, offset)) }
    }
    #expect(seen.map(\.0) == ["a", "b"])
    #expect(seen.map(\.1) == [9, 25], "each offset is just past the empty line")
    #expect(offset == bytes.count, "the chunk's end")
    var events: [ServerSentEvent] = []
    try parser.parse(Data("\n\n".utf8), into: &events)
    #expect(events.map(\.data) == ["c"], "the cut line was kept")
  }

  @Test("A data line is copied before its chunk's memory is reused")
  func chunkReused() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    var buffer = Array("data: first\n".utf8)
    try buffer.withUnsafeBytes { try parser.parse($0, into: &events) }
    #expect(events.isEmpty)
    for index in buffer.indices { buffer[index] = UInt8(ascii: "X") }
    try buffer.withUnsafeBytes { try parser.parse(UnsafeRawBufferPointer(rebasing: $0[..<0]), into: &events) }
    try parser.parse(Data("data: second\n\n".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "first\nsecond")])
  }

  @Test("A line or an event larger than the limit fails, whole or split")
  func limits() throws {
    #expect(throws: EventStreamParser.Failure.lineTooLong) {
      try parse(Array("data: \(String(repeating: "x", count: 100))\n\n".utf8), maximumSize: 64)
    }
    #expect(throws: EventStreamParser.Failure.lineTooLong) {
      try parse(Array("data: \(String(repeating: "x", count: 100))\n\n".utf8), cuts: [10, 50], maximumSize: 64)
    }
    let many = String(repeating: "data: 0123456789\n", count: 10) + "\n"
    #expect(throws: EventStreamParser.Failure.eventTooLarge) { try parse(Array(many.utf8), maximumSize: 64) }
    #expect(try parse(Array(many.utf8), maximumSize: 4096).count == 1)
  }

  @Test("decode(as:) parses the data as JSON and decodes it; non-JSON data is a clear failure")
  func decode() throws {
    let event = ServerSentEvent(data: #"{"userName": "ada", "email": "ada@example.com"}"#)
    #expect(event.decode(as: StreamUser.self).value == StreamUser(userName: "ada", email: "ada@example.com"))
    let bad = ServerSentEvent(data: "[DONE]")
    let error = try #require(bad.decode(as: StreamUser.self).error)
    #expect("\(error)" == "(root): the event's data is not JSON: line 1, column 2: expected a value, found 'D'")
  }

  @Test("An event read from an array keeps its data and id as its bytes, and equals and hashes as the same strings")
  func fieldsAsBytes() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    // "é" precomposed in the stream; "e" and a combining accent in the string event:
    // equal as strings (canonical equivalence), so equal as events.
    try parser.parse(Array("event: delta\nid: 7\ndata: caf\u{E9}\n\n".utf8), into: &events)
    let made = ServerSentEvent(event: "delta", data: "cafe\u{301}", id: "7")
    let event = try #require(events.first)
    #expect(event.data == "café")
    #expect(event.id == "7")
    #expect(event == made)
    #expect(Set([event, made]).count == 1, "equal events hash alike")
    #expect(event != ServerSentEvent(event: "delta", data: "cafe", id: "7"))
    #expect(event != ServerSentEvent(event: "delta", data: "café", id: "8"))
  }

  @Test("Setting a field of an event read from the stream leaves the others as they were")
  func setFieldOfBytes() throws {
    var events: [ServerSentEvent] = []
    var parser = EventStreamParser(maximumSize: 1024)
    try parser.parse(Array("id: 3\ndata: first\n\n".utf8), into: &events)
    var event = try #require(events.first)
    event.data = "changed"
    #expect(event.data == "changed")
    #expect(event.id == "3")
    event.id = nil
    event.data += "!"
    #expect(event == ServerSentEvent(data: "changed!"))
  }

  @Test("An id carries into later chunks, after the chunk it arrived in is gone")
  func idAcrossChunks() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    var chunk = Array("id: 41\n\nid: 42\n\n".utf8)
    try parser.parse(chunk, into: &events)
    // The caller reuses its array, as the iterator of events(_:) does.
    chunk.removeAll(keepingCapacity: true)
    chunk.append(contentsOf: "data: a\n\n".utf8)
    try parser.parse(chunk, into: &events)
    chunk = Array(repeating: 0x23, count: 64)
    try parser.parse(Array("data: b\n\n".utf8), into: &events)
    #expect(events == [ServerSentEvent(data: "a", id: "42"), ServerSentEvent(data: "b", id: "42")])
    #expect(parser.lastEventID == "42")
  }

  @Test("decode(as:) of an event read from the stream reads its bytes, as it would read its data")
  func decodeBytes() throws {
    var parser = EventStreamParser(maximumSize: 1024)
    var events: [ServerSentEvent] = []
    // Ill-formed UTF-8 in the user name: the standard decodes it as U+FFFD, so the
    // data (and the JSON read from it) has U+FFFD.
    let stream =
      Array(#"data: {"userName": "a"#.utf8) + [0xFF] + Array(#"b", "email": "é@example.com"}"#.utf8)
      + Array("\n\ndata: [DONE]\n\ndata: {\"userName\": \"ada\", \"email\": \"ada@example.com\"}\n\n".utf8)
    try parser.parse(stream, into: &events)
    #expect(events.count == 3)
    #expect(events[2].decode(as: StreamUser.self).value == StreamUser(userName: "ada", email: "ada@example.com"))
    let user = StreamUser(userName: "a\u{FFFD}b", email: "é@example.com")
    #expect(events[0].decode(as: StreamUser.self).value == user)
    #expect(ServerSentEvent(data: events[0].data).decode(as: StreamUser.self).value == user)
    let error = try #require(events[1].decode(as: StreamUser.self).error)
    #expect("\(error)" == "(root): the event's data is not JSON: line 1, column 2: expected a value, found 'D'")
  }

  @Test("An event prints as its fields")
  func description() {
    let event = ServerSentEvent(event: "delta", data: "a\nb", id: "4", retry: 10)
    #expect(event.description == "event: delta / id: 4 / retry: 10 / data: a / data: b")
  }
}
