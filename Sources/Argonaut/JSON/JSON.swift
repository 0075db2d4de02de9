/// A JSON value.
///
/// Parse one from text or bytes, build one from literals, match on its cases, and
/// print it back:
///
/// ```swift
/// let json = try JSON(parsing: #"{"id": 1, "tags": ["a", "b"]}"#)
/// let built: JSON = ["id": 1, "tags": ["a", "b"]]
/// json == built                    // true
/// if case .object(let object) = json, let tags = object["tags"] { print(tags) }  // ["a","b"]
/// print(json)                      // {"id":1,"tags":["a","b"]}
/// ```
///
/// A parsed document is stored flat, as one validated "tape". `JSONObject` and
/// `JSONArray` are views onto it: matching a case materializes only that value. Objects
/// and arrays built in Swift keep their members instead, so that nested `encode()`
/// results are written once, when the whole value is serialized. A
/// `JSONNumber` keeps a short number's digits and spelling in two words of its own, and
/// is converted only when asked for. Values are immutable, `Sendable`, and cheap to copy.
///
/// Equality is structural. Numbers compare by exact value (`1 == 1.0`), strings by
/// Unicode scalars, and objects by their members, in any order.
public enum JSON: Sendable {
  /// An object: string keys, in document order, each key once (the last duplicate wins).
  case object(JSONObject)
  /// An array.
  case array(JSONArray)
  /// A string.
  case string(String)
  /// A number, kept exactly.
  case number(JSONNumber)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
}

extension JSON {
  /// The value whose tape entry is at `index` of `document`.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  package init(_ document: JSONDocument, at index: Int) {
    let entry = document.tape[index]
    // On the tag's bits, which compiles to one jump table.
    switch entry &>> Tape.tagShift {
    case TapeTag.object.rawValue: self = .object(JSONObject(document: document, index: index))
    case TapeTag.array.rawValue: self = .array(JSONArray(document: document, index: index))
    case TapeTag.string.rawValue: self = .string(StringText.string(entry, in: document))
    case TapeTag.smallInt.rawValue: self = .number(JSONNumber(storage: .integer(Tape.smallIntValue(entry))))
    case TapeTag.number.rawValue: self = .number(JSONNumber(numberEntry: entry, in: document))
    case TapeTag.true.rawValue: self = .bool(true)
    case TapeTag.false.rawValue: self = .bool(false)
    default: self = .null
    }
  }

  /// The value whose entry, `entry`, is at `index` of `document`, for iterators:
  /// strings are made first, from the document's text alone.
  ///
  /// Through `init(_:at:)`, an iterator's loop retains and releases its document
  /// around every short string value (the optimizer copies the reference ahead of
  /// the switch); testing for strings first keeps the reference count out of it.
  #if DEBUG
    @usableFromInline
  #else
    @inlinable
  #endif
  @inline(__always)
  static func value(_ entry: UInt64, at index: Int, of document: JSONDocument) -> JSON {
    entry &>> Tape.tagShift == TapeTag.string.rawValue
      ? .string(StringText.string(entry, in: document)) : JSON(document, at: index)
  }

  /// Parses UTF-8 `bytes` into a document that keeps them as its storage, for the
  /// Foundation bridge, which reads the tape directly.
  package static func document(
    parsing bytes: [UInt8], options: JSONParsingOptions
  ) throws(JSONParseError) -> JSONDocument {
    let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
      try JSONScanner.tape(for: buffer, maximumDepth: options.maximumDepth)
    }
    return JSONDocument(
      bytes: bytes, tape: parsed.tape, significands: parsed.significands, unescaped: parsed.unescaped)
  }

  /// Parses UTF-8 `bytes` that the new document may keep as its storage; short numbers
  /// are stored as their value unless `readsNumbers` is false (see `JSONScanner`).
  static func parse(
    _ bytes: [UInt8], options: JSONParsingOptions, readsNumbers: Bool = true
  ) throws(JSONParseError) -> JSON {
    let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
      try JSONScanner.tape(for: buffer, maximumDepth: options.maximumDepth, readsNumbers: readsNumbers)
    }
    return JSON(
      JSONDocument(
        bytes: bytes, tape: parsed.tape, significands: parsed.significands, unescaped: parsed.unescaped), at: 0)
  }

  /// Parses each of `documents` (byte ranges of `bytes`, such as the lines of JSON
  /// Lines) as a document of its own, exactly as each alone: the same values, or the
  /// same first error.
  ///
  /// Documents that each are followed by a NUL (a byte that ends every token and is
  /// no whitespace) are parsed in one pass into one tape that keeps `bytes` as its
  /// storage: one set of allocations for all of them, instead of one per document.
  /// The values share that storage, which lives as long as any of them does (see
  /// `JSONScanner.tape(for:documents:maximumDepth:)`). When that pass fails (a bad
  /// document, or one that runs on into the bytes after its range), each document is
  /// parsed alone from a copy of its bytes.
  ///
  /// - Throws: `JSONParseError` for the first range that is not a valid document: its
  ///   error alone, with its offset, line and column in `bytes` as a whole.
  package static func values(
    parsing bytes: [UInt8], documents: [Range<Int>], options: JSONParsingOptions = .default
  ) throws(JSONParseError) -> [JSON] {
    try values(parsing: bytes, documents: documents, options: options, lastFirst: false)
  }

  /// `values(parsing:documents:options:)`, last to first when `lastFirst` is true: for
  /// a reader that takes them with `popLast()`.
  package static func values(
    parsing bytes: [UInt8], documents: [Range<Int>], options: JSONParsingOptions = .default, lastFirst: Bool
  ) throws(JSONParseError) -> [JSON] {
    guard !documents.isEmpty else { return [] }
    let parsed = try? bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
      try JSONScanner.tape(for: buffer, documents: documents, maximumDepth: options.maximumDepth)
    }
    if let parsed {
      let document = JSONDocument(
        bytes: bytes, tape: parsed.tape, significands: parsed.significands, unescaped: parsed.unescaped)
      return lastFirst
        ? parsed.roots.reversed().map { JSON(document, at: $0) } : parsed.roots.map { JSON(document, at: $0) }
    }
    var values: [JSON] = []
    values.reserveCapacity(documents.count)
    for range in documents {
      do {
        values.append(try JSON.parse(Array(bytes[range]), options: options))
      } catch {
        throw bytes.withUnsafeBufferPointer {
          JSONParseError.at(
            range.lowerBound + error.offset, in: $0, kind: error.kind, expected: error.expected, found: error.found)
        }
      }
    }
    if lastFirst { values.reverse() }
    return values
  }

  /// Parses a JSON document from text.
  ///
  /// ```swift
  /// let json = try JSON(parsing: #"{"userName": "ada"}"#)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - options: Parsing options, such as the nesting limit.
  /// - Throws: `JSONParseError`, with the line and column of the first problem.
  /// - Complexity: O(*n*) in the length of `text`.
  public init(parsing text: String, options: JSONParsingOptions = .default) throws(JSONParseError) {
    self = try JSON.parse(Array(text.utf8), options: options)
  }

  /// Parses a JSON document from UTF-8 bytes, without copying them.
  ///
  /// - Parameters:
  ///   - bytes: The document, in UTF-8. A leading byte order mark is ignored.
  ///   - options: Parsing options, such as the nesting limit.
  /// - Throws: `JSONParseError`, with the line and column of the first problem.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(parsing bytes: [UInt8], options: JSONParsingOptions = .default) throws(JSONParseError) {
    self = try JSON.parse(bytes, options: options)
  }

  /// Parses a JSON document from any collection of UTF-8 bytes, such as `Data` or
  /// an `ArraySlice<UInt8>`.
  ///
  /// An `[UInt8]` is kept without a copy, as with `init(parsing:options:)` for
  /// arrays. Other contiguous collections are copied once with a bulk copy; the
  /// parsed values refer to that copy.
  ///
  /// - Parameters:
  ///   - bytes: The document, in UTF-8. A leading byte order mark is ignored.
  ///   - options: Parsing options, such as the nesting limit.
  /// - Throws: `JSONParseError`, with the line and column of the first problem.
  public init<Bytes: Collection<UInt8>>(
    parsing bytes: Bytes, options: JSONParsingOptions = .default
  ) throws(JSONParseError) {
    let array = bytes as? [UInt8] ?? bytes.withContiguousStorageIfAvailable { Array($0) } ?? Array(bytes)
    self = try JSON.parse(array, options: options)
  }

  /// Parses a JSON document from raw UTF-8 bytes, which are copied once.
  ///
  /// - Parameters:
  ///   - buffer: The document, in UTF-8. A leading byte order mark is ignored.
  ///   - options: Parsing options, such as the nesting limit.
  /// - Throws: `JSONParseError`, with the line and column of the first problem.
  public init(parsing buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = .default) throws(JSONParseError) {
    self = try JSON.parse(Array(buffer), options: options)
  }
}
