import Argonaut
import Foundation
import NewsFeedExample
import Testing

@testable import ArgonautServices

@Suite("Resources from files and bundles: the same parse step, validators and errors")
struct FileResourceTests {
  /// A fresh directory with a few files in it.
  static func directory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("argonaut-files-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(#"{"posts": [{"title": "One", "postDate": "2024-01-01", "headline": "h"}]}"#.utf8)
      .write(to: directory.appendingPathComponent("feed.json"))
    try Data(#"{"posts": [{"title": "One"}]}"#.utf8).write(to: directory.appendingPathComponent("broken.json"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: directory.appendingPathComponent("avatar.png"))
    try Data("<html></html>".utf8).write(to: directory.appendingPathComponent("avatar.html"))
    try Data("plain words".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    return directory
  }

  @Test("A model, text and an image load from files")
  func loads() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = try Resource<Feed>(Request(.get, "/feed")).load(fromFile: directory.appendingPathComponent("feed.json"))
    #expect(feed.posts.map(\.title) == ["One"])
    #expect(
      try Resource<String>(Request(.get, "/notes"), parse: .text).load(
        fromFile: directory.appendingPathComponent("notes.txt"))
        == "plain words")
    let image = try Resource<Data>(Request(.get, "/avatar"), parse: .image)
      .loadResponse(fromFile: directory.appendingPathComponent("avatar.png"))
    #expect(image.value == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(image.statusCode == 200)
    #expect(image.header("content-type") == "image/png")
  }

  @Test("The example server's sample data loads as the example's model")
  func sampleData() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/ExampleServer/data/newsFeed.json")
    let feed = try Resource<NewsFeed>(Request(.get, "/newsFeed")).load(fromFile: file)
    #expect(feed.posts.map(\.title) == SampleData.postTitles)
  }

  @Test("Errors name the file: missing, a directory, not decodable, the wrong content type")
  func errors() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing.json")
    #expect(throws: ServiceError.self) { try Resource<Feed>(Request(.get, "/feed")).load(fromFile: missing) }
    do {
      _ = try Resource<Feed>(Request(.get, "/feed")).load(fromFile: missing)
    } catch {
      #expect(error.kind == .transportFailure)
      #expect(error.underlyingError as? FileReadError == FileReadError(url: missing, reason: "no such file"))
      #expect(
        error.description
          == "GET \(missing.absoluteString): transport failure: could not read \(missing.path): no such file")
    }
    do {
      _ = try Resource<Data>(Request(.get, "/x"), parse: .data).load(fromFile: directory)
      Issue.record("a directory loaded")
    } catch {
      #expect(error.description.hasSuffix("could not read \(directory.path): it is a directory"))
    }
    do {
      _ = try Resource<Feed>(Request(.get, "/feed")).load(fromFile: directory.appendingPathComponent("broken.json"))
      Issue.record("a broken feed decoded")
    } catch {
      #expect(error.kind == .decodingFailed)
      #expect(
        error.description.hasSuffix(
          "broken.json: could not decode Feed: posts[0].postDate: missing key; posts[0].headline: missing key"))
    }
    do {
      _ = try Resource<Data>(Request(.get, "/avatar"), parse: .image).load(
        fromFile: directory.appendingPathComponent("avatar.html"))
      Issue.record("an HTML file passed for an image")
    } catch {
      #expect(error.kind == .unacceptableContentType)
      #expect(
        error.description.hasSuffix(
          "avatar.html: unacceptable content type text/html; charset=utf-8, expected image/*: <html></html>"))
    }
  }

  @Test("A flatMap resource needs a second request, which a file cannot answer")
  func flatMapFromFile() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let chained = Resource<Feed>(Request(.get, "/feed")).flatMap { _ in
      Resource<String>(Request(.get, "/more"), parse: .text)
    }
    #expect(throws: ServiceError.self) { try chained.load(fromFile: directory.appendingPathComponent("feed.json")) }
    do {
      _ = try chained.load(fromFile: directory.appendingPathComponent("feed.json"))
    } catch {
      #expect(error.kind == .invalidRequest)
      #expect(
        error.description.hasSuffix(
          "invalid request: the resource needs a second request (GET /more), which a file cannot answer"))
    }
  }

  @Test("A bundle's resource loads by name; a missing one is an error that names it")
  func bundle() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bundle = try #require(Bundle(url: directory))
    let feed = try Resource<Feed>(Request(.get, "/feed")).load(fromBundle: bundle, name: "feed")
    #expect(feed.posts.map(\.title) == ["One"])
    do {
      _ = try Resource<Feed>(Request(.get, "/feed")).load(fromBundle: bundle, name: "absent")
      Issue.record("a missing resource loaded")
    } catch {
      #expect(error.kind == .transportFailure)
      #expect(error.description.hasSuffix("absent.json: the bundle has no such resource"))
    }
  }
}
