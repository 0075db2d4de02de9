import Argonaut
import Foundation

/// Where a container sits: the first `depth` keys of the decoder's coding-path
/// stack, then `extra` keys (only for nested containers, which have no call of
/// their own to push a key for).
struct ContainerPath {
  let depth: Int
  var extra: [any CodingKey] = []
}

/// How a type is decoded: through its `init(from:)`, or by one of the decoder's own loops.
enum ValueKind {
  case plain
  case array(any TapeDecodableArray.Type)
  case dictionary(any TapeDecodableDictionary.Type)
}

/// The mutable state of a ``TapeDecoder``.
struct DecoderState {
  var index: Int
  /// The coding path, as a stack.
  var path: [any CodingKey] = []
  /// Per depth: an object's header and where the next key lookup starts. Synthesized
  /// `init(from:)` reads keys in declaration order, which is mostly document order.
  var hints = RawBuffer<Int>(capacity: 32)
  /// How the types met so far are decoded.
  var kinds: [(id: ObjectIdentifier, kind: ValueKind)] = []
  /// The keyed containers kept for reuse (see `KeyedContainerPlace`): only in the
  /// decoder of a `decode` call, which drops them when it returns (each refers to the
  /// decoder, so the cache must not outlive the call).
  var containers: ContainerCache?
  /// Keys converted by the key strategy, as small integers: with `.convertFromSnakeCase`
  /// each distinct key of the document is converted once per `decode` call, not once
  /// per object. Made at the first object whose keys are converted.
  var convertedKeys: KeyConversionCache?

  init(index: Int) {
    self.index = index
    path.reserveCapacity(16)
  }
}

/// The `Decoder` behind ``ArgonautJSONDecoder``: one instance per `decode` call,
/// reading the document's tape.
///
/// Like `JSONDecoder`'s implementation it is reused for every nested value: decoding
/// a member moves ``index`` and pushes the member's key, calls `init(from:)`, and
/// restores both. The coding path is a stack of keys, so a nested call costs no
/// allocation; containers remember how deep they sit.
final class TapeDecoder {
  /// Keeps the tape and the text alive while any decoder or container refers to them.
  let document: JSONDocument
  let tape: UnsafeBufferPointer<UInt64>
  let bytes: UnsafeBufferPointer<UInt8>
  let options: DecodingOptions
  /// What changes as decoding goes, behind a pointer: stored properties of a class
  /// pay for a dynamic exclusivity check on every write.
  let state: UnsafeMutablePointer<DecoderState>

  /// The tape position of the value that `singleValueContainer()` and the
  /// container accessors read; `-1` for a `null` that the document does not hold.
  var index: Int {
    @inline(__always) get { state.pointee.index }
    @inline(__always) set { state.pointee.index = newValue }
  }

  /// The coding path.
  var path: [any CodingKey] { state.pointee.path }
  /// `userInfo`, for `Decoder`.
  var anyUserInfo: [CodingUserInfoKey: Any] { options.userInfo }

  init(
    document: JSONDocument, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>,
    options: DecodingOptions, index: Int
  ) {
    self.document = document
    self.tape = tape
    self.bytes = bytes
    self.options = options
    state = .allocate(capacity: 1)
    state.initialize(to: DecoderState(index: index))
  }

  /// Lets this decoder reuse keyed containers until `forgetContainers()`, where the
  /// standard library lays out `KeyedDecodingContainer` as one reference to its box.
  func reuseContainers() {
    if ContainerCache.isAvailable { state.pointee.containers = ContainerCache() }
  }

  /// Drops the cached containers, which refer to this decoder.
  func forgetContainers() {
    state.pointee.containers = nil
  }

  deinit {
    state.pointee.hints.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The entry at `index`; a `null` entry for `-1`.
  @inline(__always)
  func entry(_ index: Int) -> UInt64 {
    index >= 0 ? tape[index] : Tape.literal(.null)
  }

  // MARK: - Paths

  /// The full coding path of a container.
  func codingPath(_ container: ContainerPath) -> [any CodingKey] {
    var result = Array(path.prefix(container.depth))
    result.append(contentsOf: container.extra)
    return result
  }

  /// The coding path of a container's member `key`, for errors.
  func codingPath(_ container: ContainerPath, appending key: (any CodingKey)?) -> [any CodingKey] {
    var result = codingPath(container)
    if let key { result.append(key) }
    return result
  }

  /// Runs `body` with ``index`` at `valueIndex` and the coding path at the
  /// container's, followed by `key`.
  @inline(__always)
  func with<R>(
    _ valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?, _ body: () throws -> R
  ) throws -> R {
    let savedIndex = index
    index = valueIndex
    defer { index = savedIndex }
    if container.extra.isEmpty && state.pointee.path.count == container.depth {
      guard let key else { return try body() }
      state.pointee.path.append(key)
      defer { state.pointee.path.removeLast() }
      return try body()
    }
    // A nested container, or one used after its decoder moved on: set the whole path.
    let savedPath = path
    state.pointee.path = codingPath(container, appending: key)
    defer { state.pointee.path = savedPath }
    return try body()
  }

  // MARK: - Values

  /// Decodes `type` from the value at `valueIndex`, the member `key` of `container`
  /// (`nil` for the container's own value), as `JSONDecoder` does: `Data`, `Date`,
  /// `URL` and `Decimal` by the strategies, arrays and string-keyed dictionaries
  /// directly, anything else through its `init(from:)`.
  func unwrap<T: Swift.Decodable>(
    _ type: T.Type, at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?
  ) throws -> T {
    // `T` is the type compared with: a bit cast, where `as!` would be a dynamic cast.
    if T.self == String.self {
      return try unsafeBitCast(string(at: valueIndex, in: container, key: key), to: T.self)
    }
    if T.self == Data.self {
      return try unsafeBitCast(unwrapData(at: valueIndex, in: container, key: key), to: T.self)
    }
    if T.self == Date.self {
      return try unsafeBitCast(unwrapDate(at: valueIndex, in: container, key: key), to: T.self)
    }
    if T.self == URL.self {
      return try unsafeBitCast(unwrapURL(at: valueIndex, in: container, key: key), to: T.self)
    }
    if T.self == Decimal.self {
      return try unsafeBitCast(unwrapDecimal(at: valueIndex, in: container, key: key), to: T.self)
    }
    if T.self == JSON.self, valueIndex >= 0 {
      return unsafeBitCast(JSON(document, at: valueIndex), to: T.self)
    }
    switch kind(of: T.self) {
    case .plain:
      // `type`, not `T`: a subclass handed over as its base class's metatype
      // (`Employee.self as Person.Type`) decodes as the subclass.
      return try with(valueIndex, in: container, key: key) { try type.init(from: self) }
    case .array(let array):
      return try with(valueIndex, in: container, key: key) {
        try unsafeBitCast(array.decodeFromTape(self, at: valueIndex), to: T.self)
      }
    case .dictionary(let dictionary):
      return try with(valueIndex, in: container, key: key) {
        try unsafeBitCast(dictionary.decodeFromTape(self, at: valueIndex), to: T.self)
      }
    }
  }

  /// How `type` is decoded, looked up once per type and decoding call: a
  /// conformance check costs more than this scan of a few pointers.
  @inline(__always)
  func kind<T>(of type: T.Type) -> ValueKind {
    let id = ObjectIdentifier(type)
    for entry in state.pointee.kinds where entry.id == id { return entry.kind }
    let kind: ValueKind
    if let array = type as? any TapeDecodableArray.Type {
      kind = .array(array)
    } else if let dictionary = type as? any TapeDecodableDictionary.Type {
      kind = .dictionary(dictionary)
    } else {
      kind = .plain
    }
    if state.pointee.kinds.count < 32 { state.pointee.kinds.append((id, kind)) }
    return kind
  }

  /// Decodes `type` from the value at ``index`` with the current coding path.
  @inline(__always)
  func unwrapHere<T: Swift.Decodable>(_ type: T.Type) throws -> T {
    try unwrap(type, at: index, in: ContainerPath(depth: path.count), key: nil)
  }

  // MARK: - Errors

  /// What `JSONDecoder` calls the JSON type of a value, in its error messages.
  func typeDescription(_ entry: UInt64) -> String {
    switch Tape.tag(entry) {
    case .null: return "null"
    case .true, .false: return "bool"
    case .smallInt, .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "dictionary"
    }
  }

  func typeMismatch(
    _ type: Any.Type, at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?
  ) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: codingPath(container, appending: key),
        debugDescription: "Expected to decode \(type) but found \(typeDescription(entry(valueIndex))) instead."))
  }

  func valueNotFound(_ type: Any.Type, in container: ContainerPath, key: (any CodingKey)?) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: codingPath(container, appending: key),
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  func dataCorrupted(_ message: String, in container: ContainerPath, key: (any CodingKey)?) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: codingPath(container, appending: key), debugDescription: message))
  }

  /// `valueNotFound` for `null`, else `typeMismatch`.
  func mismatch(
    _ type: Any.Type, at valueIndex: Int, in container: ContainerPath, key: (any CodingKey)?
  ) -> DecodingError {
    Tape.tag(entry(valueIndex)) == .null
      ? valueNotFound(type, in: container, key: key)
      : typeMismatch(type, at: valueIndex, in: container, key: key)
  }
}
