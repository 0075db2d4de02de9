/// A member that keeps three states apart: absent, `null`, or a value.
///
/// A PATCH body tells "leave this field alone" (the key is absent) from "clear this
/// field" (the key is `null`). The wrapped value reads and writes as `Wrapped?`: absent
/// and `null` both read as `nil`, and assigning `nil` makes the member absent. The
/// projected value sets or reads the state itself:
///
/// ```swift
/// struct UserPatch {
///   @Nullable var bio: String?
/// }
/// var patch = UserPatch(bio: nil)  // absent: `bio` is left out
/// patch.bio = "Hello"              // a value
/// patch.$bio = .null               // `null`: clears the field
/// ```
///
/// Decode one with ``JSON/decodeNullable(_:as:)`` and encode it with
/// ``encodeIfPresent()``, which gives `nil` (leave the key out) when it is absent.
/// `argonaut-generate openapi` uses it for properties that are optional and nullable.
@propertyWrapper
public struct Nullable<Wrapped> {
  /// The three states of a member.
  public enum State {
    /// The key is absent.
    case absent
    /// The key is present with `null`.
    case null
    /// The key is present with a value.
    case value(Wrapped)
  }

  /// The state: absent, `null` or a value. Set `.null` through the projected value
  /// (`model.$bio = .null`).
  public var projectedValue: State

  /// The value, or `nil` when absent or `null`; setting `nil` makes the member absent.
  public var wrappedValue: Wrapped? {
    get {
      if case .value(let value) = projectedValue { return value }
      return nil
    }
    set { projectedValue = newValue.map(State.value) ?? .absent }
  }

  /// A member holding `wrappedValue`, or absent when it is `nil`.
  public init(wrappedValue: Wrapped?) {
    projectedValue = wrappedValue.map(State.value) ?? .absent
  }

  /// A member in `state`.
  public init(_ state: State) {
    projectedValue = state
  }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable.State: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable.State: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}
extension Nullable.State: Hashable where Wrapped: Hashable {}

extension Nullable where Wrapped: JSONEncodable {
  /// The member's JSON: `nil` when absent (leave the key out), `null` when `null`,
  /// and the value's JSON otherwise.
  #if !DEBUG
    @inlinable
  #endif
  public func encodeIfPresent() -> JSON? {
    switch projectedValue {
    case .absent: nil
    case .null: .null
    case .value(let value): value.encode()
    }
  }
}

extension JSON {
  /// Decodes the member `key` of this object keeping absent and `null` apart: a
  /// missing key is ``Nullable/State/absent``, a `null` is ``Nullable/State/null``;
  /// a present value of the wrong type still fails.
  ///
  /// ```swift
  /// let bio: Decoded<Nullable<String>> = j.decodeNullable("bio")
  /// ```
  #if !DEBUG
    @inlinable
  #endif
  public func decodeNullable<T: Decodable>(_ key: String, as type: T.Type = T.self) -> Decoded<Nullable<T>>
  where T.DecodedType == T {
    if case .object = self, self[key] == nil { return .success(Nullable(.absent)) }
    return key.decodeValue(in: self) { json -> Decoded<Nullable<T>> in
      json.isNull ? .success(Nullable(.null)) : T.decode(json).map { Nullable(.value($0)) }
    }
  }
}
