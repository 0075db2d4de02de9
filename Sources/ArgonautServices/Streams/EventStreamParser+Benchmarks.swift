import Foundation

extension ServerSentEventStream {
  /// Parses an event stream held in memory, chunk by chunk, exactly as the
  /// iterator of ``Service/events(_:)`` parses the chunks that arrive, and calls
  /// `body` with each event: the parser alone, without a transport or an async
  /// sequence, for the benchmark program (`ArgonautBenchmarks --streams`). Without
  /// `body`, the events are made and dropped, as the iterator drops them once read.
  ///
  /// - Parameters:
  ///   - chunks: The body, in the chunks that it arrived in.
  ///   - maximumSize: The longest line or event accepted, in bytes.
  ///   - body: Called with each event, in order.
  /// - Returns: The number of events.
  /// - Throws: ``ServiceError/Kind/responseTooLarge`` for a line or an event larger
  ///   than `maximumSize`.
  @_spi(Benchmarks)
  public static func parse(
    _ chunks: [Data], maximumSize: Int = 64 << 20, _ body: ((ServerSentEvent) -> Void)? = nil
  ) throws(ServiceError) -> Int {
    var parser = EventStreamParser(maximumSize: maximumSize)
    var count = 0
    var failure: EventStreamParser.Failure?
    for chunk in chunks {
      // The iterator's one copy per chunk, into an array of its own.
      let bytes = [UInt8](chunk)
      var offset = 0
      do throws(EventStreamParser.Failure) {
        while let event = try parser.next(in: bytes, at: &offset) {
          body?(event)
          count += 1
        }
      } catch {
        failure = error
      }
      if failure != nil { throw ServiceError(.responseTooLarge(limit: maximumSize), request: nil, response: nil) }
    }
    parser.endOfStream()
    return count
  }
}
