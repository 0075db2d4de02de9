import Argonaut

// Fuzz target: the parser round trip.
//
// Any input either fails to parse with a well-formed error, or parses to a value
// that every serializer prints as JSON that parses back to an equal value with an
// equal hash, and that prints back to the same bytes (printing is a fixed point).

/// Deeper than the default, so that deep nesting is exercised; inputs are short.
let roundTripOptions = JSONParsingOptions(maximumDepth: 100_000)

let serializers = [
  JSONSerializer.compact,
  JSONSerializer.pretty,
  JSONSerializer(sortsKeys: true),
  JSONSerializer(isPretty: true, indentWidth: 0, sortsKeys: true),
  JSONSerializer(isPretty: true, indentWidth: .max),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func roundTripOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let json: JSON
  do {
    json = try JSON(parsing: bytes, options: roundTripOptions)
  } catch {
    check(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset) of \(bytes.count) bytes")
    check(error.line >= 1 && error.column >= 1, "line \(error.line), column \(error.column)")
    check(error.description.hasPrefix("line \(error.line), column \(error.column): expected "), error.description)
    // The same bytes through the other entry points fail the same way.
    do {
      _ = try JSON(parsing: bytes[...], options: roundTripOptions)
      check(false, "an ArraySlice parsed what an Array did not")
    } catch let again {
      check(again == error, "\(again) != \(error)")
    }
    // Whitespace after the input changes nothing: it still fails.
    check((try? JSON(parsing: padded(bytes), options: roundTripOptions)) == nil, "padding made the input valid")
    return 0
  }
  check(json == json, "a value is not equal to itself")
  // With room after every value, the parser takes its inline paths (short numbers are
  // read as they are scanned): the same value, with the same hash, printed the same.
  do {
    let far = try JSON(parsing: padded(bytes), options: roundTripOptions)
    check(far == json && far.hashValue == json.hashValue, "padding changed the value")
    check(
      JSONSerializer.compact.bytes(from: far) == JSONSerializer.compact.bytes(from: json), "padding changed the text")
  } catch {
    check(false, "padding made the input invalid: \(error)")
  }
  for serializer in serializers {
    let text = serializer.bytes(from: json)
    let again: JSON
    do {
      again = try JSON(parsing: text, options: roundTripOptions)
    } catch {
      check(false, "\(serializer) wrote invalid JSON: \(error)")
      return 0
    }
    check(again == json, "\(serializer): the output parses to another value")
    check(again.hashValue == json.hashValue, "\(serializer): equal values hash differently")
    check(serializer.bytes(from: again) == text, "\(serializer): printing is not a fixed point")
    check(serializer.string(from: json).utf8.elementsEqual(text), "\(serializer): string and bytes differ")
  }
  // A String input parses as its UTF-8 does.
  if let text = String(validating: bytes, as: UTF8.self) {
    check((try? JSON(parsing: text, options: roundTripOptions)) == json, "String and bytes parse differently")
  }
  return 0
}

/// `bytes` with 64 spaces after them.
func padded(_ bytes: [UInt8]) -> [UInt8] {
  bytes + [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
