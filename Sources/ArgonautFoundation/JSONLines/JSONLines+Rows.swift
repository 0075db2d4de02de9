import Argonaut
import Foundation

extension JSONLines {
  /// The values of a JSON Lines file as it is read, one per line: what
  /// ``JSONLines/rows(contentsOf:as:)`` and ``JSONLines/rows(contentsOf:)`` return.
  ///
  /// ```swift
  /// for try await issue in JSONLines.rows(contentsOf: fileURL, as: Issue.self) {
  ///   print(issue.title)
  /// }
  /// ```
  ///
  /// Each loop opens the file when it asks for the first value, and closes it when
  /// it ends or is left early. The file is read 64 KiB at a time, and the lines of
  /// each chunk are parsed together, then decoded one by one: memory holds one chunk,
  /// its values and the start of the line it cuts, whatever the file's size (a single
  /// line larger than a chunk is held whole).
  ///
  /// A file that cannot be read fails with ``JSONLinesError/Kind/readFailed``; a bad
  /// line with ``JSONLinesError/Kind/invalidJSON`` or
  /// ``JSONLinesError/Kind/decodingFailed``, after the values of the lines before it.
  /// Cancelling the loop's task ends it with ``JSONLinesError/Kind/cancelled`` before
  /// the next chunk is read.
  ///
  /// The loop reads the file in its own isolation: on the main actor, it reads and
  /// decodes there, without a switch of executor for each value. The reads block
  /// while they wait for the disk, as reading a regular file does; a named pipe would
  /// block the loop's thread until its writer writes.
  public struct Rows<Value: Argonaut.Decodable>: AsyncSequence, Sendable where Value.DecodedType == Value {
    /// A decoded line.
    public typealias Element = Value
    /// The error that ends the sequence early.
    public typealias Failure = JSONLinesError

    /// The file.
    let url: URL

    /// Starts reading: the file is opened on the first call to `next()`.
    public func makeAsyncIterator() -> Iterator {
      Iterator(url: url)
    }

    /// Reads the values one by one.
    public struct Iterator: AsyncIteratorProtocol {
      /// The error that ends the sequence early.
      public typealias Failure = JSONLinesError

      let url: URL
      /// The open file, from the first call to `next()` until the loop ends.
      var file: JSONLinesFileReader?
      var reader = JSONLineReader()
      /// The parsed lines not yet decoded, the next one last.
      @usableFromInline var pending: [JSON] = []
      /// The numbers of the lines parsed with the last chunk, in order: the last
      /// `pending.count` of them are those of `pending`, reversed.
      var lineNumbers = JSONLineNumbers()
      /// The error of a bad line, thrown once the lines before it are read.
      var deferredFailure: JSONLinesError?
      var isFinished = false

      init(url: URL) {
        self.url = url
      }

      /// The most bytes of the file held at once so far: the lines parsed from one
      /// chunk, and the start of the line that it cut.
      var peakByteCount: Int { reader.peakByteCount }

      /// The next value.
      /// - Returns: The value of the next non-blank line, or `nil` after the last one.
      /// - Throws: ``JSONLinesError``; the sequence ends after an error.
      @inlinable
      public mutating func next() async throws(JSONLinesError) -> Value? {
        try nextValue()
      }

      /// The next value, read in the caller's isolation: a loop on an actor (the
      /// main actor, say) does not leave it for each value.
      ///
      /// - Parameter actor: The caller's actor; `for try await` passes it.
      /// - Returns: The value of the next non-blank line, or `nil` after the last one.
      /// - Throws: ``JSONLinesError``; the sequence ends after an error.
      @inlinable
      public mutating func next(isolation actor: isolated (any Actor)?) async throws(JSONLinesError) -> Value? {
        try nextValue()
      }

      /// The next value, decoded with the caller's specialized decoder: inlined into
      /// the loop, so that only a chunk's end makes a call.
      @inlinable
      mutating func nextValue() throws(JSONLinesError) -> Value? {
        while true {
          if let json = pending.popLast() {
            switch Value.decode(json) {
            case .success(let value): return value
            case .failure(let error): throw failDecoding(error)
            }
          }
          guard try readLines() else { return nil }
        }
      }

      /// Reads chunks until some lines are parsed, or the file ends.
      /// - Returns: Whether lines were parsed; `false` after the last one.
      /// - Throws: ``JSONLinesError``; the sequence ends after an error.
      @usableFromInline
      mutating func readLines() throws(JSONLinesError) -> Bool {
        do throws(JSONLinesError) {
          while true {
            if let failure = deferredFailure {
              deferredFailure = nil
              throw failure
            }
            guard !isFinished else { return false }
            if Task.isCancelled { throw JSONLinesError(.cancelled, url: url) }
            let file: JSONLinesFileReader
            if let open = self.file {
              file = open
            } else {
              file = try JSONLinesFileReader(url: url)
              self.file = file
            }
            let chunk = try file.nextChunk()
            if chunk.isEmpty { isFinished = true }
            let failure = reader.read(chunk.isEmpty ? nil : chunk, into: &pending, numbers: &lineNumbers)
            if case .invalidJSON(let line, let error)? = failure {
              deferredFailure = JSONLinesError(.invalidJSON(error), url: url, line: line)
            }
            if !pending.isEmpty { return true }
          }
        } catch {
          finish()
          throw error
        }
      }

      /// The error for the line just taken from `pending`, which did not decode; the
      /// sequence ends.
      @usableFromInline
      mutating func failDecoding(_ error: DecodeError) -> JSONLinesError {
        let line = lineNumbers.lineTaken(leaving: pending.count)
        finish()
        return JSONLinesError(.decodingFailed(error, modelName: "\(Value.self)"), url: url, line: line)
      }

      /// Ends the sequence and closes the file.
      private mutating func finish() {
        isFinished = true
        deferredFailure = nil
        pending.removeAll()
        lineNumbers.removeAll()
        file = nil
      }
    }
  }
}
