import Argonaut

/// The `servers` of a document, of a path item or of an operation.
///
/// A server's URL may hold `{variables}`: each is replaced by its `default`. The
/// top-level servers with an absolute URL become `enum Servers`, one
/// `ServiceEnvironment` each (``render(_:access:header:)``); an operation's own server
/// makes its requests absolute.
enum OpenAPIServers {
  /// A server of the top-level list.
  struct Server: Sendable {
    /// The constant's name, such as `production`.
    var name: String
    /// The URL, its variables filled with their defaults.
    var url: String
    /// The description, on one line.
    var summary: String?
  }

  /// The URL of one server object, its variables replaced by their defaults; `nil`
  /// without a `url`.
  static func url(of server: JSON) -> String? {
    guard var url = server["url"]?.stringValue else { return nil }
    for (name, variable) in server["variables"]?.members ?? [] {
      guard let value = variable["default"]?.stringValue else { continue }
      url = url.split(separator: "{\(name)}", omittingEmptySubsequences: false).joined(separator: value)
    }
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  /// The top-level servers with an absolute URL, named from their descriptions (else
  /// `server1`, `server2`…). A relative one is reported: the environment's base URL
  /// must be absolute.
  static func servers(of document: OpenAPIDocument, diagnostics: inout [OpenAPIDiagnostic]) -> [Server] {
    var found: [(text: String, url: String, summary: String?)] = []
    for (offset, server) in (document.root["servers"]?.elements ?? []).enumerated() {
      guard let url = url(of: server), url.contains("://") else {
        diagnostics.append(
          OpenAPIDiagnostic(
            pointer: "#/servers/\(offset)", message: "a server without an absolute URL is not listed in Servers"))
        continue
      }
      let summary = APINaming.summary(server["description"]?.stringValue)
      let text = summary.map { Identifiers.words(in: $0).isEmpty ? nil : $0 } ?? nil
      found.append((text ?? "server \(found.count + 1)", url, summary))
    }
    let names = APINaming.memberNames(for: found.map(\.text), reserved: ["init"])
    return zip(names, found).map { Server(name: $0, url: $1.url, summary: $1.summary) }
  }

  /// `Servers.swift`: `enum Servers` with one `ServiceEnvironment` per server.
  static func render(_ servers: [Server], access: String, header: String) -> String {
    var lines = [
      header, "", "import ArgonautServices", "import Foundation", "",
      "/// The servers the document lists, as environments for a `ServiceConfiguration`.", "///", "/// ```swift",
      "/// let configuration = ServiceConfiguration(environment: Servers.\(Identifiers.unescaped(servers[0].name)))",
      "/// ```", "/// From `#/servers`.", "\(access)enum Servers {",
    ]
    for (offset, server) in servers.enumerated() {
      if offset > 0 { lines.append("") }
      let summary = server.summary.map { ": " + $0 + (".!?".contains($0.last ?? ".") ? "" : ".") } ?? "."
      lines.append("  /// `\(server.url)`" + summary)
      lines.append("  /// From `#/servers/\(offset)`.")
      let name = Identifiers.stringLiteral(server.summary ?? server.url)
      lines += SourceLayout.wrapped(
        prefix: "  \(access)static let \(server.name) = ServiceEnvironment(",
        items: ["name: \(name)", "baseURL: URL(string: \(Identifiers.stringLiteral(server.url)))"], suffix: ")",
        indent: "  ")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
