import Argonaut

/// The lines of one or more chunks, copied side by side by ``JSONLineSplitter``:
/// parsed together into one tape (one set of allocations for the chunk rather than
/// one per line), then decoded one by one. A batch with a bad line is parsed again
/// line by line, to name it.
package struct JSONLineBatch {
  /// The bytes of the body from ``offset`` on, with each line's end (its CR, or else
  /// its LF) made a NUL; a new array for each batch, since the values keep it.
  package var bytes: [UInt8] = []
  /// The byte offset in the body of `bytes[0]`.
  package var offset = 0
  /// The range in `bytes` of each line that is not blank.
  package var ranges: [Range<Int>] = []
  /// The number of each line of `ranges`, from 1.
  package var numbers = JSONLineNumbers()

  package init() {}

  /// Where the bytes from body offset `offset` go: the end of `bytes`, which is
  /// also where the batch starts when it is empty.
  mutating func start(at offset: Int) -> Int {
    if bytes.isEmpty { self.offset = offset }
    return bytes.count
  }

  /// Parses the lines held into `parsed`, last to first, with their numbers in
  /// `numbers`, first to last (both replaced), and empties the batch.
  /// - Returns: The first line that is not JSON, if any, with its error placed in
  ///   the body (line, column and offset); the lines before it are parsed.
  mutating func parse(into parsed: inout [JSON], numbers: inout JSONLineNumbers) -> (
    line: Int, error: JSONParseError
  )? {
    let bytes = self.bytes
    self.bytes = []
    parsed.removeAll(keepingCapacity: true)
    swap(&numbers, &self.numbers)
    self.numbers.removeAll()
    defer { ranges.removeAll(keepingCapacity: true) }
    guard !ranges.isEmpty else { return nil }
    if let values = try? JSON.values(parsing: bytes, documents: ranges, lastFirst: true) {
      parsed = values
      return nil
    }
    // One of them is not JSON: line by line, to name it.
    for (index, range) in ranges.enumerated() {
      do {
        let json = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
          try JSON(parsing: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[range])))
        }
        parsed.append(json)
      } catch {
        parsed.reverse()
        let number = numbers[index]
        numbers.removeLast(from: index)  // as many as the values parsed
        return (number, error.located(atLine: number, offset: offset + range.lowerBound))
      }
    }
    parsed.reverse()
    return nil
  }
}

/// The numbers of a batch's lines that are not blank, in order: counted on from the
/// first while no blank line falls between two of them (as in most bodies), and
/// listed one by one once one does.
package struct JSONLineNumbers {
  /// The number of the first line.
  private var first = 0
  /// How many lines there are.
  package private(set) var count = 0
  /// Each line's number, once a blank line fell between two of them; empty before.
  private var listed: [Int] = []

  package init() {}

  /// The number of line `index` of the batch, from 0.
  package subscript(index: Int) -> Int {
    listed.isEmpty ? first + index : listed[index]
  }

  /// Adds the number of the next line, greater than the last one's.
  package mutating func append(_ number: Int) {
    if count == 0 {
      first = number
    } else if !listed.isEmpty {
      listed.append(number)
    } else if number != first + count {
      listed = Array(first..<(first + count))
      listed.append(number)
    }
    count += 1
  }

  /// Keeps the numbers of the lines before line `index` only.
  package mutating func removeLast(from index: Int) {
    count = index
    if !listed.isEmpty { listed.removeSubrange(index...) }
  }

  /// Removes every number.
  package mutating func removeAll() {
    count = 0
    listed.removeAll(keepingCapacity: true)
  }
}
