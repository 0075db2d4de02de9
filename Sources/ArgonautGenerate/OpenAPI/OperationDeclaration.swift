/// A service class: the operations of one tag.
struct ServiceDeclaration: Sendable {
  /// The class name, such as `UsersService`.
  var name: String
  /// The tag, or `nil` for `DefaultService`.
  var tag: String?
  /// The first line of the tag's description.
  var summary: String?
  /// The operations, in document order.
  var operations: [OperationDeclaration] = []
}

/// One operation: a method and its `…Resource` twin.
struct OperationDeclaration: Sendable {
  /// The method name, such as `getUser`; the resource method adds `Resource`.
  var name: String
  /// The JSON pointer of the operation, such as `#/paths/~1users~1{id}/get`.
  var pointer: String
  /// The HTTP method, lowercase as in the document.
  var method: String
  /// The path template, such as `/users/{id}`: `Request` fills it.
  var path: String
  /// The summary, or the first line of the description.
  var summary: String?
  /// Path parameters first, then query and header parameters in document order.
  var parameters: [Parameter]
  /// The request body, if any.
  var body: Body?
  /// What the first 2xx response holds.
  var response: ResponseKind

  /// Where a parameter goes.
  enum Location: String, Sendable {
    case path, query, header
  }

  /// How a value becomes the text of a path segment, a query item or a header.
  enum Conversion: Sendable {
    /// A `String`, as it is.
    case identity
    /// `String(value)`: integers, numbers, booleans.
    case lossless
    /// `value.uuidString`.
    case uuid
    /// `value.absoluteString`.
    case url
    /// `value.formatted(.iso8601)`.
    case date
    /// `value.rawValue`: a generated string enumeration.
    case rawValue
  }

  /// A parameter of the method.
  struct Parameter: Sendable {
    /// The argument label, lower camel case, escaped where needed.
    var label: String
    /// The name on the wire.
    var name: String
    /// Where it goes.
    var location: Location
    /// Its Swift type: optional (defaulting to `nil`) when not required.
    var type: APIType
    /// How each value becomes text.
    var conversion: Conversion
    /// Whether the type is an array: one query item per element (`explode`), or one
    /// comma-separated value.
    var isArray: Bool
    /// `explode` (the default for query parameters in `form` style).
    var explode: Bool
  }

  /// A request body.
  struct Body: Sendable {
    /// Its Swift type: optional when the body is not required.
    var type: APIType
    /// `nil` for JSON; otherwise the content type that `Data` is sent with.
    var contentType: String?
  }

  /// What the method returns.
  enum ResponseKind: Sendable {
    /// A JSON body decoded as this type.
    case json(APIType)
    /// No content: `Void`.
    case nothing
    /// A body that is not JSON: `Data`.
    case data
  }
}
