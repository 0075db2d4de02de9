import Argonaut
import Foundation
import NewsFeedExample
import Testing

@Suite("Sample data: the embedded JSON matches the example server's files")
struct SampleDataTests {
  static let data = ExampleServer.bundledScript.deletingLastPathComponent().appendingPathComponent("data")

  @Test(
    "Each embedded document equals its file",
    arguments: [("login.json", SampleData.loginJSON), ("newsFeed.json", SampleData.newsFeedJSON)])
  func matchesFixture(file: String, embedded: String) throws {
    let onDisk = try Data(contentsOf: Self.data.appendingPathComponent(file))
    #expect(try JSON(parsing: onDisk) == JSON(parsing: embedded), "\(file) and SampleData drifted apart")
  }

  @Test("The samples decode to the documented values")
  func decodes() throws {
    let user: Decoded<User> = decode(parsing: SampleData.loginJSON)
    #expect(user.value == SampleData.user)
    let feed: Decoded<NewsFeed> = decode(parsing: SampleData.newsFeedJSON)
    #expect(try feed.get().posts.map(\.title) == SampleData.postTitles)
  }

  @Test("The bundled server script exists where ExampleServer looks for it")
  func script() {
    #expect(FileManager.default.fileExists(atPath: ExampleServer.bundledScript.path))
  }
}
