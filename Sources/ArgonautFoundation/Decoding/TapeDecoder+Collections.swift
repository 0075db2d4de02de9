import Argonaut
import Foundation

// Arrays and string-keyed dictionaries, decoded straight off the tape: the result
// is reserved at its final size, elements are read without an unkeyed container,
// and arrays of numbers, strings and booleans run in a loop of their own.

/// An array that ``TapeDecoder`` decodes without going through an unkeyed container.
protocol TapeDecodableArray {
  static func decodeFromTape(_ decoder: TapeDecoder, at index: Int) throws -> Self
}

/// A `[String: Value]` that ``TapeDecoder`` decodes member by member. Its keys are
/// never converted by the key strategy, as in `JSONDecoder`.
protocol TapeDecodableDictionary {
  static func decodeFromTape(_ decoder: TapeDecoder, at index: Int) throws -> Self
}

extension Array: TapeDecodableArray where Element: Swift.Decodable {
  static func decodeFromTape(_ decoder: TapeDecoder, at index: Int) throws -> [Element] {
    let here = decoder.here
    let entry = decoder.entry(index)
    guard Tape.tag(entry) == .array else {
      throw Tape.tag(entry) == .null
        ? DecodingError.valueNotFound(
          [Any].self,
          DecodingError.Context(
            codingPath: decoder.path,
            debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        : decoder.typeMismatch([Any].self, at: index, in: here, key: nil)
    }
    let count = Tape.count(at: index, in: decoder.tape)
    if Element.self == Double.self {
      return try decoder.elements(of: index, count: count) { try decoder.double(at: $0, in: here, key: $1) }.same(
        as: [Element].self)
    }
    if Element.self == Int.self {
      return try decoder.elements(of: index, count: count) { try decoder.integer(Int.self, at: $0, in: here, key: $1) }
        .same(as: [Element].self)
    }
    if Element.self == String.self {
      return try decoder.elements(of: index, count: count) { try decoder.string(at: $0, in: here, key: $1) }.same(
        as: [Element].self)
    }
    if Element.self == Bool.self {
      return try decoder.elements(of: index, count: count) { try decoder.bool(at: $0, in: here, key: $1) }.same(
        as: [Element].self)
    }
    if Element.self == Float.self {
      return try decoder.elements(of: index, count: count) { try decoder.float(at: $0, in: here, key: $1) }.same(
        as: [Element].self)
    }
    if Element.self == Int64.self {
      return try decoder.elements(of: index, count: count) {
        try decoder.integer(Int64.self, at: $0, in: here, key: $1)
      }.same(as: [Element].self)
    }
    if Element.self == UInt64.self {
      return try decoder.elements(of: index, count: count) {
        try decoder.integer(UInt64.self, at: $0, in: here, key: $1)
      }.same(as: [Element].self)
    }
    return try decoder.elements(of: index, count: count) { try decoder.unwrap(Element.self, at: $0, in: here, key: $1) }
  }
}

extension Dictionary: TapeDecodableDictionary where Key == String, Value: Swift.Decodable {
  static func decodeFromTape(_ decoder: TapeDecoder, at index: Int) throws -> [String: Value] {
    let here = decoder.here
    let entry = decoder.entry(index)
    guard Tape.tag(entry) == .object else {
      throw Tape.tag(entry) == .null
        ? decoder.valueNotFound([String: Any].self, in: here, key: nil)
        : decoder.typeMismatch([String: Any].self, at: index, in: here, key: nil)
    }
    let tape = decoder.tape
    var result: [String: Value] = [:]
    result.reserveCapacity(Tape.count(at: index, in: tape))
    let end = index + Tape.span(tape[index])
    var i = index + 1
    while i < end {
      let key = StringText.string(tape[i], in: decoder.document)
      let value = try decoder.unwrap(Value.self, at: i + 1, in: here, key: StringKey(key))
      // Keys that differ in bytes but are equal as Swift strings (NFC and NFD
      // spellings): the first one wins, as in `JSONDecoder`.
      if result[key] == nil { result[key] = value }
      i += 1 + Tape.span(tape[i + 1])
    }
    return result
  }
}

extension Array {
  /// This array as `[Other]`, which the caller has checked is the same type (such as
  /// `[Double]` where `Element.self == Double.self`): a bit cast, where `as!` would
  /// copy the array element by element through the runtime's dynamic casts.
  @inline(__always)
  func same<Other>(as type: [Other].Type) -> [Other] {
    precondition(Element.self == Other.self)
    return unsafeBitCast(self, to: [Other].self)
  }
}

extension TapeDecoder {
  /// The elements of the array at `header`, each read by `read(position, key)`.
  @inline(__always)
  func elements<T>(of header: Int, count: Int, _ read: (Int, IndexKey) throws -> T) throws -> [T] {
    var result: [T] = []
    result.reserveCapacity(count)
    let end = header &+ Tape.span(tape[header])
    var i = header &+ 1
    var n = 0
    while i < end {
      result.append(try read(i, IndexKey(n)))
      i = i &+ Tape.span(tape[i])
      n &+= 1
    }
    return result
  }
}
