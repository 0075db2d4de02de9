/// A type that the generator declares in `Models.swift`.
struct ModelDeclaration: Sendable {
  /// The Swift name, unique in the output.
  var name: String
  /// The JSON pointer of the schema it comes from, such as `#/components/schemas/Pet`.
  var pointer: String
  /// The first line of the schema's `description` (or its `title`), for the doc comment.
  var summary: String?
  /// What it is.
  var kind: Kind

  /// The kinds of declaration.
  enum Kind: Sendable {
    /// A structure: an object schema, `allOf` merged.
    case structure([Property])
    /// A string enumeration with `case unknown(String)`.
    case stringEnum([EnumCase])
    /// An enumeration of the variants of a `oneOf`/`anyOf` with a `discriminator`.
    case union(Union)
    /// The fields and files of a `multipart/form-data` body: a structure without JSON
    /// conformances, whose `MultipartFile` properties are sent as file parts.
    case multipartForm([Property])
    /// An enumeration of the variants of a `oneOf`/`anyOf` without a discriminator:
    /// decoding keeps the first variant, in document order, that decodes.
    case oneOf([UntaggedVariant])
    /// A type alias: a schema that is an array, a map, a scalar or another `$ref`.
    case alias(APIType)
  }

  /// A stored property of a structure.
  struct Property: Sendable {
    /// The Swift name, escaped where needed.
    var name: String
    /// The JSON key.
    var key: String
    /// The Swift type: optional unless required and not nullable.
    var type: APIType
    /// Whether the key is required (so it is encoded even when `nil`, as `null`).
    var isRequired: Bool
    /// Whether the value lives behind a reference, which breaks a `$ref` cycle.
    var isIndirect = false
    /// Whether the property is optional and nullable, so it keeps absent, `null` and a
    /// value apart: an `@Nullable var` of `type`, decoded with `decodeNullable`. Never
    /// with ``isIndirect``.
    var isNullable = false
    /// The first line of the property's `description`.
    var summary: String?
  }

  /// A case of a string enumeration.
  struct EnumCase: Sendable {
    /// The Swift name, escaped where needed.
    var name: String
    /// The JSON string.
    var value: String
  }

  /// A discriminated union.
  struct Union: Sendable {
    /// The discriminator's property name.
    var propertyName: String
    /// The variants, in document order.
    var variants: [Variant]
  }

  /// One variant of a `oneOf`/`anyOf` without a discriminator.
  struct UntaggedVariant: Sendable {
    /// The case name.
    var name: String
    /// The variant's type: a scalar, an array, a map or a generated declaration.
    var type: APIType
  }

  /// One variant of a union: the tags that select it and its type.
  struct Variant: Sendable {
    /// The case name.
    var name: String
    /// The discriminator values that select it; the first one is written when encoding.
    var tags: [String]
    /// The variant's type, a generated declaration.
    var typeName: String
  }
}
