import Argonaut
import Foundation

/// The mutable state of a ``ByteEncoder``.
struct EncoderState {
  var nextID = 0
  /// The slot that the encoder's own container accessors fill.
  var currentSlot = 0
  /// The coding path, as a stack.
  var path: [any CodingKey] = []
  /// How the types met so far are encoded.
  var kinds: [(id: ObjectIdentifier, kind: EncodingKind)] = []

  init() { path.reserveCapacity(16) }
}

/// How a type is encoded: through its `encode(to:)`, or by one of the encoder's own loops.
enum EncodingKind {
  case plain
  case array(any ByteEncodableArray.Type)
  case dictionary(any ByteEncodableDictionary.Type)
}

/// The `Encoder` behind ``ArgonautJSONEncoder``: one instance per `encode` call,
/// writing JSON text as containers are used.
///
/// Open containers and value slots form a stack of frames. A value encoded through
/// a container gets a slot frame; whatever it encodes (a container, a single
/// value) takes the slot over, and the frame is closed when its `encode(to:)`
/// returns. A container whose parent is written to again is closed then, lazily,
/// which is how nested containers and super encoders end.
final class ByteEncoder {
  enum Kind {
    /// A value that nothing was encoded into yet; `{}` if it stays empty, as in `JSONEncoder`.
    case slot
    case object
    case array
    /// A single value, written.
    case single
  }

  struct Frame {
    var kind: Kind
    /// Tells a reused stack position from the frame a container was made for.
    let id: Int
    /// Containers open around this one.
    let level: Int
    var count = 0
    /// Where this object's members start in `members`.
    var firstMember = 0
    /// One bit per member key hash (`MemberRecord.bit`): a key whose bit is clear
    /// is new in the object, without a look at the others.
    var keyMask: UInt64 = 0
    /// A super encoder's slot: when it closes empty, where its `{}` is written is kept,
    /// so that the super encoder can still fill it (see `latePlaceholders`).
    var isSuper = false
  }

  let options: EncodingOptions
  /// The text written so far.
  let out: UnsafeMutablePointer<RawBuffer<UInt8>>
  /// Open containers and slots, innermost last.
  let stack: UnsafeMutablePointer<RawBuffer<Frame>>
  /// The slot that `container(keyedBy:)`, `unkeyedContainer()` and
  /// `singleValueContainer()` of this encoder fill.
  var currentSlot: Int {
    @inline(__always) get { state.pointee.currentSlot }
    @inline(__always) set { state.pointee.currentSlot = newValue }
  }

  /// The coding path.
  var path: [any CodingKey] { state.pointee.path }

  /// What changes as encoding goes, behind a pointer, like the output.
  let state: UnsafeMutablePointer<EncoderState>
  /// Each member of the open objects: where its key starts in the output, and its hash.
  let members: UnsafeMutablePointer<RawBuffer<MemberRecord>>
  /// With `.sortedKeys`: the key of each member in `members`.
  var memberKeys: [String] = []
  /// With `.convertToSnakeCase`: the keys converted so far, made at the first.
  @exclusivity(unchecked) var snakeKeys: SnakeCaseKeyCache?
  /// The `{}` written for super encoders whose slots closed before they were used,
  /// by frame identity: where it starts, its length, and its level.
  var latePlaceholders: [Int: (start: Int, count: Int, level: Int)] = [:]
  /// The nesting level of the top-level value (for a super encoder's value written late).
  var baseLevel = 0

  init(options: EncodingOptions) {
    self.options = options
    out = .allocate(capacity: 1)
    out.initialize(to: RawBuffer(capacity: 4096))
    stack = .allocate(capacity: 1)
    stack.initialize(to: RawBuffer(capacity: 16))
    members = .allocate(capacity: 1)
    members.initialize(to: RawBuffer(capacity: 64))
    state = .allocate(capacity: 1)
    state.initialize(to: EncoderState())
  }

  deinit {
    out.pointee.deallocate()
    out.deallocate()
    stack.pointee.deallocate()
    stack.deallocate()
    members.pointee.deallocate()
    members.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The text written.
  var output: [UInt8] { out.pointee.array }

  func encodeTopLevel<T: Swift.Encodable>(_ value: T) throws {
    try encodeTopLevel(value) { try $0.writeValue(value, slot: $0.currentSlot) }
  }

  /// Runs `write` on this encoder with its slot for the top-level value, then closes it.
  func encodeTopLevel<T>(_ value: T, _ write: (ByteEncoder) throws -> Void) throws {
    let slot = pushSlot()
    currentSlot = slot
    try write(self)
    if stack.pointee[slot].kind == .slot {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    close(downTo: slot)
  }

  // MARK: - Frames

  func pushSlot() -> Int {
    state.pointee.nextID &+= 1
    let nextID = state.pointee.nextID
    stack.pointee.append(
      Frame(
        kind: .slot, id: nextID, level: stack.pointee.last.map { $0.level + ($0.kind == .slot ? 0 : 1) } ?? baseLevel))
    return stack.pointee.count - 1
  }

  /// Closes every frame above `index`, and `index` itself.
  @inline(__always)
  func close(downTo index: Int) {
    while stack.pointee.count > index { closeTop() }
  }

  /// Closes every frame above `index`, so that it can be written to; throws when
  /// the frame a container was made for is gone.
  @inline(__always)
  func reopen(_ index: Int, id: Int) throws {
    if stack.pointee.count - 1 != index {
      guard index < stack.pointee.count, stack.pointee[index].id == id else { throw outOfOrder() }
      while stack.pointee.count - 1 > index { closeTop() }
    } else if stack.pointee[index].id != id {
      throw outOfOrder()
    }
  }

  func outOfOrder() -> EncodingError {
    EncodingError.invalidValue(
      path,
      EncodingError.Context(
        codingPath: path,
        debugDescription:
          "ArgonautJSONEncoder writes as it goes: a container was used after a value was encoded into its parent."))
  }

  func closeTop() {
    let frame = stack.pointee.removeLast()
    switch frame.kind {
    case .slot:
      // `JSONEncoder` writes a value that encoded nothing as an empty object.
      let start = out.pointee.count
      writeOpen(UInt8(ascii: "{"))
      writeClose(UInt8(ascii: "}"), count: 0, level: frame.level)
      if frame.isSuper { latePlaceholders[frame.id] = (start, out.pointee.count - start, frame.level) }
    case .object:
      if options.sortsKeys && frame.count > 1 { sortMembers(of: frame) }
      if options.sortsKeys { memberKeys.removeSubrange(frame.firstMember...) }
      members.pointee.truncate(to: frame.firstMember)
      writeClose(UInt8(ascii: "}"), count: frame.count, level: frame.level)
    case .array:
      writeClose(UInt8(ascii: "]"), count: frame.count, level: frame.level)
    case .single:
      break
    }
  }

  @inline(__always)
  func writeOpen(_ byte: UInt8) {
    out.pointee.append(byte)
  }

  func writeClose(_ byte: UInt8, count: Int, level: Int) {
    if options.isPretty {
      out.pointee.append(UInt8(ascii: "\n"))
      if count == 0 { out.pointee.append(UInt8(ascii: "\n")) }
      indent(level)
    }
    out.pointee.append(byte)
  }

  func indent(_ level: Int) {
    for _ in 0..<level {
      out.pointee.append(0x20)
      out.pointee.append(0x20)
    }
  }

  /// Turns the slot `index` into a container of `kind`, or reuses the container of
  /// that kind it already is.
  func openContainer(_ kind: Kind, in index: Int) -> Frame {
    while stack.pointee.count - 1 > index { closeTop() }
    switch stack.pointee[index].kind {
    case .slot:
      stack.pointee[index].kind = kind
      stack.pointee[index].firstMember = members.pointee.count
      writeOpen(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    case kind:
      break
    default:
      preconditionFailure("Attempt to push a new \(kind) container when a different value was already encoded here.")
    }
    return stack.pointee[index]
  }

  /// Starts the next element of the array at `index`: the separator and indentation.
  @inline(__always)
  func beginElement(_ index: Int) {
    if stack.pointee[index].count > 0 { out.pointee.append(UInt8(ascii: ",")) }
    stack.pointee[index].count += 1
    if options.isPretty {
      out.pointee.append(UInt8(ascii: "\n"))
      indent(stack.pointee[index].level + 1)
    }
  }

  /// Starts the member `key` of the object at `index`: separator, key and colon.
  @inline(__always)
  @discardableResult
  func beginMember(
    _ index: Int, key: some CodingKey, use: MemberUse = .value, containerPath: () -> [any CodingKey]
  ) -> [UInt8]? {
    if options.usesDefaultKeys {
      return beginMember(index, name: key.stringValue, use: use)
    } else if options.writesSnakeCase {
      // Converted as the key is written, without a string of its own.
      return beginMember(index, name: key.stringValue, use: use, snakeCase: true)
    } else {
      return beginMember(index, name: convert(key, containerPath: containerPath), use: use)
    }
  }

  /// Starts the member `name` of the object at `index`, written as is: separator, key
  /// and colon.
  ///
  /// A key the object already has replaces its earlier member, as in `JSONEncoder`,
  /// whose objects are dictionaries: with `use` `.value`, the earlier member is removed;
  /// with `.object` or `.array` (a nested container), its value, which must be an
  /// object or an array, is returned so that the new container goes on with it.
  @inline(__always)
  @discardableResult
  func beginMember(_ index: Int, name: String, use: MemberUse = .value, snakeCase: Bool = false) -> [UInt8]? {
    if stack.pointee[index].count > 0 { out.pointee.append(UInt8(ascii: ",")) }
    stack.pointee[index].count += 1
    if options.isPretty {
      out.pointee.append(UInt8(ascii: "\n"))
      indent(stack.pointee[index].level + 1)
    }
    var keyStart = out.pointee.count
    var sortKey = name
    if !snakeCase {
      writeString(name)
    } else if writeSnakeCaseKey(name) {
      // The converted key, for sorting: the bytes just written, between the quotes.
      if options.sortsKeys {
        sortKey = String(
          decoding: UnsafeBufferPointer(
            start: out.pointee.base + keyStart + 1, count: out.pointee.count - keyStart - 2),
          as: UTF8.self)
      }
    } else if options.sortsKeys {
      sortKey = SnakeCase.snakeCase(fromCamelCase: name)
    }
    let hash = MemberRecord.hash(out.pointee.base + keyStart, count: out.pointee.count - keyStart)
    let bit = MemberRecord.bit(hash)
    var earlier: [UInt8]?
    if stack.pointee[index].keyMask & bit != 0, let member = findMember(index, keyStart: keyStart, hash: hash) {
      earlier = replaceMember(member, in: index, keyStart: &keyStart, use: use)
    }
    stack.pointee[index].keyMask |= bit
    members.pointee.append(MemberRecord(keyStart: keyStart, hash: hash))
    if options.sortsKeys { memberKeys.append(sortKey) }
    if options.isPretty {
      out.pointee.append(0x20)
      out.pointee.append(UInt8(ascii: ":"))
      out.pointee.append(0x20)
    } else {
      out.pointee.append(UInt8(ascii: ":"))
    }
    return earlier
  }

  func convert(_ key: some CodingKey, containerPath: () -> [any CodingKey]) -> String {
    switch options.keys {
    case .convertToSnakeCase: return SnakeCase.snakeCase(fromCamelCase: key.stringValue)
    case .custom(let convert): return convert(containerPath() + [key]).stringValue
    default: return key.stringValue
    }
  }

  /// The length of the separator written before each member but the first of an
  /// object at `level`: a comma, and in pretty output a line break and indentation.
  func separatorLength(level: Int) -> Int {
    options.isPretty ? 2 + 2 * (level + 1) : 1
  }

  /// Rewrites the members of a closing object in the order of their keys' UTF-8 bytes.
  func sortMembers(of frame: Frame) {
    let first = frame.firstMember
    let count = members.pointee.count - first
    let separator = separatorLength(level: frame.level)
    let start = members.pointee[first].keyStart
    let region = Array(UnsafeBufferPointer(start: out.pointee.base + start, count: out.pointee.count - start))
    var ranges: [(key: String, start: Int, end: Int)] = []
    ranges.reserveCapacity(count)
    for n in 0..<count {
      let memberStart = members.pointee[first + n].keyStart - start
      let memberEnd =
        n + 1 < count ? members.pointee[first + n + 1].keyStart - start - separator : region.count
      ranges.append((memberKeys[first + n], memberStart, memberEnd))
    }
    ranges.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    out.pointee.truncate(to: start)
    for (n, member) in ranges.enumerated() {
      if n > 0 {
        out.pointee.append(UInt8(ascii: ","))
        if options.isPretty {
          out.pointee.append(UInt8(ascii: "\n"))
          indent(frame.level + 1)
        }
      }
      region.withUnsafeBufferPointer { region in
        out.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: region[member.start..<member.end]))
      }
    }
  }

  // MARK: - Paths

  /// Runs `body` with the coding path at `depth` keys plus `extra`, then `key`.
  @inline(__always)
  func with<R>(depth: Int, extra: [any CodingKey], key: (any CodingKey)?, _ body: () throws -> R) rethrows -> R {
    if extra.isEmpty && state.pointee.path.count == depth {
      guard let key else { return try body() }
      state.pointee.path.append(key)
      defer { state.pointee.path.removeLast() }
      return try body()
    }
    let saved = path
    state.pointee.path = Array(saved.prefix(depth)) + extra
    if let key { state.pointee.path.append(key) }
    defer { state.pointee.path = saved }
    return try body()
  }

  /// Encodes `value` as the next value of the container whose frame is `index`,
  /// after its separator (and key) were written.
  @inline(__always)
  func encodeNested<T: Swift.Encodable>(
    _ value: T, depth: Int, extra: [any CodingKey], key: (any CodingKey)?
  ) throws {
    if try writeScalar(value, key: key) { return }
    try with(depth: depth, extra: extra, key: key) {
      let slot = pushSlot()
      let saved = currentSlot
      currentSlot = slot
      defer { currentSlot = saved }
      try writeValue(value, slot: slot)
      close(downTo: slot)
    }
  }
}
