import Argonaut
import ArgonautServices
import Foundation

/// The sample data of the news feed API, the same that the example server in
/// `Fixtures/ExampleServer` serves (a test keeps the two identical).
///
/// ```swift
/// let user: Decoded<User> = decode(parsing: SampleData.loginJSON)
/// let memory = SampleData.transport()      // the whole API, in memory
/// ```
public enum SampleData {
  /// The name of the sample user.
  public static let userName = "ada"
  /// The sample user's password.
  public static let password = "lovelace"

  /// The body of a successful `POST /login`: `Fixtures/ExampleServer/data/login.json`.
  public static let loginJSON = """
    {
      "userName": "ada",
      "email": "ada@example.com",
      "fullName": "Ada Lovelace"
    }
    """

  /// The body of `GET /newsFeed?userId=ada`: `Fixtures/ExampleServer/data/newsFeed.json`.
  public static let newsFeedJSON = """
    {
      "posts": [
        {
          "title": "Notes on the Analytical Engine",
          "postDate": "1843-09-01",
          "headline": "Note G: the first published program, for Bernoulli numbers"
        },
        {
          "title": "Sketch of the Engine, translated",
          "postDate": "1843-08-15",
          "headline": "Menabrea's paper, in English, with notes three times its length"
        },
        {
          "title": "Poetical science",
          "postDate": "1844-07-30",
          "headline": "Imagination is the discovering faculty — « pre-eminently »"
        }
      ]
    }
    """

  /// The user that ``loginJSON`` decodes to.
  public static let user = User(userName: "ada", email: "ada@example.com", fullName: "Ada Lovelace")

  /// The titles of the posts in ``newsFeedJSON``, in order.
  public static let postTitles = [
    "Notes on the Analytical Engine", "Sketch of the Engine, translated", "Poetical science",
  ]

  /// The example API in memory, answering as the example server does: `POST /login`
  /// gives the user for the right credentials and a `401` otherwise, and
  /// `GET /newsFeed?userId=ada` gives the feed, another user a `404`.
  ///
  /// - Parameter latency: How long each answer takes.
  public static func transport(latency: Duration = .zero) -> InMemoryTransport {
    let memory = InMemoryTransport(latency: latency)
    memory.on(.post, "/login") { request in
      let body = request.bodyJSON
      guard body?["userName"]?.stringValue == userName, body?["password"]?.stringValue == password else {
        return .json(["error": "invalid credentials"], status: 401)
      }
      return .text(loginJSON, contentType: "application/json")
    }
    memory.on(.get, "/newsFeed") { request in
      guard let user = request.queryItems.first(where: { $0.name == "userId" })?.value else {
        return .json(["error": "userId is required"], status: 400)
      }
      guard user == userName else { return .json(["error": .string("no such user: \(user)")], status: 404) }
      return .text(newsFeedJSON, contentType: "application/json")
    }
    return memory
  }
}
