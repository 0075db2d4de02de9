import Argonaut
import ArgonautServices

/// Logs users in: the news feed API's `/login` domain.
///
/// ```swift
/// UserService().login(userName: "ada", password: "lovelace") { result in
///   switch result {
///   case .success(let user): print("hello, \(user.fullName ?? user.userName)")
///   case .failure(let error): print(error)   // POST …/login: unacceptable status 401 …
///   }
/// }
/// ```
///
/// The credentials travel in a JSON body, never in the URL, so they stay out of
/// server logs; and the errors print the password as `<redacted>`.
///
/// The class declares nothing but its `Model` and its methods: the environment and
/// transport come from `ServiceConfiguration/current`.
public final class UserService: Service {
  /// The model that `getRequest` decodes.
  public typealias Model = User

  /// Creates the service.
  public init() {}

  /// Logs in with `POST /login` and a JSON body.
  ///
  /// - Parameters:
  ///   - userName: The user's name.
  ///   - password: The user's password; sent in the body.
  ///   - completion: Runs exactly once with the user, or the error (a `401` for
  ///     wrong credentials), on the configuration's callback queue.
  /// - Returns: A handle that can cancel the call.
  @discardableResult
  public func login(
    userName: String, password: String, completion: @escaping @Sendable (Result<User, ServiceError>) -> Void
  ) -> ServiceTask {
    postRequest(url: "/login", body: Self.credentials(userName, password), completion: completion)
  }

  /// Logs in with `POST /login` and a JSON body.
  ///
  /// ```swift
  /// let user = try await UserService().login(userName: "ada", password: "lovelace")
  /// ```
  ///
  /// - Returns: The user.
  /// - Throws: `ServiceError`; wrong credentials give a `ServiceError/Kind/unacceptableStatus` with status 401.
  public func login(userName: String, password: String) async throws(ServiceError) -> User {
    try await postRequest(url: "/login", body: Self.credentials(userName, password))
  }

  private static func credentials(_ userName: String, _ password: String) -> JSON {
    ["userName": .string(userName), "password": .string(password)]
  }
}
