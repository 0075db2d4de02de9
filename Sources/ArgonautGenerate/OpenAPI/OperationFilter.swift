import Argonaut

/// `--tag NAME` and `--operation ID`: a document cut down to some operations and what
/// they reference.
///
/// An operation is kept when one of its tags is a `--tag` or its `operationId` an
/// `--operation` (the two add up). Then every component that the kept path items
/// reach is kept, transitively: through `$ref`s and discriminator `mapping`s, into
/// schemas, parameters, request bodies, responses and the rest of `components`;
/// nothing else is (webhooks included). `securitySchemes`, which are named rather
/// than referenced, stay.
struct OperationFilter: Equatable, Sendable {
  /// The tags whose operations are kept.
  var tags: [String] = []
  /// The `operationId`s of the operations kept.
  var operationIds: [String] = []

  /// Whether the filter keeps everything: no `--tag` and no `--operation`.
  var keepsEverything: Bool { tags.isEmpty && operationIds.isEmpty }

  /// Whether `operation` is kept.
  func keeps(_ operation: JSON) -> Bool {
    if let id = operation["operationId"]?.stringValue, operationIds.contains(id) { return true }
    return (operation["tags"]?.elements ?? []).contains { $0.stringValue.map(tags.contains) ?? false }
  }

  /// `document` with only the kept operations and what they reference.
  ///
  /// - Throws: ``OpenAPIError`` naming a `--tag` or `--operation` that matches no
  ///   operation (a misspelling would otherwise give an empty output).
  func apply(to document: OpenAPIDocument) throws(OpenAPIError) -> OpenAPIDocument {
    guard !keepsEverything else { return document }
    var matchedTags: Set<String> = []
    var matchedIds: Set<String> = []
    var paths: [(String, JSON)] = []
    for (path, item) in document.root["paths"]?.members ?? [] {
      let pointer = JSONPointer.appending(path, to: "#/paths")
      let resolved = document.dereferenced(item, at: pointer)?.value ?? item
      var members: [(String, JSON)] = []
      var keepsOne = false
      for (key, value) in resolved.members {
        guard OperationTranslator.methods.contains(key) else {
          members.append((key, value))
          continue
        }
        guard keeps(value) else { continue }
        keepsOne = true
        members.append((key, value))
        if let id = value["operationId"]?.stringValue { matchedIds.insert(id) }
        for tag in value["tags"]?.elements ?? [] { if let tag = tag.stringValue { matchedTags.insert(tag) } }
      }
      if keepsOne { paths.append((path, .object(JSONObject(members)))) }
    }
    for tag in tags where !matchedTags.contains(tag) {
      throw OpenAPIError(description: "--tag \(tag): no operation has this tag")
    }
    for id in operationIds where !matchedIds.contains(id) {
      throw OpenAPIError(description: "--operation \(id): no operation has this operationId")
    }

    // The components the kept paths reach, transitively: section → names.
    var reached: [String: Set<String>] = [:]
    var pending: [JSON] = paths.map(\.1)
    while let value = pending.popLast() {
      for reference in Self.references(in: value) {
        guard let tokens = JSONPointer.tokens(of: reference), tokens.count >= 3, tokens[0] == "components" else {
          continue
        }
        let (section, name) = (tokens[1], tokens[2])
        guard reached[section, default: []].insert(name).inserted,
          let component = document.root["components"]?[section]?[name]
        else { continue }
        pending.append(component)
      }
    }

    var root: [(String, JSON)] = []
    for (key, value) in document.root.members {
      switch key {
      case "paths": root.append((key, .object(JSONObject(paths))))
      case "webhooks": continue
      case "components":
        let sections = value.members.map { section, members -> (String, JSON) in
          guard section != "securitySchemes" else { return (section, members) }
          let kept = members.members.filter { reached[section]?.contains($0.key) ?? false }
          return (section, .object(JSONObject(kept.map { ($0.key, $0.value) })))
        }
        root.append((key, .object(JSONObject(sections))))
      default: root.append((key, value))
      }
    }
    var filtered = document
    filtered.root = .object(JSONObject(root))
    return filtered
  }

  /// Every `$ref` in `value`, and every discriminator `mapping` value (a bare schema
  /// name means `#/components/schemas/NAME`).
  static func references(in value: JSON) -> [String] {
    var found: [String] = []
    var pending = [value]
    while let current = pending.popLast() {
      switch current {
      case .object:
        for (key, member) in current.members {
          if key == "$ref", let reference = member.stringValue {
            found.append(reference)
          } else if key == "mapping", case .object = member {
            for (_, target) in member.members {
              guard let text = target.stringValue else { continue }
              found.append(text.contains("/") ? text : "#/components/schemas/" + text)
            }
            pending.append(member)  // a property named `mapping` is a schema too
          } else {
            pending.append(member)
          }
        }
      case .array: pending += current.elements
      default: continue
      }
    }
    return found
  }
}
