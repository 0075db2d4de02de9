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
  /// The stream the first 2xx response also offers beside JSON (OpenAI's `stream:
  /// true`): a second method, `nameStream`, returns it; `nil` otherwise.
  var alternativeStream: StreamKind?
  /// The operation's own server (or its path item's), an absolute URL that replaces
  /// the environment's base URL; `nil` for the top-level servers.
  var server: String?

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
    /// How it is sent.
    var encoding: BodyEncoding
  }

  /// How a request body becomes bytes, by its media type.
  enum BodyEncoding: Sendable {
    /// `application/json` (and `+json`): the model's `encode()`.
    case json
    /// Any other media type: `Data`, sent with this content type.
    case data(contentType: String)
    /// `application/x-www-form-urlencoded`: the structure's properties as fields, by
    /// OpenAPI's `style: form` rules.
    case form([FormField])
    /// `multipart/form-data`: one part per property (per element for arrays).
    case multipart([FormField])
  }

  /// One property of a form or multipart body.
  struct FormField: Sendable {
    /// The property's Swift name, escaped where needed.
    var property: String
    /// The field's name on the wire.
    var key: String
    /// Whether the property is optional: absent values send nothing.
    var isOptional: Bool
    /// How its value is written.
    var value: FormValue
  }

  /// How the value of one form field is written.
  enum FormValue: Sendable {
    /// One field of text.
    case text(Conversion)
    /// An array of values: one field per element (`separator` `nil`, OpenAPI's
    /// `explode: true`), or one field of the elements joined with `separator`.
    case list(Conversion, separator: String?)
    /// The value's JSON: text in a form, an `application/json` part in multipart.
    case json
    /// A `MultipartFile`: a file part.
    case file
    /// `[MultipartFile]`: one file part per element.
    case files
  }

  /// What the method returns.
  enum ResponseKind: Sendable {
    /// A JSON body decoded as this type.
    case json(APIType)
    /// No content: `Void`.
    case nothing
    /// A body that is not JSON: `Data`.
    case data
    /// A stream of values of this type: the method returns it without loading.
    case stream(StreamKind)
  }

  /// A streamed response: a typed sequence of values.
  struct StreamKind: Sendable {
    /// How the values are framed.
    enum Framing: Sendable {
      /// `text/event-stream`: one value per event's `data` (`TypedEventStream`).
      case events
      /// `application/jsonl`, `application/x-ndjson`: one value per line (`JSONLineStream`).
      case lines
    }

    /// How the values are framed.
    var framing: Framing
    /// The type of each value.
    var type: APIType

    /// The Swift type of the sequence, such as `TypedEventStream<Chunk>`.
    var swift: String {
      switch framing {
      case .events: "TypedEventStream<\(type.swift)>"
      case .lines: "JSONLineStream<\(type.swift)>"
      }
    }

    /// How the doc comment names the framing.
    var description: String {
      switch framing {
      case .events: "`text/event-stream`: each event's `data`; `[DONE]` ends it"
      case .lines: "JSON Lines: one value per line"
      }
    }

    /// The `Service` method that returns the sequence for a request: `events` or `lines`.
    var method: String {
      switch framing {
      case .events: "events"
      case .lines: "lines"
      }
    }
  }
}
