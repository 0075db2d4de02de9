/// Integers sent as strings, such as Twitter's `"id_str": "505874924095815681"`.
///
/// JavaScript clients lose precision beyond 2^53, so many APIs send big ids as
/// strings. Decoding one is opt-in: a plain `Int64` stays strict, and a string is a
/// mismatch for it.
///
/// ```swift
/// extension Tweet: Decodable {
///   static func decode(_ j: JSON) -> Decoded<Tweet> {
///     build(Tweet.init, j.decodeNumericString("id_str"), j <| "text")
///   }
/// }
/// ```
///
/// The string must be an optional sign and decimal digits, and the value must fit
/// the type: `"12a"`, `" 12"`, `"1e3"` and `"300"` for a `UInt8` all fail, with
/// `expected UInt8 in a numeric string, found string "300"`. The value is exact:
/// there is no detour through `Double`.
extension FixedWidthInteger {
  /// Decodes an integer from a JSON string of decimal digits, exactly and range checked.
  ///
  /// - Parameter json: A string such as `"505874924095815681"`.
  /// - Returns: The integer, or a type mismatch.
  #if !DEBUG
    @inlinable
  #endif
  public static func decode(numericString json: JSON) -> Decoded<Self> {
    if case .string(let text) = json, let value = Self(exactDecimal: text) { return .success(value) }
    return .failure(.typeMismatch(expected: "\(Self.self) in a numeric string", found: json))
  }

  /// Parses an optional `-` or `+` and at least one decimal digit, and nothing else.
  @usableFromInline
  init?(exactDecimal text: String) {
    let utf8 = text.utf8
    guard let first = utf8.first, utf8.count <= 64 else { return nil }
    let digits = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? utf8.dropFirst() : utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    self.init(text, radix: 10)
  }
}

extension JSON {
  /// Decodes the integer held as a string at `key` (a key or a key path), exactly and
  /// range checked: `j.decodeNumericString("id_str", as: Int64.self)`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeNumericString<T: FixedWidthInteger>(_ key: some JSONKey, as type: T.Type = T.self)
    -> Decoded<T>
  {
    key.decodeValue(in: self, with: T.decode(numericString:))
  }

  /// Decodes the integer held as a string at `key`, or `nil` when the key is missing or
  /// `null`.
  #if !DEBUG
    @inlinable
  #endif
  public func decodeNumericStringIfPresent<T: FixedWidthInteger>(
    _ key: some JSONKey, as type: T.Type = T.self
  ) -> Decoded<T?> {
    key.decodeValueIfPresent(in: self, with: T.decode(numericString:))
  }
}
