import Argonaut
import ArgonautServices
import Foundation
import NewsFeedExample
import ServiceTestSupport
import Testing

/// What every backend must do for `UserService`.
enum UserServiceScenarios {
  static func loginAsync(_ configuration: ServiceConfiguration) async throws {
    let user = try await result(in: configuration) { () async throws(ServiceError) in
      try await UserService().login(userName: SampleData.userName, password: SampleData.password)
    }.get()
    #expect(user == SampleData.user)
  }

  static func loginCompletion(_ configuration: ServiceConfiguration) async throws {
    let user = try await completionResult(in: configuration) { done in
      UserService().login(userName: SampleData.userName, password: SampleData.password, completion: done)
    }.get()
    #expect(user == SampleData.user)
  }

  static func wrongPassword(_ configuration: ServiceConfiguration) async throws {
    let outcome = await completionResult(in: configuration) { done in
      UserService().login(userName: "ada", password: "not-lovelace", completion: done)
    }
    let error = try #require(outcome.failure)
    #expect(error.kind == .unacceptableStatus)
    #expect(error.statusCode == 401)
    #expect(error.decodeBody(as: APIError.self)?.value == APIError(message: "invalid credentials"))
    let base = configuration.environment.baseURL!.absoluteString
    #expect(
      error.description
        == #"POST \#(base)/login: unacceptable status 401 (application/json): {"error":"invalid credentials"}"#)
    #expect(!error.debugDescription.contains("not-lovelace"))
    #expect(error.debugDescription.contains(#""password":"<redacted>""#))
  }
}

@Suite("UserService against the example server", .needsPython, .exampleServer)
struct UserServiceTests {
  var configuration: ServiceConfiguration { get throws { try Fixture.serverConfiguration() } }

  @Test("login, async form, returns the user")
  func loginAsync() async throws {
    try await UserServiceScenarios.loginAsync(configuration)
  }

  @Test("login, completion form, returns the user")
  func loginCompletion() async throws {
    try await UserServiceScenarios.loginCompletion(configuration)
  }

  @Test("A wrong password is a 401 whose body decodes into APIError, with the password redacted")
  func wrongPassword() async throws {
    try await UserServiceScenarios.wrongPassword(configuration)
  }
}

@Suite("UserService through the in-memory sample API")
struct UserServiceInMemoryTests {
  let memory = SampleData.transport()
  var configuration: ServiceConfiguration {
    ServiceConfiguration(environment: .local(port: 8080), transport: memory, timeout: .seconds(600))
  }

  @Test("login, async form, returns the user")
  func loginAsync() async throws {
    try await UserServiceScenarios.loginAsync(configuration)
  }

  @Test("login, completion form, returns the user")
  func loginCompletion() async throws {
    try await UserServiceScenarios.loginCompletion(configuration)
  }

  @Test("A wrong password is a 401 whose body decodes into APIError, with the password redacted")
  func wrongPassword() async throws {
    try await UserServiceScenarios.wrongPassword(configuration)
  }

  @Test("The credentials travel in a JSON body, never in the URL")
  func credentialsInBody() async throws {
    _ = await result(in: configuration) { () async throws(ServiceError) in
      try await UserService().login(userName: "ada", password: "lovelace")
    }
    let sent = try #require(memory.recordedRequests.first)
    #expect(sent.method == .post)
    #expect(sent.url.absoluteString == "http://127.0.0.1:8080/login")
    #expect(!sent.url.absoluteString.contains("lovelace"))
    #expect(sent.header("Content-Type") == "application/json")
    #expect(sent.bodyJSON == ["userName": "ada", "password": "lovelace"])
  }
}
