/// A Swift type in the code generated from an OpenAPI document, before rendering.
///
/// Generated declarations are referred to by their final Swift name (``named(_:)``):
/// names are chosen when a schema is first translated, so references never wait for
/// a later stage.
indirect enum APIType: Hashable, Sendable {
  /// `String`: `type: string`, and the formats without a Swift type of their own.
  case string
  /// `Bool`.
  case bool
  /// `Int`: `type: integer` without a format.
  case int
  /// `Int32`: `format: int32`.
  case int32
  /// `Int64`: `format: int64`, exact.
  case int64
  /// `Double`: `type: number`.
  case double
  /// `Date`: `format: date-time`, ISO 8601 through ArgonautFoundation.
  case date
  /// `UUID`: `format: uuid`.
  case uuid
  /// `URL`: `format: uri`.
  case url
  /// `Data`: a request body that is not JSON.
  case data
  /// `MultipartFile`: a `format: binary` or `contentMediaType` property of a multipart body.
  case file
  /// `JSON`: a schema that says nothing, or one the generator cannot type.
  case json
  /// `[Element]`.
  case array(APIType)
  /// `[String: Value]`: `additionalProperties`.
  case map(APIType)
  /// A generated declaration: a structure, an enumeration or a type alias.
  case named(String)
  /// `Wrapped?`.
  case optional(APIType)

  /// `self?`, unless it is optional already.
  var optional: APIType {
    if case .optional = self { self } else { .optional(self) }
  }

  /// The type without its outer `?`.
  var wrapped: APIType {
    if case .optional(let wrapped) = self { wrapped } else { self }
  }

  /// Whether the type is `T?`.
  var isOptional: Bool {
    if case .optional = self { true } else { false }
  }

  /// The Swift spelling.
  var swift: String {
    switch self {
    case .string: "String"
    case .bool: "Bool"
    case .int: "Int"
    case .int32: "Int32"
    case .int64: "Int64"
    case .double: "Double"
    case .date: "Date"
    case .uuid: "UUID"
    case .url: "URL"
    case .data: "Data"
    case .json: "JSON"
    case .file: "MultipartFile"
    case .array(let element): "[\(element.swift)]"
    case .map(let value): "[String: \(value.swift)]"
    case .named(let name): name
    case .optional(let wrapped): "\(wrapped.swift)?"
    }
  }

  /// Whether the type, or a type inside it, is one of Foundation's.
  var usesFoundation: Bool {
    switch self {
    case .date, .uuid, .url, .data: true
    case .array(let inner), .map(let inner), .optional(let inner): inner.usesFoundation
    case .string, .bool, .int, .int32, .int64, .double, .json, .file, .named: false
    }
  }
}
