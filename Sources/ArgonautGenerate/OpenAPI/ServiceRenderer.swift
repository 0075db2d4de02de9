/// Swift source for one ``ServiceDeclaration``: `XService.swift`.
///
/// Each operation gives two methods: `name…Resource(…) -> Resource<T>`, which builds
/// the `Request` (the path template filled by `Request`, query items in OpenAPI's
/// default `form` style with `explode`, headers, the body), and
/// `name(…) async throws(ServiceError) -> T`, which loads it.
struct ServiceRenderer: Sendable {
  let service: ServiceDeclaration
  /// `public ` or nothing.
  let access: String
  /// The first comment line.
  let header: String
  /// Whether some type of the service is one of Foundation's, whose Argonaut
  /// conformances come from ArgonautFoundation.
  let usesFoundation: Bool

  /// The whole file.
  func render() -> String {
    var imports = ["ArgonautServices", "Foundation"]
    if usesFoundation { imports.insert("ArgonautFoundation", at: 0) }
    var lines = [header, ""] + imports.map { "import \($0)" } + [""]
    let tagText = service.tag.map { "The operations tagged `\($0)`" } ?? "The operations without a tag"
    lines.append("/// \(tagText)\(service.summary.map { ": \($0)" } ?? ".")")
    lines += [
      "///",
      "/// ```swift",
      "/// let service = \(service.name)(configuration: ServiceConfiguration(environment: .local(port: 8000)))",
      "/// ```",
      "\(access)final class \(service.name): Service {",
      "  /// What `getRequest` decodes; the operations below decode their own types.",
      "  \(access)typealias Model = JSON",
      "",
      "  /// The environment (its base URL), transport and middleware of every call.",
      "  \(access)let configuration: ServiceConfiguration",
      "",
      "  /// A service whose calls go through `configuration`.",
      "  \(access)init(configuration: ServiceConfiguration) {",
      "    self.configuration = configuration",
      "  }",
    ]
    for operation in service.operations {
      lines.append("")
      lines += self.operation(operation)
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func operation(_ operation: OperationDeclaration) -> [String] {
    if case .stream(let stream) = operation.response { return streamOperation(operation, stream) }
    let resultType: String
    let parser: String
    switch operation.response {
    case .stream: return []
    case .json(let type):
      resultType = type.swift
      parser = ".decoding(\(type.swift).self)"
    case .nothing:
      resultType = "Void"
      parser = ".nothing"
    case .data:
      resultType = "Data"
      parser = ".data"
    }
    var parameters = operation.parameters.map { "\($0.label): \($0.type.swift)\($0.type.isOptional ? " = nil" : "")" }
    var arguments = operation.parameters.map { "\(Self.argumentLabel($0.label)): \($0.label)" }
    if let body = operation.body {
      parameters.append("body: \(body.type.swift)\(body.type.isOptional ? " = nil" : "")")
      arguments.append("body: body")
    }
    let title = "`\(operation.method.uppercased()) \(operation.path)`" + (operation.summary.map { ": \($0)" } ?? ".")
    let resourceName = Identifiers.unescaped(operation.name) + "Resource"
    var lines: [String] = []

    lines += [
      "  /// \(title)", "  ///", "  /// The request as a resource, for `load`, `pages` or a `ResourceOperation`.",
    ]
    if let server = operation.server { lines.append("  /// Sent to the operation's own server, `\(server)`.") }
    lines.append("  /// From `\(operation.pointer)`.")
    lines += SourceLayout.wrapped(
      prefix: "  \(access)func \(resourceName)(", items: parameters, suffix: ") -> Resource<\(resultType)> {",
      indent: "  ")
    lines += requestStatements(operation)
    lines.append("    return Resource(request, parse: \(parser))")
    lines.append("  }")
    lines.append("")

    lines += ["  /// \(title)", "  ///", "  /// From `\(operation.pointer)`."]
    let returns = resultType == "Void" ? "" : " -> \(resultType)"
    lines += SourceLayout.wrapped(
      prefix: "  \(access)func \(operation.name)(", items: parameters,
      suffix: ") async throws(ServiceError)\(returns) {", indent: "  ")
    let single = "    try await load(\(resourceName)(\(arguments.joined(separator: ", "))))"
    if single.count <= SourceLayout.lineLength {
      lines.append(single)
    } else {
      lines += SourceLayout.wrapped(
        prefix: "    let resource = \(resourceName)(", items: arguments, suffix: ")", indent: "    ", force: true)
      lines.append("    return try await load(resource)")
    }
    lines.append("  }")
    if let stream = operation.alternativeStream {
      lines.append("")
      lines += [
        "  /// \(title)", "  ///", "  /// The streamed form of the response (\(stream.description)).",
        "  /// From `\(operation.pointer)`.",
      ]
      lines += streamMethod(
        name: Identifiers.unescaped(operation.name) + "Stream", parameters: parameters, stream: stream,
        request: "\(resourceName)(\(arguments.joined(separator: ", "))).request")
    }
    return lines
  }

  /// An operation whose response is only a stream: `nameRequest(…) -> Request` and
  /// `name(…) -> TypedEventStream<T>` (or `JSONLineStream<T>`), which sends it when
  /// the loop asks for the first value.
  private func streamOperation(_ operation: OperationDeclaration, _ stream: OperationDeclaration.StreamKind) -> [String]
  {
    var parameters = operation.parameters.map { "\($0.label): \($0.type.swift)\($0.type.isOptional ? " = nil" : "")" }
    var arguments = operation.parameters.map { "\(Self.argumentLabel($0.label)): \($0.label)" }
    if let body = operation.body {
      parameters.append("body: \(body.type.swift)\(body.type.isOptional ? " = nil" : "")")
      arguments.append("body: body")
    }
    let title = "`\(operation.method.uppercased()) \(operation.path)`" + (operation.summary.map { ": \($0)" } ?? ".")
    let requestName = Identifiers.unescaped(operation.name) + "Request"
    var lines: [String] = [
      "  /// \(title)", "  ///", "  /// The request, for the untyped `\(stream.method)(_:)` or `bytes(_:)`.",
    ]
    if let server = operation.server { lines.append("  /// Sent to the operation's own server, `\(server)`.") }
    lines += [
      "  /// From `\(operation.pointer)`."
    ]
    lines += SourceLayout.wrapped(
      prefix: "  \(access)func \(requestName)(", items: parameters, suffix: ") -> Request {", indent: "  ")
    var statements = requestStatements(operation)
    if statements.count == 1, let only = statements.first, only.hasPrefix("    let request = ") {
      statements = ["    " + only.dropFirst("    let request = ".count)]
    } else {
      statements.append("    return request")
    }
    lines += statements
    lines.append("  }")
    lines.append("")
    lines += [
      "  /// \(title)", "  ///",
      "  /// The response's values as they arrive (\(stream.description)); the request is sent",
      "  /// when the loop asks for the first one.", "  /// From `\(operation.pointer)`.",
    ]
    lines += streamMethod(
      name: Identifiers.unescaped(operation.name), parameters: parameters, stream: stream,
      request: "\(requestName)(\(arguments.joined(separator: ", ")))")
    return lines
  }

  /// `func name(parameters) -> Stream { events(request, as: T.self) }`.
  private func streamMethod(
    name: String, parameters: [String], stream: OperationDeclaration.StreamKind, request: String
  ) -> [String] {
    var lines = SourceLayout.wrapped(
      prefix: "  \(access)func \(Identifiers.escaped(name))(", items: parameters, suffix: ") -> \(stream.swift) {",
      indent: "  ")
    let single = "    \(stream.method)(\(request), as: \(stream.type.swift).self)"
    if single.count <= SourceLayout.lineLength {
      lines.append(single)
    } else {
      lines.append("    let request = \(request)")
      lines.append("    return \(stream.method)(request, as: \(stream.type.swift).self)")
    }
    lines.append("  }")
    return lines
  }

  /// The statements that make `request`.
  private func requestStatements(_ operation: OperationDeclaration) -> [String] {
    var lines: [String] = []
    // An operation with its own server sends its requests there: an absolute URL.
    let url = (operation.server ?? "") + operation.path
    var requestArguments = [Self.method(operation.method), Identifiers.stringLiteral(url)]
    let path = operation.parameters.filter { $0.location == .path }
    if !path.isEmpty {
      let entries = path.map { "\(Identifiers.stringLiteral($0.name)): \(text(of: $0, value: $0.label))" }
      requestArguments.append("pathParameters: [\(entries.joined(separator: ", "))]")
    }
    let query = operation.parameters.filter { $0.location == .query }
    if !query.isEmpty {
      lines.append("    var queryItems: [QueryItem] = []")
      for parameter in query {
        let name = Identifiers.stringLiteral(parameter.name)
        let statement: (String) -> String = { value in
          if parameter.isArray && parameter.explode {
            "queryItems += \(value).map { QueryItem(\(name), \(self.convert(parameter.conversion, "$0"))) }"
          } else {
            "queryItems.append(QueryItem(\(name), \(self.text(of: parameter, value: value))))"
          }
        }
        lines.append(optionalStatement(parameter, statement))
      }
      requestArguments.append("query: queryItems")
    }
    let headers = operation.parameters.filter { $0.location == .header }
    if !headers.isEmpty {
      lines.append("    var headerFields: [String: String] = [:]")
      for parameter in headers {
        let name = Identifiers.stringLiteral(parameter.name)
        lines.append(optionalStatement(parameter) { "headerFields[\(name)] = \(self.text(of: parameter, value: $0))" })
      }
      requestArguments.append("headers: headerFields")
    }
    if let body = operation.body {
      switch body.encoding {
      case .json, .data:
        let make: (String) -> String = { value in
          if case .data(let contentType) = body.encoding {
            ".data(\(value), contentType: \(Identifiers.stringLiteral(contentType)))"
          } else {
            ".json(\(value).encode())"
          }
        }
        requestArguments.append("body: " + (body.type.isOptional ? "body.map { \(make("$0")) }" : make("body")))
      case .form(let fields), .multipart(let fields):
        let isMultipart = if case .multipart = body.encoding { true } else { false }
        var statements = [isMultipart ? "var form = MultipartFormData()" : "var formFields: [QueryItem] = []"]
        statements += fields.flatMap { formStatements($0, multipart: isMultipart) }
        let made = isMultipart ? ".multipart(form)" : ".form(formFields)"
        if body.type.isOptional {
          lines.append("    var requestBody: RequestBody?")
          lines.append("    if let body {")
          lines += statements.map { "      " + $0 }
          lines.append("      requestBody = \(made)")
          lines.append("    }")
          requestArguments.append("body: requestBody")
        } else {
          lines += statements.map { "    " + $0 }
          requestArguments.append("body: \(made)")
        }
      }
    }
    lines += SourceLayout.wrapped(
      prefix: "    let request = Request(", items: requestArguments, suffix: ")", indent: "    ")
    return lines
  }

  /// The statements that add one property of `body` to `formFields` (a form) or
  /// `form` (multipart); inside `if let value` when the property is optional.
  private func formStatements(_ field: OperationDeclaration.FormField, multipart: Bool) -> [String] {
    let key = Identifiers.stringLiteral(field.key)
    let statement: (String) -> String = { value in
      switch (field.value, multipart) {
      case (.text(let conversion), false):
        "formFields.append(QueryItem(\(key), \(self.convert(conversion, value))))"
      case (.text(let conversion), true):
        "form.append(\(key), \(self.convert(conversion, value)))"
      case (.list(let conversion, nil), false):
        "formFields += \(value).map { QueryItem(\(key), \(self.convert(conversion, "$0"))) }"
      case (.list(let conversion, nil), true):
        "for item in \(value) { form.append(\(key), \(self.convert(conversion, "item"))) }"
      case (.list(let conversion, let separator?), _):
        (multipart ? "form.append(\(key), " : "formFields.append(QueryItem(\(key), ")
          + self.joined(conversion, value, separator: separator) + (multipart ? ")" : "))")
      case (.json, false):
        "formFields.append(QueryItem(\(key), JSONSerializer.compact.string(from: \(value).encode())))"
      case (.json, true):
        "form.append(\(key), json: \(value).encode())"
      case (.file, _):
        "form.append(\(key), file: \(value))"
      case (.files, _):
        "for item in \(value) { form.append(\(key), file: item) }"
      }
    }
    let property = "body." + field.property
    return field.isOptional ? ["if let value = \(property) {", "  " + statement("value"), "}"] : [statement(property)]
  }

  /// The elements of an array as text, joined with `separator`.
  private func joined(_ conversion: OperationDeclaration.Conversion, _ value: String, separator: String) -> String {
    let literal = Identifiers.stringLiteral(separator)
    if case .identity = conversion { return "\(value).joined(separator: \(literal))" }
    return "\(value).map { \(convert(conversion, "$0")) }.joined(separator: \(literal))"
  }

  /// `statement(label)`, inside `if let` when the parameter is optional.
  private func optionalStatement(
    _ parameter: OperationDeclaration.Parameter, _ statement: (String) -> String
  ) -> String {
    parameter.type.isOptional
      ? "    if let \(parameter.label) { \(statement(parameter.label)) }" : "    \(statement(parameter.label))"
  }

  /// The text of one parameter's value: arrays joined with commas.
  private func text(of parameter: OperationDeclaration.Parameter, value: String) -> String {
    guard parameter.isArray else { return convert(parameter.conversion, value) }
    if case .identity = parameter.conversion { return "\(value).joined(separator: \",\")" }
    return "\(value).map { \(convert(parameter.conversion, "$0")) }.joined(separator: \",\")"
  }

  private func convert(_ conversion: OperationDeclaration.Conversion, _ value: String) -> String {
    switch conversion {
    case .identity: value
    case .lossless: "String(\(value))"
    case .uuid: "\(value).uuidString"
    case .url: "\(value).absoluteString"
    case .date: "\(value).formatted(.iso8601)"
    case .rawValue: "\(value).rawValue"
    }
  }

  /// `label` as an argument label in a call: without backticks, which only `inout`,
  /// `var` and `let` need there.
  static func argumentLabel(_ label: String) -> String {
    let plain = Identifiers.unescaped(label)
    return ["inout", "var", "let"].contains(plain) ? label : plain
  }

  /// `.get`, `.post`…, or `HTTPMethod(rawValue: "TRACE")`.
  static func method(_ method: String) -> String {
    ["get", "put", "post", "delete", "options", "head", "patch"].contains(method)
      ? ".\(method)" : "HTTPMethod(rawValue: \(Identifiers.stringLiteral(method.uppercased())))"
  }
}
