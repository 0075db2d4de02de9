import Argonaut

/// Translates `paths` into service classes: one per tag, one method per operation.
///
/// Schemas met on the way (parameters, bodies, responses) go through the
/// ``SchemaTranslator``, named from the operation (`createPet` + `body` →
/// `CreatePetBody`). An operation that cannot be called as the document says
/// (a required cookie parameter…) is left out with a diagnostic
/// naming its pointer; an optional parameter that cannot be sent is left out alone.
/// Request bodies are never left out: JSON, form and multipart bodies are typed, and
/// any other media type is `Data`.
struct OperationTranslator {
  /// The HTTP methods of a path item.
  static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
  /// Names a method or a label may not take in a service class.
  static let reservedMethodNames = ["configuration", "getRequest", "load", "loadResponse", "pages", "init"]
  /// The locals of a generated resource method, which labels must not shadow.
  static let locals = ["queryItems", "headerFields", "formFields", "form", "requestBody"]

  let document: OpenAPIDocument

  /// Each operation of the document: its pointer, path, method and value, in document order.
  func operations() -> [(pointer: String, path: String, method: String, item: JSON, operation: JSON)] {
    var found: [(String, String, String, JSON, JSON)] = []
    for (path, item) in document.root["paths"]?.members ?? [] {
      let itemPointer = JSONPointer.appending(path, to: "#/paths")
      let resolvedItem = document.dereferenced(item, at: itemPointer)?.value ?? item
      for (method, operation) in resolvedItem.members where Self.methods.contains(method) {
        found.append((JSONPointer.appending(method, to: itemPointer), path, method, resolvedItem, operation))
      }
    }
    return found
  }

  /// The service class names, in the order their first operation appears.
  func serviceNames() -> [String] {
    var names: [String] = []
    for entry in operations() {
      let name = APINaming.serviceName(forTag: entry.operation["tags"]?.elements.first?.stringValue)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// The services, in the order their first operation appears.
  func services(_ schemas: inout SchemaTranslator) -> [ServiceDeclaration] {
    var services: [ServiceDeclaration] = []
    var tagSummaries: [String: String] = [:]
    for tag in document.root["tags"]?.elements ?? [] {
      if let name = tag["name"]?.stringValue, let summary = APINaming.summary(tag["description"]?.stringValue) {
        tagSummaries[name] = summary
      }
    }
    for entry in operations() {
      let tag = entry.operation["tags"]?.elements.first?.stringValue
      let serviceName = APINaming.serviceName(forTag: tag)
      var index = services.firstIndex { $0.name == serviceName }
      if index == nil {
        services.append(ServiceDeclaration(name: serviceName, tag: tag, summary: tag.flatMap { tagSummaries[$0] }))
        index = services.count - 1
      }
      guard var operation = translate(entry, &schemas) else { continue }
      // The methods it adds (`…Request`, `…Stream`) must not take a reserved name either.
      var suffixes = ["Resource"]
      if case .stream = operation.response { suffixes = ["Request"] }
      if operation.alternativeStream != nil { suffixes.append("Stream") }
      let derived = Self.reservedMethodNames.flatMap { name in
        suffixes.compactMap { name.hasSuffix($0) && name.count > $0.count ? String(name.dropLast($0.count)) : nil }
      }
      let taken =
        Self.reservedMethodNames + derived
        + services[index!].operations.flatMap {
          [$0.name, $0.name + "Resource", $0.name + "Request", $0.name + "Stream"]
        }
      operation.name = APINaming.memberNames(for: [operation.name], reserved: taken)[0]
      services[index!].operations.append(operation)
    }
    return services.filter { !$0.operations.isEmpty }
  }

  private func translate(
    _ entry: (pointer: String, path: String, method: String, item: JSON, operation: JSON),
    _ schemas: inout SchemaTranslator
  ) -> OperationDeclaration? {
    let operation = entry.operation
    let operationId = operation["operationId"]?.stringValue
    let name =
      operationId.map(APINaming.methodName(for:)) ?? APINaming.methodName(method: entry.method, path: entry.path)
    let hint = operationId ?? (entry.method + " " + entry.path)

    // Parameters: the path item's, replaced by the operation's of the same name and place.
    var declared: [(pointer: String, value: JSON)] = []
    let itemPointer = String(entry.pointer.dropLast(entry.method.count + 1))
    for (source, base) in [(entry.item, itemPointer), (operation, entry.pointer)] {
      for (offset, parameter) in (source["parameters"]?.elements ?? []).enumerated() {
        let parameterPointer = JSONPointer.appending("\(offset)", to: base + "/parameters")
        guard let (resolved, _) = document.dereferenced(parameter, at: parameterPointer) else {
          schemas.warn(parameterPointer, "$ref that cannot be followed: the operation is left out")
          return nil
        }
        let key = { (value: JSON) in "\(value["in"]?.stringValue ?? "")/\(value["name"]?.stringValue ?? "")" }
        declared.removeAll { key($0.value) == key(resolved) }
        declared.append((parameterPointer, resolved))
      }
    }

    var parameters: [OperationDeclaration.Parameter] = []
    for (pointer, parameter) in declared {
      guard let wireName = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else {
        schemas.warn(pointer, "parameter without a name or \"in\": the operation is left out")
        return nil
      }
      let required = place == "path" || parameter["required"]?.boolValue == true
      func skip(_ reason: String) -> Bool {
        schemas.warn(
          pointer,
          "\(reason): " + (required ? "the operation is left out" : "the parameter \"\(wireName)\" is left out"))
        return required
      }
      guard let location = OperationDeclaration.Location(rawValue: place) else {
        if skip("\(place) parameters are not supported") { return nil }
        continue
      }
      guard let schema = parameter["schema"] else {
        if skip("a parameter described by \"content\" instead of \"schema\" is not supported") { return nil }
        continue
      }
      let type = schemas.type(of: schema, at: pointer + "/schema", name: hint + " " + wireName).wrapped
      var conversion = self.conversion(type, schemas)
      var isArray = false
      if conversion == nil, case .array(let element) = type, !element.isOptional {
        conversion = self.conversion(element, schemas)
        isArray = true
      }
      guard let conversion else {
        if skip("a \(location.rawValue) parameter of type \(type.swift) cannot be written as text") { return nil }
        continue
      }
      if let style = parameter["style"]?.stringValue, !["form", "simple"].contains(style) {
        if skip("style \"\(style)\" is not supported") { return nil }
        continue
      }
      parameters.append(
        OperationDeclaration.Parameter(
          label: wireName, name: wireName, location: location, type: required ? type : type.optional,
          conversion: conversion, isArray: isArray,
          explode: location == .query ? parameter["explode"]?.boolValue ?? true : false))
    }
    // Every placeholder of the path needs its parameter.
    let placeholders = Self.placeholders(in: entry.path)
    for placeholder in placeholders
    where !parameters.contains(where: { $0.location == .path && $0.name == placeholder }) {
      schemas.warn(entry.pointer, "no path parameter for {\(placeholder)}: the operation is left out")
      return nil
    }
    parameters.removeAll { $0.location == .path && !placeholders.contains($0.name) }
    parameters = parameters.filter { $0.location == .path } + parameters.filter { $0.location != .path }

    var body: OperationDeclaration.Body?
    if let requestBody = operation["requestBody"] {
      let bodyPointer = entry.pointer + "/requestBody"
      guard let (resolved, resolvedPointer) = document.dereferenced(requestBody, at: bodyPointer) else {
        schemas.warn(bodyPointer, "$ref that cannot be followed: the operation is left out")
        return nil
      }
      body = self.body(resolved, at: resolvedPointer, hint: hint, &schemas)
    }

    let labels = APINaming.memberNames(
      for: parameters.map(\.name), reserved: Self.locals + Self.reservedMethodNames + (body == nil ? [] : ["body"]))
    for offset in parameters.indices { parameters[offset].label = labels[offset] }

    let (response, alternativeStream) = self.response(operation, at: entry.pointer, hint: hint, &schemas)
    return OperationDeclaration(
      name: name, pointer: entry.pointer, method: entry.method, path: entry.path,
      summary: APINaming.summary(operation["summary"]?.stringValue ?? operation["description"]?.stringValue),
      parameters: parameters, body: body, response: response, alternativeStream: alternativeStream,
      server: server(operation, item: entry.item))
  }

  /// The body of a resolved `requestBody`: JSON first, then the first media type in
  /// document order. A form or multipart body that cannot be a structure is sent as
  /// `Data`, with a warning; no body is ever left out.
  private func body(
    _ requestBody: JSON, at pointer: String, hint: String, _ schemas: inout SchemaTranslator
  ) -> OperationDeclaration.Body? {
    let required = requestBody["required"]?.boolValue == true
    let content = requestBody["content"]?.members ?? []
    guard let chosen = content.first(where: { Self.isJSON($0.key) }) ?? content.first else { return nil }
    let mediaType = Self.baseMediaType(chosen.key)
    let mediaPointer = JSONPointer.appending(chosen.key, to: pointer + "/content")
    let schemaPointer = mediaPointer + "/schema"
    func made(_ type: APIType, _ encoding: OperationDeclaration.BodyEncoding) -> OperationDeclaration.Body {
      OperationDeclaration.Body(type: required ? type : type.optional, encoding: encoding)
    }
    if Self.isJSON(chosen.key) {
      let type = chosen.value["schema"].map { schemas.type(of: $0, at: schemaPointer, name: hint + " body") } ?? .json
      return made(type, .json)
    }
    let encoding = chosen.value["encoding"]
    if mediaType == "application/x-www-form-urlencoded", let schema = chosen.value["schema"] {
      let type = schemas.type(of: schema, at: schemaPointer, name: hint + " body").wrapped
      if let properties = structureProperties(of: type, schemas) {
        let fields = properties.map { formField($0, encoding: encoding, multipart: false, at: schemaPointer, &schemas) }
        return made(type, .form(fields))
      }
      schemas.warn(schemaPointer, "a form body that is not an object with properties: sent as Data")
    } else if mediaType == "multipart/form-data", let schema = chosen.value["schema"] {
      if let type = schemas.multipartForm(of: schema, at: schemaPointer, name: hint + " body"),
        let properties = structureProperties(of: type, schemas)
      {
        let fields = properties.map { formField($0, encoding: encoding, multipart: true, at: schemaPointer, &schemas) }
        return made(type, .multipart(fields))
      }
      schemas.warn(schemaPointer, "a multipart body that is not an object with properties: sent as Data")
    } else if mediaType.hasPrefix("multipart/") {
      schemas.warn(mediaPointer, "a \(mediaType) body is sent as Data: build it with MultipartFormData")
    }
    return made(.data, .data(contentType: chosen.key))
  }

  /// The properties of the structure `type` names (through type aliases), or `nil`.
  private func structureProperties(of type: APIType, _ schemas: SchemaTranslator) -> [ModelDeclaration.Property]? {
    var current = type
    for _ in 0..<16 {
      guard case .named(let name) = current else { return nil }
      switch schemas.declaration(named: name)?.kind {
      case .structure(let properties), .multipartForm(let properties): return properties
      case .alias(let target): current = target.wrapped
      default: return nil
      }
    }
    return nil
  }

  /// How one property of a form or multipart body is written: `style: form` rules,
  /// with the media type's `encoding` entry for the property (`style`, `explode`,
  /// `contentType`) where it has one. What has no text form is written as JSON.
  private func formField(
    _ property: ModelDeclaration.Property, encoding: JSON?, multipart: Bool, at pointer: String,
    _ schemas: inout SchemaTranslator
  ) -> OperationDeclaration.FormField {
    let type = property.type.wrapped
    let rules = encoding?[property.key]
    let wantsJSON = rules?["contentType"]?.stringValue.map(Self.isJSON) ?? false
    var value = OperationDeclaration.FormValue.json
    if type == .file {
      value = .file
    } else if type == .array(.file) {
      value = .files
    } else if !wantsJSON, let conversion = conversion(type, schemas) {
      value = .text(conversion)
    } else if !wantsJSON, case .array(let element) = type, let conversion = conversion(element, schemas) {
      let explode = rules?["explode"]?.boolValue ?? (rules?["style"]?.stringValue ?? "form" == "form")
      let separators = ["form": ",", "spaceDelimited": " ", "pipeDelimited": "|"]
      value = .list(conversion, separator: explode ? nil : separators[rules?["style"]?.stringValue ?? "form"] ?? ",")
    } else if !multipart && !wantsJSON {
      schemas.warn(
        JSONPointer.appending(property.key, to: pointer + "/properties"),
        "a form field of type \(type.swift) has no text form: written as its JSON")
    }
    return OperationDeclaration.FormField(
      property: property.name, key: property.key, isOptional: property.type.isOptional, value: value)
  }

  /// What the first 2xx response holds, and the stream it offers beside JSON.
  private func response(
    _ operation: JSON, at pointer: String, hint: String, _ schemas: inout SchemaTranslator
  ) -> (OperationDeclaration.ResponseKind, OperationDeclaration.StreamKind?) {
    guard let (status, response) = (operation["responses"]?.members ?? []).first(where: { $0.key.hasPrefix("2") })
    else { return (.nothing, nil) }
    let responsePointer = JSONPointer.appending(status, to: pointer + "/responses")
    guard let (resolved, resolvedPointer) = document.dereferenced(response, at: responsePointer) else {
      schemas.warn(responsePointer, "$ref that cannot be followed: the response is typed as JSON")
      return (.json(.json), nil)
    }
    let content = resolved["content"]?.members ?? []
    let stream = self.stream(in: content, at: resolvedPointer, hint: hint, &schemas)
    guard let json = content.first(where: { Self.isJSON($0.key) }) else {
      if let stream { return (.stream(stream), nil) }
      return (content.isEmpty ? .nothing : .data, nil)
    }
    guard let schema = json.value["schema"] else { return (.json(.json), stream) }
    let schemaPointer = JSONPointer.appending(json.key, to: resolvedPointer + "/content") + "/schema"
    return (.json(schemas.type(of: schema, at: schemaPointer, name: hint + " response")), stream)
  }

  /// The stream a response's `content` offers: `text/event-stream` first, then JSON
  /// Lines (`application/jsonl`, `application/x-ndjson`), each value typed by the
  /// media type's schema (`JSON` without one).
  private func stream(
    in content: [(key: String, value: JSON)], at pointer: String, hint: String, _ schemas: inout SchemaTranslator
  ) -> OperationDeclaration.StreamKind? {
    let framings: [(String, OperationDeclaration.StreamKind.Framing)] = [
      ("text/event-stream", .events), ("application/jsonl", .lines), ("application/x-ndjson", .lines),
    ]
    for (mediaType, framing) in framings {
      guard let entry = content.first(where: { Self.baseMediaType($0.key) == mediaType }) else { continue }
      let schemaPointer = JSONPointer.appending(entry.key, to: pointer + "/content") + "/schema"
      var type =
        entry.value["schema"].map {
          schemas.type(of: $0, at: schemaPointer, name: hint + (framing == .events ? " event" : " line"))
        } ?? .json
      // A stream's values are never absent: a nullable schema is read as its value.
      type = type.wrapped
      return OperationDeclaration.StreamKind(framing: framing, type: type)
    }
    return nil
  }

  /// The operation's own server, else its path item's: the first `servers` entry
  /// whose URL is absolute, with its variables' defaults filled in.
  private func server(_ operation: JSON, item: JSON) -> String? {
    for servers in [operation["servers"], item["servers"]] {
      guard let first = servers?.elements.first, let url = OpenAPIServers.url(of: first), url.contains("://") else {
        continue
      }
      return url
    }
    return nil
  }

  /// How a value of `type` becomes text, or `nil` when it cannot.
  private func conversion(_ type: APIType, _ schemas: SchemaTranslator) -> OperationDeclaration.Conversion? {
    var current = type
    for _ in 0..<16 {
      switch current {
      case .string: return .identity
      case .bool, .int, .int32, .int64, .double: return .lossless
      case .uuid: return .uuid
      case .url: return .url
      case .date: return .date
      case .named(let name):
        switch schemas.declaration(named: name)?.kind {
        case .stringEnum: return .rawValue
        case .alias(let target): current = target
        default: return nil
        }
      case .json, .data, .file, .array, .map, .optional: return nil
      }
    }
    return nil
  }

  /// Whether a media type is JSON: `application/json`, `application/problem+json`, with parameters or not.
  static func isJSON(_ mediaType: String) -> Bool {
    let base = mediaType.split(separator: ";").first.map { String($0).trimmingSpaces().lowercased() } ?? ""
    return base == "application/json" || base.hasSuffix("+json") || base == "*/*"
  }

  /// A media type without its parameters, lowercased: `Multipart/Form-Data; charset=x` → `multipart/form-data`.
  static func baseMediaType(_ mediaType: String) -> String {
    mediaType.split(separator: ";").first.map { String($0).trimmingSpaces().lowercased() } ?? ""
  }

  /// The placeholder names of a path template: `/users/{id}/posts/{post}` → `id`, `post`.
  static func placeholders(in path: String) -> [String] {
    var names: [String] = []
    var rest = Substring(path)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }
}
