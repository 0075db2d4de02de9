import Foundation

// Resources from disk and from bundles (LoadIt's disk resources): the same parse step,
// validators and errors as over the network, for sample data, previews, caches and
// offline tests. `FileTransport` serves whole directories to a service instead.

extension Resource {
  /// Reads the resource from the file at `url`, and parses it as if a server had
  /// answered `200` with the file's bytes.
  ///
  /// ```swift
  /// let feed = try Resource<NewsFeed>(Request(.get, "/newsFeed")).load(fromFile: samples.appendingPathComponent("newsFeed.json"))
  /// ```
  ///
  /// The response's `Content-Type` comes from the file's extension (`json`, `txt`,
  /// `html`, `png`, `jpg`, `gif`, `webp`, `svg`, `pdf`, `xml`; anything else is
  /// `application/octet-stream`), so an image parser still checks for `image/*`.
  /// The resource's validators run; a configuration's do not, as there is none.
  ///
  /// - Parameter url: A file URL.
  /// - Returns: The value that the parse step made.
  /// - Throws: ``ServiceError`` that names the file: a
  ///   ``ServiceError/Kind/transportFailure`` when it cannot be read, or the
  ///   validators' and the parse step's errors. A resource made with `flatMap`
  ///   needs a second request, which a file cannot answer: an
  ///   ``ServiceError/Kind/invalidRequest`` error.
  public func load(fromFile url: URL) throws(ServiceError) -> Value {
    try loadResponse(fromFile: url).value
  }

  /// Reads the resource from the file at `url`: ``load(fromFile:)``, with the status
  /// and the headers of the response made for it.
  public func loadResponse(fromFile url: URL) throws(ServiceError) -> Response<Value> {
    let request = HTTPRequest(method: .get, url: url, headers: [:])
    let body: Data
    do {
      body = try Data(contentsOf: url)
    } catch {
      throw .transportFailure(FileReadError(url: url, reason: Self.reason(error, url)), request: request)
    }
    let response = HTTPResponse(
      statusCode: 200, headers: ["Content-Type": FileTransport.contentType(of: url.pathExtension)], body: body)
    let exchange = Exchange(request: request, response: response)
    switch try ResourceLoader.step(self, exchange, validators: []) {
    case .value(let value):
      return Response(value: value, statusCode: 200, headers: response.headers, request: request)
    case .load(let next):
      throw .invalidRequest(
        "the resource needs a second request (\(next.request)), which a file cannot answer", request: request)
    }
  }

  /// Reads the resource from a bundle's resource file, such as sample data shipped
  /// with an app or a test target (`Bundle.module`).
  ///
  /// ```swift
  /// let feed = try Resource<NewsFeed>(Request(.get, "/newsFeed")).load(fromBundle: .module, name: "newsFeed")
  /// ```
  ///
  /// - Parameters:
  ///   - bundle: The bundle.
  ///   - name: The resource's name, without its extension.
  ///   - fileExtension: The extension; `json` by default.
  ///   - subdirectory: The subdirectory of the bundle's resources, if any.
  /// - Returns: The value that the parse step made.
  /// - Throws: ``ServiceError``, as ``load(fromFile:)``; a resource missing from the
  ///   bundle is a ``ServiceError/Kind/transportFailure`` that names it.
  public func load(
    fromBundle bundle: Bundle, name: String, fileExtension: String = "json", subdirectory: String? = nil
  ) throws(ServiceError) -> Value {
    guard let url = bundle.url(forResource: name, withExtension: fileExtension, subdirectory: subdirectory) else {
      var expected = bundle.resourceURL ?? bundle.bundleURL
      if let subdirectory { expected.appendPathComponent(subdirectory, isDirectory: true) }
      expected.appendPathComponent(name)
      if !fileExtension.isEmpty { expected.appendPathExtension(fileExtension) }
      throw .transportFailure(
        FileReadError(url: expected, reason: "the bundle has no such resource"),
        request: HTTPRequest(method: .get, url: expected))
    }
    return try load(fromFile: url)
  }

  /// Why `error` kept `url` from being read, in words.
  static func reason(_ error: any Error, _ url: URL) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such file" }
    if isDirectory.boolValue { return "it is a directory" }
    return "it cannot be read (\((error as NSError).localizedDescription))"
  }
}

/// Why a file resource could not be read.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file.
  public let url: URL
  /// Why, such as `no such file`.
  public let reason: String

  /// `could not read /path/to/file.json: no such file`.
  public var description: String { "could not read \(url.path): \(reason)" }
}
