import Foundation

/// An event stream's parser: the line splitter and the event builder, fed chunk by
/// chunk, the events of each chunk collected in order.
struct EventStreamParser {
  private var lines: EventStreamLineSplitter
  private var builder: EventStreamEventBuilder

  /// A line or an event larger than the limit.
  enum Failure: Error {
    case lineTooLong
    case eventTooLarge
  }

  /// A parser for a stream whose lines and events may hold `maximumSize` bytes.
  init(maximumSize: Int, lastEventID: String? = nil) {
    lines = EventStreamLineSplitter(maximumLineLength: maximumSize)
    builder = EventStreamEventBuilder(maximumEventSize: maximumSize, lastEventID: lastEventID)
  }

  /// The last event ID in effect.
  var lastEventID: String? { builder.lastEventID }
  /// The reconnection time the stream last set, in milliseconds.
  var reconnectionTime: Int? { builder.reconnectionTime }

  /// Parses `chunk`, appending the events it completes to `events`.
  mutating func parse(_ chunk: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(Failure) {
    var failure: Failure?
    // Moved out, not copied, so that its buffers stay uniquely referenced while the
    // closure appends to them.
    var builder = EventStreamEventBuilder(maximumEventSize: 0)
    swap(&builder, &self.builder)
    defer { swap(&builder, &self.builder) }
    do {
      try lines.split(chunk) { line in
        guard failure == nil else { return }
        do {
          if let event = try builder.line(line) { events.append(event) }
        } catch {
          failure = .eventTooLarge
        }
      }
    } catch {
      failure = .lineTooLong
    }
    if let failure { throw failure }
  }

  /// Parses `chunk`, appending the events it completes to `events`.
  mutating func parse(_ chunk: Data, into events: inout [ServerSentEvent]) throws(Failure) {
    var failure: Failure?
    chunk.withUnsafeBytes { bytes in
      do throws(Failure) {
        try parse(bytes, into: &events)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The stream ended: what it cut is dropped, and the next stream (a reconnection)
  /// starts afresh, keeping the last event ID and the reconnection time.
  mutating func endOfStream() {
    lines.reset()
    builder.reset()
  }
}
